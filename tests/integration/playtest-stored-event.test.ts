/**
 * `playtests.stored` (src-shared/api/events.ts): sent with the run and the count whenever attempts
 * are stored, from the studio's blind sessions (playtests.record) and from an imported results
 * file, and not when nothing was added (the same attempt twice), so the screens that list
 * attempts read them again only when there is something new.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiEvents } from '../../src-shared/api';
import {
  carillonTraceLevels,
  clearedInFewest,
  type CarillonTraceLevel,
} from '../helpers/carillon-trace-levels';
import { recordExport, resultsFile } from '../helpers/playtest-results';
import { useTestStudio } from '../helpers/studio';

const studio = useTestStudio({ workers: 1 });
let runId: number;
let levels: CarillonTraceLevel[];
const heard: ApiEvents['playtests.stored'][] = [];

/** Level n cleared in its fewest taps. */
const clean = (n: number, startedAt: string) => clearedInFewest(levels[n - 1]!, 500, startedAt);

beforeAll(async () => {
  const run = await studio.finishedRun({
    game: 'carillon',
    seed: 4,
    plan: [{ from: 1, to: 3, taps: 2, minDots: 8, maxDots: 12, tutorial: false }],
    rules: { poolSize: 3 },
  });
  runId = run.id;
  levels = await carillonTraceLevels(studio.api, runId);
  studio.api.on('playtests.stored', (e) => heard.push(e));
});

describe('the playtests.stored event', () => {
  it('is sent for a recorded attempt, once, and for an imported file with its count', async () => {
    const a = clean(1, '2026-12-02T10:00:00.000Z');
    await studio.api.call('playtests.record', { runId, kind: 'automatic', tester: 'Ada', attempt: a });
    await studio.api.call('playtests.record', { runId, kind: 'automatic', tester: 'Ada', attempt: a });
    expect(heard).toEqual([{ runId, added: 1 }]);

    const exp = await recordExport(studio.api, studio.dbPath, runId, 'export-ev');
    const text = JSON.stringify(
      resultsFile(exp, 'Bo', [clean(1, '2026-12-02T11:00:00.000Z'), clean(2, '2026-12-02T11:01:00.000Z')]),
    );
    await studio.api.call('playtests.import', { text });
    await studio.api.call('playtests.import', { text });
    expect(heard).toEqual([
      { runId, added: 1 },
      { runId, added: 2 },
    ]);
  });
});
