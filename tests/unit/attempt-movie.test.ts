/**
 * The inspector's replay of a tester's attempt: the steps and their lines
 * (src-renderer/src/inspector/attempt-movie.ts) and the movie that plays them on the board at
 * the tester's pace, back and forth (attempt-movie-view.svelte.ts), with a fake board and timer.
 */
import { describe, expect, it } from 'vitest';
import type { StoredAttempt, TraceEvent } from '../../src-shared/playtest/types';
import {
  attemptLine,
  clockText,
  LONGEST_WAIT_MS,
  movieSteps,
  stepAtTime,
  waitBefore,
} from '../../src-renderer/src/inspector/attempt-movie';
import { AttemptMovie } from '../../src-renderer/src/inspector/attempt-movie-view.svelte';

const words = { stage: 'stretch', stages: 'stretches', element: 'dot', elements: 'dots' };
const events: TraceEvent[] = [
  { kind: 'hold', at: 800, element: 2, ms: 600 },
  { kind: 'move', at: 1500, element: 2, effect: 'popped 3' },
  { kind: 'move', at: 2500, element: 0, effect: 'popped 1' },
  { kind: 'restart', at: 9000 },
  { kind: 'move', at: 9400, element: 4, effect: 'popped 5' },
];
const attempt: StoredAttempt = {
  id: 'a'.repeat(64),
  tester: 'Ana',
  runId: 1,
  candidateId: 7,
  order: 'automatic',
  exportId: null,
  level: 3,
  startedAt: '2026-12-02T00:00:00.000Z',
  events,
  outcome: 'cleared-more',
  ms: 10_000,
  moves: 3,
  wasted: 2,
  restarts: 1,
  recordedAt: '2026-12-02T00:00:10.000Z',
};

describe('the steps of an attempt', () => {
  it('word each event with its time, and keep the board since the last restart', () => {
    const s = movieSteps(events, words);
    expect(s.map((x) => x.line)).toEqual([
      '0:00.8 · held dot 3 for 0.6 s',
      '0:01.5 · dot 3 · popped 3',
      '0:02.5 · dot 1 · popped 1',
      '0:09.0 · restarted',
      '0:09.4 · dot 5 · popped 5',
    ]);
    expect(s.map((x) => x.board)).toEqual([[], [2], [2, 0], [], [4]]);
    expect(s.map((x) => x.gap)).toEqual([800, 700, 1000, 6500, 400]);
  });

  it('find the step at a time, wait at the pace (long thinks cut), and write clocks and lines', () => {
    const s = movieSteps(events, words);
    expect([0, 799, 800, 2499, 2500, 9000, 99_999].map((t) => stepAtTime(s, t))).toEqual([
      -1, -1, 0, 1, 2, 3, 4,
    ]);
    expect(waitBefore(s, 1)).toBe(700);
    expect(waitBefore(s, 1, 2)).toBe(350);
    expect(waitBefore(s, 3)).toBe(LONGEST_WAIT_MS);
    expect(waitBefore(s, 5)).toBe(0);
    expect(clockText(61_240)).toBe('1:01.2');
    expect(attemptLine(attempt)).toBe(
      'Ana · level 3 · cleared with more moves (2 wasted) · 0:10.0 · 1 restart',
    );
    expect(attemptLine({ ...attempt, outcome: 'gave-up', restarts: 0 })).toBe(
      'Ana · level 3 · gave up · 0:10.0',
    );
  });
});

function fakes() {
  const log: string[] = [];
  const timers: { ms: number; cb: () => void; live: boolean }[] = [];
  const movie = new AttemptMovie({
    board: { move: (e) => log.push(`move ${e}`), show: (m) => log.push(`show ${m.join(',')}`) },
    frames: {
      after: (ms, cb) => {
        const t = { ms, cb, live: true };
        timers.push(t);
        return t;
      },
      cancelAfter: (h) => void ((h as { live: boolean }).live = false),
    },
  });
  const fire = () => {
    const t = timers.filter((x) => x.live).shift()!;
    t.live = false;
    t.cb();
    return t.ms;
  };
  return { movie, log, timers, fire };
}

describe('the attempt movie', () => {
  it('steps forward as the tester played, back by showing the position, and seeks', () => {
    const { movie, log } = fakes();
    movie.load(attempt, words);
    expect(movie.line).toBe('0:00.0 · the start · 5 steps');
    expect(movie.title).toMatch(/^Ana · level 3/);
    movie.next(); // the hold: the board stays
    movie.next();
    movie.next();
    expect(movie.clock).toBe('0:02.5 / 0:10.0');
    movie.next(); // the restart
    movie.prev();
    movie.seek(4);
    expect(movie.atEnd).toBe(true);
    expect(movie.next()).toBe(false);
    movie.seek(-5);
    expect(movie.index).toBe(-1);
    expect(log).toEqual(['show ', 'move 2', 'move 0', 'show ', 'show 2,0', 'show 4', 'show ']);
  });

  it('plays at the tester pace to the end, pauses, and starts over from the end', () => {
    const { movie, log, fire } = fakes();
    movie.load(attempt, words);
    movie.play();
    expect(movie.playing).toBe(true);
    const waits = [fire(), fire(), fire()];
    expect(waits).toEqual([800, 700, 1000]);
    movie.pause();
    expect(movie.index).toBe(2);
    movie.play();
    expect([fire(), fire()]).toEqual([LONGEST_WAIT_MS, 400]);
    expect(movie.playing).toBe(false);
    expect(movie.atEnd).toBe(true);
    log.length = 0;
    movie.play(); // from the end: back to the start first
    expect(log).toEqual(['show ']);
    movie.close();
    expect(movie.attempt).toBeNull();
    expect(movie.playing).toBe(false);
  });
});
