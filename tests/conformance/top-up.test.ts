/**
 * Top-ups in the test game Tally (issue 23: each game and the test game): two top-ups in the
 * same order give the same pack, byte for byte, on 1 and 2 workers, and the new indices follow
 * each pool's own sequence.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { ApiArgs } from '../../src-shared/api';
import { openTestStudio, type TestStudio } from '../helpers/studio';
import { readRows } from '../helpers/rows';
import { games } from '../../src-shared/games/index';

/** The test game's id, through the registry (the type of the shipped games' ids does not name it). */
const tally = games.find((g) => (g.id as string) === 'tally')!.id;

const studios: TestStudio[] = [];
afterAll(async () => {
  for (const s of studios) await s.close();
});

async function toppedUp(workers: number): Promise<{ s: TestStudio; runId: number; pack: string }> {
  const s = openTestStudio({ workers, prefix: 'studio-topup-tally-' });
  studios.push(s);
  const runId = (await s.finishedRun({ game: tally, seed: 3, levels: 4 })).id;
  const tops: Omit<ApiArgs<'runs.topUp'>, 'runId'>[] = [
    { levels: [2, 3], candidates: 5 },
    { levels: [1, 4], candidates: 6, untilNear: 0.5 },
  ];
  for (const t of tops) {
    await s.api.call('runs.topUp', { runId, ...t });
    expect((await s.service.engine.waitFor(runId)).status).toBe('done');
  }
  const pack = (await s.api.call('packs.export', { runId, kind: 'automatic' })).text;
  return { s, runId, pack };
}

describe('top-ups of a Tally run', () => {
  it('give the same pack on 1 and 2 workers, recording the top-ups', async () => {
    const one = await toppedUp(1);
    const two = await toppedUp(2);
    expect(two.pack).toBe(one.pack);
    const topUps = (JSON.parse(one.pack) as { studio: { topUps: { levels: string }[] } }).studio.topUps;
    expect(topUps.map((t) => t.levels)).toEqual(['2-3', '1, 4']);
    const idx = readRows<{ idx: number }>(
      one.s.dbPath,
      'SELECT idx FROM candidates WHERE run_id = ? AND slot = 1 ORDER BY idx',
      one.runId,
    ).map((r) => r.idx);
    expect(idx).toEqual(idx.map((_, i) => i));
  });
});
