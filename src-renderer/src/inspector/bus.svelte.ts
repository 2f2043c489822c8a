/**
 * Where the inspector's handlers wait for its commands (./inspector-actions.ts): the inspector
 * shell on screen registers its handlers in `inspectorBus.active`, the page its own in
 * `inspectorBus.page`; either may say why a command cannot run right now (`blocked`).
 */
import type { MovieBoard } from './attempt-movie';

export interface InspectorHandlers {
  undo?: () => void;
  restart?: () => void;
  step?: () => void;
  playAll?: () => void;
  /** Play or pause the last move's animation (games with a timeline). */
  togglePlay?: () => void;
  fit?: () => void;
  exportPng?: () => void;
  copyLabel?: () => void;
  prevLevel?: () => void;
  nextLevel?: () => void;
  openPack?: () => void;
  /** The board's toggles by key ('R', 'S', 'N', …). */
  toggles?: Record<string, () => void>;
  /** The board a tester's attempt replays on (the inspector's attempt list). */
  movie?: MovieBoard;
  /** The id of the game on screen (for its words and toggle labels). */
  game?: string;
  /** Why a registered command cannot run right now (e.g. nothing to undo yet). */
  blocked?: Partial<Record<Command, string | null>>;
}

export type Command = Exclude<keyof InspectorHandlers, 'blocked' | 'toggles' | 'game' | 'movie'>;

class InspectorBus {
  /** Handlers of the board on screen (null when the inspector shows no board). */
  active = $state<InspectorHandlers | null>(null);
  /** Handlers of the page itself (pack navigation, copy, open a pack). */
  page = $state<InspectorHandlers | null>(null);
}

export const inspectorBus = new InspectorBus();
