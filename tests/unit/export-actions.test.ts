/**
 * The Export page's actions (src-renderer/src/export/export-actions.ts): "Export playtest…" is
 * available exactly when its part of the page says it is ready (a walk found it always greyed
 * as "the Export page is loading"), and says why not otherwise.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Action } from '../../src-renderer/src/lib/action-kit';

let actions: Action[];
let exportUi: typeof import('../../src-renderer/src/export/export-view.svelte').exportUi;
let studio: typeof import('../../src-renderer/src/lib/studio.svelte').studio;

beforeAll(async () => {
  vi.stubGlobal('window', {
    studioBridge: { invoke: async () => ({}), on: () => () => {} },
    location: { search: '', protocol: 'http:', host: 'localhost' },
  });
  vi.stubGlobal('document', { activeElement: null, querySelector: () => null });
  ({ exportActions: actions } = await import('../../src-renderer/src/export/export-actions'));
  ({ exportUi } = await import('../../src-renderer/src/export/export-view.svelte'));
  ({ studio } = await import('../../src-renderer/src/lib/studio.svelte'));
}, 120_000);

describe('Export playtest…', () => {
  it("is available when its part of the page is ready, and otherwise gives that part's reason", () => {
    const playtest = actions.find((a) => a.id === 'export.playtest')!;
    studio.page = 'export';
    const none = (): void => undefined;
    exportUi.page = {
      write: none,
      computeApproved: none,
      copyPath: none,
      writeBlocked: null,
      computeBlocked: null,
      lastPath: null,
    };
    exportUi.playtest = null;
    expect(playtest.unavailable?.()).toBe('the Export page is loading');
    let blocked: string | null = null;
    const written: string[] = [];
    exportUi.playtest = {
      write: () => written.push('written'),
      get blocked() {
        return blocked;
      },
    };
    expect(playtest.unavailable?.()).toBeNull();
    playtest.perform();
    expect(written).toEqual(['written']);
    blocked = 'the run has no order to play yet';
    expect(playtest.unavailable?.()).toBe('the run has no order to play yet');
    studio.page = 'runs';
    expect(playtest.unavailable?.()).toMatch(/^only on the Export page/);
  });
});
