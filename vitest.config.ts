import { defineConfig } from 'vitest/config';
import { defaultServerConditions } from 'vite';
import { svelte } from '@sveltejs/vite-plugin-svelte';

/**
 * The test build: modules resolve under the `studio-test-games` condition (package.json
 * "imports"), so the registries hold the test-only games of tests/fixtures/games/ too, in this
 * process (vite's resolver) and in its worker threads (Node's, via --conditions; see
 * src-main/paths.ts).
 */
const TEST_GAMES = 'studio-test-games';

export default defineConfig({
  test: {
    projects: [
      {
        // Compiles the renderer's rune modules (*.svelte.ts), so their view models are unit-tested.
        plugins: [svelte()],
        test: {
          name: 'unit',
          include: [
            'tests/unit/**/*.test.ts',
            'tests/games/**/*.test.ts',
            'tests/integration/**/*.test.ts',
            'tests/security/**/*.test.ts',
            'tests/spec-check/**/*.test.ts',
          ],
          environment: 'node',
          // Fixed fast-check seed for every property; FC_SEED / FC_RUNS override it locally.
          setupFiles: ['tests/setup/fast-check.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'browser',
          include: ['tests/browser/**/*.test.ts'],
          environment: 'node',
          testTimeout: 180_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
      {
        resolve: { conditions: [TEST_GAMES, ...defaultServerConditions] },
        ssr: {
          resolve: { conditions: [TEST_GAMES, ...defaultServerConditions], externalConditions: [TEST_GAMES] },
        },
        test: {
          name: 'games',
          // Every registered game, the test-only ones included: the conformance suite and the
          // browser test of a test-only game (over out/renderer-test-games/).
          include: ['tests/conformance/**/*.test.ts'],
          environment: 'node',
          execArgv: [`--conditions=${TEST_GAMES}`],
          setupFiles: ['tests/setup/fast-check.ts'],
          testTimeout: 180_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
