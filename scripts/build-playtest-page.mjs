// The offline playtest page's script and styles (src-renderer/src/playtest/page/main.ts): one
// classic script (IIFE: a page opened from file:// cannot load modules) and one stylesheet,
// written to out/playtest/, which `packs.exportPlaytest` inlines into each exported HTML file
// (src-main/playtest/page-html.ts). Run by `npm run build` and scripts/ensure-built.mjs.
import { resolve } from 'node:path';
import { build } from 'vite';
import { svelte } from '@sveltejs/vite-plugin-svelte';

const root = resolve(import.meta.dirname, '..');

await build({
  configFile: false,
  root: resolve(root, 'src-renderer'),
  logLevel: 'warn',
  publicDir: false,
  plugins: [svelte({ configFile: resolve(root, 'svelte.config.js') })],
  build: {
    outDir: resolve(root, 'out', 'playtest'),
    emptyOutDir: true,
    cssCodeSplit: false,
    lib: {
      entry: resolve(root, 'src-renderer/src/playtest/page/main.ts'),
      formats: ['iife'],
      name: 'studioPlaytest',
      fileName: () => 'page.js',
      cssFileName: 'page',
    },
  },
});
