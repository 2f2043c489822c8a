/**
 * The Duplicates list folds away the pairs that ship neither level (issue 22): by default they
 * are left out of the list and counted; the switch shows them; the Ships filter "Neither ships"
 * asks for exactly them; a run with no stored order (nothing ships yet) folds nothing. Each game
 * says what its share measures.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { DuplicatePairView } from '../../src-shared/api';

let dupView: typeof import('../../src-renderer/src/duplicates/duplicates-view.svelte').dupView;
let gameViews: typeof import('../../src-renderer/src/games/index').gameViews;

beforeAll(async () => {
  vi.stubGlobal('window', {
    studioBridge: { invoke: async () => ({}), on: () => () => {} },
    location: { search: '', protocol: 'http:', host: 'localhost' },
  });
  vi.stubGlobal('document', { activeElement: null, querySelector: () => null });
  ({ dupView } = await import('../../src-renderer/src/duplicates/duplicates-view.svelte'));
  ({ gameViews } = await import('../../src-renderer/src/games/index'));
}, 120_000);

let nextId = 1;
function pair(aShips: number | null, bShips: number | null, rule = 'copy'): DuplicatePairView {
  const id = nextId++;
  const side = (k: number, ships: number | null) => ({
    id: id * 10 + k,
    slot: 0,
    index: k,
    verdict: 'none' as const,
    ships,
  });
  return {
    id,
    a: side(1, aShips),
    b: side(2, bShips),
    rule,
    transform: 'identity',
    share: 0.33,
    fine: null,
    order: 'automatic',
  };
}

describe('folding the pairs that ship neither level', () => {
  it('folds them away by default with their count, and the switch shows them', () => {
    const both = pair(1, 2),
      one = pair(3, null),
      none1 = pair(null, null),
      none2 = pair(null, null, 'near-copy');
    dupView.all = [none1, both, none2, one];
    dupView.order = 'automatic';
    dupView.ships = 'any';
    dupView.triage = 'open';
    dupView.rule = '';
    expect(dupView.showNeither).toBe(false);
    expect(dupView.folding).toBe(true);
    expect(dupView.shown.map((p) => p.id)).toEqual([both.id, one.id]);
    expect(dupView.neither).toBe(2);

    dupView.showNeither = true;
    expect(dupView.folding).toBe(false);
    expect(dupView.shown.map((p) => p.id)).toEqual([none1.id, both.id, none2.id, one.id]);

    dupView.showNeither = false;
    // The rule filter counts only its own pairs.
    dupView.rule = 'near-copy';
    expect(dupView.neither).toBe(1);
    expect(dupView.shown).toEqual([]);
    dupView.rule = '';
  });

  it('shows them when the Ships filter asks for them, and folds nothing before any order is stored', () => {
    const none = pair(null, null),
      both = pair(4, 5);
    dupView.all = [none, both];
    dupView.showNeither = false;
    dupView.order = 'automatic';
    dupView.ships = 'none';
    expect(dupView.shown.map((p) => p.id)).toEqual([none.id]);
    dupView.ships = 'both';
    expect(dupView.shown.map((p) => p.id)).toEqual([both.id]);
    dupView.ships = 'any';
    dupView.order = null;
    expect(dupView.folding).toBe(false);
    expect(dupView.shown.map((p) => p.id)).toEqual([none.id, both.id]);
  });
});

describe('what the share measures', () => {
  it('each game says it in its own words, as the end of a sentence', () => {
    for (const v of gameViews) {
      const s = v.pairs.shareMeaning;
      expect(s.length, v.game.id).toBeGreaterThan(20);
      expect(s, v.game.id).toMatch(/^[a-z]/);
      expect(s, v.game.id).not.toMatch(/\.$/);
      expect(s, v.game.id).toContain(v.game.words.elements);
    }
  });
});
