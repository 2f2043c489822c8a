/**
 * Where the Ordering page offers a top-up (issue 23): a stretch of short levels, the levels a
 * rule break spans, and a stretch of at least MIN_FAR levels whose shipped difficulty sits far
 * from the target line (farther than FAR_SHARE of the target's range), or any such stretch that
 * reaches the last level: a curve that ends far under its line (a short run whose last
 * stretch has no harder candidates) is a gap at the pack's end, however few levels it spans.
 * Each offer names its levels and why; overlapping offers keep the first reason. Pure.
 */
import type { OrderingView } from '../../../src-shared/api';
import { levelRuns, rangesText } from '../../../src-shared/ordering/level-ranges';

export interface TopUpOffer {
  levels: number[];
  why: 'short' | 'rule break' | 'far from the target';
  /** "Top up levels 40–45…" */
  label: string;
}

/** A level is far from its target past this share of the target line's range. */
const FAR_SHARE = 0.1;
/** The fewest levels in a row a far stretch needs to be offered (unless it ends the curve). */
const MIN_FAR = 3;
/** At most this many offers are shown. */
const MAX_OFFERS = 5;

const span = (from: number, to: number): number[] =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i);

function offerLabel(levels: readonly number[]): string {
  return `Top up level${levels.length === 1 ? '' : 's'} ${rangesText(levels)}…`;
}

export function topUpOffers(view: OrderingView | null): TopUpOffer[] {
  if (!view) return [];
  const out: TopUpOffer[] = [];
  const taken = new Set<number>();
  const add = (levels: number[], why: TopUpOffer['why']): void => {
    if (levels.length === 0 || levels.every((l) => taken.has(l))) return;
    for (const l of levels) taken.add(l);
    out.push({ levels, why, label: offerLabel(levels) });
  };
  for (const r of levelRuns(view.shortLevels)) add(span(r.from, r.to), 'short');
  for (const b of view.breaks) add(span(Math.min(b.from, b.to), Math.max(b.from, b.to)), 'rule break');
  const targets = view.levels.map((l) => l.target).filter((t): t is number => t !== null);
  if (targets.length > 1) {
    const range = Math.max(...targets) - Math.min(...targets);
    const far = view.levels
      .filter(
        (l) =>
          l.difficulty !== null && l.target !== null && Math.abs(l.difficulty - l.target) > range * FAR_SHARE,
      )
      .map((l) => l.level);
    const lastLevel = view.levels.length;
    for (const r of levelRuns(far))
      if (r.to - r.from + 1 >= MIN_FAR || r.to === lastLevel) add(span(r.from, r.to), 'far from the target');
  }
  return out.slice(0, MAX_OFFERS);
}
