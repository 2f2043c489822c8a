/**
 * `npm run mutate`'s last step: reads StrykerJS's JSON report (reports/mutation/mutation.json,
 * not committed) and writes the committed summary docs/mutation-score.json: the score of each
 * mutated folder and in total, the counts, and the surviving mutants by file. `npm run bench`
 * reads that summary (src-main/bench/mutation.ts). A run over part of the folders
 * (`--mutate 'src-shared/ordering/**'`) updates the files it covered and keeps the others'.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

const REPORT = 'reports/mutation/mutation.json';
const SUMMARY = 'docs/mutation-score.json';
const FOLDERS = ['src-shared/games', 'src-shared/ordering'];

if (!existsSync(REPORT)) {
  console.error(`mutation-score: ${REPORT} is missing; run "npx stryker run" first`);
  process.exit(1);
}
const report = JSON.parse(readFileSync(REPORT, 'utf8'));
const previous = existsSync(SUMMARY) ? JSON.parse(readFileSync(SUMMARY, 'utf8')) : { folders: {} };
const stryker = JSON.parse(readFileSync('node_modules/@stryker-mutator/core/package.json', 'utf8')).version;
const date = new Date().toISOString();

const empty = () => ({
  killed: 0,
  timeout: 0,
  survived: 0,
  noCoverage: 0,
  ignored: 0,
  compileErrors: 0,
  runtimeErrors: 0,
});
const KEY = {
  Killed: 'killed',
  Timeout: 'timeout',
  Survived: 'survived',
  NoCoverage: 'noCoverage',
  Ignored: 'ignored',
  CompileError: 'compileErrors',
  RuntimeError: 'runtimeErrors',
};
/** Stryker's score: detected (killed, timed out) over detected and undetected (survived, not covered). */
const score = (c) => {
  const valid = c.killed + c.timeout + c.survived + c.noCoverage;
  return valid === 0 ? null : Math.round((10000 * (c.killed + c.timeout)) / valid) / 100;
};

// Per file: a file in this report replaces its earlier entry; the others' entries are kept, so
// runs over parts of the folders add up (each file keeps the date it was measured).
const files = { ...(previous.files ?? {}) };
for (const [path, file] of Object.entries(report.files)) {
  const counts = empty();
  const survivors = [];
  for (const m of file.mutants) {
    const k = KEY[m.status];
    if (k) counts[k]++;
    if (m.status === 'Survived' || m.status === 'NoCoverage')
      survivors.push(
        `${m.location.start.line}:${m.location.start.column} ${m.mutatorName}${m.status === 'NoCoverage' ? ' (no coverage)' : ''}${m.replacement !== undefined ? ` → ${JSON.stringify(m.replacement).slice(0, 60)}` : ''}`,
      );
  }
  // Which tests ran (STRYKER_GAME, vitest.stryker.config.ts): all, one game's and the shared ones, or the shared ones alone.
  // MUTATE_RANGE=1-145 names a run over those lines of one file (`--mutate file:1-145`).
  const key =
    path.replace(/\\/g, '/') + (process.env['MUTATE_RANGE'] ? `:${process.env['MUTATE_RANGE']}` : '');
  files[key] = {
    date,
    tests: process.env['STRYKER_GAME'] ?? 'all',
    score: score(counts),
    ...counts,
    survivors,
  };
}
const sum = (entries) => {
  const c = empty();
  for (const f of entries) for (const k of Object.keys(c)) c[k] += f[k];
  return c;
};
const folders = {};
for (const folder of FOLDERS) {
  const inFolder = Object.entries(files).filter(([path]) => path.startsWith(`${folder}/`));
  if (inFolder.length === 0) continue;
  const c = sum(inFolder.map(([, f]) => f));
  const dates = inFolder.map(([, f]) => f.date).sort();
  folders[folder] = { score: score(c), files: inFolder.length, oldest: dates[0], newest: dates.at(-1), ...c };
}
const total = sum(Object.values(folders));
const summary = { date, stryker, score: score(total), ...total, folders, files };
writeFileSync(SUMMARY, JSON.stringify(summary, null, 2) + '\n');
console.log(`mutation score ${summary.score} % in total`);
for (const [folder, f] of Object.entries(folders))
  console.log(
    `  ${folder}: ${f.score} % over ${f.files} files (measured ${f.oldest.slice(0, 10)} to ${f.newest.slice(0, 10)})`,
  );
console.log(`saved ${SUMMARY}`);
