/**
 * The one ApsisRules object: every number of the game, stored with each run.
 */
import { z } from 'zod';
import { boundedNumber } from '../../schema/bounded-number';

/**
 * A number with its bounds, refused in words a designer understands ("must be at most 99").
 * Every rule has an upper bound as well as a lower one, so a typo cannot stall or break a run.
 */
const num = boundedNumber;

/** Largest rim radius (units). */
const RIM_MAX = 5000;

export const apsisRulesSchema = z
  .object({
    /** Sun radius (units); below the rim (checked below). */
    sunRadius: num({ above: 0, max: RIM_MAX }),
    /** Rim radius (units). */
    rimRadius: num({ above: 0, max: RIM_MAX }),
    /** Orbit j of m has radius orbitBase + j × orbitSpan / (m + 1); orbitBase + orbitSpan ≤ rimRadius. */
    orbitBase: num({ min: 0, max: RIM_MAX }),
    orbitSpan: num({ above: 0, max: RIM_MAX }),
    /** Arrow lengths: short < long < rimRadius − sunRadius (checked below). */
    shortLength: num({ above: 0, max: 2 * RIM_MAX }),
    longLength: num({ above: 0, max: 2 * RIM_MAX }),
    /** Drawn width of an arrow body (a capsule of radius width / 2); below rimRadius − sunRadius. */
    width: num({ above: 0, max: 1000 }),
    /** Smallest clear gap between two bodies, and between a body and the rim or the sun. */
    gap: num({ min: 0, max: 1000 }),
    /** Hearts per level. */
    hearts: num({ int: true, min: 1, max: 99 }),
    /** Valid candidates collected for each new arrow. */
    validCandidates: num({ int: true, min: 1, max: 1000 }),
    /** Raw tries allowed for each new arrow before giving up on it. */
    maxTries: num({ int: true, min: 1, max: 100000 }),
    /** Whole builds a candidate job may restart before reporting failure. */
    maxBuilds: num({ int: true, min: 1, max: 100 }),
    /** Share of new arrows aimed into a free arrow's path. */
    aimShare: num({ min: 0, max: 1 }),
    /** Chance a new arrow is long, once long arrows are on schedule. */
    longChance: num({ min: 0, max: 1 }),
    /** Chance a new arrow is diagonal, once diagonals are on schedule. */
    diagonalChance: num({ min: 0, max: 1 }),
    /** Score of a candidate arrow: + scoreDepth × depth − scoreFree × free − scoreSpread × (orbit overload). */
    scoreDepth: num({ min: 0, max: 1000 }),
    scoreFree: num({ min: 0, max: 1000 }),
    scoreSpread: num({ min: 0, max: 1000 }),
    /** Small tie-break weight on reads. */
    scoreReads: num({ min: 0, max: 1000 }),
    /**
     * Depth-aimed builder (on in the default rules; false or absent: the spec's own builder,
     * maximum depth, which wants pools of 12). Each level slot gets the target depth
     * `targetDepth(arrows)` = round(aimDepthBase + aimDepthPerArrow × arrows) from the plan's
     * arrow count, and the score rewards depth up to the target and penalises depth above it
     * (see generator.ts and docs/apsis.md) instead of rewarding maximum depth.
     */
    aimDepth: z.boolean().optional(),
    /** Target depth line of the depth-aimed builder (defaults in AIM_DEPTH_DEFAULTS). */
    aimDepthBase: num({ min: -100, max: 100 }).optional(),
    aimDepthPerArrow: num({ min: 0, max: 10 }).optional(),
    /** Ordering: most levels in a row that may read the same. */
    maxEqualRun: num({ int: true, min: 1, max: 100 }),
    /** Near copies: centres within this distance pair up (at most the rim's diameter). */
    nearDistance: num({ min: 0, max: 2 * RIM_MAX }),
    /** Near copies: share of the larger level's arrows that must pair. */
    nearShare: num({ min: 0, max: 1 }),
    /**
     * Ordering margin (optional; absent: rules 1–3 only): no two shipped levels may share more
     * than this (rule-2 share, any turn and mirror). Stricter than nearShare, for the quality
     * target "closest shipped pair ≤ 45 %"; verify still checks the spec's rules 1–3 only.
     */
    orderMaxShare: num({ min: 0, max: 1 }).optional(),
  })
  // A misspelt rule is refused by name rather than dropped (it would silently run on the default).
  .strict()
  .superRefine((r, ctx) => {
    // Cross-field checks, each only when the fields it reads passed their own bounds (so one
    // mistake gives one message).
    const ok = (v: number, lo: number, hi: number, above = false): boolean =>
      (above ? v > lo : v >= lo) && v <= hi;
    const sunOk = ok(r.sunRadius, 0, RIM_MAX, true),
      rimOk = ok(r.rimRadius, 0, RIM_MAX, true);
    const issue = (path: string, message: string): void =>
      ctx.addIssue({ code: 'custom', path: [path], message });
    if (sunOk && rimOk && r.sunRadius >= r.rimRadius)
      issue('sunRadius', `the sun must be smaller than the rim (radius ${r.rimRadius})`);
    if (
      rimOk &&
      ok(r.orbitBase, 0, RIM_MAX) &&
      ok(r.orbitSpan, 0, RIM_MAX, true) &&
      r.orbitBase + r.orbitSpan > r.rimRadius
    ) {
      issue(
        'orbitSpan',
        `orbitBase + orbitSpan (${r.orbitBase + r.orbitSpan}) must not exceed the rim radius (${r.rimRadius}): the outermost orbit would lie outside the rim`,
      );
    }
    const shortOk = ok(r.shortLength, 0, 2 * RIM_MAX, true),
      longOk = ok(r.longLength, 0, 2 * RIM_MAX, true);
    if (shortOk && longOk && r.shortLength >= r.longLength)
      issue('shortLength', `short arrows must be shorter than long ones (${r.longLength})`);
    if (sunOk && rimOk && r.sunRadius < r.rimRadius) {
      const room = r.rimRadius - r.sunRadius;
      if (longOk && r.longLength >= room)
        issue(
          'longLength',
          `long arrows must be shorter than the room between the sun and the rim (${room})`,
        );
      if (shortOk && r.shortLength >= room && !(longOk && r.shortLength >= r.longLength)) {
        issue(
          'shortLength',
          `short arrows must be shorter than the room between the sun and the rim (${room})`,
        );
      }
      if (ok(r.width, 0, 1000, true) && r.width >= room)
        issue('width', `arrows must be narrower than the room between the sun and the rim (${room})`);
    }
    if (rimOk && ok(r.nearDistance, 0, 2 * RIM_MAX) && r.nearDistance > 2 * r.rimRadius) {
      issue(
        'nearDistance',
        `must be at most ${2 * r.rimRadius}, the rim's diameter (every arrow would pair with every arrow of its kind)`,
      );
    }
  });

export type ApsisRules = z.infer<typeof apsisRulesSchema>;

export const defaultApsisRules: ApsisRules = {
  sunRadius: 40,
  rimRadius: 300,
  orbitBase: 40,
  orbitSpan: 260,
  shortLength: 44,
  longLength: 80,
  width: 12,
  gap: 6,
  hearts: 3,
  validCandidates: 36,
  maxTries: 3000,
  maxBuilds: 6,
  aimShare: 0.85,
  longChance: 0.4,
  diagonalChance: 0.5,
  scoreDepth: 4,
  scoreFree: 3,
  scoreSpread: 8,
  scoreReads: 0.25,
  // The depth-aimed builder and the 45 % ordering margin are the default since issue 10
  // (docs/apsis.md, "Defaults"); aimDepth: false (with pools of 12) is the spec's own builder.
  aimDepth: true,
  maxEqualRun: 3,
  nearDistance: 40,
  nearShare: 0.5,
  orderMaxShare: 0.45,
};

/** Defaults of the optional depth-aimed builder settings (used when the rules leave them out). */
const AIM_DEPTH_DEFAULTS = { aimDepthBase: 1.5, aimDepthPerArrow: 1 / 6 } as const;

/**
 * Target depth of a level with `arrows` arrows for the depth-aimed builder: a straight line in
 * the arrow count (so a straight rising line over each straight stretch of the plan), never
 * below 1 nor above the arrow count.
 */
export function targetDepth(rules: ApsisRules, arrows: number): number {
  const base = rules.aimDepthBase ?? AIM_DEPTH_DEFAULTS.aimDepthBase;
  const per = rules.aimDepthPerArrow ?? AIM_DEPTH_DEFAULTS.aimDepthPerArrow;
  return Math.max(1, Math.min(arrows, Math.round(base + per * arrows)));
}

/** Radius of orbit j (1-based) in a system of m orbits. */
export function orbitRadius(rules: ApsisRules, m: number, j: number): number {
  return rules.orbitBase + (j * rules.orbitSpan) / (m + 1);
}
