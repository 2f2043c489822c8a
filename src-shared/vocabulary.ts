/**
 * The studio's one vocabulary, used by every screen, the CLI and the history:
 * - a *level* is a shipped position (1-based);
 * - a *pool* is the candidates made for one level slot (L12 is the pool of slot 12);
 * - a *candidate* is one generated level, shown as `L12 · c3` (its pool, then its place in
 *   the pool, both 1-based). Database ids stay out of sight (hover, copy).
 */

/** "L12 · c3" for the candidate of 0-based slot 11 and 0-based index 2. */
export function candidateName(slot: number, index: number): string {
  return `L${slot + 1} · c${index + 1}`;
}

/**
 * A candidate's name as typed back: the form candidateName prints (`L12 · c3`, copied from a
 * table or a JSON file, its spaces perhaps no-break ones and its dot any middle dot or
 * bullet) or the short one (`L12c3`, `l12 c3`, `L12.c3`). Its 0-based slot and index, or null.
 */
export function readCandidateName(text: string): { slot: number; index: number } | null {
  const m = /^L\s*(\d{1,9})\s*[·•∙⋅‧・.:,/-]?\s*c\s*(\d{1,9})$/iu.exec(text.trim());
  if (!m || Number(m[1]) < 1 || Number(m[2]) < 1) return null;
  return { slot: Number(m[1]) - 1, index: Number(m[2]) - 1 };
}

/** "L3", "L3–L7" or "L3, L9 and 4 more pools" for a set of 0-based slots. */
function poolsName(slots: Iterable<number>): string {
  const list = [...new Set(slots)].sort((a, b) => a - b);
  if (list.length === 0) return 'no pool';
  if (list.length === 1) return `L${list[0]! + 1}`;
  const contiguous = list[list.length - 1]! - list[0]! === list.length - 1;
  if (contiguous) return `L${list[0]! + 1}–L${list[list.length - 1]! + 1}`;
  if (list.length <= 3) return list.map((s) => `L${s + 1}`).join(', ');
  return `L${list[0]! + 1}, L${list[1]! + 1} and ${list.length - 2} more pools`;
}

/** "L12 · c3", "L3 · c1 and L4 · c2", or "9 candidates in L3–L7" for the candidates a change touched. */
export function candidatesName(cands: readonly { slot: number; index: number }[]): string {
  if (cands.length === 0) return 'no candidate';
  if (cands.length === 1) return candidateName(cands[0]!.slot, cands[0]!.index);
  if (cands.length === 2)
    return `${candidateName(cands[0]!.slot, cands[0]!.index)} and ${candidateName(cands[1]!.slot, cands[1]!.index)}`;
  return `${cands.length} candidates in ${poolsName(cands.map((c) => c.slot))}`;
}
