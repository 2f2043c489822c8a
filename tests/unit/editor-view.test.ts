/**
 * The editor's view model (src-renderer/src/editor/editor-view.svelte.ts), without a stage or a
 * worker: edits and their history, the drag (one edit per drop, the grab offset kept, the
 * explanation back after a click), the proofs (drags skip the explanation), the save (its
 * reply becomes the run's history, the unsaved edits start over) and undo reaching the run's
 * history once the unsaved edits are used up (a save undone from here is redone as the same
 * candidate).
 */
import { describe, expect, it } from 'vitest';
import type { StudioClient } from '../../src-shared/api';
import type { AnyGame } from '../../src-shared/games/index';
import type { HistoryEntry } from '../../src-shared/history';
import type { LevelProof } from '../../src-shared/proof';
import { EditHistory } from '../../src-renderer/src/editor/edit-history';
import type { EditInfo, EditSession, SaveTarget } from '../../src-renderer/src/editor/edit-view';
import { EditorView, type SavedAs } from '../../src-renderer/src/editor/editor-view.svelte';
import type { ProveRequest } from '../../src-renderer/src/editor/prove-protocol';

/** A level of dots on a grid of whole units (the drag snaps to it, as a game's edit does). */
type Dots = { x: number; y: number }[];

const session: EditSession<Dots> = {
  count: (l) => l.length,
  name: (i) => `dot ${i}`,
  build: () => {
    throw new Error('no stage in a unit test');
  },
  dragTo: (l, i, to, grid) => {
    if (to.x < 0) throw new Error('a dot cannot leave the board');
    const g = grid ?? 1;
    return l.map((d, k) => (k === i ? { x: Math.round(to.x / g) * g, y: Math.round(to.y / g) * g } : d));
  },
  moveGroup: (l, ids, lead, to) => {
    const dx = Math.round(to.x) - l[lead]!.x,
      dy = Math.round(to.y) - l[lead]!.y;
    return l.map((d, k) => (ids.includes(k) ? { x: d.x + dx, y: d.y + dy } : d));
  },
  copy: (l, i) => ({ ...l[i]! }),
  paste: (l, items, steps) => [
    ...l,
    ...(items as { x: number; y: number }[]).map((d) => ({ x: d.x + steps * 100, y: d.y })),
  ],
  nudge: (l, i, dx, dy, big) =>
    l.map((d, k) => (k === i ? { x: d.x + dx * (big ? 10 : 1), y: d.y + dy } : d)),
  remove: (l, i) => l.filter((_, k) => k !== i),
  add: (l, at) => [...l, at ?? { x: 9, y: 9 }],
  key: (l, key, sel) =>
    key === 'M' && sel.length > 0
      ? { level: l.map((d, k) => (sel.includes(k) ? { x: -d.x, y: d.y } : d)), label: `mirror ${sel.length}` }
      : null,
};

const info: EditInfo = {
  toggles: [{ id: 'heat', key: 'H', label: 'Heat' }],
  keys: [{ key: 'M', label: 'mirror', needsSelection: true }],
  boardHelp: 'dots',
  grid: { steps: [5, 10], step: 5, unit: ' units' },
};

const game = {
  id: 'dots',
  title: 'Dots',
  words: { element: 'dot', elements: 'dots' },
  metrics: [
    { key: 'moves', label: 'Moves', integer: true },
    { key: 'spread', label: 'Spread' },
  ],
} as unknown as AnyGame;

const proof = (ok: boolean): LevelProof =>
  ({ ok, metrics: { moves: 3.2, spread: 1.234 }, violations: [], solution: null }) as unknown as LevelProof;

const entry = (id: number, label: string): HistoryEntry => ({
  id,
  runId: 4,
  kind: 'edit',
  label,
  scope: 'L2',
  rows: 1,
  createdAt: '',
  undone: false,
});

interface Call {
  method: string;
  args: unknown;
}

function setup(
  opts: {
    target?: SaveTarget | null;
    replies?: Record<string, (args: unknown) => unknown>;
    /** The level's clipboard key (another key: another level of the game). */
    key?: string;
    grid?: number | null;
  } = {},
) {
  const start: Dots = [
    { x: 1, y: 1 },
    { x: 5, y: 5 },
  ];
  const history = new EditHistory<Dots>(start);
  const calls: Call[] = [];
  const reports: string[] = [];
  const changes: Dots[] = [];
  const saves: (SavedAs | null)[] = [];
  const requests: Omit<ProveRequest, 'id'>[] = [];
  const replies = opts.replies ?? {};
  const client = {
    call: async (method: string, args: unknown) => {
      calls.push({ method, args });
      const r = replies[method];
      if (!r) throw new Error(`no reply for ${method}`);
      return r(args);
    },
  } as unknown as Pick<StudioClient, 'call'>;
  const target =
    opts.target === undefined ? { runId: 4, slot: 1, from: 12, plan: { levels: 3 } } : opts.target;
  // One object, as the shell's `place` prop is until the plan changes.
  const place = { plan: { levels: 3 }, slot: 1 };
  const vm = new EditorView<Dots>({
    game,
    info,
    session,
    history,
    target: () => target,
    place: () => place,
    rules: () => ({ size: 7 }),
    client,
    report: (title) => reports.push(title),
    onchange: (l) => changes.push(l),
    onsaved: (s) => saves.push(s),
    levelKey: () => opts.key ?? 'dots L2 · c12',
    grid: () => opts.grid ?? null,
  });
  vm.attach({
    request: (r) => requests.push(r),
    get busy() {
      return false;
    },
  });
  return { vm, history, calls, reports, changes, requests, start, saves };
}

describe('edits and their history', () => {
  it('an edit is one step with its label; undo and redo walk it and say what they did', () => {
    const { vm, changes } = setup();
    vm.selected = 1;
    vm.nudge(1, 0, true);
    expect(vm.current[1]).toEqual({ x: 15, y: 5 });
    expect(vm.undoCount).toBe(1);
    expect(changes).toHaveLength(1);
    vm.undo();
    expect(vm.current[1]).toEqual({ x: 5, y: 5 });
    expect(vm.message).toBe('Undone: nudge dot 1');
    expect([vm.undoCount, vm.redoCount]).toEqual([0, 1]);
    vm.redo();
    expect(vm.message).toBe('Redone: nudge dot 1');
    expect(vm.current[1]).toEqual({ x: 15, y: 5 });
  });

  it('an edit, an undo and a redo go to the proof worker the moment they land (issue 26), each once', () => {
    const { vm, requests } = setup();
    requests.length = 0;
    vm.selected = 1;
    // No effect, frame or timer runs between the edit and its request: it is asked for synchronously.
    vm.nudge(1, 0, false);
    expect(requests.map((r) => r.level)).toEqual([vm.current]);
    // Asking again for the level already asked for (the shell's effect does) sends nothing more.
    vm.proveCurrent();
    expect(requests).toHaveLength(1);
    vm.undo();
    expect(requests.at(-1)!.level).toEqual(vm.current);
    vm.redo();
    expect(requests.at(-1)!.level).toEqual(vm.current);
    expect(requests).toHaveLength(3);
  });

  it('select wraps both ways and starts at the first (J) or the last (Shift+J)', () => {
    const { vm } = setup();
    vm.select(-1);
    expect(vm.selected).toBe(1);
    vm.select(1);
    expect(vm.selected).toBe(0);
    vm.selected = null;
    vm.select(1);
    expect(vm.selected).toBe(0);
  });

  it('add selects the new element; delete clears the selection; undoing an add drops a selection past the end', () => {
    const { vm, history } = setup();
    vm.add(null);
    expect(vm.count).toBe(3);
    expect(vm.selected).toBe(2);
    vm.undo();
    expect(vm.count).toBe(2);
    expect(vm.selected).toBeNull();
    vm.selected = 0;
    vm.remove();
    expect(vm.current).toEqual([{ x: 5, y: 5 }]);
    expect(vm.selected).toBeNull();
    expect(history.undoLabel).toBe('delete dot 0');
  });

  it('a game key needs a selection when it says so, and a failing edit leaves a sentence and changes nothing', () => {
    const { vm } = setup();
    expect(vm.blocked().key?.('M')).toBe('select a dot first (J)');
    vm.selected = 0;
    expect(vm.blocked().key?.('M')).toBeNull();
    vm.gameKey('M', false);
    expect(vm.current[0]).toEqual({ x: -1, y: 1 });
    expect(vm.current[1]).toEqual({ x: 5, y: 5 });
    vm.grab(0, { x: -1, y: 1 }, { x: -1, y: 1 });
    vm.dragTo({ x: -3, y: 1 });
    expect(vm.message).toBe('a dot cannot leave the board');
    expect(vm.undoCount).toBe(1);
  });
});

describe('the drag', () => {
  it('keeps the grab offset, follows the pointer live and commits one edit on the drop', () => {
    const { vm, changes, history } = setup();
    // Grabbed 0.4 left of the centre: the centre stays 0.4 right of the pointer.
    vm.grab(1, { x: 4.6, y: 5 }, { x: 5, y: 5 });
    expect(vm.selected).toBe(1);
    expect(vm.dragging).toBe(1);
    vm.dragTo({ x: 6.6, y: 7 });
    expect(vm.current[1]).toEqual({ x: 7, y: 7 });
    vm.dragTo({ x: 7.6, y: 8 });
    expect(vm.current[1]).toEqual({ x: 8, y: 8 });
    // Live moves are not edits yet.
    expect(vm.undoCount).toBe(0);
    expect(changes).toHaveLength(0);
    vm.drop();
    expect(vm.dragging).toBeNull();
    expect(vm.undoCount).toBe(1);
    expect(history.undoLabel).toBe('move dot 1');
    expect(changes).toEqual([vm.current]);
    vm.undo();
    expect(vm.current[1]).toEqual({ x: 5, y: 5 });
  });

  it('a click without a move records nothing and asks for the explanation the drag skipped', () => {
    const { vm, requests } = setup();
    requests.length = 0;
    vm.grab(0, { x: 1, y: 1 }, { x: 1, y: 1 });
    vm.dragTo({ x: 1.2, y: 0.9 });
    vm.drop();
    expect(vm.undoCount).toBe(0);
    expect(requests).toHaveLength(1);
    expect(requests[0]!.explain).toBe(true);
  });

  it('during a drag proofs skip the explanation, unless an overlay shows it', () => {
    const { vm, requests } = setup();
    vm.grab(0, null, { x: 1, y: 1 });
    vm.proveCurrent();
    expect(requests.at(-1)!.explain).toBe(false);
    vm.overlays['heat'] = true;
    vm.proveCurrent();
    expect(requests.at(-1)!.explain).toBe(true);
    vm.drop();
  });
});

describe('proofs', () => {
  it('asks for the level with the rules, plan and slot it stands in', () => {
    const { requests } = setup();
    expect(requests[0]).toEqual({
      game: 'dots',
      level: [
        { x: 1, y: 1 },
        { x: 5, y: 5 },
      ],
      rules: { size: 7 },
      plan: { levels: 3 },
      slot: 1,
      explain: true,
    });
  });

  it('shows a proof, keeps the last explanation when one comes without, and shows a worker error', () => {
    const { vm } = setup();
    const explanation = { line: 'hard', parts: [], total: 2, perElement: { 1: { depth: 3 } } };
    vm.received({
      id: 1,
      proof: proof(true),
      explanation: explanation as never,
      error: null,
      workMs: 4,
      latencyMs: 6,
    });
    expect(vm.proofs).toBe(1);
    expect(vm.metricRows).toEqual([
      ['moves', 'Moves', '3'],
      ['spread', 'Spread', '1.23'],
    ]);
    vm.selected = 1;
    expect(vm.selectedFigures).toEqual([['depth', 3]]);
    vm.received({ id: 2, proof: proof(false), explanation: null, error: null, workMs: 1, latencyMs: 1 });
    expect(vm.explanation).toBe(explanation);
    expect(vm.proof?.ok).toBe(false);
    vm.received({
      id: 3,
      proof: null,
      explanation: null,
      error: 'the proof worker failed: boom',
      workMs: 0,
      latencyMs: 0,
    });
    expect(vm.proveError).toBe('the proof worker failed: boom');
    expect(vm.proof?.ok).toBe(false);
  });
});

describe('saving and the run history', () => {
  const saveReply = {
    candidateId: 31,
    name: 'L2 · c31',
    existing: false,
    draft: false,
    undo: entry(7, 'Saved L2 · c31'),
    redo: null,
  };
  const savedAs = { candidateId: 31, name: 'L2 · c31', draft: false, existing: false };

  it('cannot save before a proof, or with no run to save to', () => {
    expect(setup().vm.saveWhy).toBe('the level is not proved yet');
    expect(setup({ target: null }).vm.saveWhy).toMatch(/^this level belongs to no run/);
  });

  it('saves the level on screen to the run and slot it came from; the unsaved edits start over from it', async () => {
    const { vm, calls, history } = setup({ replies: { 'candidates.saveEdited': () => saveReply } });
    vm.received({ id: 1, proof: proof(true), explanation: null, error: null, workMs: 0, latencyMs: 0 });
    vm.selected = 0;
    vm.nudge(1, 0, false);
    expect(vm.saveWhy).toBeNull();
    await vm.save();
    expect(calls).toEqual([
      {
        method: 'candidates.saveEdited',
        args: {
          runId: 4,
          slot: 1,
          from: 12,
          level: [
            { x: 2, y: 1 },
            { x: 5, y: 5 },
          ],
        },
      },
    ]);
    expect(vm.saved).toEqual(savedAs);
    expect([vm.undoCount, vm.redoCount, history.undoCount]).toEqual([0, 0, 0]);
    expect(history.level).toEqual(vm.current);
    // Right after the save, Ctrl+Z undoes the save itself, in the run's history.
    expect(vm.runUndoText).toBe("the run's last change: Saved L2 · c31");
    expect(vm.blocked().undo).toBeNull();
  });

  it('with nothing changed since the level was opened or saved, Ctrl+S saves nothing and says so', async () => {
    const { vm, calls, saves } = setup({ replies: { 'candidates.saveEdited': () => saveReply } });
    vm.received({ id: 1, proof: proof(true), explanation: null, error: null, workMs: 0, latencyMs: 0 });
    await vm.save();
    expect(calls).toEqual([]);
    expect(vm.message).toBe('Nothing to save: nothing changed since the level was opened');
    // An edit and its undo: the same level as opened.
    vm.selected = 0;
    vm.nudge(1, 0, false);
    vm.undo();
    await vm.save();
    expect(calls).toEqual([]);
    vm.nudge(1, 0, false);
    await vm.save();
    expect(calls).toHaveLength(1);
    expect(saves).toEqual([savedAs]);
    await vm.save();
    expect(calls).toHaveLength(1);
    expect(vm.message).toBe('Nothing to save: nothing changed since it was saved as L2 · c31');
  });

  it('a new level (from no candidate) saves even unedited; a level already in the pool names that candidate', async () => {
    const existing = { ...saveReply, candidateId: 9, name: 'L2 · c9', existing: true, undo: null };
    const { vm, calls, saves } = setup({
      target: { runId: 4, slot: 1, from: null, plan: {} },
      replies: { 'candidates.saveEdited': () => existing },
    });
    vm.received({ id: 1, proof: proof(true), explanation: null, error: null, workMs: 0, latencyMs: 0 });
    await vm.save();
    expect(calls).toHaveLength(1);
    expect(vm.saved).toEqual({ candidateId: 9, name: 'L2 · c9', draft: false, existing: true });
    expect(saves).toEqual([vm.saved]);
    expect(vm.message).toBe('Nothing new saved: this level is already in its pool as L2 · c9');
    // Nothing was stored: Ctrl+Z has no save of the run to undo.
    expect(vm.runUndoText).toBeNull();
    vm.undo();
    expect(vm.message).toBe('Nothing to undo in the editor');
    expect(calls).toHaveLength(1);
  });

  it('a save that fails is reported and leaves the edits unsaved', async () => {
    const { vm, reports } = setup();
    vm.received({ id: 1, proof: proof(true), explanation: null, error: null, workMs: 0, latencyMs: 0 });
    vm.selected = 0;
    vm.nudge(1, 0, false);
    await vm.save();
    expect(reports).toEqual(['Could not save the edited level']);
    expect(vm.undoCount).toBe(1);
    expect(vm.saved).toBeNull();
    expect(vm.saving).toBe(false);
  });

  it('undoing the save from the editor keeps the level on the board; redo brings the same candidate back', async () => {
    const row = { target: 'candidate', id: 31, field: 'row', before: {}, after: null };
    const { vm, calls, saves } = setup({
      replies: {
        'candidates.saveEdited': () => saveReply,
        'history.undo': () => ({
          runId: 4,
          undo: null,
          redo: entry(7, 'Saved L2 · c31'),
          entries: [],
          changes: [row],
          changed: 1,
        }),
        'history.redo': () => ({
          runId: 4,
          undo: entry(7, 'Saved L2 · c31'),
          redo: null,
          entries: [],
          changes: [row],
          changed: 1,
        }),
      },
    });
    vm.received({ id: 1, proof: proof(true), explanation: null, error: null, workMs: 0, latencyMs: 0 });
    vm.selected = 1;
    vm.nudge(0, 1, false);
    await vm.save();
    const level = vm.current;
    vm.undo();
    await new Promise((r) => setTimeout(r, 0));
    expect(calls.at(-1)).toEqual({ method: 'history.undo', args: { runId: 4 } });
    expect(vm.saved).toBeNull();
    expect(vm.current).toBe(level);
    expect(vm.message).toBe(
      "Undone in the run's history: Saved L2 · c31 — the level stays on the board; Save stores it again",
    );
    // The board is an unsaved edit again (of the level opened), so leaving it keeps it as a draft.
    expect(vm.undoCount).toBe(1);
    expect(vm.unchanged).toBe(false);
    expect(saves).toEqual([savedAs, null]);
    expect(vm.runRedoText).toBe("the run's change undone last: Saved L2 · c31");
    vm.redo();
    await new Promise((r) => setTimeout(r, 0));
    expect(vm.saved).toEqual(savedAs);
    expect(vm.undoCount).toBe(0);
    expect(saves).toEqual([savedAs, null, savedAs]);
    expect(vm.message).toBe("Redone in the run's history: Saved L2 · c31");
  });

  it("with no edit and no save, Ctrl+Z never reaches the run's history (another page's change): it says so", async () => {
    const { vm, calls } = setup({
      replies: { 'history.list': () => ({ undo: entry(3, 'Pinned L10 · c3 to level 11'), redo: null }) },
    });
    await vm.loadRunHistory(4);
    expect(vm.runUndoText).toBeNull();
    // Available (so the key is the editor's), and it says there is nothing to undo.
    expect(vm.blocked().undo).toBeNull();
    vm.undo();
    vm.redo();
    await new Promise((r) => setTimeout(r, 0));
    expect(calls.map((c) => c.method)).toEqual(['history.list']);
    expect(vm.message).toBe('Nothing to redo in the editor');
    vm.undo();
    expect(vm.message).toBe('Nothing to undo in the editor');
    const none = setup();
    await none.vm.loadRunHistory(4);
    expect(none.vm.runHistory).toBeNull();
  });
});

describe('several elements at once', () => {
  it('shift-click and a box select several; they move together as one edit and nudge and delete together', () => {
    const { vm, history } = setup();
    vm.add({ x: 20, y: 20 });
    vm.toggleSelect(0);
    expect(vm.selection).toEqual([2, 0]);
    expect(vm.selected).toBe(0);
    vm.toggleSelect(2);
    expect(vm.selection).toEqual([0]);
    // A box round dots 0 and 1 (corners in either order); Shift adds dot 2.
    vm.selectBox(
      [
        { x: 1, y: 1 },
        { x: 5, y: 5 },
        { x: 20, y: 20 },
      ],
      { x: 6, y: 6 },
      { x: 0, y: 0 },
      false,
    );
    expect(vm.selection).toEqual([0, 1]);
    vm.selectBox(
      [
        { x: 1, y: 1 },
        { x: 5, y: 5 },
        { x: 20, y: 20 },
      ],
      { x: 19, y: 19 },
      { x: 21, y: 21 },
      true,
    );
    expect(vm.selection).toEqual([0, 1, 2]);
    // Grabbing a selected dot drags them all (it becomes the primary).
    vm.grab(1, { x: 5, y: 5 }, { x: 5, y: 5 });
    expect(vm.selection).toEqual([0, 2, 1]);
    vm.dragTo({ x: 8, y: 6 });
    vm.drop();
    expect(vm.current).toEqual([
      { x: 4, y: 2 },
      { x: 8, y: 6 },
      { x: 23, y: 21 },
    ]);
    expect(history.undoLabel).toBe('move 3 dots');
    vm.nudge(1, 0, true);
    expect(vm.current.map((d) => d.x)).toEqual([14, 18, 33]);
    expect(history.undoLabel).toBe('nudge 3 dots');
    // Grabbing an unselected dot takes it alone.
    vm.selection = [0, 1];
    vm.grab(2, null, { x: 33, y: 21 });
    expect(vm.selection).toEqual([2]);
    vm.drop();
    vm.selection = [2, 0];
    vm.remove();
    expect(vm.current).toEqual([{ x: 18, y: 6 }]);
    expect(history.undoLabel).toBe('delete 2 dots');
    expect(vm.selection).toEqual([]);
    vm.selectAll();
    expect(vm.selection).toEqual([0]);
  });

  it('a game key acts on the whole selection as one edit', () => {
    const { vm, history } = setup();
    vm.selectAll();
    vm.gameKey('M', false);
    expect(vm.current).toEqual([
      { x: -1, y: 1 },
      { x: -5, y: 5 },
    ]);
    expect([vm.undoCount, history.undoLabel]).toEqual([1, 'mirror 2']);
  });

  it('a drag snaps to the grid when it is on', () => {
    const { vm } = setup({ grid: 5 });
    vm.grab(0, null, { x: 1, y: 1 });
    vm.dragTo({ x: 7.4, y: 13 });
    vm.drop();
    expect(vm.current[0]).toEqual({ x: 5, y: 15 });
  });

  it('copy and paste: into its own level a step off, selected; into another level of the game in place; never into another game', () => {
    const a = setup({ key: 'dots A' });
    a.vm.selection = [1, 0];
    a.vm.copy();
    expect(a.vm.message).toBe('Copied 2 dots');
    a.vm.paste();
    expect(a.vm.current.slice(2)).toEqual([
      { x: 101, y: 1 },
      { x: 105, y: 5 },
    ]);
    expect(a.vm.selection).toEqual([2, 3]);
    expect(a.history.undoLabel).toBe('paste 2 dots');
    a.vm.paste();
    expect(a.vm.current.slice(4).map((d) => d.x)).toEqual([201, 205]);
    // Another level of the same game: in place.
    const b = setup({ key: 'dots B' });
    b.vm.paste();
    expect(b.vm.current.slice(2)).toEqual([
      { x: 1, y: 1 },
      { x: 5, y: 5 },
    ]);
    // Cut: copied and deleted as one edit.
    b.vm.selection = [0];
    b.vm.copy(true);
    expect(b.vm.message).toBe('Cut dot 0');
    expect(b.vm.count).toBe(3);
    // A level of another game refuses, naming what is held.
    const other = setup({ key: 'rings A' });
    (other.vm as unknown as { deps: { game: AnyGame } }).deps.game = {
      ...game,
      id: 'rings',
      title: 'Rings',
    } as unknown as AnyGame;
    other.vm.paste();
    expect(other.vm.message).toBe(
      'Nothing pasted: the clipboard holds 1 Dots dot, which paste only into levels of their own game, not into Rings levels',
    );
    expect(other.vm.count).toBe(2);
  });
});
