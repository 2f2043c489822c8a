import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { fcRuns } from '../helpers/fast-check';
import {
  overallProgress,
  PHASE_WEIGHTS,
  progressMeter,
  rateText,
  RUN_PHASES,
  timeLeftText,
  type RunPhase,
} from '../../src-shared/progress';

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
    const step = fc.record({
      phase: fc.integer({ min: 0, max: 3 }),
      done: fc.nat(5000),
      total: fc.integer({ min: 1, max: 5000 }),
    });
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

  it("takes a game's own weights, relative to their sum", () => {
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

describe('the rate and the time left', () => {
  it('says "estimating…" only until a rate is measured, then keeps a figure through a stall', () => {
    const m = progressMeter(100, 0);
    expect(m.update(0, 1000)).toMatchObject({ rate: 0, etaSeconds: null });
    expect(timeLeftText(m.update(0, 1000).etaSeconds)).toBe('estimating…');
    const moving = m.update(10, 2000);
    expect(moving.rate).toBeCloseTo(5, 9);
    expect(timeLeftText(moving.etaSeconds)).toBe('18 s left');
    // Nothing finishes for longer than the window: the average since the start stands in.
    const stalled = m.update(10, 60_000);
    expect(stalled.rate).toBeCloseTo(10 / 60, 9);
    expect(stalled.etaSeconds).not.toBeNull();
    expect(timeLeftText(stalled.etaSeconds)).toBe('9 min 0 s left');
    expect(m.update(100, 61_000)).toMatchObject({ etaSeconds: 0 });
  });

  it('counts what a resumed run had stored as done, never as speed', () => {
    const m = progressMeter(1000, 0, 5000, 600);
    expect(m.update(600, 1)).toMatchObject({ done: 600, rate: 0, etaSeconds: null });
    const r = m.update(620, 2000);
    expect(r.rate).toBeCloseTo(10, 9);
    expect(r.etaSeconds).toBeCloseTo(38, 9);
  });

  it('words the rate and the time left as the Runs page and the CLI bar show them', () => {
    expect(rateText(0)).toBe('—/s');
    expect(rateText(2.46)).toBe('2.5/s');
    expect(rateText(45.4)).toBe('45/s');
    expect(timeLeftText(null)).toBe('estimating…');
    expect(timeLeftText(Infinity)).toBe('estimating…');
    expect(timeLeftText(0)).toBe('finishing');
    expect(timeLeftText(0.4)).toBe('under a second left');
    expect(timeLeftText(185)).toBe('3 min 5 s left');
  });
});
