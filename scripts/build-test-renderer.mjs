// The test build of the renderer: the same app, with the test-only games of tests/fixtures/games/
// registered (package.json "imports" under the condition `studio-test-games`), written to
// out/renderer-test-games/ so the shipped build (out/renderer/) never holds them. The browser
// test of a test-only game serves this folder. Run by scripts/ensure-built.mjs.
import { resolve } from 'node:path';
import { build, defaultClientConditions } from 'vite';
import { svelte } from '@sveltejs/vite-plugin-svelte';

const root = resolve(import.meta.dirname, '..');

await build({
  configFile: false,
  root: resolve(root, 'src-renderer'),
  base: './',
  logLevel: 'warn',
  resolve: { conditions: ['studio-test-games', ...defaultClientConditions] },
  plugins: [svelte({ configFile: resolve(root, 'svelte.config.js') })],
  build: {
    outDir: resolve(root, 'out', 'renderer-test-games'),
    emptyOutDir: true,
    rolldownOptions: { input: { index: resolve(root, 'src-renderer/index.html') } },
  },
});
