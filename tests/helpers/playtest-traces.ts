/**
 * Builds attempt traces the way a playtest page records them (moves with the effect the
 * rules give, holds, restarts, a clock that only goes forward), for tests and the simulated
 * testers. A pick names an element among those a move would be accepted on (counted from
 * `pick` round the level), so every trace built here could have happened.
 */
import type { PlaytestRules } from '../../src-shared/game';
import { outcomeOf } from '../../src-shared/playtest/outcome';
import type { AttemptTrace, TraceEvent } from '../../src-shared/playtest/types';

export type TraceStep =
  | { kind: 'move'; pick: number; gap: number }
  | { kind: 'hold'; pick: number; gap: number; ms: number }
  | { kind: 'restart'; gap: number };

export interface TraceLevel<Level, Rules> {
  rules: PlaytestRules<Level, Rules>;
  level: Level;
  gameRules: Rules;
  /** Elements on the level (dots, arrows). */
  elements: number;
  /** 1-based level number in the order played. */
  number: number;
}

/** Segments after appending `element` to the last one. */
function withMove(segments: readonly number[][], element: number): number[][] {
  const out = segments.map((s) => s.slice());
  out[out.length - 1]!.push(element);
  return out;
}

export function buildTrace<Level, Rules>(
  t: TraceLevel<Level, Rules>,
  steps: readonly TraceStep[],
  startedAt = '2026-12-01T10:00:00.000Z',
  tail = 500,
): AttemptTrace {
  const events: TraceEvent[] = [];
  let segments: number[][] = [[]];
  let at = 0;
  let moves = 0;
  let replay = t.rules.replay(t.level, t.gameRules, segments);
  for (const step of steps) {
    if (replay.status !== 'playing') break;
    at += step.gap;
    if (step.kind === 'restart') {
      segments = [...segments, []];
      replay = t.rules.replay(t.level, t.gameRules, segments);
      events.push({ kind: 'restart', at });
      continue;
    }
    const element = step.pick % t.elements;
    if (step.kind === 'hold') {
      events.push({ kind: 'hold', at, element, ms: step.ms });
      continue;
    }
    for (let k = 0; k < t.elements; k++) {
      const e = (element + k) % t.elements;
      const next = t.rules.replay(t.level, t.gameRules, withMove(segments, e));
      if (next.refused) continue;
      segments = withMove(segments, e);
      replay = next;
      moves++;
      const seg = next.effects[next.effects.length - 1]!;
      events.push({ kind: 'move', at, element: e, effect: seg[seg.length - 1]! });
      break;
    }
  }
  return { level: t.number, startedAt, events, outcome: outcomeOf(replay, moves), ms: at + tail };
}
