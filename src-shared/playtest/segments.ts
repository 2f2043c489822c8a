/**
 * The walk every game's `playtest.replay` shares: each segment (the moves between restarts)
 * starts from the start position; the first move that cannot have happened stops the replay;
 * a clear or a loss ends the attempt, so any move after it is refused. A game supplies only
 * its start position and what one move does.
 */
import type { PlaytestReplay } from '../game';
import type { TraceEvent } from './types';

/** What one move did: accepted (with its effect in words, and what it cost), or refused with why. */
export type MoveResult<S> =
  { state: S; effect: string; status: PlaytestReplay['status']; cost: number } | { refused: string };

export interface SegmentsReplay {
  effects: string[][];
  refused: PlaytestReplay['refused'];
  status: PlaytestReplay['status'];
  /** Accepted moves over every segment. */
  moves: number;
  /** Sum of the accepted moves' costs (Apsis: hearts lost). */
  cost: number;
}

export function replaySegments<S>(
  segments: readonly (readonly number[])[],
  start: () => S,
  play: (state: S, element: number) => MoveResult<S>,
): SegmentsReplay {
  const effects: string[][] = [];
  let status: PlaytestReplay['status'] = 'playing';
  let moves = 0;
  let cost = 0;
  for (let segment = 0; segment < segments.length; segment++) {
    const seg = segments[segment]!;
    const words: string[] = [];
    effects.push(words);
    if (status !== 'playing') {
      // The attempt ended in an earlier segment: a restart after it is the trace check's
      // business, a move after it cannot have happened.
      if (seg.length > 0) {
        const reason = `the level was already ${status === 'cleared' ? 'cleared' : 'lost'}`;
        return { effects, refused: { segment, move: 0, reason }, status, moves, cost };
      }
      continue;
    }
    let state = start();
    for (let move = 0; move < seg.length; move++) {
      if (status !== 'playing') {
        const reason = `the level was already ${status === 'cleared' ? 'cleared' : 'lost'}`;
        return { effects, refused: { segment, move, reason }, status, moves, cost };
      }
      const r = play(state, seg[move]!);
      if ('refused' in r)
        return { effects, refused: { segment, move, reason: r.refused }, status, moves, cost };
      state = r.state;
      status = r.status;
      cost += r.cost;
      moves++;
      words.push(r.effect);
    }
  }
  return { effects, refused: null, status, moves, cost };
}

/** Wasted moves for games whose only waste is extra moves (Carillon, Tally): beyond the fewest when cleared, else all. */
export function extraMoves(r: SegmentsReplay, fewest: number): number {
  return r.status === 'cleared' ? Math.max(0, r.moves - fewest) : r.moves;
}

/** The moves of a trace, split at its restarts (holds are no moves). */
export function segmentsOf(events: readonly TraceEvent[]): number[][] {
  const segments: number[][] = [[]];
  for (const e of events) {
    if (e.kind === 'restart') segments.push([]);
    else if (e.kind === 'move') segments[segments.length - 1]!.push(e.element);
  }
  return segments;
}
