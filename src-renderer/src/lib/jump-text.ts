/**
 * What the designer types to jump (the palette, the inspector's jump field), read in the
 * studio's vocabulary: `12`, `level 12`, `approved 12` (a shipped level), `L12 · c3` or `L12`
 * (a candidate by its pool and place) or `#345` (a database id, as copied). Pure: no studio state.
 */
import type { OrderingKind } from '../../../src-shared/api';
import { candidateName } from '../../../src-shared/vocabulary';

/** The orders a level number can be looked up in (the ones candidates.list filters by). */
export type JumpOrder = Extract<OrderingKind, 'automatic' | 'approved'>;

export type JumpTarget =
  | { kind: 'level'; level: number; order: JumpOrder | null }
  | { kind: 'candidate'; slot: number; index: number }
  | { kind: 'id'; id: number };

/**
 * Read a jump; null when the text is none of the forms above. Numbers are 1-based as shown;
 * a pool alone (`L12`) means its first candidate (in the vocabulary L12 is a pool, not a level).
 */
export function parseJump(text: string): JumpTarget | null {
  const t = text.trim().toLowerCase();
  const id = /^(?:#|id\s*#?\s*)(\d{1,12})$/.exec(t);
  if (id) return { kind: 'id', id: Number(id[1]) };
  const cand = /^l\s*(\d{1,6})(?:\s*[·.,/\s-]*\s*c\s*(\d{1,6}))?$/.exec(t);
  if (cand) {
    const slot = Number(cand[1]) - 1,
      index = cand[2] === undefined ? 0 : Number(cand[2]) - 1;
    return slot >= 0 && index >= 0 ? { kind: 'candidate', slot, index } : null;
  }
  const lv = /^(?:(automatic|approved)\s+)?(?:level\s*)?(\d{1,6})$/.exec(t);
  if (lv) {
    const level = Number(lv[2]);
    return level >= 1 ? { kind: 'level', level, order: (lv[1] as JumpOrder | undefined) ?? null } : null;
  }
  return null;
}

/** How the palette names a jump. */
export function jumpTitle(j: JumpTarget, order: JumpOrder): string {
  if (j.kind === 'id') return `Jump to candidate #${j.id}`;
  if (j.kind === 'candidate') return `Jump to candidate ${candidateName(j.slot, j.index)}`;
  return `Jump to level ${j.level} of the ${j.order ?? order} order`;
}
