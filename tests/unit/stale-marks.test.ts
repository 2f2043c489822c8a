/**
 * Pools' "verdicts changed since what ships now was computed" is kept per run for next time
 * (src-renderer/src/pools/stale-marks.ts): a mark holds while the order that ships is the one
 * marked, goes with a recompute (a new computed time, or unmark), is per run, and a damaged or
 * refused storage means no marks rather than an error.
 */
import { describe, expect, it } from 'vitest';
import { isMarked, mark, unmark, type MarkStore } from '../../src-renderer/src/pools/stale-marks';

function memory(): MarkStore & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
  };
}

const T1 = '2026-12-02T04:00:00.000Z';
const T2 = '2026-12-02T04:05:00.000Z';

describe('verdicts-changed marks', () => {
  it('hold for the run and the order computed then, across a new reader of the same storage', () => {
    const store = memory();
    expect(isMarked(store, 12, T1)).toBe(false);
    mark(store, 12, T1);
    // A reload reads the same storage afresh.
    const reloaded: MarkStore = { getItem: (k) => store.data.get(k) ?? null, setItem: () => undefined };
    expect(isMarked(reloaded, 12, T1)).toBe(true);
    expect(isMarked(reloaded, 13, T1)).toBe(false);
  });

  it('are void once the order that ships is recomputed (another computed time), and go with unmark', () => {
    const store = memory();
    mark(store, 12, T1);
    mark(store, 14, T1);
    expect(isMarked(store, 12, T2)).toBe(false);
    unmark(store, 12);
    expect(isMarked(store, 12, T1)).toBe(false);
    expect(isMarked(store, 14, T1)).toBe(true);
  });

  it('mark nothing with no order yet, and keep the newest 200 runs', () => {
    const store = memory();
    mark(store, 1, null);
    expect(isMarked(store, 1, null)).toBe(false);
    for (let id = 1; id <= 205; id++) mark(store, id, T1);
    expect(isMarked(store, 5, T1)).toBe(false);
    expect(isMarked(store, 6, T1)).toBe(true);
    expect(isMarked(store, 205, T1)).toBe(true);
  });

  it('read a damaged value or a refused storage as no marks', () => {
    const store = memory();
    store.data.set('studio-pools-verdicts-changed', '{not json');
    expect(isMarked(store, 12, T1)).toBe(false);
    mark(store, 12, T1);
    expect(isMarked(store, 12, T1)).toBe(true);
    const refused: MarkStore = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    expect(() => mark(refused, 12, T1)).not.toThrow();
    expect(isMarked(refused, 12, T1)).toBe(false);
    expect(isMarked(undefined, 12, T1)).toBe(false);
  });
});
