/**
 * scripts/mutation-score.mjs --rerun (docs/mutation.md): a StrykerJS run over the lines of the
 * earlier survivors only is merged into each file's earlier record, so docs/mutation-score.json
 * keeps one record per file with honest counts. Run as `npm run mutate` runs it, a child
 * process, on a summary and a report written here.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/temp';

const SCRIPT = join(process.cwd(), 'scripts', 'mutation-score.mjs');
const FILE = 'src-shared/games/carillon/verify.ts';
const STEER = 'src-shared/ordering/steering.ts';

interface Rec {
  date: string;
  measured?: string;
  score: number | null;
  killed: number;
  timeout: number;
  survived: number;
  noCoverage: number;
  survivors: string[];
}
const counts = { ignored: 0, compileErrors: 3, runtimeErrors: 0 };
const earlier = {
  date: '2026-12-01T00:00:00.000Z',
  files: {
    [FILE]: {
      date: '2026-12-01T00:00:00.000Z',
      tests: 'carillon',
      score: 60,
      killed: 6,
      timeout: 0,
      survived: 3,
      noCoverage: 1,
      ...counts,
      survivors: [
        '29:39 EqualityOperator → "taps !== 1"',
        '63:9 ConditionalExpression → "true"',
        '63:9 ConditionalExpression → "true"',
        '95:15 StringLiteral (no coverage) → "\\"\\""',
      ],
    },
    [`${STEER}:1-145`]: {
      date: '2026-12-01T00:00:00.000Z',
      tests: 'none',
      score: 50,
      killed: 1,
      timeout: 0,
      survived: 1,
      noCoverage: 0,
      ...counts,
      survivors: ['111:9 EqualityOperator → "db <= da - EPS"'],
    },
  },
};
const mutant = (line: number, column: number, mutatorName: string, replacement: string, status: string) => ({
  location: { start: { line, column }, end: { line, column: column + 5 } },
  mutatorName,
  replacement,
  status,
});

let cleanup = () => {};
afterEach(() => cleanup());

function rerun(files: Record<string, { mutants: ReturnType<typeof mutant>[] }>): {
  files: Record<string, Rec>;
  folders: Record<string, { score: number | null }>;
  out: string;
} {
  const t = tempDir('mutation-merge-');
  cleanup = t.cleanup;
  const summary = join(t.dir, 'score.json');
  const report = join(t.dir, 'report.json');
  writeFileSync(summary, JSON.stringify(earlier));
  writeFileSync(report, JSON.stringify({ files }));
  const out = execFileSync(process.execPath, [SCRIPT, '--rerun'], {
    env: { ...process.env, MUTATION_REPORT: report, MUTATION_SUMMARY: summary },
    encoding: 'utf8',
  });
  return { ...(JSON.parse(readFileSync(summary, 'utf8')) as ReturnType<typeof rerun>), out };
}

describe('a rerun of the survivors merged into the earlier record', () => {
  it('moves a survivor now killed to killed, keeps the rest of the record, and dates the rerun', () => {
    const s = rerun({
      [FILE]: {
        mutants: [
          mutant(29, 39, 'EqualityOperator', 'taps !== 1', 'Killed'),
          // Killed before (not among the survivors) and killed again: nothing changes.
          mutant(29, 39, 'ConditionalExpression', 'true', 'Killed'),
          // The same mutator twice on one spot, listed twice: one killed now, one alive.
          mutant(63, 9, 'ConditionalExpression', 'true', 'Killed'),
          mutant(63, 9, 'ConditionalExpression', 'true', 'Survived'),
          mutant(95, 15, 'StringLiteral', '""', 'Timeout'),
        ],
      },
    });
    const r = s.files[FILE]!;
    expect(r).toMatchObject({ killed: 8, timeout: 1, survived: 1, noCoverage: 0, compileErrors: 3 });
    expect(r.survivors).toEqual(['63:9 ConditionalExpression → "true"']);
    expect(r.score).toBe(90);
    expect(r.measured).toBe('2026-12-01T00:00:00.000Z');
    expect(r.date > '2026-12-02').toBe(true);
    expect(Object.keys(s.files)).toEqual([FILE, `${STEER}:1-145`]);
    // A mutant that timed out counts as detected, but may have been starved: the log says so.
    expect(s.out).toMatch(/timed out \(rerun them alone\): 95:15 StringLiteral/);
  });

  it('a mutant detected before that now survives moves from killed to survived', () => {
    const r = rerun({ [FILE]: { mutants: [mutant(29, 10, 'StringLiteral', '``', 'Survived')] } }).files[
      FILE
    ]!;
    expect(r).toMatchObject({ killed: 5, survived: 4, noCoverage: 1 });
    expect(r.survivors).toContain('29:10 StringLiteral → "``"');
    expect(r.score).toBe(50);
  });

  it('a mutant that timed out before and now survives moves from timed out to survived', () => {
    const t = tempDir('mutation-merge-');
    cleanup = t.cleanup;
    const summary = join(t.dir, 'score.json');
    const report = join(t.dir, 'report.json');
    const env = { ...process.env, MUTATION_REPORT: report, MUTATION_SUMMARY: summary };
    writeFileSync(summary, JSON.stringify(earlier));
    // A first rerun: the mutant times out (starved, say); a second, alone: it survives.
    for (const status of ['Timeout', 'Survived']) {
      writeFileSync(
        report,
        JSON.stringify({ files: { [FILE]: { mutants: [mutant(95, 15, 'StringLiteral', '""', status)] } } }),
      );
      execFileSync(process.execPath, [SCRIPT, '--rerun'], { env, encoding: 'utf8' });
      const r = (JSON.parse(readFileSync(summary, 'utf8')) as { files: Record<string, Rec> }).files[FILE]!;
      if (status === 'Timeout')
        expect(r).toMatchObject({ killed: 6, timeout: 1, survived: 3, noCoverage: 0 });
      else expect(r).toMatchObject({ killed: 6, timeout: 0, survived: 4, noCoverage: 0 });
    }
  });

  it("finds a line range's record by the mutant's line, and the folder's score follows", () => {
    const s = rerun({
      [STEER]: { mutants: [mutant(111, 9, 'EqualityOperator', 'db <= da - EPS', 'Killed')] },
    });
    expect(s.files[`${STEER}:1-145`]).toMatchObject({ killed: 2, survived: 0, survivors: [], score: 100 });
    expect(s.files[STEER]).toBeUndefined();
    expect(s.folders['src-shared/ordering']!.score).toBe(100);
  });
});
