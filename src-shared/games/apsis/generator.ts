/**
 * The generator, built backwards. Start empty and add arrows one at a time; a new arrow
 * is accepted only if it fits and its own path is clear of every arrow placed before it,
 * so removing arrows newest first always clears the level.
 *
 * For each new arrow it collects `validCandidates` VALID candidates (bounded by `maxTries`
 * raw tries) and keeps the best by score (deeper, fewer free at the start, even spread
 * over the orbits). Most candidates are aimed into the path of an arrow that is free right
 * now. Blocking and rounds are kept incrementally, so scoring a candidate costs one pass
 * over the placed arrows plus a short propagation.
 */
import type { Rng } from '../../random/prng';
import { streamFor } from '../../random/prng';
import type { ApsisLevel, Arrow, Heading } from './model';
import { DIAGONAL_HEADINGS, TANGENT_HEADINGS, normAngle } from './model';
import type { ApsisRules } from './rules';
import { targetDepth } from './rules';
import type { ArrowGeo } from './geometry';
import { arrowGeo, bodiesClear, blocks, crossesSun, fitAloneProblem } from './geometry';
import type { ApsisPlan } from './plan';
import { levelSpec } from './plan';
import { solveRounds } from './solver';

export interface BuildSpec {
  orbits: number;
  arrows: number;
  long: boolean;
  diagonal: boolean;
}

interface BuildStats {
  /** Raw tries over all arrows. */
  tries: number;
  /** Valid candidates scored over all arrows. */
  valid: number;
}

export interface BuildResult {
  level: ApsisLevel | null;
  /** Build order (before the shuffle), for tests and the inspector. */
  buildOrder: Arrow[];
  /** Rounds tracked incrementally during the build (build order), for cross-checks. */
  trackedRounds: number[];
  stats: BuildStats;
  failure?: string;
}

/**
 * Depth-aimed builder: each depth above the target costs this many times `scoreDepth`
 * (so overshooting the target is never worth what it gains in reads or fewer free arrows).
 */
const AIM_OVER_PENALTY = 4;

/** Build one level from one random stream. */
export function buildLevel(spec: BuildSpec, rules: ApsisRules, rng: Rng): BuildResult {
  const m = spec.orbits;
  const n = spec.arrows;
  // Depth-aimed mode: reward depth up to the target, penalise depth above it.
  const aim = rules.aimDepth === true ? targetDepth(rules, n) : 0;
  const geos: ArrowGeo[] = [];
  const arrows: Arrow[] = [];
  const orbitCount = new Int32Array(m + 1);
  const round = new Int32Array(n + 1);
  const scratch = new Int32Array(n + 1);
  const bestRound = new Int32Array(n + 1);
  const nBlockers = new Int32Array(n + 1);
  const blocksOut: number[][] = [];
  const stack = new Int32Array(4 * (n + 1) * (n + 1));
  const hitBuf = new Int32Array(n + 1);
  const bestHits = new Int32Array(n + 1);
  const headingsT = TANGENT_HEADINGS;
  const headingsD = DIAGONAL_HEADINGS;
  const stats: BuildStats = { tries: 0, valid: 0 };
  const freeList: number[] = [];

  for (let k = 0; k < n; k++) {
    freeList.length = 0;
    for (let i = 0; i < k; i++) if (nBlockers[i] === 0) freeList.push(i);
    const freeNow = freeList.length;
    let valid = 0;
    let tries = 0;
    let bestScore = -Infinity;
    let bestArrow: Arrow | null = null;
    let bestGeo: ArrowGeo | null = null;
    let bestHitCount = 0;
    const fair = (k + 1) / m;
    while (valid < rules.validCandidates && tries < rules.maxTries) {
      tries++;
      // Propose.
      let orbit: number, angle: number;
      if (k > 0 && freeList.length > 0 && rng.chance(rules.aimShare)) {
        const f = geos[rng.pick(freeList)] as ArrowGeo;
        const s = rng.float(0, f.pathLen);
        const px = f.hx + s * f.dx,
          py = f.hy + s * f.dy;
        const rad = Math.sqrt(px * px + py * py);
        orbit = Math.round(((rad - rules.orbitBase) * (m + 1)) / rules.orbitSpan);
        if (orbit < 1) orbit = 1;
        else if (orbit > m) orbit = m;
        angle = normAngle(Math.round((Math.atan2(py, px) * 180) / Math.PI));
      } else {
        orbit = rng.range(1, m);
        angle = rng.int(360);
      }
      const heading: Heading =
        spec.diagonal && rng.chance(rules.diagonalChance) ? rng.pick(headingsD) : rng.pick(headingsT);
      const length = spec.long && rng.chance(rules.longChance) ? 'long' : 'short';
      const arrow: Arrow = { orbit, angle, heading, length };
      const g = arrowGeo(arrow, m, rules);
      if (fitAloneProblem(g, rules) !== null || crossesSun(g, rules)) continue;
      let ok = true;
      for (let i = 0; i < k; i++) {
        const p = geos[i] as ArrowGeo;
        if (!bodiesClear(g, p, rules) || blocks(p, g, rules)) {
          ok = false;
          break;
        }
      }
      if (!ok) continue;
      valid++;
      // Score: which placed arrows does the new one block, and the rounds after adding it.
      let hits = 0;
      let freeLost = 0;
      for (let i = 0; i < k; i++) {
        if (blocks(g, geos[i] as ArrowGeo, rules)) {
          hitBuf[hits++] = i;
          if (nBlockers[i] === 0) freeLost++;
        }
      }
      scratch.set(round);
      scratch[k] = 1;
      let sp = 0;
      for (let h = 0; h < hits; h++) {
        const a = hitBuf[h] as number;
        if ((scratch[a] as number) < 2) {
          scratch[a] = 2;
          stack[sp++] = a;
        }
      }
      while (sp > 0) {
        const b = stack[--sp] as number;
        const rb = (scratch[b] as number) + 1;
        for (const a of blocksOut[b] as number[]) {
          if ((scratch[a] as number) < rb) {
            scratch[a] = rb;
            stack[sp++] = a;
          }
        }
      }
      let depth = 0,
        reads = 0;
      for (let i = 0; i <= k; i++) {
        const r = scratch[i] as number;
        reads += r;
        if (r > depth) depth = r;
      }
      const free = freeNow + 1 - freeLost;
      const over = (orbitCount[orbit] as number) + 1 - fair;
      const depthTerm = aim > 0 && depth > aim ? aim - AIM_OVER_PENALTY * (depth - aim) : depth;
      const score =
        rules.scoreDepth * depthTerm -
        rules.scoreFree * free +
        rules.scoreReads * reads -
        rules.scoreSpread * (over > 0 ? over : 0);
      if (score > bestScore) {
        bestScore = score;
        bestArrow = arrow;
        bestGeo = g;
        bestRound.set(scratch);
        bestHitCount = hits;
        bestHits.set(hitBuf);
      }
    }
    stats.tries += tries;
    stats.valid += valid;
    if (!bestArrow || !bestGeo) {
      return {
        level: null,
        buildOrder: arrows,
        trackedRounds: Array.from(round.subarray(0, k)),
        stats,
        failure: `no valid place for arrow ${k + 1} of ${n} after ${tries} tries`,
      };
    }
    arrows.push(bestArrow);
    geos.push(bestGeo);
    orbitCount[bestArrow.orbit] = (orbitCount[bestArrow.orbit] as number) + 1;
    const out: number[] = [];
    for (let h = 0; h < bestHitCount; h++) {
      const a = bestHits[h] as number;
      out.push(a);
      nBlockers[a] = (nBlockers[a] as number) + 1;
    }
    blocksOut.push(out);
    round.set(bestRound);
  }
  const order = rng.shuffled(arrows.map((_, i) => i));
  const level: ApsisLevel = { orbits: m, arrows: order.map((i) => arrows[i] as Arrow) };
  return { level, buildOrder: arrows, trackedRounds: Array.from(round.subarray(0, n)), stats };
}

export interface ApsisCandidate {
  level: ApsisLevel | null;
  metrics: Record<string, number>;
  /** Builds started (1 unless a build gave up). */
  tries: number;
  failure?: string;
}

/** The spec a plan gives to level slot `slot` (0-based). */
function slotSpec(plan: ApsisPlan, slot: number): BuildSpec {
  const s = levelSpec(plan, slot + 1);
  return { orbits: s.orbits, arrows: s.arrows, long: s.long, diagonal: s.diagonal };
}

/**
 * One candidate job: build (seed, slot, index). Build b uses the stream
 * streamFor(seed, slot, index, b), so the result depends on these integers only.
 */
export function generateCandidate(args: {
  rules: ApsisRules;
  plan: ApsisPlan;
  seed: number;
  slot: number;
  index: number;
}): ApsisCandidate {
  const { rules, plan, seed, slot, index } = args;
  const spec = slotSpec(plan, slot);
  // Depth-aimed mode: a build that misses the target depth is rebuilt from the next
  // sub-stream (up to maxBuilds); the first build on target wins, else the closest one.
  const aim = rules.aimDepth === true ? targetDepth(rules, spec.arrows) : 0;
  let failure = '';
  let closest: ApsisCandidate | null = null;
  let closestMiss = Infinity;
  for (let b = 0; b < rules.maxBuilds; b++) {
    const rng = streamFor(seed, slot, index, b);
    const built = buildLevel(spec, rules, rng);
    if (!built.level) {
      failure = built.failure ?? 'build failed';
      continue;
    }
    const r = solveRounds(built.level, rules);
    if (!r.cleared) {
      failure = 'built level does not clear';
      continue;
    }
    const cand: ApsisCandidate = {
      level: built.level,
      metrics: {
        arrows: built.level.arrows.length,
        orbits: spec.orbits,
        depth: r.depth,
        free: r.free,
        reads: r.reads,
        tries: b + 1,
      },
      tries: b + 1,
    };
    if (aim === 0) return cand;
    const miss = Math.abs(r.depth - aim);
    if (miss < closestMiss) {
      closest = cand;
      closestMiss = miss;
    }
    if (miss === 0) break;
  }
  if (closest) {
    // Builds started, even when an earlier one was kept.
    const started = closestMiss === 0 ? closest.tries : rules.maxBuilds;
    return { ...closest, metrics: { ...closest.metrics, tries: started }, tries: started };
  }
  return {
    level: null,
    metrics: {},
    tries: rules.maxBuilds,
    failure: `${rules.maxBuilds} builds gave up; last: ${failure}`,
  };
}
