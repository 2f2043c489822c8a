/**
 * The editor never loses work (issue 22), in Chromium over the BUILT renderer and the real
 * server: an Apsis level's unsaved edits survive `.` then `,`, the filmstrip there and back, a
 * page switch there and back, and are listed in the side bar as a draft; closing or reloading
 * the page with them asks first (beforeunload), and without them does not. Ctrl+S twice adds
 * one candidate, the second press saying nothing changed, and the header names the saved
 * candidate as "L2 · c9"; the curation bar then acts on the saved candidate, not its source,
 * and says so. Ctrl+Z in edit mode with no edit leaves the run's history (a verdict
 * set on another page) untouched and says so.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { RunSummary } from '../../src-shared/api';
import type { ApsisLevel } from '../../src-shared/games/apsis/index';
import { candidateName } from '../../src-shared/vocabulary';
// The editor's debug hook type (declares window.__editor).
import type {} from '../../src-shared/editor-debug';
import { useStudioInBrowser } from './chromium';

let page: Page;
const pageErrors: string[] = [];
const studio = useStudioInBrowser({ workers: 2, viewport: { width: 1440, height: 900 }, errors: pageErrors });
let apsis: RunSummary;
/** What the page's close or reload questions (beforeunload) get: a fresh page per test leaves; one test stays. */
let unload: 'accept' | 'dismiss' = 'accept';
const dialogs: string[] = [];

async function editStatus(): Promise<Record<string, string | undefined>> {
  return page.getByTestId('edit-status').evaluate((el) => ({ ...(el as HTMLElement).dataset }));
}
const onScreen = async (): Promise<ApsisLevel> =>
  (await page.evaluate(() => window.__editor!.level())) as ApsisLevel;
const shownId = (): Promise<string | null> =>
  page.locator('[data-testid="candidate-info"] span').first().getAttribute('title');

/** A fresh page with candidate `id` open in the inspector (through the jump field), in edit mode, proved. */
async function editCandidate(id: number): Promise<void> {
  await page.goto(studio.server.url);
  await page.getByTestId('new-run-form').waitFor();
  await page.keyboard.press('Alt+2');
  await page.getByTestId('run-picker').selectOption(String(apsis.id));
  await page.getByTestId('pool-grid').waitFor();
  await page.locator('[data-testid^="card-"][data-verdict]').first().dblclick();
  await page.getByTestId('inspector-head').waitFor();
  await page.getByTestId('insp-jump').fill(`#${id}`);
  await page.getByTestId('insp-jump').press('Enter');
  await expect.poll(shownId).toBe(`Database id ${id}`);
  await page.keyboard.press('e');
  await page.getByTestId('editor').waitFor();
  await expect
    .poll(async () => {
      const s = await editStatus();
      return Number(s['proofs']) > 0 && s['proving'] === 'false';
    })
    .toBe(true);
  // The board keys act with the focus on the board.
  await page.getByTestId('edit-board').focus();
}

/** As in the issue: J J J, H H H, then ← ← (turns, which always move an arrow) — five unsaved edits (the J's only select). */
async function fiveEdits(): Promise<ApsisLevel> {
  for (const k of ['j', 'j', 'j', 'h', 'h', 'h', 'ArrowLeft', 'ArrowLeft']) await page.keyboard.press(k);
  await expect.poll(async () => (await editStatus())['edits']).toBe('5');
  return onScreen();
}

/** Back on the candidate in edit mode: the same five edits, the same level. */
async function restored(id: number, edited: ApsisLevel): Promise<void> {
  await expect.poll(shownId).toBe(`Database id ${id}`);
  await page.getByTestId('editor').waitFor();
  await expect.poll(async () => (await editStatus())['edits']).toBe('5');
  expect(await onScreen()).toEqual(edited);
  expect(await page.getByTestId('edit-status').textContent()).toContain('5 unsaved edits');
}

beforeAll(async () => {
  page = studio.page;
  page.on('dialog', (d) => {
    dialogs.push(d.type());
    void (d.type() === 'beforeunload' && unload === 'accept' ? d.accept() : d.dismiss());
  });
  apsis = await studio.ctx.finishedRun({ game: 'apsis', seed: 11, levels: 12 });
});
afterAll(() => {
  expect(pageErrors).toEqual([]);
});

/** The automatic order's candidate at level k (1-based). */
async function shipped(k: number): Promise<number> {
  const auto = await studio.api.call('orderings.get', { runId: apsis.id, kind: 'automatic' });
  return auto.levels[k - 1]!.candidateId!;
}

describe('unsaved edits are kept as drafts', () => {
  it('survive `.` then `,`, and the side bar lists them', async () => {
    const id = await shipped(10);
    await editCandidate(id);
    const edited = await fiveEdits();
    await page.keyboard.press('.');
    await expect.poll(shownId).not.toBe(`Database id ${id}`);
    // The next candidate opens with nothing of the last one's edits.
    await page.getByTestId('editor').waitFor();
    expect((await editStatus())['edits']).toBe('0');
    await page.getByTestId('edit-board').focus();
    await page.keyboard.press(',');
    await restored(id, edited);
    // Listed in the side bar, by the studio's name for it, with its count.
    const c = await studio.api.call('candidates.get', { candidateId: id });
    await expect.poll(() => page.getByTestId('draft').count()).toBe(1);
    expect(await page.getByTestId('draft').textContent()).toContain(
      `${candidateName(c.slot, c.index)} · run ${apsis.id} · 5 edits`,
    );
  });

  it('survive the filmstrip there and back', async () => {
    const id = await shipped(10);
    await editCandidate(id);
    const edited = await fiveEdits();
    await page.locator('[data-strip-level="11"]').click();
    await expect.poll(shownId).toBe(`Database id ${await shipped(11)}`);
    await page.locator('[data-strip-level="10"]').click();
    await restored(id, edited);
  });

  it('survive a page switch there and back, and the drafts list opens them again', async () => {
    const id = await shipped(9);
    await editCandidate(id);
    // With nothing unsaved, the level comes back as stored (and can still be saved to its run).
    await page.keyboard.press('Alt+2');
    await page.getByTestId('pool-grid').waitFor();
    await page.keyboard.press('Alt+3');
    await page.getByTestId('editor').waitFor();
    await expect.poll(async () => (await editStatus())['edits']).toBe('0');
    await expect.poll(() => page.getByTestId('edit-save').isEnabled()).toBe(true);
    await page.getByTestId('edit-board').focus();
    const edited = await fiveEdits();
    await page.keyboard.press('Alt+2');
    await page.getByTestId('pool-grid').waitFor();
    await page.keyboard.press('Alt+3');
    await restored(id, edited);
    // From another page, the side bar's draft opens the level in edit mode with its edits.
    await page.keyboard.press('Alt+1');
    await page.getByTestId(`draft`).first().click();
    await restored(id, edited);
  });

  it('closing or reloading the page with unsaved edits asks first; with none it does not', async () => {
    const id = await shipped(8);
    await editCandidate(id);
    const asks = (): Promise<boolean> =>
      page.evaluate(() => {
        const e = new Event('beforeunload', { cancelable: true });
        window.dispatchEvent(e);
        return e.defaultPrevented;
      });
    expect(await asks()).toBe(false);
    const edited = await fiveEdits();
    expect(await asks()).toBe(true);
    // The browser's own question: answered "stay", the page stays with its edits.
    dialogs.length = 0;
    unload = 'dismiss';
    // A reload the page itself starts (headless Chromium asks on those; Playwright's own close does not).
    await page.evaluate(() => location.reload()).catch(() => undefined);
    await expect.poll(() => dialogs).toEqual(['beforeunload']);
    unload = 'accept';
    await restored(id, edited);
  });
});

describe('saving', () => {
  it('Ctrl+S twice adds one candidate; the second says nothing changed; the header names the saved candidate', async () => {
    const id = await shipped(7);
    await editCandidate(id);
    const source = await studio.api.call('candidates.get', { candidateId: id });
    const before = (await studio.api.call('candidates.list', { runId: apsis.id, limit: 1 })).total;
    await page.keyboard.press('j');
    await page.keyboard.press('h');
    await expect.poll(async () => (await editStatus())['edits']).toBe('1');
    await page.keyboard.press('Control+s');
    await page.getByTestId('edit-saved').waitFor();
    const savedId = Number(await page.getByTestId('edit-saved').getAttribute('data-candidate'));
    // Again, with no edit: it says so (or, as it used to, saves another copy), and then counts.
    await page.keyboard.press('Control+s');
    await expect
      .poll(async () => {
        const said = (await page.getByTestId('edit-message').count()) > 0;
        const again = await page.getByTestId('edit-saved').getAttribute('data-candidate');
        return said || again !== String(savedId);
      })
      .toBe(true);
    expect((await studio.api.call('candidates.list', { runId: apsis.id, limit: 1 })).total).toBe(before + 1);
    const saved = await studio.api.call('candidates.get', { candidateId: savedId });
    const name = candidateName(saved.slot, saved.index);
    expect(await page.getByTestId('edit-message').textContent()).toBe(
      `Nothing to save: nothing changed since it was saved as ${name}`,
    );
    // The header and the note name the saved candidate as the studio does, not the source or an id.
    expect(await page.getByTestId('edit-saved-name').textContent()).toBe(name);
    expect(await page.getByTestId('level-label').textContent()).toBe(
      `apsis/run ${apsis.id}/seed ${apsis.seed}/${name}`,
    );
    expect(await page.getByTestId('level-label').textContent()).not.toContain(
      candidateName(source.slot, source.index),
    );
  });

  it('after a save the curation bar acts on the candidate just saved, and says so in its header', async () => {
    const id = await shipped(8);
    await editCandidate(id);
    const source = await studio.api.call('candidates.get', { candidateId: id });
    await page.keyboard.press('j');
    await page.keyboard.press('h');
    await page.keyboard.press('Control+s');
    await page.getByTestId('edit-saved').waitFor();
    const savedId = Number(await page.getByTestId('edit-saved').getAttribute('data-candidate'));
    const saved = await studio.api.call('candidates.get', { candidateId: savedId });
    // The header names the saved candidate, and the one it was edited from.
    await expect
      .poll(() => page.getByTestId('inspector-candidate').textContent())
      .toBe(candidateName(saved.slot, saved.index));
    expect(await page.getByTestId('insp-saved-from').textContent()).toBe(
      `just saved, from ${candidateName(source.slot, source.index)}`,
    );
    await page.getByTestId('insp-approve').click();
    await expect
      .poll(async () => (await studio.api.call('candidates.get', { candidateId: savedId })).verdict)
      .toBe('approved');
    await page.getByTestId('insp-note').click();
    await page.keyboard.type('kept the turn');
    await page.keyboard.press('Enter');
    await expect
      .poll(async () => (await studio.api.call('candidates.get', { candidateId: savedId })).note)
      .toBe('kept the turn');
    // The candidate it was edited from is as it was.
    const after = await studio.api.call('candidates.get', { candidateId: id });
    expect([after.verdict, after.note]).toEqual([source.verdict, source.note]);
    // `.` goes on from the candidate edited from (the saved one sits at the pool's end).
    const pool = await studio.api.call('candidates.list', {
      runId: apsis.id,
      slot: source.slot,
      limit: 200,
      withLevels: false,
    });
    const k = pool.items.findIndex((r) => r.id === id);
    const next = pool.items.slice(k + 1).find((r) => r.failure === null);
    if (next) {
      await page.getByTestId('edit-board').focus();
      await page.keyboard.press('.');
      await expect.poll(shownId).toBe(`Database id ${next.id}`);
    }
  });

  it('a level edited back to where it was saves nothing', async () => {
    const id = await shipped(6);
    await editCandidate(id);
    const before = (await studio.api.call('candidates.list', { runId: apsis.id, limit: 1 })).total;
    // Six turns of the heading bring it round to where it was: six edits, the same level.
    await page.keyboard.press('j');
    for (let k = 0; k < 6; k++) await page.keyboard.press('h');
    await expect.poll(async () => (await editStatus())['edits']).toBe('6');
    await page.keyboard.press('Control+s');
    await expect
      .poll(() => page.getByTestId('edit-message').textContent())
      .toBe('Nothing to save: nothing changed since the level was opened');
    expect((await studio.api.call('candidates.list', { runId: apsis.id, limit: 1 })).total).toBe(before);
  });
});

describe('Ctrl+Z in edit mode', () => {
  it("with no edit, leaves the run's history (a verdict set elsewhere) untouched and says so", async () => {
    const other = await shipped(3);
    await studio.api.call('candidates.setVerdict', { candidateIds: [other], verdict: 'approved' });
    const last = (await studio.api.call('history.list', { runId: apsis.id, limit: 1 })).undo;
    expect(last?.label).toMatch(/^Approved/);
    await editCandidate(await shipped(4));
    await page.keyboard.press('Control+z');
    await expect
      .poll(() => page.getByTestId('edit-message').textContent())
      .toBe('Nothing to undo in the editor');
    expect((await studio.api.call('history.list', { runId: apsis.id, limit: 1 })).undo?.id).toBe(last?.id);
    expect((await studio.api.call('candidates.get', { candidateId: other })).verdict).toBe('approved');
    // Ctrl+Y too is the editor's.
    await page.keyboard.press('Control+y');
    await expect
      .poll(() => page.getByTestId('edit-message').textContent())
      .toBe('Nothing to redo in the editor');
  });
});
