/**
 * The pool grid's order (src-renderer/src/pools/pool-view.svelte.ts, `shown`): grouped by pool,
 * "Pool, candidate" with "↓ desc" shows the last pool first, each pool in the server's
 * (descending) order; issue 22 found "↓ desc" ignored there, the grouping putting the pools
 * back in level order. Every other sort keeps the pools in level order.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { PoolRow } from '../../src-renderer/src/pools/pool-view.svelte';

let pool: typeof import('../../src-renderer/src/pools/pool-view.svelte').pool;

beforeAll(async () => {
  vi.stubGlobal('window', {
    studioBridge: { invoke: async () => ({}), on: () => () => {} },
    location: { search: '', protocol: 'http:', host: 'localhost' },
  });
  vi.stubGlobal('document', { activeElement: null, querySelector: () => null });
  ({ pool } = await import('../../src-renderer/src/pools/pool-view.svelte'));
}, 120_000);

/** Rows as the server answers them: [slot, index] pairs in its order. */
function answer(order: [number, number][]): PoolRow[] {
  const perSlot = new Map<number, number>();
  return order.map(([slot, index], q) => {
    const qs = perSlot.get(slot) ?? 0;
    perSlot.set(slot, qs + 1);
    return { id: slot * 100 + index, slot, index, q, qs } as unknown as PoolRow;
  });
}
const names = (rows: readonly PoolRow[]): string[] => rows.map((r) => `${r.slot}:${r.index}`);

describe('the pool grid order', () => {
  it('"Pool, candidate" descending shows the last pool first, its last candidate first', () => {
    pool.group = true;
    pool.sortKey = 'slot';
    pool.sortDir = 'desc';
    pool.rows = answer([
      [1, 1],
      [1, 0],
      [0, 1],
      [0, 0],
    ]);
    expect(names(pool.shown)).toEqual(['1:1', '1:0', '0:1', '0:0']);
    pool.sortDir = 'asc';
    pool.rows = answer([
      [0, 0],
      [0, 1],
      [1, 0],
      [1, 1],
    ]);
    expect(names(pool.shown)).toEqual(['0:0', '0:1', '1:0', '1:1']);
  });

  it('any other sort, even descending, keeps the pools in level order, each in the server order', () => {
    pool.group = true;
    pool.sortKey = 'bits';
    pool.sortDir = 'desc';
    pool.rows = answer([
      [1, 0],
      [0, 1],
      [1, 1],
      [0, 0],
    ]);
    expect(names(pool.shown)).toEqual(['0:1', '0:0', '1:0', '1:1']);
    pool.group = false;
    expect(names(pool.shown)).toEqual(['1:0', '0:1', '1:1', '0:0']);
  });
});
