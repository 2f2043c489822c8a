/**
 * The inspector's commands, as entries for the studio's ONE action table (`lib/actions.ts`
 * spreads `inspectorActions` in), so they show in the command palette too. They run the
 * handlers registered in `inspectorBus` (./bus.svelte.ts).
 *
 * A game's board toggles get one command per key any registered game uses; its title is the
 * label of the game on screen (every game's label, joined, elsewhere).
 */
import { notOn, type Action } from '../lib/action-kit';
import { gameViews, type GameView } from '../games/index';
import { inspectorBus, type Command, type InspectorHandlers } from './bus.svelte';
import { editorBus } from '../editor/bus.svelte';

const NO_BOARD = 'no level is open';

const activeView = (): GameView | undefined => gameViews.find((v) => v.game.id === inspectorBus.active?.game);

function command(
  id: Command,
  title: string | (() => string),
  shortcut: string | undefined,
  missing: string | (() => string),
): Action {
  const owner = (): InspectorHandlers | null =>
    inspectorBus.active?.[id] ? inspectorBus.active : inspectorBus.page?.[id] ? inspectorBus.page : null;
  return {
    id: `inspector.${id}`,
    get title() {
      return typeof title === 'string' ? title : title();
    },
    group: 'Inspector',
    ...(shortcut ? { shortcut } : {}),
    unavailable: () => {
      const why = notOn('inspector');
      if (why) return why;
      const o = owner();
      return o ? (o.blocked?.[id] ?? null) : typeof missing === 'string' ? missing : missing();
    },
    perform: () => owner()?.[id]?.(),
  };
}

/** A game's board toggles: its edit mode's overlays first while editing, then its play toggles. */
function togglesOf(v: GameView, editing: boolean): { key: string; label: string }[] {
  const edit = v.editor?.info.toggles ?? [];
  return editing ? [...edit, ...v.play.toggles] : [...v.play.toggles, ...edit];
}

/** One command per toggle key of any registered game (in play or in edit mode). */
function toggleCommand(key: string): Action {
  const labels = [
    ...new Set(
      gameViews.flatMap((v) =>
        togglesOf(v, false)
          .filter((t) => t.key === key)
          .map((t) => t.label),
      ),
    ),
  ];
  const label = (v: GameView | undefined): string | null =>
    v ? (togglesOf(v, editorBus.active !== null).find((t) => t.key === key)?.label ?? null) : null;
  return {
    id: `inspector.toggle${key}`,
    get title() {
      return `Show or hide: ${label(activeView()) ?? labels.join(' / ')}`;
    },
    group: 'Inspector',
    shortcut: key,
    unavailable: () => {
      const why = notOn('inspector');
      if (why) return why;
      const a = inspectorBus.active;
      if (!a) return NO_BOARD;
      return a.toggles?.[key] ? null : `not on a ${activeView()?.game.title ?? 'this'} board`;
    },
    perform: () => inspectorBus.active?.toggles?.[key]?.(),
  };
}

const toggleKeys = [...new Set(gameViews.flatMap((v) => togglesOf(v, false).map((t) => t.key)))];
const moveWord = (): string => activeView()?.play.move ?? 'move';

export const inspectorActions: Action[] = [
  command('undo', () => `Undo the last ${moveWord()}`, 'Z', NO_BOARD),
  command('restart', 'Restart the level', 'Backspace', NO_BOARD),
  ...toggleKeys.map(toggleCommand),
  command('step', 'Play the next step of the solution', 'Space', NO_BOARD),
  command('playAll', 'Play the whole solution', 'Shift+Space', NO_BOARD),
  command(
    'togglePlay',
    () => `Play / pause the last ${moveWord()}`,
    'P',
    () => (inspectorBus.active ? `${activeView()?.game.title ?? 'this'} boards have no timeline` : NO_BOARD),
  ),
  command('fit', 'Fit the board to the view', 'F', NO_BOARD),
  command('exportPng', 'Export the board as PNG', 'Shift+E', NO_BOARD),
  command('copyLabel', 'Copy the level id', 'Shift+C', NO_BOARD),
  command('prevLevel', 'Previous level of the pack', '[', 'no pack file is open'),
  command('nextLevel', 'Next level of the pack', ']', 'no pack file is open'),
  command('openPack', 'Open a pack file…', 'O', 'the Inspector page is loading'),
];
