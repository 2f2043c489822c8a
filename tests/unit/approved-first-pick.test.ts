/**
 * The choice of approvals in the approved-first order (src-shared/ordering/approved-first.ts):
 * at most one per level, consistent with each other and the designer's fixed levels under the
 * curve rules (the test steering's ruleConflicts makes), and the most levels any choice can
 * have (brute force over every choice agrees).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pickApproved } from '../../src-shared/ordering/approved-first';
import { ruleConflicts } from '../../src-shared/ordering/steering';
import type { CurveRules } from '../../src-shared/ordering/curve-rules';
import { fcRuns } from '../helpers/fast-check';

const instance = fc.record({
  levels: fc.integer({ min: 1, max: 6 }),
  options: fc.array(fc.record({ level: fc.integer({ min: 1, max: 6 }), d: fc.integer({ min: 0, max: 5 }) }), {
    maxLength: 8,
  }),
  fixed: fc.array(fc.record({ level: fc.integer({ min: 1, max: 6 }), d: fc.integer({ min: 0, max: 5 }) }), {
    maxLength: 2,
  }),
  maxStep: fc.option(fc.integer({ min: 1, max: 2 }), { nil: null }),
  maxEqualRun: fc.option(fc.integer({ min: 2, max: 3 }), { nil: null }),
});

const consistent = (chain: [number, number][], rules: CurveRules): boolean =>
  ruleConflicts(new Map(chain), rules).length === 0;

describe('pickApproved', () => {
  it('picks a consistent set as large as any (brute force)', () => {
    fc.assert(
      fc.property(instance, ({ levels, options, fixed, maxStep, maxEqualRun }) => {
        const rules = { maxStep, maxEqualRun };
        const fixedMap = new Map(fixed.filter((f) => f.level <= levels).map((f) => [f.level, f.d]));
        // Only fixed levels that hold together (the steering refuses the others before any choice).
        fc.pre(
          consistent(
            [...fixedMap].sort((a, b) => a[0] - b[0]),
            rules,
          ),
        );
        const approved = options
          .filter((o) => o.level <= levels)
          .map((o, i) => ({ id: `a${i}`, level: o.level, difficulty: o.d }));
        const picks = pickApproved(approved, fixedMap, [], rules);
        const byId = new Map(approved.map((a) => [a.id, a]));
        // At most one per level, never on a fixed level, consistent with everything fixed.
        expect(new Set(picks.map((p) => p.level)).size).toBe(picks.length);
        for (const p of picks) {
          expect(fixedMap.has(p.level)).toBe(false);
          expect(byId.get(p.id)!.level).toBe(p.level);
        }
        const chain = (ps: { level: number; d: number }[]): [number, number][] =>
          [...ps.map((p) => [p.level, p.d] as [number, number]), ...fixedMap].sort((a, b) => a[0] - b[0]);
        expect(
          consistent(chain(picks.map((p) => ({ level: p.level, d: byId.get(p.id)!.difficulty }))), rules),
        ).toBe(true);
        // Brute force: no choice of one-or-none per level holds more.
        const free = [...new Set(approved.map((a) => a.level))].filter((l) => !fixedMap.has(l));
        let best = 0;
        const walk = (k: number, chosen: { level: number; d: number }[]): void => {
          if (k === free.length) {
            if (consistent(chain(chosen), rules)) best = Math.max(best, chosen.length);
            return;
          }
          walk(k + 1, chosen);
          for (const a of approved.filter((x) => x.level === free[k]))
            walk(k + 1, [...chosen, { level: a.level, d: a.difficulty }]);
        };
        walk(0, []);
        expect(picks.length).toBe(best);
      }),
      fcRuns(400),
    );
  });
});
