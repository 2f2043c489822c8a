/**
 * Where a tester stands in a playtest, as plain data (the page keeps it in local storage, so
 * closing and reopening resumes): the levels to play in order, the one on screen, its attempt
 * under way (../../../src-shared/playtest/recorder.ts), and how the last attempt there ended.
 * Every step returns new progress and, when an attempt ended, its trace.
 */
import type { PlaytestSubject, Recording } from '../../../src-shared/playtest/recorder';
import {
  finishRecording,
  recordHold,
  recordMove,
  recordRestart,
  recordingOver,
  startRecording,
} from '../../../src-shared/playtest/recorder';
import type { AttemptTrace, PlaytestOutcome } from '../../../src-shared/playtest/types';

export interface PlayerProgress {
  tester: string;
  /** 1-based pack levels, in the order this tester plays them. */
  queue: number[];
  /** Index into `queue` of the level on screen (queue.length: every level played). */
  at: number;
  /** The attempt under way, or the one that just ended (cleared or lost) until the tester moves on. */
  recording: Recording | null;
  /** How the last attempt at this level ended, while its end is on screen; null while playing. */
  ended: PlaytestOutcome | null;
}

export interface Step {
  progress: PlayerProgress;
  /** The attempt that this step ended, to be saved. */
  attempt: AttemptTrace | null;
}

/**
 * The player's commands, for a page that drives it with keys (the studio's Playtest page gives
 * them to its action table): each does nothing where its button would be off.
 */
export interface PlayerControls {
  /** Focus the next (1) or previous (−1) element in play, in reading order. */
  walk(dir: 1 | -1): void;
  /** Play the focused element. */
  playFocused(): void;
  restart(): void;
  /** Skip this level (no move yet) or give up (after one). */
  leave(): void;
  /** On to the next level after a clear or a loss. */
  next(): void;
  /** A new attempt after a loss. */
  again(): void;
  /** Where the level stands: no move yet, playing, how it ended, or every level done. */
  readonly state: 'fresh' | 'playing' | PlaytestOutcome | 'done';
}

/** A wall clock for `startedAt` and a monotonic one (ms) for times within an attempt. */
export interface Clock {
  now(): number;
  iso(): string;
}

function open(p: Omit<PlayerProgress, 'recording' | 'ended'>, clock: Clock): PlayerProgress {
  const level = p.queue[p.at];
  return {
    ...p,
    recording: level === undefined ? null : startRecording(level, clock.now(), clock.iso()),
    ended: null,
  };
}

/** A tester's first level opened. */
export function beginPlay(tester: string, queue: readonly number[], clock: Clock): PlayerProgress {
  return open({ tester, queue: queue.slice(), at: 0 }, clock);
}

/** The 1-based pack level on screen, or null once every level is played. */
export function levelOnScreen(p: PlayerProgress): number | null {
  return p.queue[p.at] ?? null;
}

/** The moves of the current segment (what the board shows). */
export function boardMoves(p: PlayerProgress): readonly number[] {
  const s = p.recording?.segments;
  return s ? s[s.length - 1]! : [];
}

/** A move; a move the rules refuse (a gone element) changes nothing. A clear or a loss ends the attempt. */
export function playMove<L, R>(
  subject: PlaytestSubject<L, R>,
  p: PlayerProgress,
  element: number,
  clock: Clock,
): Step {
  if (!p.recording || p.ended) return { progress: p, attempt: null };
  const now = clock.now();
  const m = recordMove(subject, p.recording, element, now);
  if ('refused' in m) return { progress: p, attempt: null };
  if (!recordingOver(m.recording)) return { progress: { ...p, recording: m.recording }, attempt: null };
  const attempt = finishRecording(m.recording, now);
  return { progress: { ...p, recording: m.recording, ended: attempt.outcome }, attempt };
}

export function playHold(
  p: PlayerProgress,
  element: number,
  pressedAt: number,
  clock: Clock,
): PlayerProgress {
  if (!p.recording || p.ended) return p;
  return { ...p, recording: recordHold(p.recording, element, pressedAt, clock.now()) };
}

export function playRestart(p: PlayerProgress, clock: Clock): PlayerProgress {
  if (!p.recording || p.ended) return p;
  return { ...p, recording: recordRestart(p.recording, clock.now()) };
}

/** Skip (before any move) or give up (after one): the attempt ends there and the next level opens. */
export function leaveLevel(p: PlayerProgress, clock: Clock): Step {
  if (!p.recording || p.ended) return { progress: nextLevel(p, clock), attempt: null };
  const attempt = finishRecording(p.recording, clock.now());
  return { progress: open({ ...p, at: p.at + 1 }, clock), attempt };
}

/** After a clear or a loss: on to the next level. */
export function nextLevel(p: PlayerProgress, clock: Clock): PlayerProgress {
  return open({ ...p, at: Math.min(p.at + 1, p.queue.length) }, clock);
}

/** After a loss: a new attempt at the same level. */
export function tryAgain(p: PlayerProgress, clock: Clock): PlayerProgress {
  return open(p, clock);
}

/**
 * Progress read back after the page was closed: the attempt under way continues from its
 * last event, so the time the page was shut does not count as thinking time.
 */
export function resumePlay(p: PlayerProgress, clock: Clock): PlayerProgress {
  const r = p.recording;
  if (!r || p.ended) return p;
  const last = r.events.length ? r.events[r.events.length - 1]!.at : 0;
  return { ...p, recording: { ...r, start: clock.now() - last } };
}
