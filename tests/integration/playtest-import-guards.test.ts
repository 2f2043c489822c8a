/**
 * Results import's guards and its event (docs/playtests.md, "Results files and import"): one
 * import at a time, pack or results, the second refused with a sentence; a results import
 * cancelled by its id (packs.cancelImport) stores nothing, whether the worker was still checking
 * or main was already storing; and `playtests.stored` tells open pages that attempts were
 * stored, for an import and for a recorded attempt, and only when something was added.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { AttemptTrace, PlaytestExport } from '../../src-shared/playtest/types';
import { openDatabase } from '../../src-main/store/db';
import { insertAttemptsInSteps, type NewAttempt } from '../../src-main/store/playtest-attempts';
import { ApiError } from '../../src-shared/api';
import {
  carillonTraceLevels,
  clearedInFewest,
  type CarillonTraceLevel,
} from '../helpers/carillon-trace-levels';
import { recordExport, resultsFile } from '../helpers/playtest-results';
import { refusal } from '../helpers/refusal';
import { useTestStudio } from '../helpers/studio';

const studio = useTestStudio({ workers: 1, prefix: 'studio-playtest-guards-' });
let runId = 0;
let exp: PlaytestExport;
let levels: CarillonTraceLevel[] = [];

/** The solution of level n, tapped a second apart, started `k` minutes after 09:00. */
const clean = (n: number, k: number): AttemptTrace => {
  const startedAt = new Date(Date.UTC(2026, 11, 2, 9, 0) + k * 60_000).toISOString();
  return clearedInFewest(levels[n - 1]!, 1000, startedAt);
};
/** A results file of `count` attempts, long enough that an import is still under way a moment later. */
const bigFile = (tester: string, count: number): string =>
  JSON.stringify(
    resultsFile(
      exp,
      tester,
      Array.from({ length: count }, (_, k) => clean((k % 4) + 1, k)),
    ),
  );
const total = async () => (await studio.api.call('playtests.attempts', { runId })).total;

beforeAll(async () => {
  const run = await studio.finishedRun({
    game: 'carillon',
    seed: 3,
    plan: [{ from: 1, to: 4, taps: 2, minDots: 8, maxDots: 12, tutorial: false }],
    rules: { poolSize: 4 },
  });
  runId = run.id;
  exp = await recordExport(studio.api, studio.dbPath, runId, 'export-guards');
  levels = await carillonTraceLevels(studio.api, runId);
});

describe('one import at a time, and a cancel that stores nothing', () => {
  it('refuses a second import while one is under way (results or pack), with a sentence', async () => {
    const first = studio.api.call('playtests.import', { text: bigFile('Ada', 3000), importId: 'first' });
    const again = await refusal(studio.api.call('playtests.import', { text: bigFile('Bo', 10) }));
    expect(again.code).toBe('conflict');
    expect(again.message).toBe(
      'another import (a pack or a playtest results file) is under way; wait for it to finish or cancel it',
    );
    const pack = await refusal(studio.api.call('packs.import', { text: '{}' }));
    expect(pack.message).toBe(again.message);
    expect(await first).toMatchObject({ added: 3000, already: 0 });
    // The slot is free again once the first is done.
    expect(await studio.api.call('playtests.import', { text: bigFile('Bo', 10) })).toMatchObject({
      added: 10,
    });
    expect(await total()).toBe(3010);
  }, 120_000);

  it('a results import cancelled by its id is refused with a sentence and stores nothing', async () => {
    const before = await total();
    const run = studio.api.call('playtests.import', { text: bigFile('Cy', 3000), importId: 'to-cancel' });
    await new Promise((r) => setTimeout(r, 20));
    expect(await studio.api.call('packs.cancelImport', { importId: 'to-cancel' })).toEqual({
      cancelled: true,
    });
    const e = await refusal(run);
    expect(e.message).toBe('the results import was cancelled; nothing was stored');
    expect(await total()).toBe(before);
    expect(await studio.api.call('packs.cancelImport', { importId: 'to-cancel' })).toEqual({
      cancelled: false,
    });
  }, 120_000);

  it('a cancel while main stores the rows takes out the steps already stored', async () => {
    const db = openDatabase(studio.dbPath);
    try {
      const rows: NewAttempt[] = Array.from({ length: 250 }, (_, k) => ({
        id: `${'c'.repeat(60)}${String(k).padStart(4, '0')}`,
        runId,
        candidateId: exp.candidateIds[0]!,
        exportId: exp.id,
        tester: 'Di',
        level: 1,
        order: 'automatic',
        startedAt: '2026-12-02T09:00:00.000Z',
        outcome: 'skipped',
        ms: 0,
        moves: 0,
        wasted: 0,
        restarts: 0,
        recordedAt: '2026-12-02T09:00:00.000Z',
        eventsJson: '[]',
      }));
      const abort = new AbortController();
      const before = await total();
      // The first step is stored before the call first waits; the cancel comes before the second.
      const storing = insertAttemptsInSteps(db, rows, {
        signal: abort.signal,
        cancelled: () => new ApiError('conflict', 'cancelled in the test'),
      });
      expect(await total()).toBe(before + 100);
      abort.abort();
      await expect(storing).rejects.toThrow('cancelled in the test');
      expect(await total()).toBe(before);
    } finally {
      db.close();
    }
  });
});

describe('playtests.stored', () => {
  it('is sent when an import or a recorded attempt stores attempts, and not when nothing was added', async () => {
    const seen: { runId: number; added: number }[] = [];
    const off = studio.service.on('playtests.stored', (e) => seen.push(e));
    try {
      const text = bigFile('Eve', 4);
      await studio.api.call('playtests.import', { text });
      expect(seen).toEqual([{ runId, added: 4 }]);
      await studio.api.call('playtests.import', { text });
      expect(seen).toHaveLength(1);
      const attempt = clean(2, 9000);
      await studio.api.call('playtests.record', { runId, kind: 'automatic', tester: 'Fay', attempt });
      expect(seen).toEqual([
        { runId, added: 4 },
        { runId, added: 1 },
      ]);
      await studio.api.call('playtests.record', { runId, kind: 'automatic', tester: 'Fay', attempt });
      expect(seen).toHaveLength(2);
    } finally {
      off();
    }
  });
});
