/** A candidate's attempts in the inspector (src-renderer/src/inspector/attempts-view.svelte.ts), with fakes. */
import { describe, expect, it } from 'vitest';
import type { StoredAttempt } from '../../src-shared/playtest/types';
import { AttemptsList, type AttemptsClient } from '../../src-renderer/src/inspector/attempts-view.svelte';

const words = { stage: 'stage', stages: 'stages', element: 'arrow', elements: 'arrows' };
const attempt = (id: string, candidateId: number, tester: string): StoredAttempt => ({
  id,
  tester,
  runId: 1,
  candidateId,
  order: 'automatic',
  exportId: null,
  level: 2,
  startedAt: '2026-12-02T00:00:00.000Z',
  events: [{ kind: 'move', at: 400, element: 1, effect: 'flew' }],
  outcome: 'cleared-fewest',
  ms: 500,
  moves: 1,
  wasted: 0,
  restarts: 0,
  recordedAt: '2026-12-02T00:00:01.000Z',
});

function setup(store: StoredAttempt[]) {
  const shown: string[] = [];
  const client: AttemptsClient = {
    attempts: (_runId, candidateId) => {
      const attempts = store.filter((a) => a.candidateId === candidateId).map(({ events: _e, ...s }) => s);
      return Promise.resolve({ attempts, total: attempts.length });
    },
    attempt: (id) => {
      const a = store.find((x) => x.id === id);
      return a ? Promise.resolve(a) : Promise.reject(new Error(`no attempt ${id}`));
    },
  };
  const list = new AttemptsList(
    client,
    {
      board: { move: (e) => shown.push(`move ${e}`), show: (m) => shown.push(`show ${m.join(',')}`) },
      frames: { after: () => 0, cancelAfter: () => {} },
    },
    () => words,
    (e) => (e as Error).message,
  );
  return { list, shown };
}

describe("a candidate's attempts in the inspector", () => {
  const store = [
    attempt('a'.repeat(64), 7, 'Ana'),
    attempt('b'.repeat(64), 7, 'Bo'),
    attempt('c'.repeat(64), 8, 'Ana'),
  ];

  it('lists the candidate’s attempts and counts its testers', async () => {
    const { list } = setup(store);
    await list.load(1, 7);
    expect(list.items.map((a) => a.tester)).toEqual(['Ana', 'Bo']);
    expect(list.total).toBe(2);
    expect(list.testers).toBe(2);
  });

  it('opens an attempt as a movie in the game’s words; another candidate’s or an unknown one is refused in words', async () => {
    const { list, shown } = setup(store);
    await list.load(1, 7);
    expect(await list.play('a'.repeat(64))).toBe(true);
    expect(list.open).toBe(true);
    list.movie.next();
    expect(list.movie.line).toBe('0:00.4 · arrow 2 · flew');
    expect(shown).toEqual(['show ', 'move 1']);
    expect(await list.play('c'.repeat(64))).toBe(false);
    expect(list.error).toBe('attempt cccccccc is of another candidate (#8)');
    expect(await list.play('d'.repeat(64))).toBe(false);
    expect(list.error).toBe(`no attempt ${'d'.repeat(64)}`);
  });

  it('moving to another candidate closes the movie', async () => {
    const { list } = setup(store);
    await list.load(1, 7);
    await list.play('a'.repeat(64));
    await list.load(1, 8);
    expect(list.movie.attempt).toBeNull();
    expect(list.items.map((a) => a.candidateId)).toEqual([8]);
  });

  it('reads the list again when attempts are stored for its run, not for another', async () => {
    const live = [...store];
    const { list } = setup(live);
    await list.load(1, 7);
    live.push(attempt('d'.repeat(64), 7, 'Cy'));
    await list.stored(2);
    expect(list.items.map((a) => a.tester)).toEqual(['Ana', 'Bo']);
    await list.stored(1);
    expect(list.items.map((a) => a.tester)).toEqual(['Ana', 'Bo', 'Cy']);
    expect(list.testers).toBe(3);
  });
});
