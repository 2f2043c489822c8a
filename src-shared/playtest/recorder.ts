/**
 * The recorder of one attempt (docs/playtests.md): the player's moves, holds, restarts and
 * give-up or skip, each at a clock reading, become an `AttemptTrace`. Every move is replayed
 * through the game's `playtest.replay`, which gives the move's effect in words and whether the
 * level is cleared or lost, so the page, the studio's blind mode and the import agree on what
 * happened. Pure: the clock is the caller's (milliseconds, any origin), and each step returns a
 * new recording.
 */
import type { PlaytestReplay, PlaytestRules } from '../game';
import { outcomeOf } from './outcome';
import type { AttemptTrace, TraceEvent } from './types';

/** The level being played and the rules that replay it. */
export interface PlaytestSubject<Level = unknown, Rules = unknown> {
  playtest: PlaytestRules<Level, Rules>;
  level: Level;
  rules: Rules;
}

/** An attempt under way, as plain data (the page keeps it in local storage between visits). */
export interface Recording {
  /** 1-based level in the order played. */
  level: number;
  startedAt: string;
  /** The clock's reading at the start (the caller's milliseconds). */
  start: number;
  events: TraceEvent[];
  /** The moves between restarts: what the replay is given. */
  segments: number[][];
  /** Where the attempt stands after its moves. */
  status: PlaytestReplay['status'];
  wasted: number;
  /** Moves made in the whole attempt. */
  moves: number;
}

/** A new attempt at `level` started at clock reading `now`; `startedAt` is the tester's wall clock. */
export function startRecording(level: number, now: number, startedAt: string): Recording {
  return { level, startedAt, start: now, events: [], segments: [[]], status: 'playing', wasted: 0, moves: 0 };
}

/** Milliseconds since the start at `now`, never before the last event (a clock stepping back is held). */
function elapsed(rec: Recording, now: number, floor = lastAt(rec)): number {
  return Math.max(floor, lastAt(rec), Math.round(now - rec.start));
}

function lastAt(rec: Recording): number {
  return rec.events.length ? rec.events[rec.events.length - 1]!.at : 0;
}

/** The attempt is over (cleared or lost): no more moves, restarts or holds are taken. */
export function recordingOver(rec: Recording): boolean {
  return rec.status !== 'playing';
}

/**
 * A move on `element` at `now`. Refused (the recording unchanged) when the attempt is over or
 * the game's rules say it cannot happen (a tap on a popped dot): the page ignores such a click.
 */
export function recordMove<L, R>(
  subject: PlaytestSubject<L, R>,
  rec: Recording,
  element: number,
  now: number,
): { recording: Recording; effect: string } | { refused: string } {
  if (recordingOver(rec))
    return { refused: `the level is already ${rec.status === 'cleared' ? 'cleared' : 'lost'}` };
  const segments = rec.segments.map((s, i) => (i === rec.segments.length - 1 ? [...s, element] : s));
  const replay = subject.playtest.replay(subject.level, subject.rules, segments);
  if (replay.refused) return { refused: replay.refused.reason };
  const last = segments.length - 1;
  const effect = replay.effects[last]?.[segments[last]!.length - 1];
  if (effect === undefined) return { refused: `the rules gave no effect for ${element}` };
  const event: TraceEvent = { kind: 'move', at: elapsed(rec, now), element, effect };
  return {
    recording: {
      ...rec,
      events: [...rec.events, event],
      segments,
      status: replay.status,
      wasted: replay.wasted,
      moves: rec.moves + 1,
    },
    effect,
  };
}

/** A hold or preview of `element` from clock reading `pressedAt` to `now` (ignored once the attempt is over). */
export function recordHold(rec: Recording, element: number, pressedAt: number, now: number): Recording {
  if (recordingOver(rec)) return rec;
  const at = elapsed(rec, pressedAt);
  const ms = Math.max(0, Math.round(now - rec.start) - at);
  return { ...rec, events: [...rec.events, { kind: 'hold', at, element, ms }] };
}

/** Back to the start position at `now` (ignored once the attempt is over: "Try again" starts a new one). */
export function recordRestart(rec: Recording, now: number): Recording {
  if (recordingOver(rec)) return rec;
  return {
    ...rec,
    events: [...rec.events, { kind: 'restart', at: elapsed(rec, now) }],
    segments: [...rec.segments, []],
  };
}

/**
 * The finished trace at `now`: after a clear or a loss, or when the tester gives up or skips
 * (the page offers "Skip" before the first move and "Give up" after it; both end here).
 * Its `ms` is at least the last event's `at`.
 */
export function finishRecording(rec: Recording, now: number): AttemptTrace {
  const ms = rec.status === 'playing' ? elapsed(rec, now) : lastAt(rec);
  return {
    level: rec.level,
    startedAt: rec.startedAt,
    events: rec.events,
    outcome: outcomeOf(rec, rec.moves),
    ms,
  };
}
