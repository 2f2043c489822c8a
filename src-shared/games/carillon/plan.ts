/**
 * The plan: stretches of levels (level range, taps, dot-count range, tutorial or not), the
 * default 120-level plan, validation, and what the plan gives one level slot.
 */
import { z } from 'zod';
import type { PlanMark } from '../../game';
import { linearTarget } from '../../ordering/curve';
import { boundedNumber } from '../../schema/bounded-number';

/**
 * Upper bounds of the plan's fields, so a typo cannot ask a worker for hours of work
 * (a run holds at most 1,000 levels; a level at most 200 dots; taps at most rules.maxSources' cap).
 */
export const PLAN_MAX_LEVEL = 1000;
export const PLAN_MAX_DOTS = 200;
const PLAN_MAX_TAPS = 24;
const PLAN_MAX_BITS = 64;

const level = boundedNumber({ int: true, min: 1, max: PLAN_MAX_LEVEL });
const dots = boundedNumber({ int: true, min: 1, max: PLAN_MAX_DOTS });

const carillonStretchSchema = z
  .object({
    /** First and last level (1-based, inclusive). */
    from: level,
    to: level,
    taps: boundedNumber({ int: true, min: 1, max: PLAN_MAX_TAPS }),
    minDots: dots,
    maxDots: dots,
    tutorial: z.boolean().default(false),
    /** Optional: the difficulty (bits) the ordering's target line ends at. */
    endBits: boundedNumber({ min: 0, max: PLAN_MAX_BITS }).optional(),
    /**
     * Optional: the stretch's first level grows easy candidates (every root big, small dots
     * weighted up to 2^easyLean), so a seam after a stretch that ends easier (the tutorial)
     * stays small. See docs/carillon.md.
     */
    easyStart: z.boolean().optional(),
    /**
     * Optional: the level where the dot-count line reaches maxDots (default `to`). A plan cut
     * by truncatePlan keeps it, so every kept level has the same dots as in the full plan.
     */
    lineTo: level.optional(),
  })
  // A misspelt field ("tutorail") is refused by name rather than dropped.
  .strict();
export type CarillonStretch = z.infer<typeof carillonStretchSchema>;

export const carillonPlanSchema = z
  .array(carillonStretchSchema)
  .min(1, 'a plan needs at least one stretch')
  .max(PLAN_MAX_LEVEL, `a plan holds at most ${PLAN_MAX_LEVEL} stretches`)
  .superRefine((plan, ctx) => {
    let next = 1;
    plan.forEach((s, i) => {
      if (s.to < s.from)
        ctx.addIssue({
          code: 'custom',
          path: [i, 'to'],
          message: `must not come before the stretch’s first level (${s.from}): the stretch would be empty`,
        });
      if (s.from !== next)
        ctx.addIssue({
          code: 'custom',
          path: [i, 'from'],
          message: `must be ${next}, not ${s.from}: stretches follow on from level 1 with no gap and no overlap`,
        });
      if (s.minDots > s.maxDots)
        ctx.addIssue({
          code: 'custom',
          path: [i, 'maxDots'],
          message: `must be at least the dots at start (${s.minDots})`,
        });
      if (s.lineTo !== undefined && s.lineTo < s.to)
        ctx.addIssue({
          code: 'custom',
          path: [i, 'lineTo'],
          message: `must not come before the stretch’s last level (${s.to})`,
        });
      next = Math.max(next, s.to + 1);
    });
  });
export type CarillonPlan = z.infer<typeof carillonPlanSchema>;

export const defaultCarillonPlan: CarillonPlan = carillonPlanSchema.parse([
  { from: 1, to: 3, taps: 1, minDots: 3, maxDots: 5, tutorial: true },
  // The last tutorial level is a "hard tutorial" of about 1.5 bits, so the seam into level 10 is small.
  { from: 4, to: 9, taps: 2, minDots: 5, maxDots: 8, tutorial: true, endBits: 1.5 },
  // Its first level grows easy candidates: plain 8-dot two-tap fields start at 2.0–2.6 bits.
  { from: 10, to: 21, taps: 2, minDots: 8, maxDots: 14, tutorial: false, easyStart: true },
  // Where the later lines end (ours, fitted to the published curve: 11.65 at level 96, 13.19 at
  // the hardest). Left to the pools, level 120 ended near 15 bits on most seeds. See docs/carillon.md.
  { from: 22, to: 49, taps: 3, minDots: 14, maxDots: 22, tutorial: false, endBits: 8.4 },
  { from: 50, to: 96, taps: 4, minDots: 22, maxDots: 32, tutorial: false, endBits: 11.4 },
  { from: 97, to: 120, taps: 5, minDots: 32, maxDots: 40, tutorial: false, endBits: 13.4 },
]);

export function levelCount(plan: CarillonPlan): number {
  return plan.reduce((m, s) => Math.max(m, s.to), 0);
}

/** The plan cut to its first n levels (each kept level keeps its taps, dots and tutorial flag). */
export function truncatePlan(plan: CarillonPlan, n: number): CarillonPlan {
  const out: CarillonPlan = [];
  for (const s of plan) {
    if (s.from > n) break;
    if (s.to <= n) out.push({ ...s });
    else out.push({ ...s, to: n, lineTo: s.lineTo ?? s.to });
  }
  return out;
}

/** The stretch holding a level (1-based), or undefined. */
export function stretchOf(plan: CarillonPlan, level: number): CarillonStretch | undefined {
  return plan.find((s) => s.from <= level && level <= s.to);
}

/** Planned dot count of a level: a straight line from minDots to maxDots over the stretch. */
export function plannedDots(stretch: CarillonStretch, level: number): number {
  const end = stretch.lineTo ?? stretch.to;
  return Math.round(
    linearTarget(stretch.minDots, stretch.maxDots, level - stretch.from, end - stretch.from + 1),
  );
}

export interface SlotParams {
  /** 1-based level the slot fills. */
  level: number;
  taps: number;
  dots: number;
  tutorial: boolean;
  /** The first level of an `easyStart` stretch: its candidates lean easy. */
  easy: boolean;
  stretch: CarillonStretch;
  stretchIndex: number;
}

/** What the plan gives level slot `slot` (0-based). */
export function slotParams(plan: CarillonPlan, slot: number): SlotParams {
  const level = slot + 1;
  const stretchIndex = plan.findIndex((s) => s.from <= level && level <= s.to);
  const stretch = plan[stretchIndex];
  if (!stretch) throw new Error(`slot ${slot} is outside the plan (levels 1-${levelCount(plan)})`);
  const easy = stretch.easyStart === true && level === stretch.from;
  return {
    level,
    taps: stretch.taps,
    dots: plannedDots(stretch, level),
    tutorial: stretch.tutorial,
    easy,
    stretch,
    stretchIndex,
  };
}

/**
 * The plan's landmarks on the ordering curve: the last tutorial level (of the tutorial
 * stretches the plan opens with), each stretch's first level, and each new tap count (the
 * game's one new mechanic: a level needing more taps than any before it).
 */
export function planMarks(plan: CarillonPlan): PlanMark[] {
  const marks: PlanMark[] = [];
  let tutorialEnd = 0,
    opening = true,
    maxTaps = 0;
  plan.forEach((s, i) => {
    if (opening && s.tutorial) tutorialEnd = s.to;
    else opening = false;
    if (i > 0) marks.push({ level: s.from, kind: 'stage', label: `stretch ${i + 1}` });
    if (s.taps > maxTaps) {
      if (i > 0) marks.push({ level: s.from, kind: 'mechanic', label: `${s.taps} taps` });
      maxTaps = s.taps;
    }
  });
  if (tutorialEnd > 0 && tutorialEnd < levelCount(plan))
    marks.push({ level: tutorialEnd, kind: 'tutorial-end', label: 'tutorial ends' });
  return marks.sort((a, b) => a.level - b.level);
}

export function describePlan(plan: CarillonPlan): { levels: string; detail: string }[] {
  return plan.map((s) => ({
    levels: s.from === s.to ? `${s.from}` : `${s.from}–${s.to}`,
    detail:
      `${s.taps} tap${s.taps === 1 ? '' : 's'}, ${s.minDots === s.maxDots ? s.minDots : `${s.minDots}–${s.maxDots}`} dots` +
      (s.tutorial ? ', tutorial' : '') +
      (s.endBits !== undefined ? `, ends near ${s.endBits} bits` : '') +
      (s.easyStart ? ', easy first level' : ''),
  }));
}
