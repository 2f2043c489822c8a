/**
 * The inspector's commands, as entries for the studio's ONE action table (`lib/actions.ts`
 * spreads `inspectorActions` in), so they show in the command palette too. The board component
 * that is on screen registers its handlers in `inspectorBus.active`, the page its own in
 * `inspectorBus.page`; either may say why a command cannot run right now (`blocked`).
 */
import { notOn, type Action } from '../lib/action-kit';

export interface InspectorHandlers {
  undo?: () => void;
  restart?: () => void;
  /** Carillon: reach circles; Apsis: every arrow's path. */
  toggleReach?: () => void;
  /** Carillon: chain starts; Apsis: colour by round. */
  toggleStarts?: () => void;
  toggleLabels?: () => void;
  step?: () => void;
  playAll?: () => void;
  /** Carillon: play or pause the last tap's chain. */
  togglePlay?: () => void;
  fit?: () => void;
  exportPng?: () => void;
  copyLabel?: () => void;
  prevLevel?: () => void;
  nextLevel?: () => void;
  openPack?: () => void;
  /** Why a registered command cannot run right now (e.g. nothing to undo yet). */
  blocked?: Partial<Record<Exclude<keyof InspectorHandlers, 'blocked'>, string | null>>;
}

type Command = Exclude<keyof InspectorHandlers, 'blocked'>;

class InspectorBus {
  /** Handlers of the board on screen (null when the inspector shows no board). */
  active = $state<InspectorHandlers | null>(null);
  /** Handlers of the page itself (pack navigation, copy, open a pack). */
  page = $state<InspectorHandlers | null>(null);
}

export const inspectorBus = new InspectorBus();

function command(id: Command, title: string, shortcut: string | undefined, missing: string): Action {
  const owner = (): InspectorHandlers | null => (inspectorBus.active?.[id] ? inspectorBus.active : inspectorBus.page?.[id] ? inspectorBus.page : null);
  return {
    id: `inspector.${id}`,
    title,
    group: 'Inspector',
    ...(shortcut ? { shortcut } : {}),
    unavailable: () => {
      const why = notOn('inspector');
      if (why) return why;
      const o = owner();
      return o ? (o.blocked?.[id] ?? null) : missing;
    },
    perform: () => owner()?.[id]?.(),
  };
}

const NO_BOARD = 'no level is open';

export const inspectorActions: Action[] = [
  command('undo', 'Undo the last tap / launch', 'Z', NO_BOARD),
  command('restart', 'Restart the level', 'Backspace', NO_BOARD),
  command('toggleReach', 'Reach circles (Carillon) / all paths (Apsis)', 'R', NO_BOARD),
  command('toggleStarts', 'Reveal chain starts (Carillon) / colour by round (Apsis)', 'S', NO_BOARD),
  command('toggleLabels', 'Show dot / arrow numbers', 'N', NO_BOARD),
  command('step', 'Play the next step of the solution', 'Space', NO_BOARD),
  command('playAll', 'Play the whole solution', 'Shift+Space', NO_BOARD),
  command('togglePlay', 'Play / pause the last chain (Carillon)', 'P', 'only on a Carillon board'),
  command('fit', 'Fit the board to the view', 'F', NO_BOARD),
  command('exportPng', 'Export the board as PNG', 'Shift+E', NO_BOARD),
  command('copyLabel', 'Copy the level id', 'Shift+C', NO_BOARD),
  command('prevLevel', 'Previous level of the pack', '[', 'no pack file is open'),
  command('nextLevel', 'Next level of the pack', ']', 'no pack file is open'),
  command('openPack', 'Open a pack file…', 'O', 'the Inspector page is loading'),
];
