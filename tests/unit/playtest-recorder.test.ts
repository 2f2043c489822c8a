/**
 * The recorder (src-shared/playtest/recorder.ts): moves, holds, restarts and an end become an
 * AttemptTrace whose effects and outcome are the rules' replay. Two small rule sets stand in for
 * the games here: the Tally line (the test game's own clear rule) and a hearts game (a blocked
 * move costs a heart, none left loses), so every outcome can be reached.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PlaytestReplay, PlaytestRules } from '../../src-shared/game';
import {
  finishRecording,
  recordHold,
  recordMove,
  recordRestart,
  recordingOver,
  startRecording,
  type PlaytestSubject,
  type Recording,
} from '../../src-shared/playtest/recorder';
import type { AttemptTrace } from '../../src-shared/playtest/types';
import { outcomeOf } from '../../src-shared/playtest/outcome';
import { cleared, solve } from '../fixtures/games/tally/game';

/** Tally's line: a tap clears the dot and its neighbours; wasted = taps beyond the fewest when cleared. */
const line: PlaytestRules<number[], null> = {
  fewest: (dots) => solve(dots).length,
  solution: (dots) => solve(dots),
  replay(dots, _r, segments) {
    const effects: string[][] = [];
    let status: PlaytestReplay['status'] = 'playing';
    let taps = 0;
    for (const [s, seg] of segments.entries()) {
      const live = dots.map(() => true);
      const words: string[] = [];
      effects.push(words);
      for (const [m, i] of seg.entries()) {
        if (status !== 'playing' || !live[i])
          return {
            effects,
            refused: { segment: s, move: m, reason: `dot ${i} is gone` },
            status,
            wasted: taps,
          };
        const gone = cleared(dots, live, i);
        for (const j of gone) live[j] = false;
        words.push(`cleared ${gone.length}`);
        taps++;
        if (live.every((l) => !l)) status = 'cleared';
      }
    }
    const fewest = solve(dots).length;
    return { effects, refused: null, status, wasted: status === 'cleared' ? taps - fewest : taps };
  },
};

/** Hearts: elements leave in index order; a move on any but the lowest left "hits" it and costs a heart. */
const hearts = (n: number, h: number): PlaytestRules<null, null> => ({
  fewest: () => n,
  solution: () => Array.from({ length: n }, (_, i) => i),
  replay(_l, _r, segments) {
    const effects: string[][] = [];
    let status: PlaytestReplay['status'] = 'playing';
    let lost = 0;
    for (const [s, seg] of segments.entries()) {
      let next = 0;
      let left = h;
      const words: string[] = [];
      effects.push(words);
      for (const [m, i] of seg.entries()) {
        if (status !== 'playing' || i < next || i >= n)
          return {
            effects,
            refused: { segment: s, move: m, reason: `arrow ${i} is gone` },
            status,
            wasted: lost,
          };
        if (i === next) {
          words.push('flew');
          next++;
          if (next === n) status = 'cleared';
        } else {
          words.push(`hit ${next}`);
          lost++;
          if (--left === 0) status = 'failed';
        }
      }
    }
    return { effects, refused: null, status, wasted: lost };
  },
});

const tally: PlaytestSubject<number[], null> = { playtest: line, level: [0, 1, 2, 6, 7, 8], rules: null };
const arrows: PlaytestSubject<null, null> = { playtest: hearts(3, 2), level: null, rules: null };
const T0 = 1_000_000;

function move<L, R>(s: PlaytestSubject<L, R>, r: Recording, el: number, now: number): Recording {
  const m = recordMove(s, r, el, T0 + now);
  if ('refused' in m) throw new Error(m.refused);
  return m.recording;
}

describe('the playtest recorder', () => {
  it('records moves with the replay’s effect and times since the start, and a fewest clear ends the attempt', () => {
    let r = startRecording(2, T0, '2026-12-02T04:00:00.000Z');
    r = move(tally, r, 1, 400);
    expect(recordingOver(r)).toBe(false);
    r = move(tally, r, 4, 1250);
    expect(recordingOver(r)).toBe(true);
    const t = finishRecording(r, T0 + 9000);
    expect(t).toEqual<AttemptTrace>({
      level: 2,
      startedAt: '2026-12-02T04:00:00.000Z',
      events: [
        { kind: 'move', at: 400, element: 1, effect: 'cleared 3' },
        { kind: 'move', at: 1250, element: 4, effect: 'cleared 3' },
      ],
      outcome: 'cleared-fewest',
      ms: 1250,
    });
  });

  it('refuses a move the rules refuse (a gone dot) and any move after the end, leaving the recording as it was', () => {
    let r = startRecording(1, T0, 'x');
    r = move(tally, r, 0, 100); // clears 0 and 1
    const refused = recordMove(tally, r, 1, T0 + 200);
    expect(refused).toEqual({ refused: 'dot 1 is gone' });
    r = move(tally, r, 2, 300);
    r = move(tally, r, 4, 400);
    expect(r.status).toBe('cleared');
    expect(recordMove(tally, r, 5, T0 + 500)).toEqual({ refused: 'the level is already cleared' });
    expect(finishRecording(r, T0 + 600).outcome).toBe('cleared-more');
  });

  it('a restart starts a new segment from the start position, and the wasted moves count the whole attempt', () => {
    let r = startRecording(1, T0, 'x');
    r = move(tally, r, 0, 100);
    r = recordRestart(r, T0 + 200);
    r = move(tally, r, 1, 300); // dot 1 is back after the restart
    r = move(tally, r, 4, 400);
    const t = finishRecording(r, T0 + 500);
    expect(t.events.map((e) => e.kind)).toEqual(['move', 'restart', 'move', 'move']);
    expect(r.segments).toEqual([[0], [1, 4]]);
    expect(t.outcome).toBe('cleared-more');
    expect(r.wasted).toBe(1);
  });

  it('records holds at their press with their length, keeps times from going backwards, and ignores input after the end', () => {
    let r = startRecording(1, T0, 'x');
    r = recordHold(r, 3, T0 + 100, T0 + 700);
    r = move(tally, r, 3, 700);
    r = move(tally, r, 0, 650); // the clock stepped back: held at the last time
    expect(r.events).toEqual([
      { kind: 'hold', at: 100, element: 3, ms: 600 },
      { kind: 'move', at: 700, element: 3, effect: 'cleared 2' },
      { kind: 'move', at: 700, element: 0, effect: 'cleared 2' },
    ]);
    r = move(tally, r, 2, 750);
    r = move(tally, r, 5, 760);
    expect(recordingOver(r)).toBe(true);
    expect(recordHold(r, 1, T0 + 800, T0 + 900)).toBe(r);
    expect(recordRestart(r, T0 + 900)).toBe(r);
  });

  it('a loss by the rules is failed; an open attempt is gave-up after a move and skipped before one', () => {
    let r = startRecording(1, T0, 'x');
    r = move(arrows, r, 0, 100);
    r = move(arrows, r, 2, 200);
    r = move(arrows, r, 2, 300);
    expect(r.events.map((e) => (e.kind === 'move' ? e.effect : e.kind))).toEqual(['flew', 'hit 1', 'hit 1']);
    expect(finishRecording(r, T0 + 5000)).toMatchObject({ outcome: 'failed', ms: 300 });

    const open = move(arrows, startRecording(1, T0, 'x'), 0, 100);
    expect(finishRecording(open, T0 + 2500)).toMatchObject({ outcome: 'gave-up', ms: 2500 });
    expect(finishRecording(startRecording(4, T0, 'x'), T0 + 800)).toMatchObject({
      outcome: 'skipped',
      ms: 800,
      events: [],
    });
  });

  it('property: any recorded trace replays to its own effects and outcome, with times that never decrease', () => {
    const action = fc.oneof(
      fc.record({ k: fc.constant('move' as const), el: fc.nat(5), dt: fc.integer({ min: -50, max: 400 }) }),
      fc.record({ k: fc.constant('hold' as const), el: fc.nat(5), dt: fc.nat(300) }),
      fc.record({ k: fc.constant('restart' as const), el: fc.constant(0), dt: fc.nat(300) }),
    );
    fc.assert(
      fc.property(fc.boolean(), fc.array(action, { maxLength: 30 }), fc.nat(1000), (useTally, acts, tail) => {
        const subject = (useTally ? tally : arrows) as PlaytestSubject<unknown, unknown>;
        let r = startRecording(1, T0, 'x');
        let now = T0;
        for (const a of acts) {
          const pressed = now;
          now += a.dt;
          if (a.k === 'move') {
            const m = recordMove(subject, r, a.el, now);
            if (!('refused' in m)) r = m.recording;
          } else if (a.k === 'hold') r = recordHold(r, a.el, pressed, now);
          else r = recordRestart(r, now);
        }
        const t = finishRecording(r, now + tail);
        const segments: number[][] = [[]];
        const seen: string[][] = [[]];
        for (const e of t.events) {
          if (e.kind === 'restart') {
            segments.push([]);
            seen.push([]);
          } else if (e.kind === 'move') {
            segments[segments.length - 1]!.push(e.element);
            seen[seen.length - 1]!.push(e.effect);
          }
        }
        const replay = subject.playtest.replay(subject.level, subject.rules, segments);
        expect(replay.refused).toBeNull();
        expect(replay.effects).toEqual(seen);
        const moves = segments.flat().length;
        expect(t.outcome).toBe(outcomeOf(replay, moves));
        const ats = t.events.map((e) => e.at);
        expect(ats).toEqual([...ats].sort((a, b) => a - b));
        expect(t.ms).toBeGreaterThanOrEqual(ats[ats.length - 1] ?? 0);
      }),
    );
  });
});
