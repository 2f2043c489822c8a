// @ts-check
/**
 * Mutation testing (`npm run mutate`): StrykerJS plants small bugs in the games and the shared
 * ordering and checks that some test fails for each. See docs/mutation.md. Too slow for CI.
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export default {
  mutate: ['src-shared/games/**/*.ts', 'src-shared/ordering/**/*.ts'],
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.stryker.config.ts' },
  checkers: ['typescript'],
  tsconfigFile: 'tsconfig.stryker.json',
  typescriptChecker: { prioritizePerformanceOverAccuracy: true },
  coverageAnalysis: 'perTest',
  // Static mutants (module-level constants) run every test, minutes each: they are left out of the
  // score and counted in docs/mutation.md.
  ignoreStatic: true,
  // Only mutants whose code or tests changed since the last run are tested again.
  incremental: true,
  incrementalFile: 'reports/stryker-incremental.json',
  reporters: ['clear-text', 'progress-append-only', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/mutation.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  // The machine is shared: one test process unless asked (`--concurrency 2`).
  concurrency: 1,
  // The first run of every test takes minutes on a shared machine.
  dryRunTimeoutMinutes: 30,
  timeoutMS: 10_000,
  timeoutFactor: 2,
  thresholds: { high: 90, low: 85, break: null },
  // The sandbox copy needs only what the tests import.
  ignorePatterns: [
    'out',
    'dist',
    'docs',
    'resources',
    'src-renderer',
    'tests/browser',
    'test-results',
    'bench-results',
  ],
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};
