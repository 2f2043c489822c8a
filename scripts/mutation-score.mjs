/**
 * `npm run mutate`'s last step: reads StrykerJS's JSON report (reports/mutation/mutation.json,
 * not committed) and writes the committed summary docs/mutation-score.json: the score of each
 * mutated folder and in total, the counts, and the surviving mutants by file. `npm run bench`
 * reads that summary (src-main/bench/mutation.ts). A run over part of the folders
 * (`--mutate 'src-shared/ordering/**'`) updates the files it covered and keeps the others'.
 *
 * `--rerun`: the report is of a run over some lines only (`--mutate file.ts:80-95,…`, the lines
 * of the earlier survivors), so each file's earlier record is updated rather than replaced: a
 * survivor the rerun killed moves to killed, one still alive stays listed, and the rest of the
 * record (the mutants of other lines, killed before) is kept. The record's `measured` keeps the
 * date of its whole-file run, `date` becomes the rerun's.
 *
 * MUTATION_REPORT and MUTATION_SUMMARY name other files than the two above (for its test).
 */
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const REPORT = process.env['MUTATION_REPORT'] ?? 'reports/mutation/mutation.json';
const SUMMARY = process.env['MUTATION_SUMMARY'] ?? 'docs/mutation-score.json';
const FOLDERS = ['src-shared/games', 'src-shared/ordering'];
const RERUN = process.argv.includes('--rerun');

if (!existsSync(REPORT)) {
  console.error(`mutation-score: ${REPORT} is missing; run "npx stryker run" first`);
  process.exit(1);
}
const report = JSON.parse(readFileSync(REPORT, 'utf8'));
const previous = existsSync(SUMMARY) ? JSON.parse(readFileSync(SUMMARY, 'utf8')) : { folders: {} };
const stryker = JSON.parse(
  readFileSync(
    fileURLToPath(new URL('../node_modules/@stryker-mutator/core/package.json', import.meta.url)),
    'utf8',
  ),
).version;
// When the run ended (the report's time), so merging an older report later still dates it right.
const date = statSync(REPORT).mtime.toISOString();

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

/** How a mutant is listed among the survivors: line:column, mutator, replacement. */
const NO_COVERAGE = ' (no coverage)';
const survivorText = (m) =>
  `${m.location.start.line}:${m.location.start.column} ${m.mutatorName}${m.status === 'NoCoverage' ? NO_COVERAGE : ''}${m.replacement !== undefined ? ` → ${JSON.stringify(m.replacement).slice(0, 60)}` : ''}`;
/** The same without the status, to find a mutant of a rerun among a record's survivors. */
const mutantId = (text) => text.replace(NO_COVERAGE, '');
const undetected = (status) => status === 'Survived' || status === 'NoCoverage';

/** A record's key names a file, or a line range of one (`steering.ts:1-145`): does it hold the line? */
function holds(key, path, line) {
  if (key === path) return true;
  if (!key.startsWith(`${path}:`)) return false;
  const [from, to] = key
    .slice(path.length + 1)
    .split('-')
    .map(Number);
  return line >= from && line <= to;
}

/**
 * A rerun's mutants into the earlier records of their file. A mutant listed as a survivor, or
 * as timed out (`timedOut`: a starved mutant times out and counts as detected), moves from that
 * count to its new status. Any other mutant of the rerun's lines was killed before (the record
 * keeps no list of its killed ones); if it now survives, a test lost it, and it moves from
 * killed to survived, so the counts stay honest either way.
 */
function mergeRerun(files, path, mutants) {
  let merged = 0;
  // Each earlier survivor stands for one mutant: once a mutant of the rerun is matched to it,
  // another with the same text (the same mutator twice on one spot) must find another entry.
  const matched = new Map();
  for (const m of mutants) {
    const key = Object.keys(files).find((k) => holds(k, path, m.location.start.line));
    if (key === undefined) {
      console.error(
        `mutation-score: no earlier record of ${path} holds line ${m.location.start.line}; measure the file whole first`,
      );
      process.exitCode = 1;
      continue;
    }
    const rec = files[key];
    const now = KEY[m.status];
    if (!now) continue;
    const text = survivorText(m);
    if (!matched.has(rec)) matched.set(rec, new Set());
    const used = matched.get(rec);
    rec.timedOut ??= [];
    const at = rec.survivors.findIndex((s, i) => !used.has(i) && mutantId(s) === mutantId(text));
    const late = rec.timedOut.indexOf(mutantId(text));
    if (at >= 0) {
      rec[rec.survivors[at].includes(NO_COVERAGE) ? 'noCoverage' : 'survived']--;
      rec[now]++;
      // Killed ones are dropped from the list after the whole rerun (indices stay put until then).
      rec.survivors[at] = undetected(m.status) ? text : null;
      used.add(at);
      if (m.status === 'Timeout') rec.timedOut.push(mutantId(text));
    } else if (late >= 0) {
      // A mutant that timed out before (perhaps starved of CPU), now run again.
      if (m.status === 'Timeout') continue;
      rec.timeout--;
      rec[now]++;
      rec.timedOut.splice(late, 1);
      if (undetected(m.status)) used.add(rec.survivors.push(text) - 1);
    } else if (undetected(m.status)) {
      rec[rec.killed > 0 ? 'killed' : 'timeout']--;
      rec[now]++;
      used.add(rec.survivors.push(text) - 1);
    } else continue;
    rec.measured ??= rec.date;
    rec.date = date;
    rec.score = score(rec);
    merged++;
  }
  for (const rec of matched.keys()) rec.survivors = rec.survivors.filter((s) => s !== null);
  return merged;
}

// Per file: a file in this report replaces its earlier entry (or, with --rerun, updates it);
// the others' entries are kept, so runs over parts of the folders add up (each file keeps the
// date it was measured).
const files = { ...(previous.files ?? {}) };
for (const [path, file] of Object.entries(report.files)) {
  const p = path.replace(/\\/g, '/');
  if (RERUN) {
    const merged = mergeRerun(files, p, file.mutants);
    const timedOut = file.mutants.filter((m) => m.status === 'Timeout').map(survivorText);
    console.log(`${p}: ${file.mutants.length} mutants rerun, ${merged} changed the record`);
    // A starved mutant times out and counts as detected: run such ones again alone.
    if (timedOut.length > 0) console.log(`  timed out (rerun them alone): ${timedOut.join('; ')}`);
    continue;
  }
  const counts = empty();
  const survivors = [];
  const timedOut = [];
  for (const m of file.mutants) {
    const k = KEY[m.status];
    if (k) counts[k]++;
    if (undetected(m.status)) survivors.push(survivorText(m));
    if (m.status === 'Timeout') timedOut.push(mutantId(survivorText(m)));
  }
  // Which tests ran (STRYKER_GAME, vitest.stryker.config.ts): all, one game's and the shared ones, or the shared ones alone.
  // MUTATE_RANGE=1-145 names a run over those lines of one file (`--mutate file:1-145`).
  const key = p + (process.env['MUTATE_RANGE'] ? `:${process.env['MUTATE_RANGE']}` : '');
  files[key] = {
    date,
    tests: process.env['STRYKER_GAME'] ?? 'all',
    score: score(counts),
    ...counts,
    survivors,
    // By name, so a rerun can tell a starved mutant's timeout from a kill.
    timedOut,
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
