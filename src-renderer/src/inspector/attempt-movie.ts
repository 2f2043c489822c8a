/**
 * A tester's attempt as a movie the inspector plays (docs/playtests-studio.md): each recorded
 * event a step with its time, the pause before it and a line in the game's words, and the board
 * after it as the moves made since the last restart (what the shell replays through the game's
 * session). Pure: the movie's view (./attempt-movie-view.svelte.ts) drives the board and the clock.
 */
import type { GameWords } from '../../../src-shared/game';
import type { PlaytestOutcome, TraceEvent } from '../../../src-shared/playtest/types';

/** What the movie does to the inspector's board (the shell registers it on the inspector bus). */
export interface MovieBoard {
  /** One move, animated, as the tester saw it. */
  move(element: number): void;
  /** Straight to the position after these moves from the start (no animation). */
  show(moves: readonly number[]): void;
}

export interface MovieStep {
  /** Milliseconds since the attempt started. */
  at: number;
  /** Milliseconds since the step before (since the start for the first). */
  gap: number;
  kind: TraceEvent['kind'];
  element: number | null;
  /** The move's effect as the replay words it ("popped 3", "flew"), or null. */
  effect: string | null;
  /** A hold's length. */
  ms: number | null;
  /** "0:12.4 · dot 7 · popped 3" */
  line: string;
  /** The moves since the last restart once this step is done: the board after it. */
  board: number[];
}

/** "0:12.4": minutes, seconds and tenths. */
export function clockText(ms: number): string {
  const tenths = Math.max(0, Math.round(ms / 100));
  const m = Math.floor(tenths / 600);
  const s = (tenths % 600) / 10;
  return `${m}:${s < 10 ? '0' : ''}${s.toFixed(1)}`;
}

export function movieSteps(events: readonly TraceEvent[], words: GameWords): MovieStep[] {
  const steps: MovieStep[] = [];
  let board: number[] = [];
  let prev = 0;
  for (const e of events) {
    const gap = e.at - prev;
    prev = e.at;
    const at = clockText(e.at);
    if (e.kind === 'move') {
      board = [...board, e.element];
      steps.push({
        at: e.at,
        gap,
        kind: 'move',
        element: e.element,
        effect: e.effect,
        ms: null,
        line: `${at} · ${words.element} ${e.element + 1} · ${e.effect}`,
        board,
      });
    } else if (e.kind === 'hold') {
      steps.push({
        at: e.at,
        gap,
        kind: 'hold',
        element: e.element,
        effect: null,
        ms: e.ms,
        line: `${at} · held ${words.element} ${e.element + 1} for ${(e.ms / 1000).toFixed(1)} s`,
        board,
      });
    } else {
      board = [];
      steps.push({
        at: e.at,
        gap,
        kind: 'restart',
        element: null,
        effect: null,
        ms: null,
        line: `${at} · restarted`,
        board,
      });
    }
  }
  return steps;
}

/** The step shown at `ms` into the attempt: the last one at or before it (-1: the start position). */
export function stepAtTime(steps: readonly MovieStep[], ms: number): number {
  let lo = -1,
    hi = steps.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (steps[mid]!.at <= ms) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** Longest wait between two steps when the movie plays at the tester's own pace (a long think is cut to it). */
export const LONGEST_WAIT_MS = 3000;

/** How long the movie waits before step `next`, at `speed` times the tester's pace. */
export function waitBefore(steps: readonly MovieStep[], next: number, speed = 1): number {
  const s = steps[next];
  if (!s) return 0;
  return Math.min(LONGEST_WAIT_MS, Math.max(0, s.gap) / Math.max(0.1, speed));
}

const OUTCOME_WORDS: Record<PlaytestOutcome, string> = {
  'cleared-fewest': 'cleared in the fewest moves',
  'cleared-more': 'cleared with more moves',
  failed: 'failed',
  'gave-up': 'gave up',
  skipped: 'skipped',
};

/** One attempt in a list: "Ana · level 7 · cleared with more moves (2 wasted) · 0:41.0 · 1 restart". */
export function attemptLine(a: {
  tester: string;
  level: number;
  outcome: PlaytestOutcome;
  ms: number;
  wasted: number;
  restarts: number;
}): string {
  const wasted = a.outcome === 'cleared-more' && a.wasted > 0 ? ` (${a.wasted} wasted)` : '';
  const restarts = a.restarts > 0 ? ` · ${a.restarts} restart${a.restarts === 1 ? '' : 's'}` : '';
  return `${a.tester} · level ${a.level} · ${OUTCOME_WORDS[a.outcome]}${wasted} · ${clockText(a.ms)}${restarts}`;
}
