/**
 * Top-ups (issue 23): more candidates for chosen levels of a finished run. A level slot's
 * candidates are numbered 0, 1, 2, ...; a top-up continues that sequence, so its jobs are the
 * very ones a bigger pool would have had (a job's random stream comes from the run seed, the
 * slot and the index only). A targeted top-up ("until near") stops a level at the first new
 * index, in index order, whose candidate comes within δ of the level's target: which jobs
 * happened to finish first never matters. Pure.
 */
import { rangesText } from './ordering/level-ranges';

/** What the designer asked for. */
export interface TopUpArgs {
  /** 1-based levels. */
  levels: number[];
  /** New candidates per level (a targeted top-up: at most this many). */
  candidates: number;
  /** Stop a level at its first new candidate within this much of the level's target (difficulty units). */
  untilNear?: number;
}

/** One level slot of a top-up: where its new indices start and the target it aims at. */
export interface TopUpSlot {
  slot: number;
  /** The first new index (every index below it is already the slot's). */
  from: number;
  /** The automatic order's target at this level when the top-up started (null: none). */
  target: number | null;
}

/** What a top-up did, stored with it and told in the run's report. */
export interface TopUpOutcome {
  /** Candidates made per level (1-based), in level order. */
  made: { level: number; count: number; stoppedEarly: boolean }[];
  /** Levels the automatic order could not fill before and can now. */
  filled: number[];
  /** Levels still short after it. */
  stillShort: number[];
  /** The automatic order's largest step, before and after (difficulty units; null: no step). */
  largestStep: { before: number | null; after: number | null };
  /** The closest near-duplicate pair with a new candidate (names as the studio writes them). */
  closestPair: { a: string; b: string; share: number } | null;
}

/** A stored top-up as the API lists it. */
export interface TopUpSummary extends TopUpArgs {
  id: number;
  runId: number;
  status: 'pending' | 'done' | 'undone';
  createdAt: string;
  finishedAt: string | null;
  outcome: TopUpOutcome | null;
}

/** How a pack records the top-ups applied to its run, in order (`studio.topUps`). */
export interface PackTopUp {
  levels: string;
  candidates: number;
  untilNear?: number;
  made: number;
}

/**
 * The last index a targeted level keeps: the first index from `from` (in index order) whose
 * candidate is near, once every index before it is known; else the last of `count`. `near`
 * holds each finished index's answer (true: within δ). Null: not decided yet (an index before
 * the first near one has not finished).
 */
export function keptThrough(from: number, count: number, near: ReadonlyMap<number, boolean>): number | null {
  for (let i = from; i < from + count; i++) {
    const n = near.get(i);
    if (n === undefined) return null;
    if (n) return i;
  }
  return from + count - 1;
}

/** The lowest finished index that is near (no index past it can be kept), or null. */
export function firstNearSeen(near: ReadonlyMap<number, boolean>): number | null {
  let best: number | null = null;
  for (const [i, n] of near) if (n && (best === null || i < best)) best = i;
  return best;
}

/** "levels 40–45, 16 candidates each" / "… at most 16 each until within 0.2 of the target". */
export function topUpText(a: TopUpArgs): string {
  const levels = `level${a.levels.length === 1 ? '' : 's'} ${rangesText(a.levels)}`;
  return a.untilNear === undefined
    ? `${levels}, ${a.candidates} candidate${a.candidates === 1 ? '' : 's'} each`
    : `${levels}, at most ${a.candidates} each until one is within ${a.untilNear} of the target`;
}

/** The pack's record of one applied top-up. */
export function packTopUp(a: TopUpArgs, outcome: TopUpOutcome | null): PackTopUp {
  return {
    levels: rangesText(a.levels, '-'),
    candidates: a.candidates,
    ...(a.untilNear !== undefined ? { untilNear: a.untilNear } : {}),
    made: (outcome?.made ?? []).reduce((n, m) => n + m.count, 0),
  };
}

/** What a top-up changed, in words (the report's line and the CLI's). */
export function outcomeText(o: TopUpOutcome): string {
  const made = o.made.reduce((n, m) => n + m.count, 0);
  const early = o.made.filter((m) => m.stoppedEarly).map((m) => m.level);
  const parts = [`${made} new candidate${made === 1 ? '' : 's'}`];
  if (early.length) parts.push(`stopped early at level${early.length === 1 ? '' : 's'} ${rangesText(early)}`);
  parts.push(
    o.filled.length
      ? `filled level${o.filled.length === 1 ? '' : 's'} ${rangesText(o.filled)}`
      : 'no level newly filled',
  );
  if (o.stillShort.length) parts.push(`still short: ${rangesText(o.stillShort)}`);
  const s = o.largestStep;
  const fig = (n: number | null): string => (n === null ? 'none' : String(Math.round(n * 100) / 100));
  parts.push(`largest step ${fig(s.before)} → ${fig(s.after)}`);
  parts.push(
    o.closestPair
      ? `closest new pair ${o.closestPair.a} ~ ${o.closestPair.b} (${Math.round(o.closestPair.share * 100)} % shared)`
      : 'no new near-duplicate pair',
  );
  return parts.join('; ');
}

/** Levels as a designer types them ("40-45, 50", either dash) → the levels, or why not. */
export function readLevelList(text: string): { ok: true; levels: number[] } | { ok: false; message: string } {
  const levels: number[] = [];
  const parts = text
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.length === 0) return { ok: false, message: 'name at least one level, e.g. 40-45' };
  for (const part of parts) {
    const m = /^(\d+)(?:\s*[-–]\s*(\d+))?$/.exec(part);
    if (!m) return { ok: false, message: `“${part}” is not a level or a range like 40-45` };
    const a = Number(m[1]),
      b = m[2] === undefined ? a : Number(m[2]);
    if (a < 1 || b < a || b - a > 10000)
      return { ok: false, message: `“${part}” is not a range of levels from 1 up` };
    for (let l = a; l <= b; l++) levels.push(l);
  }
  return { ok: true, levels };
}
