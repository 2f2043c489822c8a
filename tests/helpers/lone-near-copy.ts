/**
 * A near copy a steered order ships as its only break: a stored near-duplicate pair of two
 * pools, each pinned to its own level, whose steered export is refused naming that pair alone.
 * The run is left steered so. For the tests of pairs kept on purpose (marked fine in triage).
 */
import { expect } from 'vitest';
import type { ApiError, DuplicatePairView, StudioClient } from '../../src-shared/api';
import { outcome } from './refusal';

export interface LoneNearCopy {
  pair: DuplicatePairView;
  /** The two levels the pair ships at, earlier first. */
  levels: [number, number];
  /** The steered export's refusal, naming the pair. */
  refused: ApiError;
}

/** Tries the run's first 20 pairs across two pools; throws when none ships alone. */
export async function loneNearCopy(api: StudioClient, runId: number): Promise<LoneNearCopy> {
  const pairs = (await api.call('duplicates.list', { runId, limit: 500 })).filter(
    (p) => p.a.slot !== p.b.slot,
  );
  expect(pairs.length).toBeGreaterThan(0);
  for (const pair of pairs.slice(0, 20)) {
    const levels = [pair.a.slot + 1, pair.b.slot + 1].sort((x, y) => x - y) as [number, number];
    const steer = await outcome(
      api.call('orderings.steer', {
        runId,
        clear: true,
        pin: [
          { level: pair.a.slot + 1, candidateId: pair.a.id },
          { level: pair.b.slot + 1, candidateId: pair.b.id },
        ],
      }),
    );
    if (!steer.ok) continue;
    const exported = await outcome(api.call('packs.export', { runId, kind: 'steered' }));
    if (exported.ok) continue;
    const fields = exported.error.fields ?? [];
    // Only the pair's own near copy stands in the way.
    if (
      fields.length === 1 &&
      fields[0]!.field === `breaks.level ${levels[1]}` &&
      fields[0]!.message.startsWith('near-duplicate:')
    )
      return { pair, levels, refused: exported.error };
  }
  throw new Error(
    `none of ${Math.min(pairs.length, 20)} stored pairs of run ${runId} ships alone as a steered order's only break`,
  );
}
