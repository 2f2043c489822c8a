/** The studio's playtest session (src-renderer/src/playtest/playtest-view.svelte.ts), with a fake client and board. */
import { describe, expect, it } from 'vitest';
import type { AttemptTrace } from '../../src-shared/playtest/types';
import {
  orderProblem,
  PlaytestSession,
  type Orders,
  type SessionOrder,
  type SessionPlay,
} from '../../src-renderer/src/playtest/playtest-view.svelte';

const order = (ids: (number | null)[]): SessionOrder => ({
  computedAt: '2026-12-02T00:00:00.000Z',
  levels: ids.map((candidateId, i) => ({ level: i + 1, candidateId })),
  shortLevels: [],
});

const trace = (level: number): AttemptTrace => ({
  level,
  startedAt: '2026-12-02T00:00:00.000Z',
  events: [],
  outcome: 'skipped',
  ms: 10,
});

function setup(orders: Partial<Orders>, refuse = false) {
  const recorded: { kind: string; tester: string; level: number }[] = [];
  // A board whose strip keeps `n` and whose read marks the level read, so the test sees both ran.
  const play: SessionPlay = {
    game: {
      blindLevel: {
        strip: (l: { n: number }) => ({ n: l.n }),
        read: (r: unknown) => ({ read: (r as { n: number }).n }),
      },
    },
    readRules: (r: unknown) => r,
  };
  const session = new PlaytestSession({
    client: {
      orders: () =>
        Promise.resolve({
          automatic: null,
          approved: null,
          'approved-first': null,
          steered: null,
          ...orders,
        }),
      run: () => Promise.resolve({ game: 'g', rules: { r: 1 } }),
      level: (id) => Promise.resolve({ n: id }),
      record: (a) => {
        if (refuse) return Promise.reject(new Error('dot 4 has already popped'));
        recorded.push({ kind: a.kind, tester: a.tester, level: a.attempt.level });
        return Promise.resolve({});
      },
    },
    blind: () => play,
    explain: (e) => (e as Error).message,
    clock: { now: () => 0, iso: () => '2026-12-02T00:00:00.000Z' },
  });
  return { session, recorded };
}

describe('a playtest session in the studio', () => {
  it('preselects the order that ships now and says why an order cannot be played', async () => {
    const { session } = setup({ automatic: order([5, 6]), steered: order([5, null]) });
    await session.choose(1);
    expect(session.kind).toBe('steered');
    expect(session.startBlocked).toBe('the steered order has no candidate at level 2');
    session.kind = 'automatic';
    expect(session.startBlocked).toBe("type the tester's name first");
    expect(orderProblem(null, 'approved')).toBe('the approved order is not computed yet');
  });

  it('starts for the tester named, reads each level stripped, and records every attempt under the order', async () => {
    const { session, recorded } = setup({ automatic: order([5, 6, 7]) });
    await session.choose(1);
    session.tester = '  Ada  ';
    expect(await session.start()).toBe(true);
    expect(session.progress?.tester).toBe('Ada');
    expect(session.progress?.queue).toEqual([1, 2, 3]);
    expect(session.levelAt(2)).toEqual({ read: 6 });
    expect(session.startBlocked).toMatch(/a session is under way/);
    session.attempt(trace(1));
    session.attempt(trace(2));
    await session.settled();
    expect(recorded).toEqual([
      { kind: 'automatic', tester: 'Ada', level: 1 },
      { kind: 'automatic', tester: 'Ada', level: 2 },
    ]);
    expect(session.recorded).toBe(2);
    session.end();
    expect(session.session).toBeNull();
    expect(session.tester).toBe('Ada');
  });

  it('says in a sentence when an attempt was refused', async () => {
    const { session } = setup({ automatic: order([5]) }, true);
    await session.choose(1);
    session.tester = 'Bo';
    await session.start();
    session.attempt(trace(1));
    await session.settled();
    expect(session.recorded).toBe(0);
    expect(session.error).toBe('the attempt at level 1 was not stored: dot 4 has already popped');
  });

  it('plays a pack file by importing it as a run first; a refused import is said', async () => {
    const { session } = setup({ automatic: order([9]) });
    const picked: number[] = [];
    const ok = await session.playPack(
      () => Promise.resolve({ run: { id: 4 } }),
      (id) => picked.push(id),
    );
    expect(ok).toBe(true);
    expect(picked).toEqual([4]);
    expect(session.runId).toBe(4);
    expect(session.kind).toBe('automatic');
    expect(
      await session.playPack(
        () => Promise.reject(new Error('pack.levels: must not be empty')),
        () => {},
      ),
    ).toBe(false);
    expect(session.error).toBe('the pack was not imported: pack.levels: must not be empty');
  });
});
