/**
 * Carillon's rules: every number of the spec in one `CarillonRules` object (zod schema with
 * defaults), so a designer can change them per run and the studio stores them with the run.
 */
import { z } from 'zod';
import { boundedNumber } from '../../schema/bounded-number';

export const DOT_SIZES = ['small', 'normal', 'big'] as const;
export type DotSize = (typeof DOT_SIZES)[number];
/** Size index: 0 small, 1 normal, 2 big (one size smaller = index - 1). */
export const sizeIndex = (s: DotSize): number => (s === 'small' ? 0 : s === 'normal' ? 1 : 2);

/**
 * A number with its bounds, refused in words a designer understands ("must be at most 4000").
 * Every rule has an upper bound as well as a lower one, so a typo cannot stall or break a run.
 */
const num = boundedNumber;

/** Field sides (units). */
const FIELD_MIN = 200;
const FIELD_MAX = 4000;

const sizeSpecSchema = z
  .object({
    /** At most half the field's shorter side (checked below), so the dot fits in the field. */
    radius: num({ above: 0, max: 1000 }),
    /** More than the radius (checked below). */
    reach: num({ above: 0, max: 10000 }),
  })
  .strict();

const sizeName = { small: 'a small dot', normal: 'a normal dot', big: 'a big dot' } as const;

export const carillonRulesSchema = z
  .object({
    /** Field width and height in units (200..4000); (0,0) is the top-left corner. */
    width: num({ int: true, min: FIELD_MIN, max: FIELD_MAX }).default(640),
    height: num({ int: true, min: FIELD_MIN, max: FIELD_MAX }).default(960),
    sizes: z
      .object({ small: sizeSpecSchema, normal: sizeSpecSchema, big: sizeSpecSchema })
      .strict()
      .default({
        small: { radius: 16, reach: 60 },
        normal: { radius: 26, reach: 112 },
        big: { radius: 36, reach: 240 },
      }),
    /** Ring growth speed, units per second. */
    ringSpeed: num({ min: 1, max: 100000 }).default(480),
    /** Least gap between two dots, edge to edge. */
    spacing: num({ min: 0, max: 1000 }).default(14),
    /** For every ordered pair (A,B): |dist(A,B) - radius(B) - reach(A)| >= ringMargin. */
    ringMargin: num({ min: 0, max: 1000 }).default(10),
    /** Least centre distance between two roots (960/3); at most the field's diagonal. */
    rootSeparation: num({ min: 0, max: 10000 }).default(320),
    /** Every root pops on its own at least fairShare * n / k dots. */
    fairShare: num({ min: 0, max: 1 }).default(0.5),
    /** Number of colours (notes); a colour is an integer 0..colors-1. */
    colors: num({ int: true, min: 1, max: 64 }).default(7),
    /** Candidates grown per level slot (the run as a whole holds at most 100,000). */
    poolSize: num({ int: true, min: 1, max: 10000 }).default(16),
    /** Placement tries for one dot at one size before trying one size smaller. */
    triesPerDotSize: num({ int: true, min: 1, max: 10000 }).default(60),
    /** Whole fields grown (from the same candidate stream) before a candidate job gives up. */
    fieldAttempts: num({ int: true, min: 1, max: 1000 }).default(40),
    /** Weights of the sizes of non-root dots (roots are big or normal, never small). */
    sizeMix: z
      .object({
        small: num({ min: 0, max: 1000 }),
        normal: num({ min: 0, max: 1000 }),
        big: num({ min: 0, max: 1000 }),
      })
      .strict()
      .default({ small: 0.35, normal: 0.5, big: 0.15 }),
    /** Per field, the small-dot weight is scaled by 2^u, u uniform in ±sizeMixSpread (pool variety). */
    sizeMixSpread: num({ min: 0, max: 8 }).default(0),
    /** The first level of an `easyStart` stretch: per field, the small-dot weight is scaled by 2^u, u uniform in [0, easyLean]. */
    easyLean: num({ min: 0, max: 8 }).default(3),
    /** Ordering: a stretch's target line starts this many bits above the previous level. */
    orderStartStep: num({ min: 0, max: 10 }).default(0.1),
    /** Ordering: where a stretch's line ends when the plan does not say: this quantile of the last level's pool. */
    orderEndQuantile: num({ min: 0, max: 1 }).default(0.8),
    /** Ordering: a stretch's line ends no higher than this quantile of the next stretch's first pool (room for an easy seam). */
    orderSeamQuantile: num({ min: 0, max: 1 }).default(0.5),
    /** Ordering: bits a pick is charged per dot more than the previous level (keeps the dot count from racing to its cap). */
    orderDotPenalty: num({ min: 0, max: 10 }).default(0),
    /**
     * Ordering method: 'path' chooses the whole sequence at once (least largest jump, then
     * nearest the target line; ordering-path.ts); 'greedy' fills the levels in turn with the
     * candidate nearest the target, as the spec describes (ordering.ts).
     */
    orderMethod: z.enum(['path', 'greedy'], { message: "must be 'path' or 'greedy'" }).default('path'),
    /**
     * Ordering 'path': jumps between neighbours up to this many bits are allowed while following
     * the target line; when no sequence keeps every jump within it, the least possible largest jump is.
     */
    orderJumpLimit: num({ min: 0, max: 100 }).default(0.4),
    /**
     * Near-duplicates: pairing distance between dots (units). At least 1/200 of the field's
     * longer side (checked below): it is also the cell of the compare's bucket grid, which must
     * stay small (at most about 200 × 200 cells per level).
     */
    duplicateDistance: num({ min: 0, max: 1000 }).default(24),
    /** Same picture: more than this share of the larger level's dots pair up. */
    pictureShare: num({ min: 0, max: 1 }).default(0.5),
    /** Answer in the same place: at least this share of the dots pair up. */
    answerShare: num({ min: 0, max: 1 }).default(1 / 3),
    /**
     * Difficulty: refuse fields with more source components than this (2^k positions, memoised
     * in 2^k doubles: at most 24, 128 MB; 30 would ask for 8 GB).
     */
    maxSources: num({ int: true, min: 1, max: 24 }).default(24),
  })
  // A misspelt rule is refused by name rather than dropped (it would silently run on the default).
  .strict()
  .superRefine((r, ctx) => {
    // Cross-field checks, each only when the fields it reads passed their own bounds (so one
    // mistake gives one message).
    const inside = (v: number, lo: number, hi: number): boolean => v >= lo && v <= hi;
    const fieldOk = [r.width, r.height].every((v) => Number.isInteger(v) && inside(v, FIELD_MIN, FIELD_MAX));
    // Every dot size fits in the field (the generator draws centres in [radius, side − radius])
    // and reaches past its own edge.
    const maxRadius = Math.floor(Math.min(r.width, r.height) / 2);
    for (const s of DOT_SIZES) {
      const { radius, reach } = r.sizes[s];
      const radiusOk = radius > 0 && radius <= 1000;
      if (fieldOk && radiusOk && radius > maxRadius) {
        ctx.addIssue({
          code: 'custom',
          path: ['sizes', s, 'radius'],
          message: `must be at most ${maxRadius} so that ${sizeName[s]} fits in the ${r.width} × ${r.height} field`,
        });
      }
      if (radiusOk && reach > 0 && reach <= 10000 && reach <= radius) {
        ctx.addIssue({
          code: 'custom',
          path: ['sizes', s, 'reach'],
          message: `must be more than the radius (${radius}): ${sizeName[s]} must reach past its own edge`,
        });
      }
    }
    // Two roots can be at most the field's diagonal apart.
    const diagonal = Math.floor(Math.hypot(r.width, r.height));
    if (fieldOk && inside(r.rootSeparation, 0, 10000) && r.rootSeparation > diagonal) {
      ctx.addIssue({
        code: 'custom',
        path: ['rootSeparation'],
        message: `must be at most ${diagonal}, the diagonal of the ${r.width} × ${r.height} field (roots could never be that far apart)`,
      });
    }
    // The near-duplicate compare buckets dots in cells of duplicateDistance: at most about 200 × 200 cells.
    const longer = Math.max(r.width, r.height);
    const minDistance = Math.ceil(longer / 200);
    if (fieldOk && inside(r.duplicateDistance, 0, 1000) && r.duplicateDistance < minDistance) {
      ctx.addIssue({
        code: 'custom',
        path: ['duplicateDistance'],
        message: `must be at least ${minDistance} in a field ${longer} units long (1/200 of its longer side)`,
      });
    }
  });

export type CarillonRules = z.infer<typeof carillonRulesSchema>;

export const defaultCarillonRules: CarillonRules = carillonRulesSchema.parse({});
