/**
 * Where the built pieces live. Bundled code may sit in out/main or out/main/chunks, and
 * source code runs from src-main/*, so look upward for the first folder that has it.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const runningFromSource = import.meta.url.endsWith('.ts');

export function findUpward(start: string, relative: string): string | null {
  let dir = start;
  for (;;) {
    const candidate = join(dir, relative);
    if (existsSync(candidate)) return candidate;
    const parent = dirname(dir);
    if (parent === dir) return null;
    dir = parent;
  }
}

const here = dirname(fileURLToPath(import.meta.url));

/** The built renderer folder (out/renderer). */
export function rendererDir(): string {
  const found =
    findUpward(here, join('out', 'renderer', 'index.html')) ??
    findUpward(here, join('renderer', 'index.html'));
  return found ? dirname(found) : join(here, '..', 'out', 'renderer');
}

/** The worker entry and the flags to load it: the built worker.js, or the .ts entry through tsx. */
export function workerEntry(): { filename: string; execArgv: string[] } {
  if (runningFromSource) {
    // Workers resolve modules under the same conditions as this process (the test build's
    // `--conditions=studio-test-games` adds the test-only games to the registry).
    const conditions = process.execArgv.filter((a) => a.startsWith('--conditions=') || a.startsWith('-C='));
    return { filename: join(here, 'jobs', 'worker.ts'), execArgv: ['--import', 'tsx', ...conditions] };
  }
  const found = findUpward(here, join('main', 'worker.js')) ?? findUpward(here, 'worker.js');
  if (!found) throw new Error(`worker bundle not found above ${here}; run "npm run build"`);
  // `node --cpu-prof` profiles the workers too (one .cpuprofile per thread).
  return { filename: found, execArgv: process.execArgv.filter((a) => a.startsWith('--cpu-prof')) };
}

/** The pack-import worker entry (a plain worker_threads script, one per import). */
export function importWorkerEntry(): { filename: string; execArgv: string[] } {
  if (runningFromSource)
    return { filename: join(here, 'runs', 'import-worker.ts'), execArgv: ['--import', 'tsx'] };
  const found = findUpward(here, join('main', 'import-worker.js')) ?? findUpward(here, 'import-worker.js');
  if (!found) throw new Error(`import worker bundle not found above ${here}; run "npm run build"`);
  return { filename: found, execArgv: [] };
}

/** The playtest results worker entry (one thread per results import, like a pack import's). */
export function resultsWorkerEntry(): { filename: string; execArgv: string[] } {
  if (runningFromSource)
    return { filename: join(here, 'runs', 'results-worker.ts'), execArgv: ['--import', 'tsx'] };
  const found = findUpward(here, join('main', 'results-worker.js')) ?? findUpward(here, 'results-worker.js');
  if (!found) throw new Error(`results worker bundle not found above ${here}; run "npm run build"`);
  return { filename: found, execArgv: [] };
}

/** The offline playtest page's built script and styles (out/playtest/, scripts/build-playtest-page.mjs), or null when not built. */
export function playtestPageDir(): string | null {
  const found =
    findUpward(here, join('out', 'playtest', 'page.js')) ?? findUpward(here, join('playtest', 'page.js'));
  return found ? dirname(found) : null;
}
