/**
 * The replay check of one attempt and the shared outcome rules, by hand on a Tally level
 * (dots at 0 1 5 7 8: tap dot 1 clears 0 and 1, dot 2 clears 5, dot 4 clears 7 and 8;
 * fewest 3), and Apsis's hearts on a generated level.
 */
import { describe, expect, it } from 'vitest';
import { apsisGame } from '../../../src-shared/games/apsis/index';
import { checkAttempt } from '../../../src-shared/playtest/check-attempt';
import { outcomeOf } from '../../../src-shared/playtest/outcome';
import type { AttemptTrace, TraceEvent } from '../../../src-shared/playtest/types';
import { tallyGame } from '../../fixtures/games/tally/game';
import { generatedLevels } from '../../helpers/playtest-levels';

const level = tallyGame.parseLevel({ dots: [0, 1, 5, 7, 8] });
const rules = tallyGame.defaultRules;
const pt = tallyGame.playtest;
const move = (at: number, element: number, effect: string): TraceEvent => ({
  kind: 'move',
  at,
  element,
  effect,
});
const attempt = (events: TraceEvent[], outcome: AttemptTrace['outcome'], ms = 9000): AttemptTrace => ({
  level: 1,
  startedAt: '2026-12-01T10:00:00.000Z',
  events,
  outcome,
  ms,
});
const check = (a: AttemptTrace) => checkAttempt(pt, level, rules, a);

describe('checkAttempt on a Tally level', () => {
  it('has the hand-worked solution and effects', () => {
    expect(level.solution).toEqual([1, 2, 4]);
    expect(pt.replay(level, rules, [[1, 2, 4]])).toEqual({
      effects: [['cleared 2', 'cleared 1', 'cleared 2']],
      refused: null,
      status: 'cleared',
      wasted: 0,
    });
  });

  it('reads each outcome by the shared rules', () => {
    const fewest = attempt(
      [move(100, 1, 'cleared 2'), move(900, 2, 'cleared 1'), move(1500, 4, 'cleared 2')],
      'cleared-fewest',
    );
    expect(check(fewest)).toMatchObject({ ok: true, moves: 3, wasted: 0, restarts: 0 });
    // 0 then 1: dot 0 clears 0 and 1 (it has 1 beside it), so 4 taps in all: 1 wasted.
    const more = attempt(
      [
        move(100, 0, 'cleared 2'),
        { kind: 'restart', at: 200 },
        move(300, 1, 'cleared 2'),
        move(400, 2, 'cleared 1'),
        move(500, 4, 'cleared 2'),
      ],
      'cleared-more',
    );
    expect(check(more)).toMatchObject({ ok: true, moves: 4, wasted: 1, restarts: 1 });
    expect(check(attempt([move(100, 1, 'cleared 2')], 'gave-up'))).toMatchObject({ ok: true, wasted: 1 });
    expect(check(attempt([{ kind: 'hold', at: 10, element: 3, ms: 400 }], 'skipped'))).toMatchObject({
      ok: true,
      moves: 0,
    });
    expect(outcomeOf({ status: 'failed', wasted: 3 }, 3)).toBe('failed');
  });

  it('refuses what cannot have happened, naming the move and what is wrong', () => {
    expect(check(attempt([move(100, 1, 'cleared 2'), move(200, 0, 'cleared 1')], 'gave-up'))).toEqual({
      ok: false,
      problem: 'move 2 (event 2) cannot have happened: dot 0 is already cleared',
    });
    expect(check(attempt([move(100, 1, 'cleared 1')], 'gave-up'))).toEqual({
      ok: false,
      problem: 'move 1 (event 1) claims "cleared 1", but by the rules it "cleared 2"',
    });
    expect(check(attempt([move(100, 1, 'cleared 2'), move(50, 2, 'cleared 1')], 'gave-up'))).toEqual({
      ok: false,
      problem: 'event 2 is at 50 ms, before event 1 at 100 ms',
    });
    expect(check(attempt([move(100, 1, 'cleared 2')], 'gave-up', 90))).toEqual({
      ok: false,
      problem: 'it ends at 90 ms, before its last event at 100 ms',
    });
    expect(check(attempt([move(100, 1, 'cleared 2')], 'cleared-fewest'))).toEqual({
      ok: false,
      problem: 'it is recorded as cleared-fewest, but its moves say gave-up',
    });
    const cleared = [move(100, 1, 'cleared 2'), move(200, 2, 'cleared 1'), move(300, 4, 'cleared 2')];
    expect(check(attempt([...cleared, move(400, 3, 'cleared 1')], 'cleared-fewest'))).toEqual({
      ok: false,
      problem: 'move 4 (event 4) cannot have happened: the level was already cleared',
    });
    expect(check(attempt([...cleared, { kind: 'restart', at: 400 }], 'cleared-fewest'))).toEqual({
      ok: false,
      problem: 'it goes on after the level was cleared (a restart at 400 ms)',
    });
  });
});

describe('Apsis attempts', () => {
  const [t] = generatedLevels(apsisGame as never, 1);
  const apsis = apsisGame.playtest;

  it('counts a blocked launch as a heart lost, and loses the level at 0 hearts', () => {
    const lvl = t!.level as Parameters<typeof apsis.replay>[0];
    const r = apsisGame.defaultRules;
    const solution = apsis.solution(lvl, r);
    // An arrow that is blocked at the start: the last of the solution when the level has depth.
    const blocked = solution.find((a) => apsis.replay(lvl, r, [[a]]).effects[0]![0] !== 'flew');
    expect(blocked).toBeDefined();
    const hit = apsis.replay(lvl, r, [[blocked!]]);
    expect(hit.effects[0]![0]).toMatch(/^hit \d+$/);
    expect(hit.wasted).toBe(1);
    const hearts = Array.from({ length: r.hearts }, () => blocked!);
    const lost = apsis.replay(lvl, r, [hearts]);
    expect(lost.status).toBe('failed');
    expect(outcomeOf(lost, hearts.length)).toBe('failed');
    expect(apsis.replay(lvl, r, [[...hearts, blocked!]]).refused?.reason).toBe('the level was already lost');
    // Cleared after one hit: cleared with more, one heart wasted.
    const more = apsis.replay(lvl, r, [[blocked!, ...solution]]);
    expect(more).toMatchObject({ status: 'cleared', wasted: 1, refused: null });
    expect(outcomeOf(more, solution.length + 1)).toBe('cleared-more');
  });
});
