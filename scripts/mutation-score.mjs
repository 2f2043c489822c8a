/**
 * `npm run mutate`'s last step: reads StrykerJS's JSON report (reports/mutation/mutation.json,
 * not committed) and writes the committed summary docs/mutation-score.json: the score of each
 * mutated folder and in total, the counts, and the surviving mutants by file. `npm run bench`
 * reads that summary (src-main/bench/mutation.ts). A run over part of the folders
 * (`--mutate 'src-shared/ordering/**'`) updates the folders it covered and keeps the others'.
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

const folders = {};
for (const folder of FOLDERS) {
  const files = Object.entries(report.files).filter(([path]) =>
    path.replace(/\\/g, '/').startsWith(`${folder}/`),
  );
  if (files.length === 0) {
    if (previous.folders?.[folder]) folders[folder] = previous.folders[folder];
    continue;
  }
  const counts = empty();
  const survivors = {};
  for (const [path, file] of files) {
    for (const m of file.mutants) {
      const k = KEY[m.status];
      if (k) counts[k]++;
      if (m.status === 'Survived' || m.status === 'NoCoverage') {
        (survivors[path] ??= []).push(
          `${m.location.start.line}:${m.location.start.column} ${m.mutatorName}${m.status === 'NoCoverage' ? ' (no coverage)' : ''}${m.replacement !== undefined ? ` → ${JSON.stringify(m.replacement).slice(0, 60)}` : ''}`,
        );
      }
    }
  }
  folders[folder] = { date, score: score(counts), files: files.length, ...counts, survivors };
}
const total = empty();
for (const f of Object.values(folders)) for (const k of Object.keys(total)) total[k] += f[k];
const summary = { date, stryker, score: score(total), ...total, folders };
writeFileSync(SUMMARY, JSON.stringify(summary, null, 2) + '\n');
console.log(`mutation score ${summary.score} % in total`);
for (const [folder, f] of Object.entries(folders))
  console.log(`  ${folder}: ${f.score} % (${f.date.slice(0, 10)})`);
console.log(`saved ${SUMMARY}`);
