/**
 * Near misses: for every rule `verify` checks, a valid pack and one minimal edit just past the
 * limit. Each case asserts that verify names that rule (and only it), and that the value
 * exactly at the limit passes. Geometric limits (rim, sun, gap, near distance) are met by
 * solving for the rules number that puts an existing arrow exactly on the limit (bisection
 * down to 1e-9, checked against the closed form), so the data stays whole degrees.
 */
import { describe, expect, it } from 'vitest';
import {
  apsisGame,
  bodyBodyDist,
  defaultApsisPlan,
  defaultApsisRules as rules,
  levelGeo,
  truncatePlan,
  type ApsisLevel,
  type ApsisPack,
  type ApsisPlan,
  type ApsisRules,
  type Arrow,
} from '../../../src-shared/games/apsis/index';
import type { PoolCandidate } from '../../../src-shared/game';
import { offGridPair, pools } from './fixtures';

const clone = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T;
const rulesOf = (problems: { rule: string }[]): string[] => [...new Set(problems.map((p) => p.rule))];
const verify = (p: ApsisPack) => apsisGame.verifyPack(p);

/** A plan of one stage with the given orbits and kinds, for hand-made packs of n levels. */
function planOf(n: number, orbits: number, kinds: { long?: boolean; diagonal?: boolean } = {}): ApsisPlan {
  return [
    {
      stage: 1,
      first: 1,
      last: n,
      orbits,
      arrows: new Array<number>(n).fill(1),
      long: kinds.long ?? false,
      diagonal: kinds.diagonal ?? false,
      poolSize: 1,
    },
  ];
}
function packOf(levels: ApsisLevel[], r: ApsisRules, plan: ApsisPlan): ApsisPack {
  return apsisGame.toPack({ seed: 1, rules: r, plan, levels });
}

/** The boundary of a monotone predicate on [lo, hi] (ok(lo) !== ok(hi)), to 1e-9. */
function boundary(lo: number, hi: number, ok: (x: number) => boolean): { pass: number; fail: number } {
  const okLo = ok(lo);
  expect(ok(hi)).toBe(!okLo);
  for (let k = 0; k < 200 && hi - lo > 1e-10; k++) {
    const mid = (lo + hi) / 2;
    if (ok(mid) === okLo) lo = mid;
    else hi = mid;
  }
  return okLo ? { pass: lo, fail: hi } : { pass: hi, fail: lo };
}

describe('Apsis verify: one edit past each limit is caught, the limit itself passes', () => {
  const plan2 = truncatePlan(defaultApsisPlan, 15);
  // The spec's own builder (maximum depth): its candidates vary more, so every near miss has one.
  const { pools: ps } = pools(15, 12, 7, { ...rules, aimDepth: false });
  const cands = ps.flat();
  const m = (c: PoolCandidate<ApsisLevel>, k: string): number => c.metrics[k] as number;
  const isDup = (a: PoolCandidate<ApsisLevel>, b: PoolCandidate<ApsisLevel>): boolean =>
    apsisGame.nearDuplicate(a.level, b.level, rules) !== null;
  const plan = (n: number): ApsisPlan => truncatePlan(plan2, n);

  /** Two candidates where `key` falls by exactly one and nothing else falls, and a partner where it holds level. */
  function fallByOne(key: 'reads' | 'arrows' | 'depth'): {
    x: PoolCandidate<ApsisLevel>;
    down: PoolCandidate<ApsisLevel>;
    level: PoolCandidate<ApsisLevel>;
  } {
    const others = (['reads', 'arrows', 'depth'] as const).filter((k) => k !== key);
    for (const x of cands) {
      const ok = (y: PoolCandidate<ApsisLevel>, d: number): boolean =>
        y !== x &&
        m(y, key) === m(x, key) + d &&
        others.every((k) => m(y, k) >= m(x, k)) &&
        (key !== 'reads' ? m(y, 'reads') > m(x, 'reads') : true) &&
        !isDup(x, y);
      const down = cands.find((y) => ok(y, -1));
      const level = cands.find((y) => ok(y, 0));
      if (down && level) return { x, down, level };
    }
    throw new Error(`no pair falls by one in ${key}`);
  }

  for (const key of ['reads', 'arrows', 'depth'] as const) {
    it(`${key} falling by one is an order problem; ${key} holding level passes`, () => {
      const { x, down, level } = fallByOne(key);
      const bad = verify(packOf([x.level, down.level], rules, plan(2)));
      expect(rulesOf(bad)).toEqual(['order']);
      expect(bad[0]!.message).toMatch(
        new RegExp(
          `${key === 'depth' ? 'depth falls' : `${key} fall`} from ${m(x, key)} to ${m(x, key) - 1}`,
        ),
      );
      expect(verify(packOf([x.level, level.level], rules, plan(2)))).toEqual([]);
    });
  }

  it('four levels in a row reading the same is an equal-run problem; three pass', () => {
    // Four candidates with equal reads, non-falling arrows and depth, no two near-duplicates.
    let run: PoolCandidate<ApsisLevel>[] | null = null;
    const byReads = new Map<number, PoolCandidate<ApsisLevel>[]>();
    for (const c of cands) byReads.set(m(c, 'reads'), [...(byReads.get(m(c, 'reads')) ?? []), c]);
    for (const group of byReads.values()) {
      const sorted = [...group].sort(
        (a, b) => m(a, 'arrows') - m(b, 'arrows') || m(a, 'depth') - m(b, 'depth'),
      );
      const pick: PoolCandidate<ApsisLevel>[] = [];
      for (const c of sorted) {
        const last = pick[pick.length - 1];
        if (last && m(c, 'depth') < m(last, 'depth')) continue;
        if (pick.every((p) => !isDup(p, c))) pick.push(c);
        if (pick.length === 4) break;
      }
      if (pick.length === 4) {
        run = pick;
        break;
      }
    }
    expect(run).not.toBeNull();
    const four = verify(
      packOf(
        run!.map((c) => c.level),
        rules,
        plan(4),
      ),
    );
    expect(rulesOf(four)).toEqual(['equal-run']);
    expect(four[0]!.level).toBe(4);
    expect(
      verify(
        packOf(
          run!.slice(0, 3).map((c) => c.level),
          rules,
          plan(3),
        ),
      ),
    ).toEqual([]);
  });

  it('a claimed figure one off is named (reads, depth, free); the true figure passes', () => {
    const base = packOf([cands[0]!.level], rules, plan(1));
    expect(verify(base)).toEqual([]);
    for (const key of ['reads', 'depth', 'free'] as const) {
      const p = clone(base);
      p.levels[0]![key] += 1;
      expect(rulesOf(verify(p))).toEqual([key]);
    }
  });

  it('bodies closer than width + gap: the gap at the closest pair of bodies passes, a hair more is a fit problem', () => {
    const levels = cands.slice(0, 40).map((c) => c.level);
    let closest = Infinity;
    for (const l of levels) {
      const g = levelGeo(l.arrows, l.orbits, rules);
      for (let i = 0; i < g.length; i++)
        for (let j = i + 1; j < g.length; j++) closest = Math.min(closest, bodyBodyDist(g[i]!, g[j]!));
    }
    const lv = levels.find((l) => {
      const g = levelGeo(l.arrows, l.orbits, rules);
      return g.some((a, i) => g.some((b, j) => j > i && bodyBodyDist(a, b) === closest));
    })!;
    const p = (gap: number) => packOf([lv], { ...rules, gap }, plan(1));
    const { pass, fail } = boundary(
      rules.gap,
      closest - rules.width + 1,
      (gap) => verify(p(gap)).length === 0,
    );
    expect(pass + rules.width).toBeCloseTo(closest, 8);
    expect(verify(p(pass))).toEqual([]);
    expect(rulesOf(verify(p(fail)))).toEqual(['fit']);
  });

  it('an arrow end past rim − width/2 pokes out of the rim; exactly on it passes', () => {
    // A long cw-out arrow on orbit 6 of 6, the orbits spread to the rim (orbitSpan = R − 40):
    // its head lies √((r + x)² + x²) from the sun, r = 40 + 6(R − 40)/7, x = 40/√2. At R = 300
    // it fits with 1.4 to spare; the orbits shrink slower than the rim, so a smaller rim cuts it.
    const lv: ApsisLevel = { orbits: 6, arrows: [{ orbit: 6, angle: 0, heading: 'cw-out', length: 'long' }] };
    const p = (rimRadius: number) =>
      packOf(
        [lv],
        { ...rules, rimRadius, orbitSpan: rimRadius - 40 },
        planOf(1, 6, { long: true, diagonal: true }),
      );
    const { pass, fail } = boundary(250, 300, (R) => verify(p(R)).length === 0);
    const r = 40 + (6 * (pass - 40)) / 7,
      x = 40 / Math.SQRT2;
    expect(Math.hypot(r + x, x)).toBeCloseTo(pass - rules.width / 2, 6);
    expect(verify(p(pass))).toEqual([]);
    const bad = verify(p(fail));
    expect(rulesOf(bad)).toEqual(['fit']);
    expect(bad[0]!.message).toMatch(/rim/);
  });

  it('a body nearer the sun than sun + width/2 + gap is a fit problem; exactly at it passes', () => {
    // A cw arrow on orbit 1 of 3 is nearest the sun at its centre, r = 40 + 260/4 = 105: S ≤ 93.
    const lv: ApsisLevel = { orbits: 3, arrows: [{ orbit: 1, angle: 90, heading: 'cw', length: 'short' }] };
    const p = (sunRadius: number) => packOf([lv], { ...rules, sunRadius }, planOf(1, 3));
    const { pass, fail } = boundary(40, 100, (S) => verify(p(S)).length === 0);
    expect(pass).toBeCloseTo(105 - rules.width / 2 - rules.gap, 6);
    expect(verify(p(pass))).toEqual([]);
    const bad = verify(p(fail));
    expect(rulesOf(bad)).toEqual(['fit']);
    expect(bad[0]!.message).toMatch(/sun/);
  });

  it('a path within sun + width/2 of the centre crosses the sun; exactly at it passes', () => {
    // A cw-in arrow on orbit 1 of 6 (r = 40 + 260/7): its path passes the centre at r/√2.
    const lv: ApsisLevel = {
      orbits: 6,
      arrows: [{ orbit: 1, angle: 200, heading: 'cw-in', length: 'short' }],
    };
    const p = (sunRadius: number) => packOf([lv], { ...rules, sunRadius }, planOf(1, 6, { diagonal: true }));
    const { pass, fail } = boundary(40, 52, (S) => verify(p(S)).length === 0);
    expect((40 + 260 / 7) / Math.SQRT2).toBeCloseTo(pass + rules.width / 2, 6);
    expect(verify(p(pass))).toEqual([]);
    expect(rulesOf(verify(p(fail)))).toEqual(['sun']);
  });

  it('near copies: centres exactly nearDistance apart pair, a hair further do not (any real turn)', () => {
    // offGridPair pairs two of four arrows when a 19° gap fits in 2w: d = 2 · 235 · sin 4.75°.
    const p = (nearDistance: number) =>
      packOf([offGridPair.a, offGridPair.b], { ...rules, nearDistance }, planOf(2, 3));
    const { pass, fail } = boundary(30, 45, (d) => verify(p(d)).length === 0);
    expect(fail).toBeCloseTo(2 * 235 * Math.sin((4.75 * Math.PI) / 180), 6);
    expect(fail).toBeLessThan(pass + 1e-9 * 2);
    expect(verify(p(pass))).toEqual([]);
    expect(rulesOf(verify(p(fail)))).toEqual(['near-copy']);
    // And at the default 40 the pair is a near copy sharing exactly half.
    expect(verify(p(40))).toEqual([
      {
        level: 2,
        rule: 'near-copy',
        message: expect.stringMatching(/^shares 50 % of its arrows with level 1 under rot9\.5$/),
        pair: [1, 2],
      },
    ]);
  });

  it('near copies: a share exactly at nearShare is a copy, just under it is not', () => {
    const p = (nearShare: number) =>
      packOf([offGridPair.a, offGridPair.b], { ...rules, nearShare }, planOf(2, 3));
    expect(rulesOf(verify(p(0.5)))).toEqual(['near-copy']);
    expect(verify(p(0.5 + 1e-6))).toEqual([]);
  });

  it('a long arrow or a diagonal before its stage allows it is a kinds problem', () => {
    const long: Arrow = { orbit: 3, angle: 0, heading: 'cw', length: 'long' };
    const diag: Arrow = { orbit: 3, angle: 0, heading: 'cw-out', length: 'short' };
    for (const [arrow, kinds] of [
      [long, { long: true }],
      [diag, { diagonal: true }],
    ] as const) {
      const lv: ApsisLevel = { orbits: 3, arrows: [arrow] };
      expect(verify(packOf([lv], rules, planOf(1, 3, kinds)))).toEqual([]);
      expect(rulesOf(verify(packOf([lv], rules, planOf(1, 3))))).toEqual(['kinds']);
    }
  });

  it('a solution that launches a blocked arrow first loses a heart', () => {
    const deep = cands.find((c) => m(c, 'depth') >= 2)!;
    const good = packOf([deep.level], rules, plan(1));
    expect(verify(good)).toEqual([]);
    const bad = clone(good);
    bad.levels[0]!.solution.reverse();
    expect(rulesOf(verify(bad))).toEqual(['solution']);
  });
});
