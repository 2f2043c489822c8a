/**
 * The replay check of one attempt (import and the studio's blind mode both use it): the trace
 * must be one that could have happened. Times never go backwards, every move is one the rules
 * accept with the effect the page claims it saw, nothing follows the end, and the recorded
 * outcome is the one the replay implies.
 */
import type { PlaytestReplay, PlaytestRules } from '../game';
import { outcomeOf } from './outcome';
import { segmentsOf } from './segments';
import type { AttemptTrace } from './types';

export interface CheckedAttempt {
  ok: true;
  replay: PlaytestReplay;
  /** Moves over every segment. */
  moves: number;
  wasted: number;
  restarts: number;
}

/** Why the trace cannot have happened, in words that follow "attempt N (level L): ". */
export interface RefusedAttempt {
  ok: false;
  problem: string;
}

const ended = { cleared: 'cleared', failed: 'lost', playing: '' } as const;

export function checkAttempt<Level, Rules>(
  rules: PlaytestRules<Level, Rules>,
  level: Level,
  gameRules: Rules,
  attempt: AttemptTrace,
): CheckedAttempt | RefusedAttempt {
  const refuse = (problem: string): RefusedAttempt => ({ ok: false, problem });
  let last = 0;
  for (let i = 0; i < attempt.events.length; i++) {
    const e = attempt.events[i]!;
    if (e.at < last) return refuse(`event ${i + 1} is at ${e.at} ms, before event ${i} at ${last} ms`);
    last = e.at;
  }
  if (attempt.ms < last) return refuse(`it ends at ${attempt.ms} ms, before its last event at ${last} ms`);

  const segments = segmentsOf(attempt.events);
  const replay = rules.replay(level, gameRules, segments);
  // Walk the events beside the replay, so a refusal names the event the tester made.
  let segment = 0;
  let move = 0;
  let moves = 0;
  for (let i = 0; i < attempt.events.length; i++) {
    const e = attempt.events[i]!;
    if (e.kind === 'restart') {
      segment++;
      move = 0;
      continue;
    }
    if (e.kind !== 'move') continue;
    if (replay.refused && replay.refused.segment === segment && replay.refused.move === move)
      return refuse(`move ${moves + 1} (event ${i + 1}) cannot have happened: ${replay.refused.reason}`);
    const said = replay.effects[segment]?.[move];
    if (said !== e.effect)
      return refuse(
        `move ${moves + 1} (event ${i + 1}) claims "${e.effect}", but by the rules it ${said === undefined ? 'did nothing' : `"${said}"`}`,
      );
    move++;
    moves++;
  }
  if (replay.refused) return refuse(`its replay stopped: ${replay.refused.reason}`);

  if (replay.status !== 'playing') {
    // A clear or a loss ends the attempt: no move or restart may follow (a hold is harmless).
    const lastMove = attempt.events.findLastIndex((e) => e.kind === 'move');
    const after = attempt.events.slice(lastMove + 1).find((e) => e.kind !== 'hold');
    if (after)
      return refuse(
        `it goes on after the level was ${ended[replay.status]} (a ${after.kind} at ${after.at} ms)`,
      );
  }
  const implied = outcomeOf(replay, moves);
  if (implied !== attempt.outcome)
    return refuse(`it is recorded as ${attempt.outcome}, but its moves say ${implied}`);
  const restarts = segments.length - 1;
  return { ok: true, replay, moves, wasted: replay.wasted, restarts };
}
