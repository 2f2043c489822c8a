/**
 * The blended order in the test game Tally (issue 24: every game and the test game): off by
 * default the pack is the model's, byte for byte; on, the approved order runs on the blended
 * figures and its pack records the blend.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { games } from '../../src-shared/games/index';
import { openTestStudio, type TestStudio } from '../helpers/studio';
import { readRows } from '../helpers/rows';
import { storeAttempts } from '../helpers/playtest-rows';

/** The test game's id, through the registry (the type of the shipped games' ids does not name it). */
const tally = games.find((g) => (g.id as string) === 'tally')!.id;
let s: TestStudio;
beforeAll(() => {
  s = openTestStudio({ prefix: 'studio-blend-tally-' });
});
afterAll(() => s.close());

describe('the blended order of a Tally run', () => {
  it('is off by default and, on request, recorded in the pack', async () => {
    const runId = (await s.finishedRun({ game: tally, seed: 3, levels: 4 })).id;
    const ids = readRows<{ id: number }>(
      s.dbPath,
      'SELECT id FROM candidates WHERE run_id = ? AND level IS NOT NULL',
      runId,
    ).map((r) => r.id);
    await s.api.call('candidates.setVerdict', { candidateIds: ids, verdict: 'approved' });
    await s.api.call('orderings.computeApproved', { runId });
    const before = (await s.api.call('packs.export', { runId, kind: 'approved' })).text;
    storeAttempts(s.dbPath, runId, (_id, model) => 5 + model);
    const v = await s.api.call('orderings.computeApproved', { runId, blend: { minTesters: 2 } });
    expect(v.observedBlend?.candidates).toBe(ids.length);
    const pack = JSON.parse((await s.api.call('packs.export', { runId, kind: 'approved' })).text);
    expect(pack.studio.observedBlend.minTesters).toBe(2);
    expect(pack.studio.observedBlend.levels.map((l: { level: number }) => l.level)).toEqual([1, 2, 3, 4]);
    await s.api.call('orderings.computeApproved', { runId });
    expect((await s.api.call('packs.export', { runId, kind: 'approved' })).text).toBe(before);
  }, 120_000);
});
