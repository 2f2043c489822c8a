/**
 * Carillon's rules: every number of the spec in one `CarillonRules` object (zod schema with
 * defaults), so a designer can change them per run and the studio stores them with the run.
 */
import { z } from 'zod';

export const DOT_SIZES = ['small', 'normal', 'big'] as const;
export type DotSize = (typeof DOT_SIZES)[number];
/** Size index: 0 small, 1 normal, 2 big (one size smaller = index - 1). */
export const sizeIndex = (s: DotSize): number => (s === 'small' ? 0 : s === 'normal' ? 1 : 2);

const sizeSpecSchema = z.object({
  radius: z.number().positive(),
  reach: z.number().positive(),
});

export const carillonRulesSchema = z.object({
  /** Field width and height in units; (0,0) is the top-left corner. */
  width: z.number().int().positive().default(640),
  height: z.number().int().positive().default(960),
  sizes: z
    .object({ small: sizeSpecSchema, normal: sizeSpecSchema, big: sizeSpecSchema })
    .default({
      small: { radius: 16, reach: 60 },
      normal: { radius: 26, reach: 112 },
      big: { radius: 36, reach: 240 },
    }),
  /** Ring growth speed, units per second. */
  ringSpeed: z.number().positive().default(480),
  /** Least gap between two dots, edge to edge. */
  spacing: z.number().min(0).default(14),
  /** For every ordered pair (A,B): |dist(A,B) - radius(B) - reach(A)| >= ringMargin. */
  ringMargin: z.number().min(0).default(10),
  /** Least centre distance between two roots (960/3). */
  rootSeparation: z.number().min(0).default(320),
  /** Every root pops on its own at least fairShare * n / k dots. */
  fairShare: z.number().min(0).max(1).default(0.5),
  /** Number of colours (notes); a colour is an integer 0..colors-1. */
  colors: z.number().int().min(1).default(7),
  /** Candidates grown per level slot. */
  poolSize: z.number().int().min(1).default(16),
  /** Placement tries for one dot at one size before trying one size smaller. */
  triesPerDotSize: z.number().int().min(1).default(60),
  /** Whole fields grown (from the same candidate stream) before a candidate job gives up. */
  fieldAttempts: z.number().int().min(1).default(40),
  /** Weights of the sizes of non-root dots (roots are big or normal, never small). */
  sizeMix: z
    .object({ small: z.number().min(0), normal: z.number().min(0), big: z.number().min(0) })
    .default({ small: 0.35, normal: 0.5, big: 0.15 }),
  /** Per field, the small-dot weight is scaled by 2^u, u uniform in ±sizeMixSpread (pool variety). */
  sizeMixSpread: z.number().min(0).max(8).default(0),
  /** The first level of an `easyStart` stretch: per field, the small-dot weight is scaled by 2^u, u uniform in [0, easyLean]. */
  easyLean: z.number().min(0).max(8).default(3),
  /** Ordering: a stretch's target line starts this many bits above the previous level. */
  orderStartStep: z.number().min(0).default(0.1),
  /** Ordering: where a stretch's line ends when the plan does not say: this quantile of the last level's pool. */
  orderEndQuantile: z.number().min(0).max(1).default(0.8),
  /** Ordering: a stretch's line ends no higher than this quantile of the next stretch's first pool (room for an easy seam). */
  orderSeamQuantile: z.number().min(0).max(1).default(0.5),
  /** Ordering: bits a pick is charged per dot more than the previous level (keeps the dot count from racing to its cap). */
  orderDotPenalty: z.number().min(0).default(0),
  /** Near-duplicates: pairing distance between dots (units). */
  duplicateDistance: z.number().min(0).default(24),
  /** Same picture: more than this share of the larger level's dots pair up. */
  pictureShare: z.number().min(0).max(1).default(0.5),
  /** Answer in the same place: at least this share of the dots pair up. */
  answerShare: z.number().min(0).max(1).default(1 / 3),
  /** Difficulty: refuse fields with more source components than this (2^k positions). */
  maxSources: z.number().int().min(1).max(30).default(24),
});

export type CarillonRules = z.infer<typeof carillonRulesSchema>;

export const defaultCarillonRules: CarillonRules = carillonRulesSchema.parse({});

export const radiusOf = (rules: CarillonRules, s: DotSize): number => rules.sizes[s].radius;
export const reachOf = (rules: CarillonRules, s: DotSize): number => rules.sizes[s].reach;
