/**
 * Property: replaying any recorded trace reproduces its outcome, in every game (Carillon,
 * Apsis, Tally), and changing one move's effect makes the trace one that cannot have happened.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkAttempt } from '../../../src-shared/playtest/check-attempt';
import { fcRuns } from '../../helpers/fast-check';
import { generatedLevels, PLAYTEST_GAMES } from '../../helpers/playtest-levels';
import { buildTrace, type TraceStep } from '../../helpers/playtest-traces';

const step: fc.Arbitrary<TraceStep> = fc.oneof(
  {
    weight: 8,
    arbitrary: fc.record({ kind: fc.constant('move' as const), pick: fc.nat(200), gap: fc.nat(5000) }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('hold' as const),
      pick: fc.nat(200),
      gap: fc.nat(3000),
      ms: fc.nat(3000),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('restart' as const), gap: fc.nat(2000) }) },
);

describe.each(PLAYTEST_GAMES.map((g) => [g.id, g] as const))('%s playtest traces', (_id, game) => {
  const levels = generatedLevels(game, 3);

  it('replay every recorded trace to the outcome it was recorded with', () => {
    expect(levels.length).toBe(3);
    fc.assert(
      fc.property(fc.nat(levels.length - 1), fc.array(step, { maxLength: 60 }), (which, steps) => {
        const t = levels[which]!;
        const trace = buildTrace(t, steps);
        const checked = checkAttempt(t.rules, t.level, t.gameRules, trace);
        expect(checked).toMatchObject({ ok: true });
        if (!checked.ok) return;
        const moves = trace.events.filter((e) => e.kind === 'move').length;
        expect(checked.moves).toBe(moves);
        expect(checked.restarts).toBe(trace.events.filter((e) => e.kind === 'restart').length);
        // Another outcome, or one move's effect changed, is refused.
        const other = trace.outcome === 'skipped' ? 'gave-up' : 'skipped';
        expect(checkAttempt(t.rules, t.level, t.gameRules, { ...trace, outcome: other }).ok).toBe(false);
        const k = trace.events.findIndex((e) => e.kind === 'move');
        if (k >= 0) {
          const events = trace.events.map((e, i) =>
            i === k && e.kind === 'move' ? { ...e, effect: 'nothing' } : e,
          );
          const bad = checkAttempt(t.rules, t.level, t.gameRules, { ...trace, events });
          expect(bad).toMatchObject({ ok: false });
          expect(!bad.ok && bad.problem).toContain(`"nothing"`);
        }
      }),
      fcRuns(60),
    );
  });

  it('clears in the fewest along its solution, and the clock going backwards is refused', () => {
    for (const t of levels) {
      const solution = t.rules.solution(t.level, t.gameRules);
      const trace = buildTrace(
        t,
        solution.map((pick) => ({ kind: 'move' as const, pick, gap: 700 })),
      );
      expect(trace.outcome).toBe('cleared-fewest');
      expect(checkAttempt(t.rules, t.level, t.gameRules, trace)).toMatchObject({ ok: true, wasted: 0 });
      if (trace.events.length > 1) {
        const events = trace.events.map((e, i) => (i === 1 ? { ...e, at: 0 } : e));
        const back = checkAttempt(t.rules, t.level, t.gameRules, { ...trace, events });
        expect(back).toEqual({ ok: false, problem: 'event 2 is at 0 ms, before event 1 at 700 ms' });
      }
    }
  });
});
