/**
 * The editor's view model (EditorShell.svelte draws it and wires the stage to it): the level
 * on screen and its history of unsaved edits (undo, redo; right after a save, the run's
 * history), the selection of one or several elements (./selection.ts) that move, nudge,
 * delete and take the game's keys and palette together (each as one edit), copy and paste (./clipboard.ts), the drag (a live level until the drop
 * commits it as one edit; snapped to the grid when it is on, ./snap.ts), the proofs the
 * worker sends back, and "Save as new candidate" (nothing when nothing changed; a level
 * already in the pool names that candidate). It never touches Konva or the DOM: the shell
 * hands it level points and proof results, so every rule here is unit-tested
 * (tests/unit/editor-view.test.ts).
 */
import { tick } from 'svelte';
import type { StudioClient } from '../../../src-shared/api';
import type { AnyGame } from '../../../src-shared/games/index';
import type { HistoryEntry } from '../../../src-shared/history';
import type { Explanation, LevelProof } from '../../../src-shared/proof';
import { errorText } from '../lib/errors';
import type { EditorHandlers } from './bus.svelte';
import type { EditHistory } from './edit-history';
import type { EditInfo, EditSession, SaveTarget } from './edit-view';
import type { ProveRequest } from './prove-protocol';
import type { ProveResult } from './prove-queue';
import { clipboard } from './clipboard';
import {
  afterRemove,
  all,
  inBox,
  nameOf,
  primary,
  removalOrder,
  toggle,
  union,
  within,
  type Selection,
} from './selection';

type Point = { x: number; y: number };

/** What the editor needs from outside: the game's edit part, the API, and where its proofs go. */
export interface EditorDeps<Level> {
  game: AnyGame;
  info: EditInfo;
  session: EditSession<Level>;
  history: EditHistory<Level>;
  /** Where a save goes (null: the level belongs to no run). Read when needed: the page may change it. */
  target: () => SaveTarget | null;
  /** The plan and slot proofs check against (null until known: proofs wait). */
  place: () => { plan: unknown; slot: number } | null;
  /** The rules as stored with the run or pack. */
  rules: () => unknown;
  client: Pick<StudioClient, 'call'>;
  report: (title: string, e: unknown) => void;
  /** The level after every committed edit (the page plays it when switched back to play). */
  onchange?: (level: Level) => void;
  /** The candidate the board is stored as after a save (null: as opened, e.g. the save undone); the page's header names it. */
  onsaved?: (saved: SavedAs | null) => void;
  /** The level's key for the clipboard (a paste into the level copied from lands a step off). */
  levelKey: () => string;
  /** The grid step a drag snaps to, or null (the game's own whole units). */
  grid: () => number | null;
  /** Snap to the grid on or off; `step`: the grid's next step instead (the shell keeps the setting). */
  toggleGrid?: (step: boolean) => string;
}

/** The proof worker as the view model sees it (./prover.ts; a fake in tests). */
export interface ProofSink {
  request(req: Omit<ProveRequest, 'id'>): void;
  readonly busy: boolean;
}

/** A drag under way: the element, the grab offset (centre minus pointer), the level it started from. */
export interface Drag<Level> {
  i: number;
  /** Every element dragged (i among them): the selection when i was in it. */
  ids: readonly number[];
  dx: number;
  dy: number;
  from: Level;
  moved: boolean;
}

export interface SavedAs {
  candidateId: number;
  /** "L25 · c18", as the studio names candidates. */
  name: string;
  draft: boolean;
  /** The level was already in the pool as this candidate: nothing new was stored. */
  existing: boolean;
}

export class EditorView<Level> {
  /** The level on screen: the history's, or the live one during a drag. */
  current = $state.raw<Level>(undefined as Level);
  undoCount = $state(0);
  redoCount = $state(0);
  /** The selected elements, the primary (last clicked) last. */
  selection = $state.raw<Selection>([]);
  /** Elements of the violation pointed at in the panel. */
  focused = $state<readonly number[]>([]);
  overlays = $state<Record<string, boolean>>({ labels: true });
  proof = $state.raw<LevelProof | null>(null);
  explanation = $state.raw<Explanation | null>(null);
  proveError = $state<string | null>(null);
  proving = $state(false);
  proofs = $state(0);
  latencyMs = $state(0);
  workMs = $state(0);
  saving = $state(false);
  saved = $state<SavedAs | null>(null);
  /**
   * The run's history, once the unsaved edits are used up: Ctrl+Z then undoes the run's last
   * change (right after a save, the save itself) and Ctrl+Shift+Z redoes it, as in Pools.
   */
  runHistory = $state.raw<{ undo: HistoryEntry | null; redo: HistoryEntry | null } | null>(null);
  runBusy = $state(false);
  message = $state<string | null>(null);
  /** The element being dragged (drawn lifted), or null. */
  dragging = $state<number | null>(null);

  /** A save of this editor undone from here (redo brings the same candidate back), and where its history started. */
  private undoneSave: { saved: SavedAs; start: Level } | null = null;
  /** The history's start is a stored level (the candidate opened, or the level saved); null: as the target says. */
  private startStored: boolean | null = null;
  private drag: Drag<Level> | null = null;
  private prover: ProofSink | null = null;
  /** Waiting for the next proof to be on screen (the debug hook's nudgeAndWait), given the worker's time. */
  private onScreen: ((workMs: number) => void)[] = [];

  constructor(private readonly deps: EditorDeps<Level>) {
    this.current = deps.history.level;
    this.undoCount = deps.history.undoCount;
    this.redoCount = deps.history.redoCount;
  }

  get count(): number {
    return this.deps.session.count(this.current);
  }
  /** The primary selected element (the palette, the game keys and the figures act on it), or null. */
  get selected(): number | null {
    return primary(this.selection);
  }
  set selected(i: number | null) {
    this.selection = i === null ? [] : [i];
  }
  /** The grid step drags snap to now, or null (the grid is off). */
  get gridStep(): number | null {
    return this.deps.grid();
  }
  get anyOverlay(): boolean {
    return this.deps.info.toggles.some((t) => this.overlays[t.id]);
  }
  /** Right after a save (no edit since): Ctrl+Z reaches the run's history, which undoes the save. */
  private get justSaved(): boolean {
    return this.undoCount === 0 && this.saved !== null && !this.saved.existing;
  }
  /** What Ctrl+Z undoes in the run's history now (right after a save: the save), in words; null: the editor's own. */
  get runUndoText(): string | null {
    const u = this.runHistory?.undo;
    return this.justSaved && u ? `the run's last change: ${u.label}` : null;
  }
  /** Right after the save was undone: Ctrl+Shift+Z redoes it in the run's history. */
  get runRedoText(): string | null {
    const r = this.runHistory?.redo;
    return this.redoCount === 0 && this.undoneSave && r ? `the run's change undone last: ${r.label}` : null;
  }
  /** The level on screen is the level stored (as opened from a candidate, or as saved): a save would store nothing new. */
  get unchanged(): boolean {
    const stored = this.startStored ?? (this.deps.target()?.from ?? null) !== null;
    return stored && JSON.stringify(this.current) === JSON.stringify(this.deps.history.start);
  }
  /** Why the level cannot be saved now (null: it can). */
  get saveWhy(): string | null {
    if (!this.deps.target())
      return 'this level belongs to no run (open a candidate, or start a New level for a run)';
    if (this.saving) return 'saving…';
    return this.proof === null ? 'the level is not proved yet' : null;
  }

  // ---- proving ----

  /** The proof worker is up (the shell starts it on mount); the level on screen is proved at once. */
  attach(prover: ProofSink | null): void {
    this.prover = prover;
    this.asked = null;
    if (prover) this.requestProof(this.current, true);
  }
  /** The last level handed to the worker, so the shell's effect does not ask for it a second time. */
  private asked: { level: Level; explain: boolean; place: unknown } | null = null;
  /** Hand `level` to the proof worker (`again`: even when it was the last level asked for). */
  requestProof(level: Level, explain: boolean, again = false): void {
    const place = this.deps.place();
    if (!place || !this.prover) return;
    const a = this.asked;
    if (!again && a && a.level === level && a.explain === explain && a.place === place) return;
    this.asked = { level, explain, place };
    this.proving = true;
    this.prover.request({
      game: this.deps.game.id,
      level: $state.snapshot(level) as unknown,
      rules: $state.snapshot(this.deps.rules()) as unknown,
      plan: $state.snapshot(place.plan) as unknown,
      slot: place.slot,
      explain,
    });
  }
  /** Prove the level on screen: with the explanation unless a drag is under way (and no overlay needs it). */
  proveCurrent(again = false): void {
    this.requestProof(this.current, this.dragging === null || this.anyOverlay, again);
  }
  received(r: ProveResult): void {
    this.proofs++;
    this.latencyMs = r.latencyMs;
    this.workMs = r.workMs;
    this.proving = this.prover?.busy ?? false;
    if (r.error !== null) {
      this.proveError = r.error;
      return;
    }
    this.proveError = null;
    this.proof = r.proof;
    // A drag skips the explanation (unless an overlay shows it): the last one stays until the drop.
    if (r.explanation) this.explanation = r.explanation;
    if (this.onScreen.length > 0 && !this.prover?.busy) {
      // The panel shows this proof after Svelte's next update: answer there.
      const waiting = this.onScreen;
      this.onScreen = [];
      const w = r.workMs;
      void tick().then(() => waiting.forEach((f) => f(w)));
    }
  }
  /** Call `f` with the worker's time once the next proof settles on screen. */
  whenProved(f: (workMs: number) => void): void {
    this.onScreen.push(f);
  }

  // ---- edits ----

  private sync(): void {
    const h = this.deps.history;
    this.current = h.level;
    this.undoCount = h.undoCount;
    this.redoCount = h.redoCount;
  }
  commit(next: Level, what: string): void {
    if (this.deps.history.push(next, what)) {
      this.message = null;
      this.saved = null;
      this.undoneSave = null;
    }
    this.sync();
    this.selection = within(this.selection, this.count);
    // Proved the moment the edit lands (not when Svelte's update gets to the shell's effect);
    // always anew, so every committed edit (a drop too) has a proof of its own.
    this.proveCurrent(true);
    this.deps.onchange?.(this.current);
  }
  private attempt(f: () => { level: Level; label: string } | null): void {
    try {
      const r = f();
      if (r) this.commit(r.level, r.label);
    } catch (e) {
      this.message = errorText(e);
    }
  }
  /**
   * Ctrl+Z: the editor's own last edit; right after a save (nothing edited since), the save in
   * the run's history; else it says there is nothing to undo (it never reaches another page's change).
   */
  undo(): void {
    if (this.deps.history.undoCount === 0) {
      if (this.runUndoText !== null) void this.stepRun('undo');
      else this.message = 'Nothing to undo in the editor';
      return;
    }
    const what = this.deps.history.undo();
    if (what === null) return;
    this.sync();
    this.selection = within(this.selection, this.count);
    this.proveCurrent(true);
    this.message = `Undone: ${what}`;
    this.deps.onchange?.(this.current);
  }
  /** Ctrl+Shift+Z (Ctrl+Y): the editor's edit undone last; right after undoing the save, the save again. */
  redo(): void {
    if (this.deps.history.redoCount === 0) {
      if (this.runRedoText !== null) void this.stepRun('redo');
      else this.message = 'Nothing to redo in the editor';
      return;
    }
    const what = this.deps.history.redo();
    if (what === null) return;
    this.sync();
    this.proveCurrent(true);
    this.message = `Redone: ${what}`;
    this.deps.onchange?.(this.current);
  }
  private what(sel: Selection): string {
    return nameOf(sel, this.deps.session.name, this.deps.game.words.elements);
  }
  /** Delete every selected element (one edit). */
  remove(): void {
    const sel = this.selection;
    if (sel.length === 0) return;
    const s = this.deps.session;
    this.attempt(() => ({
      level: removalOrder(sel).reduce((l, i) => s.remove(l, i), this.current),
      label: `delete ${this.what(sel)}`,
    }));
    this.selection = afterRemove(sel, sel);
  }
  add(at: Point | null = null): void {
    const s = this.deps.session;
    this.attempt(() => ({ level: s.add(this.current, at), label: `add ${s.name(s.count(this.current))}` }));
    this.selected = this.count - 1;
  }
  /** Nudge every selected element the same step (one edit). */
  nudge(dx: number, dy: number, big: boolean): void {
    const sel = this.selection;
    if (sel.length === 0) return;
    const s = this.deps.session;
    this.attempt(() => ({
      level: sel.reduce((l, i) => s.nudge(l, i, dx, dy, big), this.current),
      label: `nudge ${this.what(sel)}`,
    }));
  }
  /** Select the element `step` away (wrapping), or the first (last) when none is selected. */
  select(step: number): void {
    const n = this.count;
    if (n === 0) return;
    const at = this.selected;
    this.selected = at === null ? (step > 0 ? 0 : n - 1) : (((at + step) % n) + n) % n;
  }
  /** Shift-click: element i joins the selection, or leaves it. */
  toggleSelect(i: number): void {
    this.selection = toggle(this.selection, i);
  }
  /** Box select: the elements whose centre (level units) lies between the two corners; `add` (Shift) keeps the selection too. */
  selectBox(centres: readonly Point[], a: Point, b: Point, add: boolean): void {
    const hit = inBox(centres, a, b);
    this.selection = add ? union(this.selection, hit) : hit;
  }
  selectAll(): void {
    this.selection = all(this.count);
  }

  // ---- clipboard ----

  /** Copy the selected elements (Ctrl+C); with `cut`, delete them too (Ctrl+X). */
  copy(cut = false): void {
    const sel = this.selection;
    if (sel.length === 0) return;
    const { game, session } = this.deps;
    const what = this.what([...sel].sort((a, b) => a - b));
    try {
      const items = [...sel].sort((a, b) => a - b).map((i) => session.copy(this.current, i));
      clipboard.copy(
        game.id,
        `${sel.length} ${game.title} ${sel.length === 1 ? game.words.element : game.words.elements}`,
        items,
        this.deps.levelKey(),
      );
    } catch (e) {
      this.message = errorText(e);
      return;
    }
    if (cut) {
      this.remove();
      this.message = `Cut ${what}`;
    } else this.message = `Copied ${what}`;
  }
  /** Paste what is copied (Ctrl+V): added at the end as one edit, selected, proved at once. */
  paste(): void {
    const { game, session } = this.deps;
    const p = clipboard.paste(game, this.deps.levelKey());
    if (typeof p === 'string') {
      this.message = `Nothing pasted: ${p}`;
      return;
    }
    const before = this.count;
    const n = p.items.length;
    this.attempt(() => ({
      level: session.paste(this.current, p.items, p.steps),
      label: `paste ${n} ${n === 1 ? game.words.element : game.words.elements}`,
    }));
    if (this.count > before)
      this.selection = Array.from({ length: this.count - before }, (_, k) => before + k);
  }
  gameKey(key: string, shift: boolean): void {
    this.attempt(() => this.deps.session.key(this.current, key, this.selection, shift));
  }

  // ---- drag ----

  /**
   * The pointer went down on element i (`pointer` and `centre` in level units): select it and
   * start a drag that keeps the grab offset, so the element does not jump to the pointer.
   */
  grab(i: number, pointer: Point | null, centre: Point): void {
    // On a selected element: the whole selection moves (i becomes the primary); else i alone.
    const sel = this.selection;
    this.selection = sel.includes(i) ? [...sel.filter((k) => k !== i), i] : [i];
    this.drag = {
      i,
      ids: this.selection,
      dx: pointer ? centre.x - pointer.x : 0,
      dy: pointer ? centre.y - pointer.y : 0,
      from: this.current,
      moved: false,
    };
    this.dragging = i;
  }
  get dragActive(): boolean {
    return this.drag !== null;
  }
  /** The pointer is at `pointer` (level units): the live level follows (snapped by the game's edit). */
  dragTo(pointer: Point): void {
    const d = this.drag;
    if (!d) return;
    try {
      const to = { x: pointer.x + d.dx, y: pointer.y + d.dy };
      const s = this.deps.session,
        grid = this.deps.grid();
      const next =
        d.ids.length > 1 ? s.moveGroup(d.from, d.ids, d.i, to, grid) : s.dragTo(d.from, d.i, to, grid);
      if (JSON.stringify(next) !== JSON.stringify(this.current)) {
        d.moved = true;
        this.current = next;
        this.proveCurrent();
      }
    } catch (e) {
      this.message = errorText(e);
    }
  }
  /** The pointer was released: a drag that moved is one edit ("move dot 3"); one that did not gets its explanation back. */
  drop(): void {
    const d = this.drag;
    if (!d) return;
    this.drag = null;
    this.dragging = null;
    if (d.moved) {
      const live = this.current;
      this.current = d.from;
      this.commit(live, `move ${this.what(d.ids)}`);
    } else {
      // No move: the explanation the drag skipped comes back.
      this.requestProof(this.current, true, true);
    }
  }

  // ---- the run's history and saving ----

  async loadRunHistory(runId: number): Promise<void> {
    try {
      const h = await this.deps.client.call('history.list', { runId, limit: 1 });
      if (this.deps.target()?.runId === runId) this.runHistory = { undo: h.undo, redo: h.redo };
    } catch {
      // An imported run (read-only) or a run gone: Ctrl+Z stays with the unsaved edits.
      this.runHistory = null;
    }
  }

  /** Undo or redo one change of the run's history (the unsaved edits are used up). */
  async stepRun(dir: 'undo' | 'redo'): Promise<void> {
    const target = this.deps.target();
    const entry = dir === 'undo' ? this.runHistory?.undo : this.runHistory?.redo;
    if (!target || !entry || this.runBusy) return;
    this.runBusy = true;
    try {
      const step = await this.deps.client.call(dir === 'undo' ? 'history.undo' : 'history.redo', {
        runId: target.runId,
      });
      this.runHistory = { undo: step.undo, redo: step.redo };
      const rows = step.changes.filter((c) => c.target === 'candidate' && c.field === 'row');
      const saved = this.saved,
        undone = this.undoneSave,
        h = this.deps.history;
      let note = '';
      if (dir === 'undo' && saved && rows.some((c) => c.id === saved.candidateId)) {
        // The level stays on the board, an unsaved edit again of the level it was edited from: saving again stores it anew.
        this.undoneSave = { saved, start: this.preSaveStart ?? h.start };
        this.saved = null;
        h.reset(this.undoneSave.start);
        h.push(this.current, `the edits saved as ${saved.name}`);
        this.startStored = null;
        this.sync();
        this.deps.onsaved?.(null);
        note = ' — the level stays on the board; Save stores it again';
      } else if (dir === 'redo' && undone && rows.some((c) => c.id === undone.saved.candidateId)) {
        this.saved = undone.saved;
        this.undoneSave = null;
        h.reset(this.current);
        this.startStored = true;
        this.sync();
        this.deps.onsaved?.(this.saved);
      }
      this.message = `${dir === 'undo' ? 'Undone' : 'Redone'} in the run's history: ${entry.label}${note}`;
    } catch (e) {
      this.deps.report(`Could not ${dir} the run's last change`, e);
    } finally {
      this.runBusy = false;
    }
  }

  /** The history's start before the last save (undoing the save goes back to it). */
  private preSaveStart: Level | null = null;

  /**
   * Save the level on screen as a new candidate of the target's run and slot; the unsaved
   * edits start over from it. Nothing changed: nothing is saved, and it says so. A level
   * already in the pool: the reply names that candidate, and nothing is stored.
   */
  async save(): Promise<void> {
    const target = this.deps.target();
    if (!target || this.saving) return;
    if (this.unchanged) {
      this.message = this.saved
        ? `Nothing to save: nothing changed since it was saved as ${this.saved.name}`
        : 'Nothing to save: nothing changed since the level was opened';
      return;
    }
    this.saving = true;
    try {
      const r = await this.deps.client.call('candidates.saveEdited', {
        runId: target.runId,
        slot: target.slot,
        ...(target.from !== null ? { from: target.from } : {}),
        level: $state.snapshot(this.current) as unknown,
      });
      this.saved = { candidateId: r.candidateId, name: r.name, draft: r.draft, existing: r.existing };
      this.undoneSave = null;
      this.runHistory = { undo: r.undo, redo: r.redo };
      this.message = r.existing ? `Nothing new saved: this level is already in its pool as ${r.name}` : null;
      this.preSaveStart = this.deps.history.start;
      this.deps.history.reset(this.current);
      this.startStored = true;
      this.sync();
      this.deps.onsaved?.(this.saved);
    } catch (e) {
      this.deps.report('Could not save the edited level', e);
    } finally {
      this.saving = false;
    }
  }

  /** Why each edit command cannot run now (null: it can). */
  blocked(): EditorHandlers['blocked'] {
    const { game, info } = this.deps;
    const none = this.selected === null ? `select a ${game.words.element} first (J)` : null;
    const busy = this.runBusy;
    // Undo and redo stay available with nothing to do (they say so), so the keys never reach another page's history.
    return {
      undo: busy ? 'undoing…' : null,
      redo: busy ? 'redoing…' : null,
      remove: none,
      nudge: none,
      copy: none,
      paste: null,
      selectAll: this.count === 0 ? `no ${game.words.elements} yet` : null,
      select: this.count === 0 ? `no ${game.words.elements} yet` : null,
      save: this.saveWhy,
      add: null,
      key: (k: string) =>
        info.keys.find((x) => x.key === k)?.needsSelection && this.selected === null ? none : null,
    };
  }

  /** The handlers edit mode's commands run (editor/edit-actions.ts, through editorBus). */
  handlers(): EditorHandlers {
    // Read through closures: the commands ask at the moment they are drawn or pressed.
    const undoes = () => this.runUndoText;
    const redoes = () => this.runRedoText;
    const blocked = () => this.blocked();
    return {
      game: this.deps.game.id,
      undo: () => this.undo(),
      redo: () => this.redo(),
      remove: () => this.remove(),
      add: () => this.add(null),
      nudge: (dx, dy, big) => this.nudge(dx, dy, big),
      select: (step) => this.select(step),
      save: () => void this.save(),
      key: (k, shift) => this.gameKey(k, shift),
      copy: (cut) => this.copy(cut),
      paste: () => this.paste(),
      selectAll: () => this.selectAll(),
      clearSelection: () => (this.selection = []),
      toggleGrid: (step) => {
        if (this.deps.toggleGrid) this.message = this.deps.toggleGrid(step);
      },
      get undoes() {
        return undoes();
      },
      get redoes() {
        return redoes();
      },
      get blocked() {
        return blocked();
      },
    };
  }

  // ---- the panels ----

  /** The proof's metrics as the panel lists them: key, plain name, value. */
  get metricRows(): [string, string, string][] {
    const m = this.proof?.metrics;
    if (!m) return [];
    const game = this.deps.game;
    const shown = this.deps.info.metrics ?? game.metrics.map((x) => x.key);
    return shown.flatMap((k): [string, string, string][] => {
      const mi = game.metrics.find((x) => x.key === k);
      const v = m[k];
      if (v === undefined) return [];
      return [[k, mi?.label ?? k, mi?.integer ? String(Math.round(v)) : v.toFixed(2)]];
    });
  }
  /** The explanation's figures for the selected element. */
  get selectedFigures(): [string, unknown][] {
    const e = this.explanation;
    return this.selected !== null && e ? Object.entries(e.perElement[this.selected] ?? {}) : [];
  }
}
