/**
 * What a game shows in the renderer: one `GameView` per game, registered in ./index.ts (the
 * renderer's side of src-shared/games/index.ts). Pages and shared components draw, read,
 * inspect and line up levels only through these objects, so they never name a game: a
 * third game is one folder here plus one line in the table (docs/adding-a-game.md).
 */
import type Konva from 'konva';
import type { Component } from 'svelte';
import type { AnyGame } from '../../../src-shared/games/index';
import type { BoardTheme } from '../boards/theme';
import type { EditInfo, SaveTarget } from '../editor/edit-view';
import type { SavedAs } from '../editor/editor-view.svelte';
import type { EditHistory } from '../editor/edit-history';

/** A level drawn large (near-duplicate pairs, compare): elements can be picked and highlighted. */
export interface LevelBoardHandle {
  /** The level's field (Carillon's rectangle, Apsis's rim): what a fit keeps whole on screen. */
  field: Konva.Node;
  /** The element (dot, arrow, …) a Konva node under the pointer belongs to, or null. */
  pick(target: Konva.Node): number | null;
  /** Matched elements lit (the rest dimmed), some outlined (hover partners), index labels. */
  highlight(o: {
    matched: ReadonlySet<number> | null;
    outlined: ReadonlySet<number> | null;
    labels: boolean;
  }): void;
  destroy(): void;
}

/**
 * A level drawn for a tester (playtests, src-renderer/src/playtest/): the board as a player
 * of the game sees it and nothing more: no metrics, solution, chain starts, rounds or
 * blockers; only the game's own feedback (Carillon's hold outline, Apsis's hearts).
 */
export interface BlindBoard {
  /** The element a Konva node under the pointer belongs to, or null. */
  pick(target: Konva.Node): number | null;
  /** Show the position after `moves` (the current segment's, as the rules took them), `focus` held or hovered. */
  show(moves: readonly number[], focus: number | null): void;
  /** Each element's centre in the layer's pixels, and whether it is still in play. */
  centres(): { x: number; y: number; live: boolean }[];
  destroy(): void;
}

/**
 * How a tester plays a game's level (the page testers open offline, and the studio's blind
 * mode). Self-contained, so the offline page bundles it without the studio's inspector.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any game's, as GameView
export interface BlindPlay<Level = any, Rules = any> {
  game: AnyGame;
  /** Rules as stored with a run or a pack, checked (the view's readRules). */
  readRules(raw: unknown): Rules;
  /** As the inspector's PlayInfo: a hold previews and a release moves, or a click moves. */
  input: PlayInfo['input'];
  /** What the board offers, for its accessible label. */
  boardHelp: string;
  /** The level drawn into `layer`, fitted into W × H. */
  draw(layer: Konva.Layer, level: Level, rules: Rules, W: number, H: number, theme: BoardTheme): BlindBoard;
  /** The game's own feedback beside the board after `moves` (Apsis: its hearts), or null. */
  feedback?(level: Level, rules: Rules, moves: readonly number[]): { text: string; label: string } | null;
}

/** Props of a game's inspector part (its play session and its board inside the shared shell). */
export interface InspectorProps<Level, Rules> {
  level: Level;
  rules: Rules;
  label: string;
}

/** How a game's levels are played in the inspector: words, toggles, input, timeline. */
export interface PlayInfo {
  /** One move and many: "tap"/"taps", "launch"/"launches". */
  move: string;
  moves: string;
  /** The board's toggles: id (test id `toggle-<id>`), the key that flips it, its label. */
  toggles: { id: string; key: string; label: string }[];
  /** 'hold': press an element to preview, release on it to move; 'click': a click moves. */
  input: 'hold' | 'click';
  /** A move's animation can be paused and scrubbed on a timeline under the board. */
  timeline: boolean;
  /** What the board offers, for its accessible label ("hover an arrow to see its path, click to launch"). */
  boardHelp: string;
}

/** Props of a game's edit part (inside the shared editor, src-renderer/src/editor/EditorShell.svelte). */
export interface EditorProps<Level, Rules> {
  level: Level;
  rules: Rules;
  label: string;
  /** Where "Save as new candidate" goes (null: a level of no run, e.g. from a pack file). */
  target: SaveTarget | null;
  /** The plan and 0-based slot the level is proved against (null until known). */
  place: { plan: unknown; slot: number } | null;
  /** Unsaved edits kept across switches between play and edit and between levels (the page's drafts). */
  history?: EditHistory<Level>;
  /** The level after every committed edit. */
  onchange?: (level: Level) => void;
  /** The candidate the board is stored as after a save (null: the save undone). */
  onsaved?: (saved: SavedAs | null) => void;
}

/** How a game's levels are edited in the inspector's edit mode. */
export interface GameEditor<Level, Rules> {
  /** Overlays, keys and words of edit mode. */
  info: EditInfo;
  /** The game's edit part: its EditSession and palette inside the shared editor. */
  Editor: Component<EditorProps<Level, Rules>>;
  /** An empty board for a slot of a plan ("New level"); the plan may be null (the game's defaults). */
  newLevel(rules: Rules, plan: unknown, slot: number): Level;
}

/** A 2D context a thumbnail is drawn on: a page canvas's, or an offscreen one's (the picture cache draws there). */
export type Canvas2D = CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any game's view: with unknown, a GameView<CarillonLevel> would not be one (its methods take Level)
export interface GameView<Level = any, Rules = any, Align = any> {
  /** The shared game: id, title, words, rules schema, nearDuplicate. */
  game: AnyGame;
  /** CSS colour of the game's name chip. */
  accent: string;
  /** Rules as stored with a run or a pack, checked; throws an Error naming the field. */
  readRules(raw: unknown): Rules;
  /** A level as stored, checked for what the boards need; throws an Error naming the field. */
  readLevel(raw: unknown): Level;
  /** How many elements (dots, arrows, …) the level has. */
  elementCount(level: Level): number;
  /**
   * Draw the level into a w × h (device pixels) Canvas 2D context, background already filled:
   * the field fills the box, and what tells levels apart (element kinds, sizes, headings)
   * stays readable down to about 120 CSS pixels wide.
   */
  thumbnail(ctx: Canvas2D, level: Level, rules: Rules, w: number, h: number, theme: BoardTheme): void;
  /** The field's width over its height under these rules, so a thumbnail's box can fit it (1 when absent). */
  thumbnailAspect?(rules: Rules): number;
  /** The empty board of a run with these rules (the new-run preview), fitted into W × H. */
  emptyBoard(layer: Konva.Layer, rules: unknown, W: number, H: number, theme: BoardTheme): void;
  /** A level drawn large into `parent`, fitted into W × H, turned by `align` when given. */
  drawLevel(
    parent: Konva.Group,
    level: Level,
    rules: Rules,
    W: number,
    H: number,
    theme: BoardTheme,
    align: Align | null,
  ): LevelBoardHandle;
  /** Near-duplicate pairs: how matched elements are paired and lined up. */
  pairs: {
    /** Element pairs [inA, inB] of a copy under `transform` (the game's check lists none for copies). */
    copyPairs(a: Level, b: Level, transform: string): [number, number][];
    /**
     * How to draw b lined up with a, from the stored transform (which maps a onto b), and a
     * caption saying so; null transform when the match is not geometric.
     */
    align(transform: string): { transform: Align | null; label: string };
    /**
     * What a pair's share ("33 % shared") measures, in the game's words, as the end of the
     * sentence "Shared is …" (lower case, no full stop): the Duplicates list shows it in its
     * header ("“Shared” is …") and on a pair's share ("33 % shared: …").
     */
    shareMeaning: string;
  };
  /** The inspector's game part: its session and board inside the shared inspector shell. */
  Inspector: Component<InspectorProps<Level, Rules>>;
  /** What playing a level is called and how the inspector shell offers it. */
  play: PlayInfo;
  /** Edit mode (a game without it is only played). */
  editor?: GameEditor<Level, Rules>;
  /** Playing blind, as a tester does (playtests). */
  blind: BlindPlay<Level, Rules>;
}

/** The first schema issue as "field: message" (or the bare message for the whole value). */
export function firstIssue(
  error: { issues: { path: PropertyKey[]; message: string }[] },
  whole: string,
): string {
  const issue = error.issues[0];
  return issue ? `${issue.path.map(String).join('.') || whole}: ${issue.message}` : 'bad shape';
}
