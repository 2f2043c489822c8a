/** The Players section's state (src-renderer/src/plots/players-panel.svelte.ts) with a fake client. */
import { describe, expect, it } from 'vitest';
import type { CandidateDetail } from '../../src-shared/api';
import type { PlayersReport } from '../../src-shared/playtest/report';
import { countAttempts } from '../../src-shared/playtest/attempt-counts';
import { PlayersPanel } from '../../src-renderer/src/plots/players-panel.svelte';

const report = (runId: number, kind: string): PlayersReport => ({
  runId,
  order: kind,
  levels: [1, 2].map((level) => ({
    level,
    candidateId: 10 + level,
    candidate: `L${level} · c0`,
    model: level,
    testers: 3,
    attempts: 3,
    clearRate: 1,
    fewestRate: 0,
    medianClearMs: 1000,
    medianWasted: 0,
    observed: 3 - level,
    observedLow: null,
    observedHigh: null,
    stuck: false,
  })),
  observedName: 'x',
  observedExplain: 'y',
  rho: null,
  inversions: [{ easier: 2, harder: 1, sentence: 'level 2 played easier than level 1', testers: 3 }],
  stuck: [],
  counts: countAttempts([]),
  byCandidate: {},
});

function deferred<T>() {
  let resolve!: (v: T) => void, reject!: (e: unknown) => void;
  const promise = new Promise<T>((a, b) => ((resolve = a), (reject = b)));
  return { promise, resolve, reject };
}

describe('the Players panel', () => {
  it('keeps the answer for the run and order asked last', async () => {
    const asks: { runId: number; d: ReturnType<typeof deferred<PlayersReport>> }[] = [];
    const panel = new PlayersPanel(
      {
        report: (runId) => {
          const d = deferred<PlayersReport>();
          asks.push({ runId, d });
          return d.promise;
        },
        candidate: () => Promise.reject(new Error('unused')),
      },
      String,
    );
    const first = panel.load(1);
    const second = panel.load(2, 'approved');
    asks[1]!.d.resolve(report(2, 'approved'));
    await second;
    asks[0]!.d.resolve(report(1, 'automatic'));
    await first;
    expect(panel.report?.runId).toBe(2);
    expect(panel.kind).toBe('approved');
    expect(panel.loading).toBe(false);
  });

  it('says why a report could not load', async () => {
    const panel = new PlayersPanel(
      { report: () => Promise.reject(new Error('run 9 does not exist')), candidate: () => Promise.reject(0) },
      (e) => (e as Error).message,
    );
    await panel.load(9);
    expect(panel.error).toBe('run 9 does not exist');
    expect(panel.report).toBeNull();
  });

  it('opens an inversion with both candidates, the harder-played on the left, and closes it again', async () => {
    const asked: number[] = [];
    const panel = new PlayersPanel(
      {
        report: (runId, kind) => Promise.resolve(report(runId, kind)),
        candidate: (id) => {
          asked.push(id);
          return Promise.resolve({ id, name: `c${id}` } as unknown as CandidateDetail);
        },
      },
      String,
    );
    await panel.load(1);
    await panel.open(0);
    expect(asked).toEqual([11, 12]);
    expect([panel.pair?.left.id, panel.pair?.right.id]).toEqual([11, 12]);
    await panel.open(0);
    expect(panel.opened).toBeNull();
    expect(panel.pair).toBeNull();
    await panel.open(5);
    expect(panel.opened).toBeNull();
  });

  it('reads the report again, for the same order, when attempts are stored for its run only', async () => {
    const asked: string[] = [];
    const panel = new PlayersPanel(
      {
        report: (runId, kind) => {
          asked.push(`${runId} ${kind}`);
          return Promise.resolve(report(runId, kind));
        },
        candidate: () => Promise.reject(new Error('unused')),
      },
      String,
    );
    await panel.stored(3);
    expect(asked).toEqual([]);
    await panel.load(3, 'steered');
    await panel.stored(4);
    await panel.stored(3);
    expect(asked).toEqual(['3 steered', '3 steered']);
    expect(panel.kind).toBe('steered');
  });
});
