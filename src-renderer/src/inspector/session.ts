/**
 * The inspector's game part, as the shared shell (InspectorShell.svelte) drives it: a play
 * session (start, apply a move, undo, the next solution move, its toggles) and its board
 * (build, pick an element, animate the last move). Everything else (layout, timeline,
 * history buttons, stepping, autoplay, commands, the stage with zoom and pan) is the shell's.
 */
import type Konva from 'konva';
import type { AnyGame } from '../../../src-shared/games/index';
import type { BoardTheme } from '../boards/theme';

/** A row of the metrics card: the label, the value and an optional plain explanation (hover). */
export type MetricRow = [label: string, value: string | number, explain?: string];

/**
 * A metrics-card row for one of the game's declared metrics, in the game's words (`Game.metrics`
 * label and explanation), so the inspector says what Pools and Plots say.
 */
export function metricRow(game: AnyGame, key: string, value: string | number): MetricRow {
  const m = game.metrics.find((x) => x.key === key);
  return m ? [m.label, value, m.explain] : [key, value];
}

export interface InspectorSession {
  /** Moves made so far. */
  readonly moveCount: number;
  /** Make a move on element i; returns how long its animation runs (seconds, 0 for none), or null when refused. */
  apply(element: number): number | null;
  /** Take back the last move. */
  undo(): void;
  /** Back to the start position. */
  restart(): void;
  /** The next move of a solution from this position, or null. */
  next(): number | null;
  /** Why there is no next move (e.g. "the level is cleared"). */
  whyNoNext(): string;
  /** The level is over (cleared or lost): "Play all" restarts first. */
  readonly over: boolean;
  /** How long the last move's animation runs (seconds; 0 with no move). */
  duration(): number;
  /** The last move's animation ended or was cut short: put its board in the final state. */
  settle?(): void;
  /** Timeline ticks of the last move (games with a timeline). */
  ticks?(): { at: number; title: string }[];
  /** Board toggles by id (see the view's `play.toggles`). */
  readonly toggled: Readonly<Record<string, boolean>>;
  toggle(id: string): void;
  /** Build the board into the layer, fitted into width × height. */
  build(layer: Konva.Layer, width: number, height: number, theme: BoardTheme): void;
  /** The element under a pointer event, or null. */
  pick(e: Konva.KonvaEventObject<Event>): number | null;
  /** For tests: the centre of every element in page pixels (window.__inspector.centres). */
  centres(stage: Konva.Stage): { index: number; x: number; y: number; live: boolean }[];
  /** For tests: the play state (window.__inspector.state). */
  state(): Record<string, unknown>;
  /** `data-*` attributes of the status line (for tests), without the `data-` prefix. */
  statusData(): Record<string, string | number | boolean>;
  /** The metrics card's rows (declared metrics through `metricRow`, in the game's words). */
  metrics(): MetricRow[];
}
