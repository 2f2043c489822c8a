import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { fcRuns } from '../../helpers/fast-check';
import type { PoolCandidate } from '../../../src-shared/game';
import { stepStats } from '../../../src-shared/ordering/curve';
import { defaultApsisRules as rules, orderPools } from '../../../src-shared/games/apsis/index';
import type { ApsisLevel, ApsisPlan } from '../../../src-shared/games/apsis/index';
import { pools as genPools } from './fixtures';

type M = { reads: number; arrows: number; depth: number };
const noDup = (): boolean => false;

function planOf(stageSizes: number[]): ApsisPlan {
  let first = 1;
  return stageSizes.map((n, i) => {
    const s = {
      stage: i + 1,
      first,
      last: first + n - 1,
      orbits: 3,
      arrows: new Array<number>(n).fill(3),
      long: false,
      diagonal: false,
      poolSize: 1,
    };
    first += n;
    return s;
  });
}

/** pools[slot] from metrics lists, candidates spread over the stage's slots. */
function poolsOf(plan: ApsisPlan, stageMetrics: M[][]): PoolCandidate<ApsisLevel>[][] {
  const out: PoolCandidate<ApsisLevel>[][] = [];
  plan.forEach((s, si) => {
    const n = s.last - s.first + 1;
    for (let k = 0; k < n; k++) out.push([]);
    (stageMetrics[si] ?? []).forEach((m, i) => {
      const slot = s.first - 1 + (i % n);
      out[slot]!.push({
        id: `s${si}c${i}`,
        slot,
        index: i,
        level: { orbits: 3, arrows: [] },
        metrics: { ...m, orbits: 3, free: 1 },
      });
    });
  });
  return out;
}

/** The pool id poolsOf gives a metrics object (by identity). */
function idOf(stageMetrics: M[][], x: M): string {
  for (let si = 0; si < stageMetrics.length; si++) {
    const i = stageMetrics[si]!.indexOf(x);
    if (i >= 0) return `s${si}c${i}`;
  }
  throw new Error('not in the pools');
}

function valid(seq: M[], R = 3): boolean {
  let run = 1;
  for (let i = 1; i < seq.length; i++) {
    const a = seq[i - 1]!,
      b = seq[i]!;
    if (b.reads < a.reads || b.arrows < a.arrows || b.depth < a.depth) return false;
    run = b.reads === a.reads ? run + 1 : 1;
    if (run > R) return false;
  }
  return true;
}

/** Brute force: every ordered choice per stage; best (largest step, then spread). */
function bruteForce(
  plan: ApsisPlan,
  stageMetrics: M[][],
  accept: (seq: M[]) => boolean = () => true,
): { step: number; spread: number } | null {
  let best: { step: number; spread: number } | null = null;
  const sizes = plan.map((s) => s.last - s.first + 1);
  const rec = (si: number, seq: M[]): void => {
    if (si === plan.length) {
      if (!valid(seq) || !accept(seq)) return;
      const st = stepStats(seq.map((x) => x.reads));
      if (
        !best ||
        st.largestStep < best.step ||
        (st.largestStep === best.step && st.stepSpread < best.spread - 1e-12)
      ) {
        best = { step: st.largestStep, spread: st.stepSpread };
      }
      return;
    }
    const items = stageMetrics[si]!;
    const used = new Array<boolean>(items.length).fill(false);
    const pick = (k: number, cur: M[]): void => {
      if (k === sizes[si]) {
        rec(si + 1, cur);
        return;
      }
      for (let i = 0; i < items.length; i++) {
        if (used[i]) continue;
        const next = [...cur, items[i]!];
        if (!valid(next)) continue;
        used[i] = true;
        pick(k + 1, next);
        used[i] = false;
      }
    };
    pick(0, seq);
  };
  rec(0, []);
  return best;
}

/** Brute force: does any valid order ship no two candidates that copy each other? (depth-first, pruned) */
function copyFreeOrderExists(plan: ApsisPlan, stageMetrics: M[][], copies: Set<string>): boolean {
  const sizes = plan.map((s) => s.last - s.first + 1);
  const chosen: { m: M; id: string }[] = [];
  const rec = (si: number, k: number, used: Set<number>): boolean => {
    if (si === plan.length) return true;
    if (k === sizes[si]) return rec(si + 1, 0, new Set());
    const items = stageMetrics[si]!;
    for (let i = 0; i < items.length; i++) {
      if (used.has(i)) continue;
      const it = { m: items[i]!, id: `s${si}c${i}` };
      if (!valid([...chosen.map((c) => c.m), it.m])) continue;
      if (chosen.some((c) => copies.has([c.id, it.id].sort().join()))) continue;
      chosen.push(it);
      used.add(i);
      const ok = rec(si, k + 1, used);
      used.delete(i);
      chosen.pop();
      if (ok) return true;
    }
    return false;
  };
  return rec(0, 0, new Set());
}

const metricArb = fc.record({
  reads: fc.integer({ min: 1, max: 14 }),
  arrows: fc.integer({ min: 3, max: 5 }),
  depth: fc.integer({ min: 1, max: 3 }),
});

describe('ordering search', () => {
  it('is exact: matches brute force on the largest step, then the spread (property, two stages)', () => {
    const plan = planOf([3, 3]);
    fc.assert(
      fc.property(
        fc.array(metricArb, { minLength: 3, maxLength: 7 }),
        fc.array(metricArb, { minLength: 3, maxLength: 7 }),
        (s1, s2) => {
          const stageMetrics = [s1, s2];
          const res = orderPools({ rules, plan, pools: poolsOf(plan, stageMetrics), isDuplicate: noDup });
          const bf = bruteForce(plan, stageMetrics);
          if (!bf) {
            expect(res.problems.length).toBeGreaterThan(0);
            return;
          }
          expect(res.problems).toEqual([]);
          const byId = new Map(
            poolsOf(plan, stageMetrics)
              .flat()
              .map((c) => [c.id, c.metrics as M]),
          );
          const seq = res.levels.map((id) => byId.get(id!)!);
          expect(valid(seq)).toBe(true);
          expect(new Set(res.levels).size).toBe(6);
          expect(res.largestStep).toBe((bf as { step: number }).step);
          expect(res.stepSpread).toBeCloseTo((bf as { spread: number }).spread, 9);
        },
      ),
      fcRuns(150),
    );
  });

  it('ships each stage from its own pool, never a candidate twice', () => {
    const plan = planOf([2, 2]);
    const res = orderPools({
      rules,
      plan,
      pools: poolsOf(plan, [
        [
          { reads: 1, arrows: 3, depth: 1 },
          { reads: 2, arrows: 3, depth: 1 },
          { reads: 9, arrows: 3, depth: 1 },
        ],
        [
          { reads: 3, arrows: 3, depth: 1 },
          { reads: 4, arrows: 3, depth: 1 },
        ],
      ]),
      isDuplicate: noDup,
    });
    expect(res.levels).toEqual(['s0c0', 's0c1', 's1c0', 's1c1']);
    expect(res.largestStep).toBe(1);
  });

  it('no more than three levels in a row read the same', () => {
    const plan = planOf([5]);
    const same = Array.from({ length: 8 }, () => ({ reads: 10, arrows: 3, depth: 1 }));
    const res = orderPools({
      rules,
      plan,
      pools: poolsOf(plan, [
        [...same, { reads: 11, arrows: 3, depth: 1 }, { reads: 11, arrows: 3, depth: 1 }],
      ]),
      isDuplicate: noDup,
    });
    expect(res.problems).toEqual([]);
    expect(res.longestEqualRun).toBeLessThanOrEqual(3);
  });

  it('reports which level cannot be filled and why', () => {
    const plan = planOf([3, 3]);
    // stage 2 reads less than stage 1 ends with: the order cannot go on at level 4
    const res = orderPools({
      rules,
      plan,
      pools: poolsOf(plan, [
        [
          { reads: 10, arrows: 3, depth: 1 },
          { reads: 11, arrows: 3, depth: 1 },
          { reads: 12, arrows: 3, depth: 1 },
        ],
        [
          { reads: 2, arrows: 3, depth: 1 },
          { reads: 3, arrows: 3, depth: 1 },
          { reads: 4, arrows: 3, depth: 1 },
        ],
      ]),
      isDuplicate: noDup,
    });
    expect(res.problems.map((p) => p.level)).toEqual([4]);
    expect(res.problems[0]!.message).toMatch(/falling/);
    // every level still gets its best effort
    expect(res.levels.every((x) => x !== null)).toBe(true);

    const empty = orderPools({
      rules,
      plan,
      pools: poolsOf(plan, [
        [
          { reads: 1, arrows: 3, depth: 1 },
          { reads: 2, arrows: 3, depth: 1 },
          { reads: 3, arrows: 3, depth: 1 },
        ],
        [],
      ]),
      isDuplicate: noDup,
    });
    expect(empty.problems.map((p) => p.level)).toEqual([4, 5, 6]);
    expect(empty.problems[0]!.message).toMatch(/empty/);
    expect(empty.levels.slice(3)).toEqual([null, null, null]);

    const allSame = orderPools({
      rules,
      plan: planOf([5]),
      pools: poolsOf(planOf([5]), [Array.from({ length: 6 }, () => ({ reads: 5, arrows: 3, depth: 1 }))]),
      isDuplicate: noDup,
    });
    expect(allSame.problems[0]!.level).toBe(4);
  });

  it('skips one level of each copy pair, choosing which so the largest step stays smallest', () => {
    const plan = planOf([4]);
    const metrics = [1, 2, 3, 4, 6].map((reads) => ({ reads, arrows: 3, depth: 1 }));
    const ps = poolsOf(plan, [metrics]);
    const free = orderPools({ rules, plan, pools: ps, isDuplicate: noDup });
    expect(free.levels).toEqual(['s0c0', 's0c1', 's0c2', 's0c3']);
    // c1 and c3 are the same puzzle: one of them must go. Skipping the later one (c3) leaves
    // 1 2 3 6 (largest step 3); skipping the earlier one leaves 1 3 4 6 (largest step 2).
    const dup = (a: PoolCandidate<ApsisLevel>, b: PoolCandidate<ApsisLevel>): boolean =>
      [a.id, b.id].sort().join() === 's0c1,s0c3';
    const res = orderPools({ rules, plan, pools: ps, isDuplicate: dup });
    expect(res.levels).toEqual(['s0c0', 's0c2', 's0c3', 's0c4']);
    expect(res.largestStep).toBe(2);
    expect(res.skipped).toEqual([{ id: 's0c1', level: 2, copies: 's0c3', rule: 'duplicate' }]);
    // With the search switched off, the greedy passes skip the later level of the pair.
    const greedy = orderPools({ rules, plan, pools: ps, isDuplicate: dup, searchBudget: 0 });
    expect(greedy.levels).toEqual(['s0c0', 's0c1', 's0c2', 's0c4']);
    expect(greedy.skipped).toEqual([{ id: 's0c3', level: 4, copies: 's0c1', rule: 'duplicate' }]);
    expect(greedy.largestStep).toBe(3);
  });

  it('with copies among the candidates, finds the least largest step brute force finds (property)', () => {
    const plan = planOf([4, 3]);
    // Reads only (arrows and depth equal), so most orders are valid and the copies decide.
    const readsOnlyArb = fc.record({
      reads: fc.integer({ min: 1, max: 12 }),
      arrows: fc.constant(3),
      depth: fc.constant(1),
    });
    const pairArb = fc.array(fc.tuple(fc.integer({ min: 0, max: 14 }), fc.integer({ min: 0, max: 14 })), {
      maxLength: 12,
    });
    fc.assert(
      fc.property(
        fc.array(readsOnlyArb, { minLength: 4, maxLength: 8 }),
        fc.array(readsOnlyArb, { minLength: 3, maxLength: 7 }),
        pairArb,
        (s1, s2, raw) => {
          const stageMetrics = [s1, s2];
          const ps = poolsOf(plan, stageMetrics);
          const ids = ps
            .flat()
            .map((c) => c.id)
            .sort();
          const copies = new Set(
            raw
              .map(([x, y]) => [ids[x % ids.length]!, ids[y % ids.length]!].sort().join())
              .filter((k) => k.split(',')[0] !== k.split(',')[1]),
          );
          const dup = (a: PoolCandidate<ApsisLevel>, b: PoolCandidate<ApsisLevel>): boolean =>
            copies.has([a.id, b.id].sort().join());
          const res = orderPools({ rules, plan, pools: ps, isDuplicate: dup });
          const byId = new Map(ps.flat().map((c) => [c.id, c.metrics as M]));
          const bf = bruteForce(plan, stageMetrics, (seq) =>
            seq.every((x, i) =>
              seq
                .slice(0, i)
                .every((y) => !copies.has([idOf(stageMetrics, x), idOf(stageMetrics, y)].sort().join())),
            ),
          );
          if (!bf) {
            // No copy-free valid order exists, so the search must say where it breaks.
            expect(res.problems.length).toBeGreaterThan(0);
            return;
          }
          expect(res.problems).toEqual([]);
          const shipped = res.levels.map((id) => id!);
          for (let j = 0; j < shipped.length; j++)
            for (let i = 0; i < j; i++)
              expect(copies.has([shipped[i], shipped[j]].sort().join())).toBe(false);
          expect(valid(shipped.map((id) => byId.get(id)!))).toBe(true);
          expect(res.largestStep).toBe((bf as { step: number }).step);
        },
      ),
      fcRuns(200),
    );
  });

  it('is complete on three stages with many copy pairs: ships a copy-free order exactly when brute force finds one (property)', () => {
    // Larger than the property above (three stages, up to 30 copy pairs among up to 27 candidates):
    // given nodes enough (1000 per step here; the default 150 can leave a lower step unproven
    // on pools of many equal candidates, e.g. FC_SEED=4, which then says so with searchCut),
    // the copy search settles every case (searchCut false), so "no copy-free order" is a
    // proof, and when one exists no fall and no copy ships.
    const plan = planOf([4, 3, 3]);
    // Stages overlap in reads (as generated pools do), so orders often exist and copies decide.
    const readsOnly = (min: number, max: number): fc.Arbitrary<M> =>
      fc.record({ reads: fc.integer({ min, max }), arrows: fc.constant(3), depth: fc.constant(1) });
    const pairArb = fc.array(fc.tuple(fc.nat(), fc.nat()), { maxLength: 30, size: 'max' });
    fc.assert(
      fc.property(
        fc.array(readsOnly(1, 6), { minLength: 4, maxLength: 10 }),
        fc.array(readsOnly(4, 9), { minLength: 3, maxLength: 9 }),
        fc.array(readsOnly(7, 12), { minLength: 3, maxLength: 8 }),
        pairArb,
        (s1, s2, s3, raw) => {
          const stageMetrics = [s1, s2, s3];
          const ps = poolsOf(plan, stageMetrics);
          const ids = ps
            .flat()
            .map((c) => c.id)
            .sort();
          const copies = new Set(
            raw
              .map(([x, y]) => [ids[x % ids.length]!, ids[y % ids.length]!].sort().join())
              .filter((k) => k.split(',')[0] !== k.split(',')[1]),
          );
          const dup = (a: PoolCandidate<ApsisLevel>, b: PoolCandidate<ApsisLevel>): boolean =>
            copies.has([a.id, b.id].sort().join());
          const res = orderPools({ rules, plan, pools: ps, isDuplicate: dup, searchBudget: 1000 });
          expect(res.searchCut).toBe(false);
          const exists = copyFreeOrderExists(plan, stageMetrics, copies);
          if (!exists) {
            expect(res.problems.length).toBeGreaterThan(0);
            return;
          }
          expect(res.problems).toEqual([]);
          const byId = new Map(ps.flat().map((c) => [c.id, c.metrics as M]));
          const shipped = res.levels.map((id) => id!);
          expect(valid(shipped.map((id) => byId.get(id)!))).toBe(true);
          for (let j = 0; j < shipped.length; j++)
            for (let i = 0; i < j; i++)
              expect(copies.has([shipped[i], shipped[j]].sort().join())).toBe(false);
        },
      ),
      fcRuns(300),
    );
  });

  it('ships no fall when a copy-free order exists, however far above the floor its largest step lies', () => {
    // Found by the property above (issue 10): the pools alone allow largest step 1
    // (1 1 1 5 6 6 | 7 7 7 needs s0c1 and s1c0 together, which copy each other); every copy-free
    // order steps 5 (1 1 1 6 | 7 7 7 with 6 → ... or 1 1 6 6 | 7 7 7). A search that gave up
    // after four values of the step fell back to the greedy passes and shipped 7 → 1.
    const plan = planOf([4, 3]);
    const m = (reads: number): M => ({ reads, arrows: 3, depth: 1 });
    const stageMetrics = [[1, 5, 6, 1, 6, 6, 1].map(m), [7, 7, 7, 1, 1, 1].map(m)];
    const ps = poolsOf(plan, stageMetrics);
    const dup = (a: PoolCandidate<ApsisLevel>, b: PoolCandidate<ApsisLevel>): boolean =>
      [a.id, b.id].sort().join() === 's0c1,s1c0';
    const res = orderPools({ rules, plan, pools: ps, isDuplicate: dup });
    expect(res.problems).toEqual([]);
    const byId = new Map(ps.flat().map((c) => [c.id, c.metrics as M]));
    const shipped = res.levels.map((id) => id!);
    expect(shipped.includes('s0c1') && shipped.includes('s1c0')).toBe(false);
    expect(valid(shipped.map((id) => byId.get(id)!))).toBe(true);
    expect(res.largestStep).toBe(5);
  });

  it('orders generated pools of the first 30 levels: rules hold across the stage boundary', () => {
    const { plan, pools: ps } = genPools(30);
    const res = orderPools({ rules, plan, pools: ps });
    expect(res.problems).toEqual([]);
    const byId = new Map(ps.flat().map((c) => [c.id, c.metrics as M]));
    const seq = res.levels.map((id) => byId.get(id!)!);
    expect(valid(seq)).toBe(true);
    expect(res.largestStep).toBe(stepStats(seq.map((x) => x.reads)).largestStep);
    expect(res.largestStep).toBeLessThanOrEqual(4);
    // candidates built for stage 1 ship in stage 1
    res.levels.forEach((id, p) => expect(Number(id!.split(':')[0]) < 15).toBe(p < 15));
  });
});

describe('ordering determinism', () => {
  it('does not depend on candidate ids or the order pools are listed in', () => {
    const { plan, pools: ps } = genPools(20);
    const a = orderPools({ rules, plan, pools: ps });
    const renamed = ps.map((p) =>
      [...p].reverse().map((c) => ({ ...c, id: `db${1000 - c.slot * 12 - c.index}` })),
    );
    const b = orderPools({ rules, plan, pools: renamed });
    const key = (list: PoolCandidate<ApsisLevel>[][], ids: (string | null)[]) => {
      const m = new Map(list.flat().map((c) => [c.id, `${c.slot}:${c.index}`]));
      return ids.map((id) => m.get(id!));
    };
    expect(key(renamed, b.levels)).toEqual(key(ps, a.levels));
  });
});
