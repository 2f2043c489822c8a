/**
 * The verdict keys written once (src-renderer/src/lib/verdict-actions.ts): every place that
 * curates gets A approve, R reject, C and 0 clear, under its own ids, group and titles, acting
 * only where and when that place says, and giving the verdict its key names.
 */
import { describe, expect, it } from 'vitest';
import type { Verdict } from '../../src-shared/api';
import { verdictActions } from '../../src-renderer/src/lib/verdict-actions';

describe('verdictActions', () => {
  it("gives the four keys with the place's ids, titles, scope and reason, each setting its verdict", () => {
    const given: Verdict[] = [];
    let reason: string | null = 'read-only';
    let inGrid = false;
    const actions = verdictActions({
      prefix: 'pools',
      group: 'Pools',
      titles: { approved: 'Approve them', rejected: 'Reject them', none: 'Clear them' },
      unavailable: () => reason,
      keyScope: () => inGrid,
      setVerdict: (v) => given.push(v),
    });
    expect(actions.map((a) => [a.id, a.shortcut, a.title, a.group])).toEqual([
      ['pools.approve', 'A', 'Approve them', 'Pools'],
      ['pools.reject', 'R', 'Reject them', 'Pools'],
      ['pools.clear', 'C', 'Clear them', 'Pools'],
      ['pools.clear0', '0', 'Clear the verdict (alternative key)', 'Pools'],
    ]);
    expect(actions.map((a) => a.unavailable?.())).toEqual([
      'read-only',
      'read-only',
      'read-only',
      'read-only',
    ]);
    reason = null;
    expect(actions.every((a) => a.unavailable?.() === null)).toBe(true);
    expect(actions.map((a) => a.keyScope?.())).toEqual([false, false, false, false]);
    inGrid = true;
    expect(actions.every((a) => a.keyScope?.() === true)).toBe(true);
    for (const a of actions) a.perform();
    expect(given).toEqual(['approved', 'rejected', 'none', 'none']);
  });

  it('leaves the key scope out when the place sets none (the keys act wherever the action is available)', () => {
    const actions = verdictActions({
      prefix: 'inspector',
      group: 'Inspector',
      titles: { approved: 'a', rejected: 'r', none: 'c' },
      unavailable: () => null,
      setVerdict: () => {},
    });
    expect(actions.map((a) => a.id)).toEqual([
      'inspector.approve',
      'inspector.reject',
      'inspector.clear',
      'inspector.clear0',
    ]);
    expect(actions.every((a) => !('keyScope' in a))).toBe(true);
  });
});
