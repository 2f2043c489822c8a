import { defineConfig } from 'vitest/config';

/**
 * The tests StrykerJS runs against each mutant of src-shared/games and src-shared/ordering
 * (stryker.config.mjs): the games' own tests and the unit tests of the shared ordering, all
 * fast and in-process. The spec checker (tests/spec-check, over a minute) and the integration,
 * security and browser tests are left out so a run stays feasible on 2 cores.
 */
export default defineConfig({
  test: {
    include: [
      'tests/games/**/*.test.ts',
      'tests/unit/steering*.test.ts',
      'tests/unit/ordering-fit.test.ts',
      'tests/unit/curve-rules.test.ts',
      'tests/unit/level-ranges.test.ts',
      'tests/unit/match-names.test.ts',
      'tests/unit/pair-align-words.test.ts',
      'tests/unit/game-words.test.ts',
      'tests/unit/import-limits*.test.ts',
    ],
    environment: 'node',
    setupFiles: ['tests/setup/fast-check.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
