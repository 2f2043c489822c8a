/**
 * The inspector's edit mode in Chromium against the real server and SQLite, over the BUILT
 * renderer: a Carillon dot dragged with the mouse into another dot's spacing shows the
 * violation drawn on the board and listed with its rule's plain name; dragged back, the level
 * holds again and is saved as a new candidate, approved, ordered and exported, and the CLI's
 * `verify` accepts the pack. An Apsis arrow turned with the keyboard so the level cannot be
 * cleared is marked, then undone. What the editor shows is checked against the shared
 * Game.prove computed here, independently of the renderer. Screenshots of edit mode and the
 * explanation overlays go to /tmp/shots/editor-ui/.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { CandidateDetail, OrderingView, RunSummary } from '../../src-shared/api';
import { refusal } from '../helpers/refusal';
import { useStudioInBrowser } from './chromium';
import { tempDir } from '../helpers/temp';
// The editor's debug hook type (declares window.__editor).
import type {} from '../../src-shared/editor-debug';
import {
  carillonGame,
  type CarillonLevel,
  type CarillonPlan,
  type CarillonRules,
} from '../../src-shared/games/carillon/index';
import {
  apsisGame,
  type ApsisLevel,
  type ApsisPlan,
  type ApsisRules,
} from '../../src-shared/games/apsis/index';
import { nudgeArrow, rotateHeading } from '../../src-shared/games/apsis/edit';
import { candidateName } from '../../src-shared/vocabulary';
import { deleteDot, nudgeDot, setDotColor, setDotSize } from '../../src-shared/games/carillon/edit';
import { cli } from '../helpers/cli';

const SHOTS = '/tmp/shots/editor-ui';
let page: Page;
const pageErrors: string[] = [];
const studio = useStudioInBrowser({ workers: 2, viewport: { width: 1440, height: 900 }, errors: pageErrors });
let carillon: RunSummary;
/** The Carillon level edited by the first test, saved by the second. */
let carillonEdit: { original: CandidateDetail; restored: CarillonLevel; auto: OrderingView } | null = null;
let apsis: RunSummary;
const tmp = tempDir();

async function shot(name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  for (const [w, h] of [
    [1440, 900],
    [1280, 720],
  ] as const) {
    await page.setViewportSize({ width: w, height: h });
    // The board refits on resize; let a frame pass.
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    await page.screenshot({ path: join(SHOTS, `${name}-${w}x${h}.png`) });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
  // The board refits to the window again: wait for it before the next pointer move.
  if (await page.evaluate(() => window.__editor !== undefined)) await boardSettled();
}

/** The editor's status data (edits, violations, proofs, selection). */
async function editStatus(): Promise<Record<string, string | undefined>> {
  return page.getByTestId('edit-status').evaluate((el) => ({ ...(el as HTMLElement).dataset }));
}

/** Open a stored candidate in the inspector: a card of the pool (double-click), then the inspector's jump to #id. */
async function openCandidate(run: RunSummary, id: number): Promise<void> {
  await page.keyboard.press('Alt+2');
  await page.getByTestId('run-picker').selectOption(String(run.id));
  await page.getByTestId('pool-grid').waitFor();
  await page.locator('[data-testid^="card-"][data-verdict]').first().dblclick();
  await page.getByTestId('inspector-head').waitFor();
  await page.getByTestId('insp-jump').fill(`#${id}`);
  await page.getByTestId('insp-jump').press('Enter');
  await expect
    .poll(() => page.locator('[data-testid="candidate-info"] span').first().getAttribute('title'))
    .toBe(`Database id ${id}`);
}

/** A fresh page with the candidate open in the inspector's edit mode and its first proof in. */
async function editCandidate(run: RunSummary, id: number): Promise<void> {
  await page.goto(studio.server.url);
  await page.getByTestId('new-run-form').waitFor();
  await openCandidate(run, id);
  await page.keyboard.press('e');
  await page.getByTestId('editor').waitFor();
  await proved(0);
}

/** Proofs the editor has received so far; wait for one more than `after` with nothing still out. */
async function proved(after: number): Promise<void> {
  await expect
    .poll(
      async () => {
        const s = await editStatus();
        return Number(s['proofs']) > after && s['proving'] === 'false';
      },
      { timeout: 15_000 },
    )
    .toBe(true);
}

/** Wait until the board stops moving on the page (the filmstrip and panels load after the board). */
async function boardSettled(): Promise<void> {
  let last = '';
  await expect
    .poll(
      async () => {
        const now = JSON.stringify(await page.evaluate(() => window.__editor?.centres() ?? []));
        const same = now === last && now !== '[]';
        last = now;
        return same;
      },
      { interval: 250, timeout: 15_000 },
    )
    .toBe(true);
}

/** Drag from one page point to another in steps, as a hand would. */
async function drag(from: { x: number; y: number }, to: { x: number; y: number }, steps = 12): Promise<void> {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  for (let k = 1; k <= steps; k++) {
    await page.mouse.move(from.x + ((to.x - from.x) * k) / steps, from.y + ((to.y - from.y) * k) / steps);
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(r)));
  }
  await page.mouse.up();
}

beforeAll(async () => {
  page = studio.page;
  [carillon, apsis] = await Promise.all([
    studio.ctx.finishedRun({ game: 'carillon', seed: 7, levels: 4 }),
    studio.ctx.finishedRun({ game: 'apsis', seed: 7, levels: 20 }),
  ]);
});
afterAll(async () => {
  tmp.cleanup();
});

describe('edit mode in Chromium', () => {
  it('Carillon: a dot dragged into another’s spacing shows the violation drawn and listed; dragged back, the level holds again', async () => {
    const run = await studio.api.call('runs.get', { runId: carillon.id });
    const rules = run.rules as CarillonRules;
    const auto = await studio.api.call('orderings.get', { runId: carillon.id, kind: 'automatic' });
    // The candidate the automatic order ships as the last level: edited, it replaces itself.
    const last = auto.levels[auto.levels.length - 1]!;
    const original = await studio.api.call('candidates.get', { candidateId: last.candidateId! });
    const level = original.level as CarillonLevel;

    await editCandidate(carillon, original.id);
    expect((await editStatus())['violations']).toBe('0');
    await boardSettled();

    // The closest pair of dots: drag dot a towards b until the edge-to-edge gap is 9 (< 14).
    let best = { a: 0, b: 1, d: Infinity };
    level.dots.forEach((p, a) =>
      level.dots.forEach((q, b) => {
        const d = Math.hypot(p.x - q.x, p.y - q.y);
        if (a !== b && d < best.d) best = { a, b, d };
      }),
    );
    const A = level.dots[best.a]!,
      B = level.dots[best.b]!;
    const want = rules.sizes[A.size].radius + rules.sizes[B.size].radius + rules.spacing - 5;
    const target = { x: B.x + ((A.x - B.x) / best.d) * want, y: B.y + ((A.y - B.y) / best.d) * want };
    const from = await page.evaluate((p) => window.__editor!.pageOf(p), { x: A.x, y: A.y });
    const to = await page.evaluate((p) => window.__editor!.pageOf(p), target);
    const before = Number((await editStatus())['proofs']);
    await drag(from, to);
    await proved(before);

    // The same proof the shared code gives for the level on screen.
    const edited = (await page.evaluate(() => window.__editor!.level())) as CarillonLevel;
    if (process.env['EDITOR_DEBUG'])
      console.log(
        JSON.stringify({
          A,
          B,
          best,
          target,
          from,
          to,
          got: edited.dots[best.a],
          frames: await page.evaluate(() => window.__editor!.dragFrames().length),
        }),
      );
    expect(edited.dots[best.a]).toMatchObject({ x: Math.round(target.x), y: Math.round(target.y) });
    const expected = carillonGame.prove(edited, rules, {
      plan: run.plan as CarillonPlan,
      slot: original.slot,
    });
    expect(expected.violations.some((v) => v.rule === 'spacing')).toBe(true);
    const listed = page.getByTestId('violation');
    await expect.poll(() => listed.count()).toBe(expected.violations.length);
    const spacing = page.locator('[data-testid="violation"][data-rule="spacing"]');
    await expect.poll(() => spacing.count()).toBeGreaterThan(0);
    const gap = expected.violations.find(
      (v) => v.rule === 'spacing' && v.elements.includes(best.a) && v.elements.includes(best.b),
    )!;
    expect(gap).toBeDefined();
    expect(await spacing.evaluateAll((els) => els.map((e) => e.getAttribute('data-elements')))).toContain(
      gap.elements.join(','),
    );
    expect(await spacing.first().textContent()).toContain(gap.name);
    // Drawn where it is: the gap between the two dots.
    expect((await page.evaluate(() => window.__editor!.drawn()))['violation-gap']).toBeGreaterThan(0);
    expect(await page.getByTestId('edit-banner').textContent()).toContain('Draft');
    expect((await editStatus())['edits']).toBe('1');
    await shot('carillon-edit-violation');

    // Dragged back onto its own spot (whole units): the level holds again.
    const home = { x: Math.round(A.x), y: Math.round(A.y) };
    const back = await page.evaluate((p) => window.__editor!.pageOf(p), home);
    const now = await page.evaluate((i) => window.__editor!.centres()[i]!, best.a);
    const before2 = Number((await editStatus())['proofs']);
    await drag({ x: now.x, y: now.y }, back);
    await proved(before2);
    const restored = (await page.evaluate(() => window.__editor!.level())) as CarillonLevel;
    expect(restored.dots[best.a]).toMatchObject(home);
    const reproof = carillonGame.prove(restored, rules, {
      plan: run.plan as CarillonPlan,
      slot: original.slot,
    });
    expect(reproof.violations).toEqual([]);
    await expect.poll(() => page.getByTestId('violation').count()).toBe(0);
    await expect.poll(() => page.getByTestId('edit-banner').textContent()).toContain('Holds');

    // The explanation overlays, for the screenshots: first-tap chances, then the reach graph.
    await page.keyboard.press('t');
    await page.getByTestId('edit-explanation').waitFor();
    await expect
      .poll(async () => (await page.evaluate(() => window.__editor!.drawn()))['win-ring'] ?? 0)
      .toBeGreaterThan(0);
    await shot('carillon-explain-chances');
    await page.keyboard.press('t');
    await page.keyboard.press('g');
    await expect
      .poll(async () => (await page.evaluate(() => window.__editor!.drawn()))['reach-edge'] ?? 0)
      .toBeGreaterThan(0);
    await shot('carillon-explain-graph');
    await page.keyboard.press('g');

    // Keyboard alone: add a dot (I), make it big (3), recolour it (K), nudge it (Shift+→ ×10,
    // ↓ ×1), select the one before (Shift+J) and delete it; each step is the shared edit
    // operation's result; then undo every step (Ctrl+Z), redo one (Ctrl+Shift+Z) and undo it.
    const onScreen = async (): Promise<CarillonLevel> =>
      (await page.evaluate(() => window.__editor!.level())) as CarillonLevel;
    const n = restored.dots.length;
    await page.keyboard.press('i');
    let expectLevel = await onScreen();
    expect(expectLevel.dots).toHaveLength(n + 1);
    expect((await editStatus())['selected']).toBe(String(n));
    const added = expectLevel.dots[n]!;
    await page.keyboard.press('3');
    expectLevel = setDotSize(expectLevel, n, 'big');
    await expect.poll(onScreen).toEqual(expectLevel);
    await page.keyboard.press('k');
    expectLevel = setDotColor(expectLevel, n, (added.color + 1) % rules.colors, rules);
    await expect.poll(onScreen).toEqual(expectLevel);
    await page.keyboard.press('Shift+ArrowRight');
    await page.keyboard.press('ArrowDown');
    expectLevel = nudgeDot(nudgeDot(expectLevel, n, 1, 0, true, rules), n, 0, 1, false, rules);
    await expect.poll(onScreen).toEqual(expectLevel);
    await page.keyboard.press('Shift+j');
    expect((await editStatus())['selected']).toBe(String(n - 1));
    await page.keyboard.press('Delete');
    expectLevel = deleteDot(expectLevel, n - 1);
    await expect.poll(onScreen).toEqual(expectLevel);
    const edits = Number((await editStatus())['edits']);
    for (let k = 0; k < 6; k++) await page.keyboard.press('Control+z');
    await expect.poll(async () => Number((await editStatus())['edits'])).toBe(edits - 6);
    expect((await onScreen()).dots).toEqual(restored.dots);
    await page.keyboard.press('Control+Shift+z');
    await expect.poll(async () => (await onScreen()).dots.length).toBe(n + 1);
    await page.keyboard.press('Control+z');
    await expect.poll(async () => (await onScreen()).dots).toEqual(restored.dots);
    expect(pageErrors).toEqual([]);
    carillonEdit = { original, restored, auto };
  });

  it('Carillon: the edited level saved as a new candidate is approved, ordered, exported and verified by the CLI', async () => {
    expect(carillonEdit).not.toBeNull();
    const { original, restored: back, auto } = carillonEdit!;
    // Dragged back where it was, the level is the candidate it came from: Ctrl+S saves nothing, and says so.
    await page.keyboard.press('Control+s');
    await expect
      .poll(() => page.getByTestId('edit-message').textContent())
      .toBe('Nothing to save: nothing changed since the level was opened');
    // Dot 0 recoloured (a note no rule reads), then saved as a new candidate (Ctrl+S): same pool, not a draft.
    const rules = (await studio.api.call('runs.get', { runId: carillon.id })).rules as CarillonRules;
    await page.keyboard.press('Escape');
    await page.keyboard.press('j');
    await page.keyboard.press('k');
    const restored = setDotColor(back, 0, (back.dots[0]!.color + 1) % rules.colors, rules);
    await expect
      .poll(async () => ((await page.evaluate(() => window.__editor!.level())) as CarillonLevel).dots)
      .toEqual(restored.dots);
    await page.keyboard.press('Control+s');
    await page.getByTestId('edit-saved').waitFor();
    const savedId = Number(await page.getByTestId('edit-saved').getAttribute('data-candidate'));
    expect(await page.getByTestId('edit-saved').getAttribute('data-draft')).toBe('false');
    const saved = await studio.api.call('candidates.get', { candidateId: savedId });
    expect(saved.runId).toBe(carillon.id);
    expect(saved.slot).toBe(original.slot);
    expect((saved.level as CarillonLevel).dots).toEqual(restored.dots);
    expect(saved).toMatchObject({ handEdited: true, draft: false, parentId: original.id });

    // Approve it (A in the inspector, on the saved candidate) and the automatic order's
    // candidates of the other slots; order the approved candidates; export; verify.
    await page.getByTestId('edit-open-saved').click();
    await expect
      .poll(() => page.getByTestId('candidate-edited').textContent())
      .toBe(`hand-edited from ${candidateName(original.slot, original.index)}`);
    await page.keyboard.press('e'); // back to play (edit mode stays on across levels)
    await page.getByTestId('inspector-status').waitFor();
    await page.keyboard.press('a');
    await expect
      .poll(async () => (await studio.api.call('candidates.get', { candidateId: savedId })).verdict)
      .toBe('approved');
    for (const l of auto.levels)
      if (l.slot !== original.slot)
        await studio.api.call('candidates.setVerdict', {
          candidateIds: [l.candidateId!],
          verdict: 'approved',
        });
    const approved = await studio.api.call('orderings.computeApproved', { runId: carillon.id });
    expect(approved.levels.map((l) => l.candidateId)).toContain(savedId);
    expect(approved.shortLevels).toEqual([]);
    const exported = await studio.api.call('packs.export', { runId: carillon.id, kind: 'approved' });
    const file = join(tmp.dir, 'carillon-edited.json');
    writeFileSync(file, exported.text);
    // The pack records the hand-edited level; verify treats it like any other.
    const pack = JSON.parse(exported.text) as {
      studio?: { handEdited?: { level: number; candidate: string; from: string | null }[] };
    };
    const at = approved.levels.find((l) => l.candidateId === savedId)!.level;
    expect(pack.studio?.handEdited).toEqual([
      {
        level: at,
        candidate: candidateName(saved.slot, saved.index),
        from: candidateName(original.slot, original.index),
      },
    ]);
    expect(existsSync(file)).toBe(true);
    const verified = cli('verify', file);
    expect(verified.status, `${verified.stdout}\n${verified.stderr}`).toBe(0);
    expect(verified.stdout + verified.stderr).toMatch(/all verified/);
    expect(pageErrors).toEqual([]);
  });

  it('Apsis: an arrow turned so the level cannot be cleared is marked, then undone', async () => {
    const run = await studio.api.call('runs.get', { runId: apsis.id });
    const rules = run.rules as ApsisRules;
    const list = await studio.api.call('candidates.list', { runId: apsis.id, limit: 2000, withLevels: true });
    // A candidate and an arrow whose heading, turned k steps, leaves the level uncleared.
    let pick: { c: (typeof list.items)[number]; arrow: number; steps: number } | null = null;
    for (const c of list.items.filter((x) => x.failure === null && x.slot >= 15)) {
      const level = c.level as ApsisLevel;
      for (let arrow = 0; arrow < level.arrows.length && !pick; arrow++) {
        for (let steps = 1; steps <= 5 && !pick; steps++) {
          const turned = rotateHeading(level, arrow, steps);
          const p = apsisGame.prove(turned, rules, { plan: run.plan as ApsisPlan, slot: c.slot });
          if (p.violations.some((v) => v.rule === 'clears')) pick = { c, arrow, steps };
        }
      }
      if (pick) break;
    }
    expect(pick).not.toBeNull();
    const { c, arrow, steps } = pick!;
    const level = c.level as ApsisLevel;

    await page.goto(studio.server.url);
    await page.getByTestId('new-run-form').waitFor();
    // Hovering a card in the pool browser shows its reads breakdown in one line (Game.explain).
    await page.keyboard.press('Alt+2');
    await page.getByTestId('run-picker').selectOption(String(apsis.id));
    const card = page.locator('[data-testid^="card-"][data-verdict]').first();
    await card.hover();
    const cardId = Number((await card.getAttribute('data-testid'))!.slice('card-'.length));
    const cardLevel = (await studio.api.call('candidates.get', { candidateId: cardId })).level as ApsisLevel;
    await expect.poll(() => card.getAttribute('title')).toBe(apsisGame.explain(cardLevel, rules).line);
    expect(await card.getAttribute('title')).toMatch(/^\d+ reads: round 1: /);

    // And in the plots: hovering a pool point adds its breakdown line to the hover line.
    await page
      .getByRole('navigation', { name: 'Studio' })
      .getByRole('button', { name: /^Plots/ })
      .click();
    await page.getByTestId('run-picker').selectOption(String(apsis.id));
    await page.getByTestId('plots-main-svg').waitFor();
    const point = page.locator(
      `[data-testid="plots-main-svg"] g.pool-points circle[data-candidate="${cardId}"]`,
    );
    await point.hover({ force: true });
    await expect
      .poll(() => page.getByTestId('plots-why').textContent())
      .toBe(`· ${apsisGame.explain(cardLevel, rules).line}`);

    await openCandidate(apsis, c.id);
    if ((await page.getByTestId('editor').count()) === 0) await page.keyboard.press('e');
    await page.getByTestId('editor').waitFor();
    await proved(0);
    expect((await editStatus())['violations']).toBe('0');
    await boardSettled();
    await shot('apsis-edit');

    // Arrow keys move the selected arrow round its orbit (→ clockwise, Shift ×10) and out (↑); the board follows.
    await page.keyboard.press('j');
    const before0 = (await page.evaluate(() => window.__editor!.centres()))[0]!;
    await page.keyboard.press('Shift+ArrowRight');
    await page.keyboard.press('ArrowUp');
    const moved = nudgeArrow(nudgeArrow(level, 0, 1, 0, true), 0, 0, 1, false);
    await expect.poll(() => page.evaluate(() => window.__editor!.level())).toEqual(moved);
    const after0 = (await page.evaluate(() => window.__editor!.centres()))[0]!;
    expect(Math.hypot(after0.x - before0.x, after0.y - before0.y)).toBeGreaterThan(5);
    await page.keyboard.press('Control+z');
    await page.keyboard.press('Control+z');
    await expect.poll(() => page.evaluate(() => window.__editor!.level())).toEqual(level);

    // Select the arrow with J (keyboard alone), turn its heading with H.
    for (let k = 0; k < arrow; k++) await page.keyboard.press('j');
    expect((await editStatus())['selected']).toBe(String(arrow));
    let n = Number((await editStatus())['proofs']);
    for (let k = 0; k < steps; k++) await page.keyboard.press('h');
    await proved(n);
    const turned = (await page.evaluate(() => window.__editor!.level())) as ApsisLevel;
    expect(turned).toEqual(rotateHeading(level, arrow, steps));
    const clears = page.locator('[data-testid="violation"][data-rule="clears"]');
    await expect.poll(() => clears.count()).toBe(1);
    const expected = apsisGame.prove(turned, rules, { plan: run.plan as ApsisPlan, slot: c.slot });
    expect(await clears.getAttribute('data-elements')).toBe(
      expected.violations.find((v) => v.rule === 'clears')!.elements.join(','),
    );
    expect((await page.evaluate(() => window.__editor!.drawn()))['violation-stuck']).toBeGreaterThan(0);
    expect(await page.getByTestId('edit-banner').textContent()).toContain('Draft');
    await shot('apsis-edit-stuck');

    // Undo every turn: the level as it was, clearable again.
    n = Number((await editStatus())['proofs']);
    for (let k = 0; k < steps; k++) await page.keyboard.press('Control+z');
    await proved(n);
    expect(await page.evaluate(() => window.__editor!.level())).toEqual(level);
    await expect.poll(() => clears.count()).toBe(0);
    expect((await editStatus())['edits']).toBe('0');

    // Redo the turns and save: a draft, clearly marked, that never ships.
    n = Number((await editStatus())['proofs']);
    for (let k = 0; k < steps; k++) await page.keyboard.press('Control+Shift+z');
    await proved(n);
    await expect.poll(() => clears.count()).toBe(1);
    await expect.poll(() => page.getByTestId('edit-save').textContent()).toContain('(draft)');
    await page.keyboard.press('Control+s');
    await page.getByTestId('edit-saved').waitFor();
    expect(await page.getByTestId('edit-saved').getAttribute('data-draft')).toBe('true');
    expect(await page.getByTestId('edit-saved').textContent()).toContain('never ships');
    const draftId = Number(await page.getByTestId('edit-saved').getAttribute('data-candidate'));
    expect(await studio.api.call('candidates.get', { candidateId: draftId })).toMatchObject({
      handEdited: true,
      draft: true,
      parentId: c.id,
    });
    // The saved draft starts a new history: turning the heading back (Shift+H) gives the level as it was.
    expect((await editStatus())['edits']).toBe('0');
    for (let k = 0; k < steps; k++) await page.keyboard.press('Shift+h');
    await expect.poll(() => page.evaluate(() => window.__editor!.level())).toEqual(level);
    await expect.poll(() => clears.count()).toBe(0);

    // The explanation overlays: blocking graph with the longest chain, rounds.
    await page.keyboard.press('g');
    await page.getByTestId('edit-explanation').waitFor();
    await expect
      .poll(async () => (await page.evaluate(() => window.__editor!.drawn()))['chain-edge'] ?? 0)
      .toBeGreaterThan(0);
    await page.keyboard.press('s');
    await shot('apsis-explain-graph-rounds');
    expect(pageErrors).toEqual([]);
  });
});

describe('new level in Chromium', () => {
  it('opens an empty board for a run’s slot in edit mode, proved against that slot, and saves it as a draft', async () => {
    const run = await studio.api.call('runs.get', { runId: carillon.id });
    await page.goto(studio.server.url);
    await page.getByTestId('new-run-form').waitFor();
    await page.keyboard.press('Alt+3');
    await page.getByTestId('new-level').first().click();
    await page.getByTestId('new-level-run').selectOption(String(carillon.id));
    await page.getByTestId('new-level-slot').fill('2');
    await page.getByTestId('new-level-slot').press('Enter');
    await page.getByTestId('editor').waitFor();
    await expect
      .poll(() => page.getByTestId('level-label').textContent())
      .toBe(`new level · run ${carillon.id} · L2`);
    await proved(0);
    expect(await page.evaluate(() => window.__editor!.level())).toMatchObject({ dots: [] });
    // Empty: the proof says what is missing, by the rule's plain name.
    const empty = carillonGame.prove(
      { taps: 0, tutorial: true, bits: 0, dots: [], solution: [] },
      run.rules as CarillonRules,
      { plan: run.plan as CarillonPlan, slot: 1 },
    );
    await expect.poll(() => page.getByTestId('violation').count()).toBe(empty.violations.length);
    expect(await page.getByTestId('violation').first().textContent()).toContain(empty.violations[0]!.name);
    // One big dot added by key; saved, it is a draft when a rule still breaks, or a candidate when none does.
    await page.keyboard.press('3');
    await page.keyboard.press('i');
    await expect
      .poll(async () => ((await page.evaluate(() => window.__editor!.level())) as CarillonLevel).dots.length)
      .toBe(1);
    const one = (await page.evaluate(() => window.__editor!.level())) as CarillonLevel;
    expect(one.dots[0]!.size).toBe('big');
    const proof = carillonGame.prove(one, run.rules as CarillonRules, {
      plan: run.plan as CarillonPlan,
      slot: 1,
    });
    await expect.poll(() => page.getByTestId('violation').count()).toBe(proof.violations.length);
    await page.keyboard.press('Control+s');
    await page.getByTestId('edit-saved').waitFor();
    const id = Number(await page.getByTestId('edit-saved').getAttribute('data-candidate'));
    expect(await studio.api.call('candidates.get', { candidateId: id })).toMatchObject({
      runId: carillon.id,
      slot: 1,
      handEdited: true,
      parentId: null,
      draft: !proof.ok,
    });
    await shot('carillon-new-level');
    expect(pageErrors).toEqual([]);
  });
});

describe('Ctrl+Z after a save in Chromium', () => {
  it('undoes the unsaved edits first, then the save in the run’s history (saying so before and after); Ctrl+Shift+Z brings the same candidate back', async () => {
    const auto = await studio.api.call('orderings.get', { runId: carillon.id, kind: 'automatic' });
    const original = await studio.api.call('candidates.get', { candidateId: auto.levels[0]!.candidateId! });
    await editCandidate(carillon, original.id);
    // One edit: the first dot nudged right. Ctrl+Z here would undo only that edit.
    await page.keyboard.press('j');
    await page.keyboard.press('ArrowRight');
    await expect.poll(async () => (await editStatus())['edits']).toBe('1');
    const edited = (await page.evaluate(() => window.__editor!.level())) as CarillonLevel;
    await page.keyboard.press('Control+s');
    await page.getByTestId('edit-saved').waitFor();
    const id = Number(await page.getByTestId('edit-saved').getAttribute('data-candidate'));
    const saved = await studio.api.call('candidates.get', { candidateId: id });
    const label = (await studio.api.call('history.list', { runId: carillon.id, limit: 1 })).undo!.label;
    expect(label).toBe(
      `Saved ${candidateName(saved.slot, saved.index)}, edited from ${candidateName(original.slot, original.index)}`,
    );
    // No unsaved edit left: the editor says what Ctrl+Z undoes now, and so does the Undo button.
    expect((await editStatus())['edits']).toBe('0');
    await expect
      .poll(() => page.getByTestId('edit-run-undo').textContent())
      .toMatch(new RegExp(`undoes the run's last change: ${label}$`));
    expect(await page.getByTestId('edit-undo').isEnabled()).toBe(true);
    expect(await page.getByTestId('edit-undo').getAttribute('title')).toContain(
      `Undo the run's last change: ${label}`,
    );
    await shot('carillon-ctrl-z-undoes-the-save');

    await page.keyboard.press('Control+z');
    await expect
      .poll(() => page.getByTestId('edit-message').textContent())
      .toBe(`Undone in the run's history: ${label} — the level stays on the board; Save stores it again`);
    expect((await refusal(studio.api.call('candidates.get', { candidateId: id }))).code).toBe('not-found');
    expect((await studio.api.call('history.list', { runId: carillon.id, limit: 1 })).redo?.label).toBe(label);
    expect(await page.getByTestId('edit-saved').count()).toBe(0);
    expect(await page.evaluate(() => window.__editor!.level())).toEqual(edited);

    await page.keyboard.press('Control+Shift+z');
    await expect
      .poll(() => page.getByTestId('edit-message').textContent())
      .toBe(`Redone in the run's history: ${label}`);
    expect(await studio.api.call('candidates.get', { candidateId: id })).toMatchObject({
      id,
      handEdited: true,
      parentId: original.id,
    });
    expect(await page.getByTestId('edit-saved').getAttribute('data-candidate')).toBe(String(id));

    // A new edit after that: Ctrl+Z takes the edit back first and leaves the save alone.
    await page.keyboard.press('ArrowLeft');
    await expect.poll(async () => (await editStatus())['edits']).toBe('1');
    await page.keyboard.press('Control+z');
    await expect.poll(async () => (await editStatus())['edits']).toBe('0');
    expect(await studio.api.call('candidates.get', { candidateId: id })).toMatchObject({ id });
    expect(pageErrors).toEqual([]);
  });
});
