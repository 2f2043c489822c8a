/**
 * The proof worker's queue (src-renderer/src/editor/prove-queue.ts): at most one proof is out;
 * while it runs only the newest level waits (the older ones are dropped), so during a drag the
 * figures follow the pointer and never queue up behind it; every answer, even a stale one, is
 * shown; a worker failure answers the request in flight with a sentence.
 */
import { describe, expect, it } from 'vitest';
import type { ProveReply, ProveRequest } from '../../src-renderer/src/editor/prove-protocol';
import { proveQueue, type ProveResult } from '../../src-renderer/src/editor/prove-queue';

const level = (n: number): Omit<ProveRequest, 'id'> => ({
  game: 'dots',
  level: n,
  rules: {},
  plan: null,
  slot: 0,
  explain: true,
});
const reply = (id: number): ProveReply => ({ id, proof: null, explanation: null, error: null, workMs: 2 });

function setup() {
  const posted: ProveRequest[] = [];
  const results: ProveResult[] = [];
  let clock = 0;
  const q = proveQueue(
    (r) => posted.push(r),
    (r) => results.push(r),
    () => clock,
  );
  return { q, posted, results, tick: (ms: number) => (clock += ms) };
}

describe('the proof queue', () => {
  it('sends the first level at once and is busy until its proof is back', () => {
    const { q, posted, results, tick } = setup();
    expect(q.busy).toBe(false);
    q.request(level(1));
    expect(posted.map((p) => [p.id, p.level])).toEqual([[1, 1]]);
    expect(q.busy).toBe(true);
    tick(7);
    q.receive(reply(1));
    expect(results).toHaveLength(1);
    expect(results[0]!.latencyMs).toBe(7);
    expect(q.busy).toBe(false);
  });

  it('keeps one proof out: levels asked for meanwhile wait, and only the newest goes next', () => {
    const { q, posted, results } = setup();
    q.request(level(1));
    q.request(level(2));
    q.request(level(3));
    q.request(level(4));
    expect(posted).toHaveLength(1);
    q.receive(reply(1));
    // 2 and 3 were dropped: 4 went out as soon as 1 came back.
    expect(posted.map((p) => p.level)).toEqual([1, 4]);
    expect(posted[1]!.id).toBe(2);
    expect(q.busy).toBe(true);
    q.receive(reply(2));
    expect(results.map((r) => r.id)).toEqual([1, 2]);
    expect(posted).toHaveLength(2);
    expect(q.busy).toBe(false);
  });

  it('measures each proof from its own send, and a stale answer (no request of that id out) as zero', () => {
    const { q, results, tick } = setup();
    q.request(level(1));
    tick(5);
    q.request(level(2));
    tick(5);
    q.receive(reply(1));
    tick(3);
    q.receive(reply(2));
    expect(results.map((r) => r.latencyMs)).toEqual([10, 3]);
    q.receive(reply(99));
    expect(results.at(-1)!.latencyMs).toBe(0);
  });

  it('answers the request in flight with a sentence when the worker fails, then sends the waiting level', () => {
    const { q, posted, results } = setup();
    q.request(level(1));
    q.request(level(2));
    q.fail('out of memory');
    expect(results[0]).toMatchObject({ id: 1, proof: null, error: 'the proof worker failed: out of memory' });
    expect(posted.map((p) => p.level)).toEqual([1, 2]);
  });
});
