/**
 * The Apsis plan: an array of stages. Each stage covers a contiguous range of levels,
 * fixes the orbit count, the arrow count of each level, which arrow kinds are on
 * schedule, and how many candidates to build per level it ships (the pool size).
 */
import { z } from 'zod';
import type { PlanMark } from '../../game';
import { boundedNumber } from '../../schema/bounded-number';

/** Upper bound of level numbers and stages (a run holds at most 1,000 levels). */
export const PLAN_MAX_LEVEL = 1000;

const level = boundedNumber({ int: true, min: 1, max: PLAN_MAX_LEVEL });

const apsisStageSchema = z
  .object({
    stage: level,
    /** First and last level (1-based, inclusive). */
    first: level,
    last: level,
    /** Orbits m of every level in the stage. */
    orbits: boundedNumber({ int: true, min: 3, max: 6 }),
    /** Planned arrow count of each level first..last. */
    arrows: z.array(boundedNumber({ int: true, min: 1, max: 60 })).max(PLAN_MAX_LEVEL),
    /** Long arrows allowed in this stage. */
    long: z.boolean(),
    /** Diagonal headings allowed in this stage. */
    diagonal: z.boolean(),
    /** Candidates built per level the stage ships. */
    poolSize: boundedNumber({ int: true, min: 1, max: 100 }),
  })
  // A misspelt field is refused by name rather than dropped.
  .strict();

type ApsisStage = z.infer<typeof apsisStageSchema>;

export const apsisPlanSchema = z
  .array(apsisStageSchema)
  .min(1, 'a plan needs at least one stage')
  .max(PLAN_MAX_LEVEL, `a plan holds at most ${PLAN_MAX_LEVEL} stages`)
  .superRefine((stages, ctx) => {
    let expectFirst = 1;
    stages.forEach((s, i) => {
      if (s.stage !== i + 1)
        ctx.addIssue({
          code: 'custom',
          path: [i, 'stage'],
          message: `must be ${i + 1}: stages are numbered in order from 1`,
        });
      if (s.last < s.first) {
        ctx.addIssue({
          code: 'custom',
          path: [i, 'last'],
          message: `must not come before the stage’s first level (${s.first}): the stage would be empty`,
        });
      }
      if (s.first !== expectFirst) {
        ctx.addIssue({
          code: 'custom',
          path: [i, 'first'],
          message:
            s.first < expectFirst
              ? `must be ${expectFirst}, not ${s.first}: the stage overlaps the stage before`
              : `must be ${expectFirst}, not ${s.first}: stages must be contiguous, with no gap between them`,
        });
      }
      const count = s.last - s.first + 1;
      if (count > 0 && s.arrows.length !== count) {
        ctx.addIssue({
          code: 'custom',
          path: [i, 'arrows'],
          message: `holds ${s.arrows.length} arrow counts, but the stage has ${count} levels: one count for each level`,
        });
      }
      expectFirst = s.last + 1;
    });
  });

export type ApsisPlan = z.infer<typeof apsisPlanSchema>;

/** Arrow count of level L in the default plan: 3 → 9 over 1..15, then 9 → 36 over 16..150. */
export function defaultArrowCount(level: number): number {
  if (level <= 15) return Math.round(3 + (6 * (level - 1)) / 14);
  return Math.round(9 + (27 * (level - 16)) / 134);
}

const DEFAULT_STAGE_ORBITS = [3, 4, 4, 5, 5, 6, 6, 6, 6, 6] as const;

/**
 * Candidates per level of the default plan: 9 with the default depth-aimed builder (the spec's
 * own builder needs 12; measured over seeds 101–120 in docs/apsis.md).
 */
const DEFAULT_POOL_SIZE = 9;

export function makeDefaultPlan(poolSize = DEFAULT_POOL_SIZE): ApsisPlan {
  return DEFAULT_STAGE_ORBITS.map((orbits, i) => {
    const first = i * 15 + 1;
    const last = first + 14;
    const arrows: number[] = [];
    for (let l = first; l <= last; l++) arrows.push(defaultArrowCount(l));
    return { stage: i + 1, first, last, orbits, arrows, long: first >= 16, diagonal: first >= 31, poolSize };
  });
}

export const defaultApsisPlan: ApsisPlan = makeDefaultPlan();

/**
 * The plan's landmarks on the ordering curve: each stage's first level (with its orbit count)
 * and where long arrows and diagonal headings first come on schedule. Apsis has no tutorial.
 */
export function planMarks(plan: ApsisPlan): PlanMark[] {
  const marks: PlanMark[] = [];
  let long = false,
    diagonal = false;
  plan.forEach((s, i) => {
    if (i > 0) marks.push({ level: s.first, kind: 'stage', label: `stage ${s.stage} · ${s.orbits} orbits` });
    if (s.long && !long && i > 0) marks.push({ level: s.first, kind: 'mechanic', label: 'long arrows' });
    if (s.diagonal && !diagonal && i > 0)
      marks.push({ level: s.first, kind: 'mechanic', label: 'diagonals' });
    long ||= s.long;
    diagonal ||= s.diagonal;
  });
  return marks;
}

export function levelCount(plan: ApsisPlan): number {
  const last = plan[plan.length - 1];
  return last ? last.last : 0;
}

/** What the plan says about level L (1-based). */
export interface LevelSpec {
  level: number;
  stage: ApsisStage;
  /** 0-based index of the stage in the plan. */
  stageIndex: number;
  orbits: number;
  arrows: number;
  long: boolean;
  diagonal: boolean;
}

export function levelSpec(plan: ApsisPlan, level: number): LevelSpec {
  for (let i = 0; i < plan.length; i++) {
    const s = plan[i] as ApsisStage;
    if (level >= s.first && level <= s.last) {
      return {
        level,
        stage: s,
        stageIndex: i,
        orbits: s.orbits,
        arrows: s.arrows[level - s.first] as number,
        long: s.long,
        diagonal: s.diagonal,
      };
    }
  }
  throw new Error(`level ${level} is outside the plan (1..${levelCount(plan)})`);
}

/** The plan cut to its first n levels. */
export function truncatePlan(plan: ApsisPlan, n: number): ApsisPlan {
  const out: ApsisPlan = [];
  for (const s of plan) {
    if (s.first > n) break;
    const last = Math.min(s.last, n);
    out.push({ ...s, last, arrows: s.arrows.slice(0, last - s.first + 1) });
  }
  return out;
}

/** Pool size per level slot (0-based). */
export function poolSizes(plan: ApsisPlan): number[] {
  const out: number[] = [];
  for (const s of plan) for (let l = s.first; l <= s.last; l++) out.push(s.poolSize);
  return out;
}

export function describePlan(plan: ApsisPlan): { levels: string; detail: string }[] {
  return plan.map((s) => {
    const kinds = ['short tangent', ...(s.long ? ['long'] : []), ...(s.diagonal ? ['diagonal'] : [])].join(
      ', ',
    );
    const a0 = s.arrows[0] ?? 0;
    const a1 = s.arrows[s.arrows.length - 1] ?? 0;
    return {
      levels: `${s.first}–${s.last}`,
      detail: `stage ${s.stage}: ${s.orbits} orbits, ${a0 === a1 ? a0 : `${a0}→${a1}`} arrows, ${kinds}; ${s.poolSize} candidates per level`,
    };
  });
}
