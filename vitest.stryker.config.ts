import { defineConfig } from 'vitest/config';

// STRYKER_GAME=carillon (or apsis) keeps only that game's folder of tests/games, for a run over
// that game's files alone (docs/mutation.md): the first run of every test is then half as long.
// STRYKER_GAME=none keeps no game's tests: the shared ordering's unit tests alone, in seconds.
const game = process.env['STRYKER_GAME'];
const gameTests =
  game === 'none'
    ? []
    : game
      ? [`tests/games/${game}/**/*.test.ts`, 'tests/games/*.test.ts']
      : ['tests/games/**/*.test.ts'];

/**
 * The tests StrykerJS runs against each mutant of src-shared/games and src-shared/ordering
 * (stryker.config.mjs): the games' own tests and the unit tests of the shared ordering, all
 * fast and in-process. The spec checker (tests/spec-check, over a minute) and the integration,
 * security and browser tests are left out so a run stays feasible on 2 cores.
 */
export default defineConfig({
  test: {
    include: [
      ...gameTests,
      'tests/unit/steering*.test.ts',
      'tests/unit/ordering-fit.test.ts',
      'tests/unit/approved-first-pick.test.ts',
      'tests/unit/ships-words.test.ts',
      'tests/unit/curve-rules.test.ts',
      'tests/unit/level-ranges.test.ts',
      'tests/unit/match-names.test.ts',
      'tests/unit/pair-align-words.test.ts',
      'tests/unit/game-words.test.ts',
    ],
    environment: 'node',
    setupFiles: ['tests/setup/fast-check.ts'],
    // Each property runs 50 cases per mutant, not its own hundreds (FC_RUNS overrides it): a
    // mutant is tested in seconds, and the score, if anything, is lower than with every case.
    env: { FC_RUNS: process.env['FC_RUNS'] ?? '50' },
    testTimeout: 600_000,
    hookTimeout: 600_000,
  },
});
