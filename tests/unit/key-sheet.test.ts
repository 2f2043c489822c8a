/**
 * The `?` sheet (src-renderer/src/lib/key-sheet.ts) is made from the action table itself: on
 * every page it lists every action with a key that acts on that page (any action whose
 * unavailability is not "only on the … page"), every key of the page's own list, the `?` key
 * among them, and no key that acts only on another page. The real table is loaded, with a window and a document just big enough to import it.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Action } from '../../src-renderer/src/lib/action-kit';

let actions: Action[];
let keySheet: typeof import('../../src-renderer/src/lib/key-sheet').keySheet;
let pages: typeof import('../../src-renderer/src/lib/pages').pages;
let studio: typeof import('../../src-renderer/src/lib/studio.svelte').studio;

beforeAll(async () => {
  vi.stubGlobal('window', {
    studioBridge: { invoke: async () => ({}), on: () => () => {} },
    location: { search: '', protocol: 'http:', host: 'localhost' },
  });
  vi.stubGlobal('document', { activeElement: null, querySelector: () => null });
  ({ actions } = await import('../../src-renderer/src/lib/actions'));
  ({ keySheet } = await import('../../src-renderer/src/lib/key-sheet'));
  ({ pages } = await import('../../src-renderer/src/lib/pages'));
  ({ studio } = await import('../../src-renderer/src/lib/studio.svelte'));
}, 120_000);

const elsewhere = /^only on the .+ page/;

describe('the key sheet', () => {
  it('lists, on every page, every action with a key that acts there, and none that acts only elsewhere', () => {
    const keyed = actions.filter((a) => a.shortcut !== undefined);
    expect(keyed.length).toBeGreaterThan(50);
    for (const p of pages) {
      studio.page = p.id;
      const listed = new Set(keySheet(actions, p.id).flatMap((g) => g.rows.map((r) => r.id)));
      const here = keyed.filter((a) => !elsewhere.test(a.unavailable?.() ?? ''));
      for (const a of here)
        expect(listed.has(a.id), `${a.id} (${a.shortcut}) on the ${p.title} sheet`).toBe(true);
      for (const id of listed) {
        const a = actions.find((x) => x.id === id)!;
        expect(a.unavailable?.() ?? '', `${id} listed on the ${p.title} sheet`).not.toMatch(elsewhere);
      }
      // The page's own list, whatever its keys say about availability, is on its sheet.
      for (const a of keyed.filter((x) => x.group === p.group)) expect(listed.has(a.id), a.id).toBe(true);
      expect(listed.has('studio.keys')).toBe(true);
      expect(listed.has(`go.${p.id}`)).toBe(true);
    }
  });

  it("lists the page's own keys first, under its group, with the keys as people read them", () => {
    studio.page = 'duplicates';
    const sheet = keySheet(actions, 'duplicates');
    expect(sheet[0]!.group).toBe('Duplicates');
    expect(sheet.map((g) => g.group).slice(0, 4)).toEqual(['Duplicates', 'Go to', 'View', 'Studio']);
    // No other page's own keys (Pools' A, the inspector's Space) on the Duplicates sheet.
    const ids = sheet.flatMap((g) => g.rows.map((r) => r.id));
    expect(ids).not.toContain('pools.approve');
    expect(ids).not.toContain('inspector.step');
    const undo = sheet[0]!.rows.find((r) => r.id === 'duplicates.undo')!;
    expect(undo.keys).toBe('Ctrl Z');
    const keys = sheet.find((g) => g.group === 'Studio')!.rows.find((r) => r.id === 'studio.keys')!;
    expect(keys).toMatchObject({ keys: '?', title: 'Keys on this page', why: null });
  });
});
