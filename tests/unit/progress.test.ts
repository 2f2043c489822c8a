import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { fcRuns } from '../helpers/fast-check';
import { overallProgress, PHASE_WEIGHTS, RUN_PHASES, type RunPhase } from '../../src-shared/progress';

describe('overall progress', () => {
  it('weights sum to one; each phase starts where the one before ends', () => {
    expect(Object.values(PHASE_WEIGHTS).reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    expect(overallProgress('generate', 0, 1800)).toBe(0);
    expect(overallProgress('generate', 1800, 1800)).toBeCloseTo(overallProgress('order', 0, 1), 12);
    expect(overallProgress('order', 1, 1)).toBeCloseTo(overallProgress('near-duplicates', 0, 120), 12);
    expect(overallProgress('near-duplicates', 120, 120)).toBeCloseTo(1, 12);
    expect(overallProgress('done', 0, 0)).toBe(1);
  });

  it('never decreases along any run: phases in order, work within a phase growing', () => {
    const step = fc.record({ phase: fc.integer({ min: 0, max: 3 }), done: fc.nat(5000), total: fc.integer({ min: 1, max: 5000 }) });
    fc.assert(
      fc.property(fc.array(step, { minLength: 2, maxLength: 40 }), (raw) => {
        // Sort the events into a run's order: phase by phase, done growing, one total per phase.
        const totals = new Map<number, number>();
        const events = raw
          .map((e) => ({ ...e, total: totals.get(e.phase) ?? (totals.set(e.phase, e.total), e.total) }))
          .map((e) => ({ ...e, done: Math.min(e.done, e.total) }))
          .sort((a, b) => a.phase - b.phase || a.done - b.done);
        let last = -1;
        for (const e of events) {
          const v = overallProgress(RUN_PHASES[e.phase] as RunPhase, e.done, e.total);
          expect(v).toBeGreaterThanOrEqual(last);
          expect(v).toBeLessThanOrEqual(1);
          last = v;
        }
      }),
      fcRuns(300),
    );
  });

  it('takes a game\'s own weights, relative to their sum', () => {
    const w = { generate: 7, order: 3, 'near-duplicates': 10 };
    expect(overallProgress('generate', 5, 10, w)).toBeCloseTo(3.5 / 20, 12);
    expect(overallProgress('order', 1, 1, w)).toBeCloseTo(0.5, 12);
    expect(overallProgress('near-duplicates', 10, 10, w)).toBeCloseTo(1, 12);
  });

  it('clamps hostile figures into 0..1', () => {
    expect(overallProgress('generate', -5, 10)).toBe(0);
    expect(overallProgress('generate', 50, 10)).toBeCloseTo(PHASE_WEIGHTS.generate, 12);
    expect(overallProgress('order', 3, 0)).toBeCloseTo(PHASE_WEIGHTS.generate, 12);
  });
});
