/**
 * What a game supplies to the shared editor (./EditorShell.svelte): how its level is drawn
 * for editing (with the proof's violations and the explanation's overlays on it), how a
 * pointer or a key changes it (through the game's pure edit operations, its shared
 * edit.ts), and the words of its elements. The shell owns the stage,
 * the history, the proof worker, the panels and saving; it never names a game.
 */
import type Konva from 'konva';
import type { BoardTheme } from '../boards/theme';
import type { Explanation, LevelProof } from '../../../src-shared/proof';
import type { GridInfo } from './snap';

/** What the board shows besides the level: selection, the last proof, the explanation and the overlays switched on. */
export interface EditDrawState {
  /** The primary selected element (the last clicked). */
  selected: number | null;
  /** Every selected element (the primary among them). */
  selection: readonly number[];
  /** The element being dragged (drawn lifted). */
  dragging: number | null;
  proof: LevelProof | null;
  explanation: Explanation | null;
  /** Overlay toggles by id (see EditInfo.toggles). */
  overlays: Readonly<Record<string, boolean>>;
  /** Elements of the violation the designer points at in the panel (drawn emphasised). */
  focused: readonly number[];
  /** The grid a drag snaps to, drawn faintly (its step in the game's units), or null when it is off. */
  grid: number | null;
}

/** The board's two layers: the level's shapes, and what the proof and explanation add on top (redrawn alone). */
export interface EditLayers {
  base: Konva.Layer;
  over: Konva.Layer;
}

/** The level drawn for editing. */
export interface EditBoard {
  /** The element a Konva node belongs to, or null (empty board). */
  pick(target: Konva.Node): number | null;
  /** A stage point (container pixels, after zoom and pan) in the level's own units. */
  toWorld(stage: Konva.Stage, p: { x: number; y: number }): { x: number; y: number };
  /** A level point in the stage's container pixels. */
  toStage(p: { x: number; y: number }): { x: number; y: number };
  /** The centre of element i in the level's units. */
  centre(i: number): { x: number; y: number };
  /** Redraw only what the proof and explanation add (a new proof, an overlay switched); true when the base layer changed too. */
  overlay(state: EditDrawState): boolean;
  /** Show another level by changing the shapes in place, when it can (e.g. dots that only moved); false: rebuild. */
  patch?(level: unknown): boolean;
}

/** A game-specific key in edit mode (the shell registers one command per key). */
interface EditKey {
  key: string;
  label: string;
  /** Acts on the selected elements (needs a selection: every one of them, as one edit), or on the whole level. */
  needsSelection: boolean;
  /** The Shift variant runs `run` with `shift` true (e.g. the other way round). */
  shiftToo?: boolean;
}

/** What edit mode is called and offers, per game (static; the GameView's `edit`). */
export interface EditInfo {
  /** Explanation overlays: id (test id `overlay-<id>`), key, label. */
  toggles: { id: string; key: string; label: string }[];
  keys: EditKey[];
  /** One line for the board's accessible label and the help card. */
  boardHelp: string;
  /** What the board's marks mean, in a line under the overlays. */
  legend?: string;
  /** The grid a drag can snap to (./snap.ts). */
  grid: GridInfo;
  /** The metrics shown in the panel, in order (keys of Game.metrics), with the plain label. */
  metrics?: string[];
}

/** The game's edit behaviour over a level, given to the shell by the game's Editor part. */
export interface EditSession<Level> {
  count(level: Level): number;
  /** "dot 3", "arrow 12". */
  name(i: number): string;
  build(
    layers: EditLayers,
    width: number,
    height: number,
    theme: BoardTheme,
    level: Level,
    state: EditDrawState,
  ): EditBoard;
  /**
   * The level with element i dragged so its centre is at `to` (level units; snapped by the edit
   * operation, and to the grid of this step when `grid` is set).
   */
  dragTo(level: Level, i: number, to: { x: number; y: number }, grid: number | null): Level;
  /**
   * The elements `ids` dragged together so element `lead` (one of them) lands at `to`, the
   * others keeping their place relative to it in the game's own terms (the same
   * offset across and down, or the same turn and orbit step, as the game moves its elements).
   */
  moveGroup(
    level: Level,
    ids: readonly number[],
    lead: number,
    to: { x: number; y: number },
    grid: number | null,
  ): Level;
  /** Element i as plain data for the clipboard (a dot, an arrow: the game's own). */
  copy(level: Level, i: number): unknown;
  /**
   * The level with copied elements (from `copy`, maybe of another level of the game) added at
   * the end, `steps` offset steps away from where they were (0: in place), kept on the board.
   */
  paste(level: Level, items: readonly unknown[], steps: number): Level;
  /** Arrow keys: dx, dy in -1..1 (right, down); `big` with Shift. */
  nudge(level: Level, i: number, dx: number, dy: number, big: boolean): Level;
  remove(level: Level, i: number): Level;
  /** A new element (the palette's choice) at `at`, or at a free spot when null (keyboard). */
  add(level: Level, at: { x: number; y: number } | null): Level;
  /**
   * A game key (EditInfo.keys) on the selected elements (the primary, the last clicked, last;
   * empty: none), all of them as one edit: every one is set to what the key sets the primary
   * to. Returns the new level and a label for the history, or null when it does nothing.
   */
  key(
    level: Level,
    key: string,
    selection: readonly number[],
    shift: boolean,
  ): { level: Level; label: string } | null;
}

/** Where a saved level goes: the run and slot, the candidate it was edited from, and the run's plan (for the proof). */
export interface SaveTarget {
  runId: number;
  slot: number;
  from: number | null;
  plan: unknown;
}
