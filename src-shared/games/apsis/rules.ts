/**
 * The one ApsisRules object: every number of the game, stored with each run.
 */
import { z } from 'zod';

export const apsisRulesSchema = z
  .object({
    /** Sun radius (units). */
    sunRadius: z.number().positive(),
    /** Rim radius (units). */
    rimRadius: z.number().positive(),
    /** Orbit j of m has radius orbitBase + j × orbitSpan / (m + 1). */
    orbitBase: z.number().nonnegative(),
    orbitSpan: z.number().positive(),
    /** Arrow lengths. */
    shortLength: z.number().positive(),
    longLength: z.number().positive(),
    /** Drawn width of an arrow body (a capsule of radius width / 2). */
    width: z.number().positive(),
    /** Smallest clear gap between two bodies, and between a body and the rim or the sun. */
    gap: z.number().nonnegative(),
    /** Hearts per level. */
    hearts: z.number().int().min(1),
    /** Valid candidates collected for each new arrow. */
    validCandidates: z.number().int().min(1),
    /** Raw tries allowed for each new arrow before giving up on it. */
    maxTries: z.number().int().min(1),
    /** Whole builds a candidate job may restart before reporting failure. */
    maxBuilds: z.number().int().min(1),
    /** Share of new arrows aimed into a free arrow's path. */
    aimShare: z.number().min(0).max(1),
    /** Chance a new arrow is long, once long arrows are on schedule. */
    longChance: z.number().min(0).max(1),
    /** Chance a new arrow is diagonal, once diagonals are on schedule. */
    diagonalChance: z.number().min(0).max(1),
    /** Score of a candidate arrow: + scoreDepth × depth − scoreFree × free − scoreSpread × (orbit overload). */
    scoreDepth: z.number().nonnegative(),
    scoreFree: z.number().nonnegative(),
    scoreSpread: z.number().nonnegative(),
    /** Small tie-break weight on reads. */
    scoreReads: z.number().nonnegative(),
    /**
     * Depth-aimed builder (optional, off by default; absent keeps the default builder and the
     * stored rules byte for byte). Each level slot gets the target depth
     * `targetDepth(arrows)` = round(aimDepthBase + aimDepthPerArrow × arrows) from the plan's
     * arrow count, and the score rewards depth up to the target and penalises depth above it
     * (see generator.ts and docs/apsis.md) instead of rewarding maximum depth.
     */
    aimDepth: z.boolean().optional(),
    /** Target depth line of the depth-aimed builder (defaults in AIM_DEPTH_DEFAULTS). */
    aimDepthBase: z.number().optional(),
    aimDepthPerArrow: z.number().nonnegative().optional(),
    /** Ordering: most levels in a row that may read the same. */
    maxEqualRun: z.number().int().min(1),
    /** Near copies: centres within this distance pair up. */
    nearDistance: z.number().nonnegative(),
    /** Near copies: share of the larger level's arrows that must pair. */
    nearShare: z.number().min(0).max(1),
  })
  .refine((r) => r.sunRadius < r.rimRadius, { message: 'sunRadius must be below rimRadius', path: ['sunRadius'] })
  .refine((r) => r.orbitBase + r.orbitSpan <= r.rimRadius, {
    message: 'orbitBase + orbitSpan must not exceed rimRadius',
    path: ['orbitSpan'],
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
  maxEqualRun: 3,
  nearDistance: 40,
  nearShare: 0.5,
};

/** Defaults of the optional depth-aimed builder settings (used when the rules leave them out). */
export const AIM_DEPTH_DEFAULTS = { aimDepthBase: 1.5, aimDepthPerArrow: 1 / 6 } as const;

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
