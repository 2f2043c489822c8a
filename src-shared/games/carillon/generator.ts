/**
 * Growing a field: roots (big or normal, pairwise ≥ rootSeparation apart), cores (roots take
 * turns; each new dot inside the reach of a dot of its own tree; no dot may reach a root,
 * except on tutorial levels), free growth from the smallest tree; a dot that will not fit at
 * its size is tried one size smaller before it is given up. The side-door guard tracks, per
 * dot, which roots' chains reach it (`reachedBy`) and which cores it leads into (`leadsInto`)
 * and refuses any dot after which some root's closure would enter another root's core.
 * All coordinates are integers, drawn without trigonometry, so packs are exact.
 */
import type { Rng } from '../../random/prng';
import { streamFor } from '../../random/prng';
import { roundTo } from '../../pack/pack-io';
import type { GeneratedCandidate } from '../../game';
import { DOT_SIZES } from './rules';
import type { CarillonRules, DotSize } from './rules';
import type { CarillonPlan } from './plan';
import { slotParams } from './plan';
import type { CarillonLevel, Dot } from './model';
import { buildField } from './reach';
import { solveSearch } from './solver-search';
import { difficultyBits } from './difficulty';
import { fairShareProblems } from './fairness';
import { levelMetrics } from './metrics';

export interface GrowParams {
  taps: number;
  dots: number;
  tutorial: boolean;
  /** Grow an easy field: every root big, small dots weighted up (`easyStart` levels). */
  easy?: boolean;
}

interface GrownField {
  dots: Dot[];
  /** Index of each root (root t is tree t). */
  roots: number[];
  /** tree[i]: the tree (root number) dot i was grown in. */
  tree: number[];
  /** core[i]: the root whose core dot i belongs to, or -1 for free dots. */
  core: number[];
}

export type GrowResult = { ok: true; grown: GrownField } | { ok: false; reason: string };

/** Bits: one per root, so at most 30 roots. */
const MAX_ROOTS = 30;

/** Grow one field (dots in growth order: roots first). Uses only `rng`. */
export function growField(p: GrowParams, rules: CarillonRules, rng: Rng): GrowResult {
  const k = p.taps,
    n = p.dots;
  if (k < 1 || k > MAX_ROOTS) return { ok: false, reason: `taps ${k} outside 1..${MAX_ROOTS}` };
  if (n < k) return { ok: false, reason: `${n} dots cannot hold ${k} roots` };
  const { width, height, spacing, ringMargin: margin } = rules;
  const rad = DOT_SIZES.map((s) => rules.sizes[s].radius);
  const rch = DOT_SIZES.map((s) => rules.sizes[s].reach);

  const xs: number[] = [],
    ys: number[] = [],
    sz: number[] = [];
  const tree: number[] = [],
    core: number[] = [],
    isRoot: boolean[] = [];
  const reachedBy: number[] = [],
    leadsInto: number[] = [];
  const out: number[][] = [],
    inn: number[][] = [];
  const members: number[][] = Array.from({ length: k }, () => []);
  const roots: number[] = [];

  // Scratch for a tentative placement.
  let tIns: number[] = [],
    tOuts: number[] = [],
    tRoots = 0,
    tCores = 0;

  const check = (x: number, y: number, s: number, t: number, asCore: boolean, asRoot: boolean): boolean => {
    const r = rad[s]!,
      R = rch[s]!;
    if (x < r || x > width - r || y < r || y > height - r) return false;
    const ins: number[] = [],
      outs: number[] = [];
    let rootsIn = asRoot ? 1 << t : 0;
    let cores = asRoot || asCore ? 1 << t : 0;
    let parent = asRoot;
    for (let j = 0; j < xs.length; j++) {
      const dx = x - xs[j]!,
        dy = y - ys[j]!;
      const d = Math.sqrt(dx * dx + dy * dy);
      const rj = rad[sz[j]!]!,
        Rj = rch[sz[j]!]!;
      if (d - r - rj < spacing) return false;
      if (asRoot && isRoot[j] && d < rules.rootSeparation) return false;
      const toJ = d - rj - R,
        fromJ = d - r - Rj;
      if (Math.abs(toJ) < margin || Math.abs(fromJ) < margin) return false;
      if (toJ <= 0) {
        if (isRoot[j] && !p.tutorial) return false;
        outs.push(j);
        cores |= leadsInto[j]!;
      }
      if (fromJ <= 0) {
        ins.push(j);
        rootsIn |= reachedBy[j]!;
        if (tree[j] === t) parent = true;
      }
    }
    if (!parent) return false;
    // Side-door guard: the roots reaching this dot may only lead into their own core.
    if (cores !== 0) {
      if ((cores & (cores - 1)) !== 0) return false;
      if ((rootsIn & ~cores) !== 0) return false;
    }
    tIns = ins;
    tOuts = outs;
    tRoots = rootsIn;
    tCores = cores;
    return true;
  };

  const commit = (x: number, y: number, s: number, t: number, asCore: boolean, asRoot: boolean): void => {
    const i = xs.length;
    xs.push(x);
    ys.push(y);
    sz.push(s);
    tree.push(t);
    core.push(asCore || asRoot ? t : -1);
    isRoot.push(asRoot);
    reachedBy.push(tRoots);
    leadsInto.push(tCores);
    out.push(tOuts.slice());
    inn.push(tIns.slice());
    for (const j of tOuts) inn[j]!.push(i);
    for (const j of tIns) out[j]!.push(i);
    members[t]!.push(i);
    if (asRoot) roots.push(i);
    // Propagate: everything downstream is now reached by tRoots; everything upstream leads into tCores.
    const stack = [i];
    while (stack.length) {
      const u = stack.pop()!;
      for (const w of out[u]!)
        if ((reachedBy[w]! | tRoots) !== reachedBy[w]) {
          reachedBy[w] = reachedBy[w]! | tRoots;
          stack.push(w);
        }
    }
    if (tCores !== 0) {
      stack.push(i);
      while (stack.length) {
        const u = stack.pop()!;
        for (const w of inn[u]!)
          if ((leadsInto[w]! | tCores) !== leadsInto[w]) {
            leadsInto[w] = leadsInto[w]! | tCores;
            stack.push(w);
          }
      }
    }
  };

  // 1. Roots: a uniformly drawn number of them big (a strong difficulty lever: a big root
  //    lights up more, so it is easier to find), the rest normal; all big on an easy field.
  const bigRoots = p.easy ? k : rng.range(0, k);
  const rootSizes = rng.shuffled(Array.from({ length: k }, (_, i) => (i < bigRoots ? 2 : 1)));
  for (let t = 0; t < k; t++) {
    let placed = false;
    for (let s = rootSizes[t]!; s >= 1 && s >= rootSizes[t]! - 1 && !placed; s--) {
      const r = rad[s]!;
      const lo = Math.ceil(r);
      for (let tr = 0; tr < rules.triesPerDotSize; tr++) {
        const x = rng.range(lo, Math.floor(width - r)),
          y = rng.range(lo, Math.floor(height - r));
        if (check(x, y, s, t, true, true)) {
          commit(x, y, s, t, true, true);
          placed = true;
          break;
        }
      }
    }
    if (!placed) return { ok: false, reason: `root ${t + 1} found no place` };
  }

  // Each field leans its own way: the small-dot weight is scaled by 2^(±sizeMixSpread), so a
  // pool holds both sparse (mostly small, easy to read) and dense fields. An easy field leans
  // towards small dots only (few rings over dots, few showy decoys).
  const lean = p.easy
    ? 2 ** rng.float(0, rules.easyLean)
    : rules.sizeMixSpread > 0
      ? 2 ** rng.float(-rules.sizeMixSpread, rules.sizeMixSpread)
      : 1;
  const mix = { small: rules.sizeMix.small * lean, normal: rules.sizeMix.normal, big: rules.sizeMix.big };
  const mixTotal = mix.small + mix.normal + mix.big;
  const drawSize = (): number => {
    if (mixTotal <= 0) return 1;
    const u = rng.next() * mixTotal;
    return u < mix.small ? 0 : u < mix.small + mix.normal ? 1 : 2;
  };

  const grow = (t: number, asCore: boolean): boolean => {
    const want = drawSize();
    for (let s = want; s >= 0 && s >= want - 1; s--) {
      const r = rad[s]!;
      for (let tr = 0; tr < rules.triesPerDotSize; tr++) {
        const par = rng.pick(members[t]!);
        const dmin = rad[sz[par]!]! + r + spacing;
        const dmax = rch[sz[par]!]! + r - margin;
        if (dmax < dmin) continue;
        const m = Math.floor(dmax);
        const lo2 = dmin * dmin,
          hi2 = dmax * dmax;
        let dx = 0,
          dy = 0,
          found = false;
        for (let q = 0; q < 16; q++) {
          dx = rng.range(-m, m);
          dy = rng.range(-m, m);
          const d2 = dx * dx + dy * dy;
          if (d2 >= lo2 && d2 <= hi2) {
            found = true;
            break;
          }
        }
        if (!found) continue;
        const x = xs[par]! + dx,
          y = ys[par]! + dy;
        if (check(x, y, s, t, asCore, false)) {
          commit(x, y, s, t, asCore, false);
          return true;
        }
      }
    }
    return false;
  };

  // 2. Cores: each root's core holds ceil(fairShare·n/k) dots (root included), so every root
  //    pops at least its fair share on its own.
  let coreSize = Math.max(1, Math.ceil((rules.fairShare * n) / k));
  if (coreSize * k > n) coreSize = Math.max(1, Math.floor(n / k));
  for (let round = 1; round < coreSize; round++) {
    for (let t = 0; t < k; t++)
      if (!grow(t, true)) return { ok: false, reason: `core of root ${t + 1} could not grow` };
  }
  // 3. Free growth from the smallest tree.
  while (xs.length < n) {
    let t = 0;
    for (let u = 1; u < k; u++) if (members[u]!.length < members[t]!.length) t = u;
    if (!grow(t, false)) return { ok: false, reason: `tree ${t + 1} could not grow at dot ${xs.length + 1}` };
  }
  const dots: Dot[] = xs.map((x, i) => ({ x, y: ys[i]!, size: DOT_SIZES[sz[i]!] as DotSize, color: 0 }));
  return { ok: true, grown: { dots, roots, tree, core } };
}

/** Shuffle the dot order (so a file does not give the roots away) and colour the dots. */
function finishField(g: GrownField, rules: CarillonRules, rng: Rng): GrownField {
  const n = g.dots.length;
  const order = rng.shuffled(Array.from({ length: n }, (_, i) => i));
  const where = new Array<number>(n);
  order.forEach((old, i) => {
    where[old] = i;
  });
  const dots = order.map((old) => ({ ...g.dots[old]!, color: rng.int(rules.colors) }));
  return {
    dots,
    roots: g.roots.map((r) => where[r]!),
    tree: order.map((old) => g.tree[old]!),
    core: order.map((old) => g.core[old]!),
  };
}

export interface CandidateDetail extends GeneratedCandidate<CarillonLevel> {
  grown?: GrownField;
}

/** Grow candidate `index` of `slot`: bounded whole-field attempts from streamFor(seed, slot, index). */
export function generateCandidate(args: {
  rules: CarillonRules;
  plan: CarillonPlan;
  seed: number;
  slot: number;
  index: number;
}): CandidateDetail {
  const { rules, plan, seed, slot, index } = args;
  const sp = slotParams(plan, slot);
  // Difficulty walks 2^taps positions, bounded by rules.maxSources (the studio checks plan
  // against rules before a run; a direct caller gets a failure here, not an exception).
  if (sp.taps > rules.maxSources)
    return {
      level: null,
      metrics: {},
      tries: 0,
      failure: `${sp.taps} taps need rules.maxSources ≥ ${sp.taps} (it is ${rules.maxSources})`,
    };
  const rng = streamFor(seed, slot, index);
  let failure = 'no attempt';
  for (let attempt = 1; attempt <= rules.fieldAttempts; attempt++) {
    const res = growField({ taps: sp.taps, dots: sp.dots, tutorial: sp.tutorial, easy: sp.easy }, rules, rng);
    if (!res.ok) {
      failure = res.reason;
      continue;
    }
    const g = finishField(res.grown, rules, rng);
    const field = buildField(g.dots, rules);
    const fair = fairShareProblems(field, g.roots, rules.fairShare);
    if (fair.length) {
      failure = fair[0]!;
      continue;
    }
    const search = solveSearch(field, { maxTaps: sp.taps + 1 });
    if (search.fewest !== sp.taps) {
      failure = `solver needs ${search.fewest} taps, planned ${sp.taps}`;
      continue;
    }
    const level: CarillonLevel = {
      taps: sp.taps,
      tutorial: sp.tutorial,
      bits: roundTo(difficultyBits(field, rules.maxSources), 4),
      dots: g.dots,
      solution: search.solution,
      roots: g.roots,
    };
    return { level, metrics: levelMetrics(level, rules, field), tries: attempt, grown: g };
  }
  return { level: null, metrics: {}, tries: rules.fieldAttempts, failure };
}
