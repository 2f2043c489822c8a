/**
 * Lists of levels (or slots, seeds) written the short way: "3–5, 8", "levels 3–5, 8". One
 * formatter for the history labels and order problems main writes, the Ordering page, the run
 * report and the experiment form, so the studio names a set of levels one way everywhere.
 * Pure. The input may be unsorted and hold repeats; the output is sorted, each level once.
 */

/** Contiguous runs of whole numbers ([from, to] inclusive), sorted, repeats dropped. */
export function levelRuns(levels: readonly number[]): { from: number; to: number }[] {
  // Only finite numbers are levels; anything else would print as "NaN" in a designer's sentence.
  const sorted = [...new Set(levels)].filter((l) => Number.isFinite(l)).sort((a, b) => a - b);
  const out: { from: number; to: number }[] = [];
  for (const x of sorted) {
    const last = out[out.length - 1];
    if (last && x === last.to + 1) last.to = x;
    else out.push({ from: x, to: x });
  }
  return out;
}

/**
 * "3–5, 8" (an en dash, as the studio prints ranges). `dash` is "-" where a designer types the
 * list back in (the experiment form's seeds, read by a parser that takes either dash).
 * Empty input gives "".
 */
export function rangesText(levels: readonly number[], dash = '–'): string {
  return levelRuns(levels)
    .map((r) => (r.to > r.from ? `${r.from}${dash}${r.to}` : String(r.from)))
    .join(', ');
}

/** "level 4", "levels 3–5, 8" (plural by the number of levels, not of ranges); "no levels" when empty. */
export function levelsText(levels: readonly number[]): string {
  const count = levelRuns(levels).reduce((n, r) => n + r.to - r.from + 1, 0);
  if (count === 0) return 'no levels';
  return `${count === 1 ? 'level' : 'levels'} ${rangesText(levels)}`;
}
