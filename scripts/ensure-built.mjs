// Builds with electron-vite when out/ is missing or older than any source file, so
// `npm run serve`, `npm run cli`, `npm test` and `npm run bench` work from a fresh clone.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const stamp = join(root, 'out', 'main', 'cli.js');
const sources = [
  'src-main',
  'src-shared',
  'src-renderer',
  'electron.vite.config.ts',
  'svelte.config.js',
  'package.json',
];

function newest(path) {
  const s = statSync(path);
  if (!s.isDirectory()) return s.mtimeMs;
  let m = s.mtimeMs;
  for (const name of readdirSync(path)) m = Math.max(m, newest(join(path, name)));
  return m;
}

const builtAt =
  existsSync(stamp) &&
  existsSync(join(root, 'out', 'renderer', 'index.html')) &&
  existsSync(join(root, 'out', 'playtest', 'page.js'))
    ? Math.min(statSync(stamp).mtimeMs, statSync(join(root, 'out', 'playtest', 'page.js')).mtimeMs)
    : 0;
const sourceAt = Math.max(
  ...sources
    .map((s) => join(root, s))
    .filter(existsSync)
    .map(newest),
);
if (builtAt < sourceAt) {
  process.stderr.write('Building the studio (electron-vite build)…\n');
  const r = spawnSync('npx', ['electron-vite', 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (r.status !== 0) {
    process.stderr.write('Build failed; see the errors above.\n');
    process.exit(r.status ?? 1);
  }
  // The offline playtest page's script and styles (out/playtest/), which exports inline.
  const p = spawnSync('node', [join(root, 'scripts', 'build-playtest-page.mjs')], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (p.status !== 0) {
    process.stderr.write('Playtest page build failed; see the errors above.\n');
    process.exit(p.status ?? 1);
  }
}

// `--test-games` (npm test): also the test build of the renderer, with the test-only games
// (scripts/build-test-renderer.mjs), when it is missing or older than its sources.
if (process.argv.includes('--test-games')) {
  const testStamp = join(root, 'out', 'renderer-test-games', 'index.html');
  const testSources = [
    'src-renderer',
    'src-shared',
    join('tests', 'fixtures', 'games'),
    'svelte.config.js',
    'package.json',
  ];
  const testBuiltAt = existsSync(testStamp) ? statSync(testStamp).mtimeMs : 0;
  if (
    testBuiltAt <
    Math.max(
      ...testSources
        .map((s) => join(root, s))
        .filter(existsSync)
        .map(newest),
    )
  ) {
    process.stderr.write('Building the test renderer (with the test-only games)…\n');
    const r = spawnSync('node', [join(root, 'scripts', 'build-test-renderer.mjs')], {
      cwd: root,
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    if (r.status !== 0) {
      process.stderr.write('Test renderer build failed; see the errors above.\n');
      process.exit(r.status ?? 1);
    }
  }
}
