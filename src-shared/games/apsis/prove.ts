/**
 * The proof of one Apsis level, the one code the editor, the CLI's `prove` and verifyPack
 * share: rounds (clearable or not, depth, free, reads) and a solution replayed through the
 * play rules, and every hard rule (arrows on existing orbits, the plan's orbit count, long or
 * diagonal arrows before their stage, inside the rim, clear of the sun, apart from every other
 * arrow, aimed across the sun, every arrow able to leave), each violation with its plain name,
 * the arrows involved and a mark the board draws.
 */
import type { LevelProof, ProofContext, Violation } from '../../proof';
import type { ApsisLevel, Arrow } from './model';
import { isDiagonal } from './model';
import type { ApsisRules } from './rules';
import type { ApsisPlan, LevelSpec } from './plan';
import { levelCount, levelSpec } from './plan';
import type { ArrowGeo } from './geometry';
import {
  bodiesClear,
  bodyBodyDist,
  bodyOriginDist,
  crossesSun,
  fitAloneProblem,
  levelGeo,
  pathOriginDist,
} from './geometry';
import { blockersOf, roundsFromBlockers } from './solver';
import type { RoundsResult } from './solver';
import { replay } from './play';

/** What the board draws for an Apsis violation (plain data, by `kind`). */
export type ApsisMark =
  /** An arrow poking out of the rim: how far its farther end passes the limit (rim − half width). */
  | { kind: 'rim'; arrow: number; over: number }
  /** An arrow's body closer to the sun than `min` (distance from the sun's centre). */
  | { kind: 'sun-gap'; arrow: number; distance: number; min: number }
  /** Two bodies closer than `min` (segment to segment). */
  | { kind: 'overlap'; a: number; b: number; distance: number; min: number }
  /** An arrow whose path passes within `min` of the sun's centre (`distance`): it can never leave. */
  | { kind: 'path-sun'; arrow: number; distance: number; min: number }
  /** Arrows that never get free, and who blocks whom among them (edge [b, a]: b blocks a). */
  | { kind: 'stuck'; arrows: number[]; edges: [number, number][] }
  /** One arrow (off its orbits, or of a kind not yet on schedule). */
  | { kind: 'arrow'; arrow: number };

export type ApsisViolation = Violation<ApsisMark>;
export type ApsisProof = LevelProof<ApsisLevel, ApsisMark>;

/** The plain name of each rule the proof checks; `rule` ids are the ones verify reports. */
export const APSIS_RULE_NAMES = {
  arrows: 'At least one arrow',
  plan: 'Level inside the plan',
  orbits: 'Orbits the plan gives',
  orbit: 'Arrow on an existing orbit',
  long: 'Long arrows on schedule',
  diagonal: 'Diagonal arrows on schedule',
  rim: 'Inside the rim',
  'sun-gap': 'Clear of the sun',
  spacing: 'Spacing between arrows',
  sun: 'Not aimed across the sun',
  clears: 'Every arrow can leave',
  solution: 'Solution clears the level',
} as const;
type NameKey = keyof typeof APSIS_RULE_NAMES;

/** What verifyPack needs beyond the proof: the rounds (null when an arrow is off its orbits). */
export interface ApsisProofDetail {
  proof: ApsisProof;
  rounds: RoundsResult | null;
  /** The plan's row for this level, null when it is outside the plan. */
  spec: LevelSpec | null;
}

export function proveApsis(level: ApsisLevel, rules: ApsisRules, ctx: ProofContext<ApsisPlan>): ApsisProof {
  return proveApsisDetail(level, rules, ctx).proof;
}

export function proveApsisDetail(
  level: ApsisLevel,
  rules: ApsisRules,
  ctx: ProofContext<ApsisPlan>,
): ApsisProofDetail {
  const violations: ApsisViolation[] = [];
  // `rule` is verify's id (fit problems share 'fit', schedule problems 'kinds'); `key` the plain name.
  const add = (rule: string, key: NameKey, message: string, elements: number[], mark?: ApsisMark): void => {
    const v: ApsisViolation = { rule, name: APSIS_RULE_NAMES[key], message, elements };
    if (mark) v.mark = mark;
    violations.push(v);
  };
  const arrows: Arrow[] = level.arrows.map((a) => ({
    orbit: a.orbit,
    angle: a.angle,
    heading: a.heading,
    length: a.length,
  }));
  const copy: ApsisLevel = { orbits: level.orbits, arrows };
  const L = ctx.slot + 1;
  const spec = L >= 1 && L <= levelCount(ctx.plan) ? levelSpec(ctx.plan, L) : null;
  if (!spec) add('plan', 'plan', `level ${L} is outside the plan (1..${levelCount(ctx.plan)})`, []);
  if (spec && level.orbits !== spec.orbits)
    add('orbits', 'orbits', `has ${level.orbits} orbits; the plan gives ${spec.orbits}`, []);
  if (arrows.length === 0) add('arrows', 'arrows', 'the level has no arrow', []);
  let structural = false;
  arrows.forEach((a, k) => {
    if (a.orbit > level.orbits) {
      add(`arrows[${k}].orbit`, 'orbit', `arrow ${k} is on orbit ${a.orbit} of ${level.orbits}`, [k], {
        kind: 'arrow',
        arrow: k,
      });
      structural = true;
    }
    if (spec && a.length === 'long' && !spec.long)
      add(
        'kinds',
        'long',
        `arrow ${k} is long; long arrows are not on schedule before stage ${spec.stage.stage} allows them`,
        [k],
        { kind: 'arrow', arrow: k },
      );
    if (spec && isDiagonal(a.heading) && !spec.diagonal)
      add(
        'kinds',
        'diagonal',
        `arrow ${k} is diagonal (${a.heading}); diagonals are not on schedule at level ${L}`,
        [k],
        { kind: 'arrow', arrow: k },
      );
  });
  if (structural || arrows.length === 0) {
    return {
      proof: { ok: false, metrics: null, solution: null, violations, level: copy },
      rounds: null,
      spec,
    };
  }

  const geos = levelGeo(arrows, level.orbits, rules);
  fitViolations(geos, rules, add);
  const sunMin = rules.sunRadius + rules.width / 2;
  geos.forEach((g, k) => {
    if (crossesSun(g, rules))
      add('sun', 'sun', `arrow ${k}'s path crosses the sun`, [k], {
        kind: 'path-sun',
        arrow: k,
        distance: pathOriginDist(g),
        min: sunMin,
      });
  });
  const blockers = blockersOf(geos, rules);
  const rounds = roundsFromBlockers(blockers);
  if (!rounds.cleared) {
    const stuck = new Set(rounds.stuck);
    const edges: [number, number][] = [];
    for (const a of rounds.stuck) for (const b of blockers[a]!) if (stuck.has(b)) edges.push([b, a]);
    add(
      'clears',
      'clears',
      `the level cannot be cleared: arrows ${rounds.stuck.join(', ')} never get free`,
      rounds.stuck,
      { kind: 'stuck', arrows: rounds.stuck, edges },
    );
  } else {
    const rep = replay(copy, rounds.solution, rules);
    if (rep.heartsLost > 0 || !rep.cleared)
      add(
        'solution',
        'solution',
        `replaying the solution ${rep.cleared ? 'loses hearts' : 'does not clear'}: ${rep.message ?? ''}`,
        rounds.solution,
      );
  }
  const metrics = {
    arrows: arrows.length,
    orbits: level.orbits,
    depth: rounds.depth,
    free: rounds.free,
    reads: rounds.reads,
  };
  return {
    proof: {
      ok: violations.length === 0,
      metrics,
      solution: rounds.cleared ? rounds.solution : null,
      violations,
      level: copy,
    },
    rounds,
    spec,
  };
}

/** Rim, sun and spacing for every arrow, and every pair of bodies too close (once per pair). */
function fitViolations(
  geos: readonly ArrowGeo[],
  rules: ApsisRules,
  add: (rule: string, key: NameKey, message: string, elements: number[], mark?: ApsisMark) => void,
): void {
  const lim = rules.rimRadius - rules.width / 2;
  const sunMin = rules.sunRadius + rules.width / 2 + rules.gap;
  const need = rules.width + rules.gap;
  geos.forEach((g, k) => {
    const alone = fitAloneProblem(g, rules);
    if (alone === 'rim') {
      const over = Math.max(Math.hypot(g.hx, g.hy), Math.hypot(g.tx, g.ty)) - lim;
      add('fit', 'rim', `arrow ${k} pokes out of the rim`, [k], { kind: 'rim', arrow: k, over });
    } else if (alone === 'sun') {
      add('fit', 'sun-gap', `arrow ${k} is too close to the sun`, [k], {
        kind: 'sun-gap',
        arrow: k,
        distance: bodyOriginDist(g),
        min: sunMin,
      });
    }
    for (let j = k + 1; j < geos.length; j++) {
      if (bodiesClear(g, geos[j]!, rules)) continue;
      add('fit', 'spacing', `arrow ${k} is closer than ${need} to arrow ${j}`, [k, j], {
        kind: 'overlap',
        a: k,
        b: j,
        distance: bodyBodyDist(g, geos[j]!),
        min: need,
      });
    }
  });
}
