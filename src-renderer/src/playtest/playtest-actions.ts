/** The Playtest page's entries for the studio's ONE action table (`lib/actions.ts` spreads them in). */
import { notOn, type Action } from '../lib/action-kit';
import type { PlayerControls } from './player-state';
import { playtestSession as s } from './studio-session';

/** Why a player key cannot act: another page, no session, or the level not in the state it needs. */
function playerReason(ok: (c: PlayerControls) => boolean, why: string): string | null {
  const page = notOn('playtest');
  if (page) return page;
  const c = s.controls;
  if (!s.session || !c) return 'no playtest session is under way';
  if (c.state === 'done') return 'every level is played';
  return ok(c) ? null : why;
}
const playing = (c: PlayerControls): boolean => c.state === 'fresh' || c.state === 'playing';

export const playtestActions: Action[] = [
  {
    id: 'playtest.start',
    title: 'Start the playtest session for the tester named',
    group: 'Playtest',
    shortcut: 'Mod+Enter',
    whileTyping: true,
    unavailable: () => notOn('playtest') ?? s.startBlocked,
    perform: () => void s.start(),
  },
  {
    id: 'playtest.end',
    title: 'End the session (to change the tester or the order)',
    group: 'Playtest',
    unavailable: () => notOn('playtest') ?? (s.session ? null : 'no playtest session is under way'),
    perform: () => s.end(),
  },
  {
    id: 'playtest.focusNext',
    title: 'Focus the next element on the board',
    group: 'Playtest',
    shortcut: 'ArrowRight',
    unavailable: () => playerReason(playing, 'the level has ended'),
    perform: () => s.controls?.walk(1),
  },
  {
    id: 'playtest.focusPrevious',
    title: 'Focus the previous element on the board',
    group: 'Playtest',
    shortcut: 'ArrowLeft',
    unavailable: () => playerReason(playing, 'the level has ended'),
    perform: () => s.controls?.walk(-1),
  },
  {
    id: 'playtest.play',
    title: 'Play the focused element',
    group: 'Playtest',
    shortcut: 'Space',
    unavailable: () => playerReason(playing, 'the level has ended'),
    perform: () => s.controls?.playFocused(),
  },
  {
    id: 'playtest.restart',
    title: 'Restart the level',
    group: 'Playtest',
    shortcut: 'R',
    unavailable: () => playerReason((c) => c.state === 'playing', 'no move to restart from'),
    perform: () => s.controls?.restart(),
  },
  {
    id: 'playtest.leave',
    title: 'Skip this level (before a move) or give up (after one)',
    group: 'Playtest',
    shortcut: 'S',
    unavailable: () => playerReason(playing, 'the level has ended'),
    perform: () => s.controls?.leave(),
  },
  {
    id: 'playtest.next',
    title: 'Next level (after a clear or a loss)',
    group: 'Playtest',
    shortcut: 'N',
    unavailable: () => playerReason((c) => !playing(c), 'the level is not over yet'),
    perform: () => s.controls?.next(),
  },
  {
    id: 'playtest.again',
    title: 'Try the level again (after a loss)',
    group: 'Playtest',
    shortcut: 'T',
    unavailable: () => playerReason((c) => c.state === 'failed', 'the level was not lost'),
    perform: () => s.controls?.again(),
  },
];
