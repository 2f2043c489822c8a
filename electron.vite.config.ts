import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { gameHashes } from './src-main/game-hash';

const root = import.meta.dirname;

export default defineConfig({
  main: {
    // Each game folder's content hash, made at build time: the run's and the pack's generator
    // version (src-main/provenance.ts). Running from source computes the same at load time.
    define: { __STUDIO_GAME_HASHES__: JSON.stringify(gameHashes(root)) },
    build: {
      outDir: 'out/main',
      // Dev dependencies used by `npm run bench` stay external (playwright-core reads its own files).
      externalizeDeps: { include: ['playwright-core'] },
      rolldownOptions: {
        input: {
          // Electron's main process.
          index: resolve(root, 'src-main/electron/main.ts'),
          // The same studio as a local server for a browser (no Electron needed).
          server: resolve(root, 'src-main/server/main.ts'),
          // Command line: generate, verify, export, runs, resume.
          cli: resolve(root, 'src-main/cli/main.ts'),
          // npm run bench.
          bench: resolve(root, 'src-main/bench/main.ts'),
          // Worker-thread entry, loaded by the pool by file name.
          worker: resolve(root, 'src-main/jobs/worker.ts'),
          // Pack-import worker (one thread per import, with its own heap cap and time budget).
          'import-worker': resolve(root, 'src-main/runs/import-worker.ts'),
          // Playtest results worker (one thread per results import, the same caps as a pack import's).
          'results-worker': resolve(root, 'src-main/runs/results-worker.ts'),
        },
      },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      rolldownOptions: {
        input: { preload: resolve(root, 'src-main/electron/preload.ts') },
        // A sandboxed preload must be CommonJS.
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(root, 'src-renderer'),
    build: {
      outDir: resolve(root, 'out/renderer'),
      rolldownOptions: { input: { index: resolve(root, 'src-renderer/index.html') } },
    },
    plugins: [svelte({ configFile: resolve(root, 'svelte.config.js') })],
  },
});
