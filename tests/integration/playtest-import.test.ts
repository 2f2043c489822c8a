/**
 * Importing playtest results through the real path (service, results worker, store): traces
 * replayed, the same file twice adds nothing, the blind mode records through the same check,
 * and every hostile file is refused with a sentence and nothing stored.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { AttemptTrace, PlaytestExport } from '../../src-shared/playtest/types';
import {
  carillonTraceLevels,
  clearedInFewest,
  type CarillonTraceLevel,
} from '../helpers/carillon-trace-levels';
import { buildTrace } from '../helpers/playtest-traces';
import { recordExport, resultsFile } from '../helpers/playtest-results';
import { refusal } from '../helpers/refusal';
import { useTestStudio } from '../helpers/studio';

const studio = useTestStudio({ workers: 1 });
let runId = 0;
let exp: PlaytestExport;
let levels: CarillonTraceLevel[] = [];

/** The solution of level n, tapped a second apart. */
const clean = (n: number, startedAt = '2026-12-02T09:00:00.000Z'): AttemptTrace =>
  clearedInFewest(levels[n - 1]!, 1000, startedAt);
const total = async () => (await studio.api.call('playtests.attempts', { runId })).total;
const importText = (text: string) => studio.api.call('playtests.import', { text });

beforeAll(async () => {
  // Two-tap fields (no tutorial: there every tap wins), small pools.
  const run = await studio.finishedRun({
    game: 'carillon',
    seed: 3,
    plan: [{ from: 1, to: 4, taps: 2, minDots: 8, maxDots: 12, tutorial: false }],
    rules: { poolSize: 4 },
  });
  runId = run.id;
  exp = await recordExport(studio.api, studio.dbPath, runId, 'export-a');
  levels = await carillonTraceLevels(studio.api, runId);
});

describe('playtests.import', () => {
  it('stores every attempt of a good file against its candidate, and the same file again adds nothing', async () => {
    const gaveUp = buildTrace(levels[1]!, [{ kind: 'move', pick: 0, gap: 800 }], '2026-12-02T09:01:00.000Z');
    const file = resultsFile(exp, 'Ada', [clean(1), gaveUp, clean(3)]);
    const text = JSON.stringify(file);
    expect(await importText(text)).toEqual({
      exportId: 'export-a',
      runId,
      tester: 'Ada',
      added: 3,
      already: 0,
    });
    expect(await importText(text)).toEqual({
      exportId: 'export-a',
      runId,
      tester: 'Ada',
      added: 0,
      already: 3,
    });
    const page = await studio.api.call('playtests.attempts', { runId });
    expect(page.total).toBe(3);
    expect(page.attempts.map((a) => [a.level, a.outcome, a.candidateId])).toEqual([
      [1, 'cleared-fewest', exp.candidateIds[0]],
      [2, 'gave-up', exp.candidateIds[1]],
      [3, 'cleared-fewest', exp.candidateIds[2]],
    ]);
    expect(page.attempts[1]).toMatchObject({
      tester: 'Ada',
      moves: 1,
      wasted: 1,
      restarts: 0,
      exportId: 'export-a',
    });
    expect('events' in page.attempts[0]!).toBe(false);
    const one = await studio.api.call('playtests.attempt', { id: page.attempts[0]!.id });
    expect(one.events).toEqual(file.attempts[0]!.events);
    const byLevel = await studio.api.call('playtests.attempts', { runId, level: 2 });
    expect(byLevel.attempts.map((a) => a.outcome)).toEqual(['gave-up']);
    const report = await studio.api.call('playtests.report', { runId, kind: 'automatic' });
    expect(report.levels.map((l) => l.testers)).toEqual([1, 1, 1, 0]);
    expect(report.levels[1]).toMatchObject({ clearRate: 0, observed: 600 });
  });

  it("records the blind mode's attempt through the same check, once", async () => {
    const a = clean(4, '2026-12-02T10:00:00.000Z');
    const first = await studio.api.call('playtests.record', {
      runId,
      kind: 'automatic',
      tester: 'Bo',
      attempt: a,
    });
    expect(first.added).toBe(true);
    expect(first.attempt).toMatchObject({
      exportId: null,
      tester: 'Bo',
      level: 4,
      candidateId: exp.candidateIds[3],
    });
    const again = await studio.api.call('playtests.record', {
      runId,
      kind: 'automatic',
      tester: 'Bo',
      attempt: a,
    });
    expect(again).toEqual({ attempt: first.attempt, added: false });
    const bad = { ...a, outcome: 'gave-up' as const };
    const e = await refusal(
      studio.api.call('playtests.record', { runId, kind: 'automatic', tester: 'Bo', attempt: bad }),
    );
    expect(e.message).toBe(
      'the attempt at level 4: it is recorded as gave-up, but its moves say cleared-fewest; nothing was stored',
    );
  });
});

describe('hostile results files, each refused with a sentence and nothing stored', () => {
  const refused = async (text: string): Promise<string> => {
    const before = await total();
    const e = await refusal(importText(text));
    expect(await total()).toBe(before);
    return e.message;
  };

  it('the wrong pack', async () => {
    const file = resultsFile({ ...exp, packChecksum: 'b'.repeat(64) }, 'Cy', [
      clean(1, '2026-12-02T11:00:00.000Z'),
    ]);
    expect(await refused(JSON.stringify(file))).toBe(
      `these results are of a different pack than playtest export "export-a" of run ${runId} (its checksum differs); nothing was stored`,
    );
  });

  it('an export this studio never wrote', async () => {
    const file = resultsFile({ ...exp, id: 'who-knows' }, 'Cy', [clean(1, '2026-12-02T11:00:00.000Z')]);
    expect(await refused(JSON.stringify(file))).toBe(
      'these results are of playtest export "who-knows", which this studio did not write (or whose run was deleted); nothing was stored',
    );
  });

  it('an impossible trace: a tap on a dot that has popped', async () => {
    const good = clean(1, '2026-12-02T11:00:00.000Z');
    const first = good.events.find((e) => e.kind === 'move')!;
    const replayTap = { ...first, at: first.at + 1 };
    const events = [...good.events.slice(0, 1), replayTap, ...good.events.slice(1)].map((e, i) => ({
      ...e,
      at: i * 1000 + 1000,
    }));
    const impossible: AttemptTrace = { ...good, events, outcome: 'cleared-more', ms: 60_000 };
    const file = resultsFile(exp, 'Cy', [clean(2, '2026-12-02T11:02:00.000Z'), impossible]);
    expect(await refused(JSON.stringify(file))).toBe(
      `attempt 2 (level 1): move 2 (event 2) cannot have happened: dot ${first.kind === 'move' ? first.element : -1} has already popped; nothing was stored`,
    );
  });

  it('a huge file', async () => {
    const huge = JSON.stringify({ ...resultsFile(exp, 'Cy', []), padding: 'x'.repeat(33 * 1024 * 1024) });
    expect(await refused(huge)).toMatch(
      /^the results file is 33\.0 MB; a results file may be at most 32\.0 MB; nothing was stored$/,
    );
  });

  it('a file full of duplicates', async () => {
    const a = clean(1, '2026-12-02T11:00:00.000Z');
    const file = resultsFile(
      exp,
      'Cy',
      Array.from({ length: 500 }, () => a),
    );
    expect(await refused(JSON.stringify(file))).toBe(
      'attempt 2 is the same as attempt 1; a results file lists each attempt once; nothing was stored',
    );
  });

  it('malformed JSON', async () => {
    expect(await refused('{"format": "studio-playtest-results", "attempts": [')).toMatch(
      /^the results file is not valid JSON \(.+\); nothing was stored$/,
    );
  });

  it('a checksum that does not match its attempts', async () => {
    const file = resultsFile(exp, 'Cy', [clean(1, '2026-12-02T11:00:00.000Z')]);
    file.attempts[0]!.ms += 1000;
    expect(await refused(JSON.stringify(file))).toBe(
      "the attempts do not match the file's checksum, so the file was changed after the page saved it; nothing was stored",
    );
  });

  it("an attempt past the export's last level", async () => {
    const a = { ...clean(1, '2026-12-02T11:00:00.000Z'), level: 9 };
    expect(await refused(JSON.stringify(resultsFile(exp, 'Cy', [a])))).toBe(
      'these results have an attempt at level 9, but playtest export "export-a" has 4 levels; nothing was stored',
    );
  });
});
