import { describe, expect, it } from 'vitest';
import { streamFor } from '../../../src-shared/random/prng';
import { roundTo } from '../../../src-shared/pack/pack-io';
import {
  buildField,
  difficultyBits,
  fairnessProblems,
  fewestByTheorem,
  generateCandidate,
  growField,
  has,
  replaySolution,
  slotParams,
  solveSearch,
  sourceComponents,
  carillonGame,
  type CandidateDetail,
} from '../../../src-shared/games/carillon/index';
import { defaultCarillonPlan } from '../../../src-shared/games/carillon/plan';
import { generateSubset, rules, SEED } from './fixtures';

/** Check every generator invariant on one candidate; returns a list of broken ones. */
function invariantProblems(c: CandidateDetail, slot: number): string[] {
  const out: string[] = [];
  const sp = slotParams(defaultCarillonPlan, slot);
  const level = c.level!,
    g = c.grown!;
  const n = level.dots.length,
    k = sp.taps;
  if (n !== sp.dots) out.push(`dots ${n} != planned ${sp.dots}`);
  if (level.taps !== k || level.tutorial !== sp.tutorial) out.push('taps/tutorial');
  for (const d of level.dots) {
    if (!Number.isInteger(d.x) || !Number.isInteger(d.y)) out.push('non-integer coordinate');
    if (!Number.isInteger(d.color) || d.color < 0 || d.color > 6) out.push('colour');
  }
  for (const p of fairnessProblems(level.dots, rules)) out.push(`${p.rule}: ${p.message}`);
  const f = buildField(level.dots, rules);
  // Roots: k of them, big or normal, pairwise >= 320 apart.
  if (g.roots.length !== k) out.push('root count');
  for (const r of g.roots) if (level.dots[r]!.size === 'small') out.push('small root');
  for (const a of g.roots)
    for (const b of g.roots)
      if (a < b && f.dist[a * n + b]! < rules.rootSeparation) out.push('roots too close');
  // No dot reaches a root (except on tutorial levels).
  if (!sp.tutorial) for (const r of g.roots) if (f.inn[r]!.length) out.push(`root ${r} is reached`);
  // Every non-root dot lies inside the reach of a dot of its own tree.
  for (let v = 0; v < n; v++) {
    if (g.roots.includes(v)) continue;
    if (!f.inn[v]!.some((u) => g.tree[u] === g.tree[v])) out.push(`dot ${v} is in no reach of its tree`);
  }
  // Side-door guard: closure(r) ∩ core(r') = ∅ for r ≠ r'; each core lies in its root's closure.
  g.roots.forEach((r, t) => {
    for (let v = 0; v < n; v++) {
      const c2 = g.core[v]!;
      if (c2 < 0) continue;
      const inClosure = has(f.closure, v, r * f.W);
      if (c2 === t && !inClosure) out.push(`core dot ${v} not in its root's closure`);
      if (c2 !== t && inClosure) out.push(`root ${t}'s closure enters core ${c2} at dot ${v}`);
    }
  });
  // Fair share: every root pops at least half of n/k dots on its own.
  g.roots.forEach((r) => {
    let own = 0;
    for (let v = 0; v < n; v++)
      if (has(f.closure, v, r * f.W) && !g.roots.some((q) => q !== r && has(f.closure, v, q * f.W))) own++;
    if (own < (rules.fairShare * n) / k) out.push(`root ${r} pops ${own} on its own`);
  });
  // Proven: search = theorem = k; roots are exactly the chain starts on non-tutorial levels.
  if (solveSearch(f).fewest !== k || fewestByTheorem(f) !== k) out.push('fewest != taps');
  if (!sp.tutorial) {
    const starts = sourceComponents(f)
      .map((c) => c.join(','))
      .sort();
    if (starts.join('|') !== g.roots.map(String).sort().join('|')) out.push('chain starts are not the roots');
  }
  const r = replaySolution(f, level.solution);
  if (!r.cleared || r.error || r.taps !== k) out.push('solution does not clear the field');
  if (level.bits !== roundTo(difficultyBits(f), 4) || c.metrics.bits !== level.bits) out.push('bits');
  return out;
}

describe('generator', () => {
  const { details } = generateSubset(24);
  const later = [49, 60, 96, 110, 119].flatMap((slot) =>
    Array.from({ length: 4 }, (_, index) => ({
      slot,
      c: generateCandidate({ rules, plan: defaultCarillonPlan, seed: SEED, slot, index }),
    })),
  );
  const all = [...details.map((c, i) => ({ slot: Math.floor(i / rules.poolSize), c })), ...later];

  it('grows nearly every candidate within its bounded attempts', () => {
    const failed = all.filter((x) => !x.c.level);
    expect(failed.length).toBeLessThanOrEqual(2);
    for (const x of failed) expect(x.c.failure).toBeTruthy();
  });

  it('every candidate keeps every invariant (incl. closure(r) ∩ core(r′) = ∅)', () => {
    const broken: string[] = [];
    for (const { slot, c } of all)
      if (c.level) for (const p of invariantProblems(c, slot)) broken.push(`slot ${slot}: ${p}`);
    expect(broken).toEqual([]);
  });

  it('tutorial levels may reach a root (and some win on any tap); others never do', () => {
    const tut = all.filter((x) => x.c.level?.tutorial);
    expect(tut.some((x) => x.c.level!.bits === 0)).toBe(true);
    expect(
      tut.some((x) => {
        const f = buildField(x.c.level!.dots, rules);
        return x.c.grown!.roots.some((r) => f.inn[r]!.length > 0);
      }),
    ).toBe(true);
  });

  it('grows the first level of an easyStart stretch easy: every root big, and easier than the same slot grown plain', () => {
    const slot = 9;
    expect(slotParams(defaultCarillonPlan, slot).easy).toBe(true);
    expect(slotParams(defaultCarillonPlan, slot + 1).easy).toBe(false);
    const plainPlan = defaultCarillonPlan.map(({ easyStart: _drop, ...s }) => s);
    const grow = (plan: typeof defaultCarillonPlan) =>
      Array.from({ length: rules.poolSize }, (_, index) =>
        generateCandidate({ rules, plan, seed: SEED, slot, index }),
      ).filter((c) => c.level);
    const easy = grow(defaultCarillonPlan),
      plain = grow(plainPlan);
    expect(easy.length).toBeGreaterThanOrEqual(rules.poolSize - 1);
    for (const c of easy) {
      expect(c.grown!.roots.map((r) => c.level!.dots[r]!.size)).toEqual(new Array(2).fill('big'));
      expect(invariantProblems(c, slot)).toEqual([]);
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
    const bitsOf = (cs: CandidateDetail[]) => cs.map((c) => c.level!.bits);
    expect(Math.min(...bitsOf(easy))).toBeLessThan(Math.min(...bitsOf(plain)));
    expect(median(bitsOf(easy))).toBeLessThan(median(bitsOf(plain)));
  });

  it('is deterministic: the same (seed, slot, index) gives the same candidate, others differ', () => {
    const a = carillonGame.generate({ rules, plan: defaultCarillonPlan, seed: SEED, slot: 30, index: 3 });
    const b = carillonGame.generate({ rules, plan: defaultCarillonPlan, seed: SEED, slot: 30, index: 3 });
    const c = carillonGame.generate({ rules, plan: defaultCarillonPlan, seed: SEED, slot: 30, index: 4 });
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
    expect(JSON.stringify(a.level)).not.toBe(JSON.stringify(c.level));
    // The candidate is JSON-clean (crosses worker and IPC boundaries unchanged).
    expect(JSON.parse(JSON.stringify(a))).toEqual(a);
  });

  it('gives up with a message naming rules.maxSources when a level needs more taps than it allows', () => {
    const c = carillonGame.generate({
      rules: { ...rules, maxSources: 3 },
      plan: defaultCarillonPlan,
      seed: SEED,
      slot: 110,
      index: 0,
    });
    expect(c.level).toBeNull();
    expect(c.failure).toBe('5 taps need rules.maxSources ≥ 5 (it is 3)');
  });

  it('gives up cleanly (level null, failure, bounded tries) when a field cannot be grown', () => {
    const tiny = { ...rules, width: 200, height: 200, fieldAttempts: 3 };
    const c = carillonGame.generate({ rules: tiny, plan: defaultCarillonPlan, seed: 1, slot: 110, index: 0 });
    expect(c.level).toBeNull();
    expect(c.tries).toBe(3);
    expect(c.failure).toMatch(/root/);
  });

  it('growField places integer dots from a given stream only', () => {
    const a = growField({ taps: 3, dots: 18, tutorial: false }, rules, streamFor(1, 2, 3));
    const b = growField({ taps: 3, dots: 18, tutorial: false }, rules, streamFor(1, 2, 3));
    expect(a).toEqual(b);
  });
});
