/** "Fair to read" and "fair share" checks shared by the generator, the tests and verifyPack. */
import type { CarillonRules } from './rules';
import type { Dot } from './model';
import type { Field } from './reach';
import { members } from './bitset';

export interface FairnessProblem {
  rule: 'inside-field' | 'spacing' | 'ring-margin';
  message: string;
  /** The dots involved (one for inside-field, two otherwise). */
  elements: number[];
  mark: FairnessMark;
}

/** What the board draws for a fairness problem (plain data; see proof.ts). */
export type FairnessMark =
  /** A dot not fully inside the field, and the edges it crosses. */
  | { kind: 'outside'; dot: number; sides: ('left' | 'right' | 'top' | 'bottom')[] }
  /** Two dots closer than `min` edge to edge (`gap` may be negative: they overlap). */
  | { kind: 'gap'; a: number; b: number; gap: number; min: number }
  /**
   * Dot `from`'s ring meets dot `to`'s edge within `min`: `off` is how far the ring stops
   * short of the edge (negative: how far it passes over it).
   */
  | { kind: 'ring'; from: number; to: number; off: number; min: number };

/** Every dot fully inside the field, spacing edge to edge, and ring margins for every ordered pair. */
export function fairnessProblems(dots: readonly Dot[], rules: CarillonRules): FairnessProblem[] {
  const out: FairnessProblem[] = [];
  const n = dots.length;
  for (let i = 0; i < n; i++) {
    const a = dots[i]!,
      r = rules.sizes[a.size].radius;
    const sides: ('left' | 'right' | 'top' | 'bottom')[] = [];
    if (a.x - r < 0) sides.push('left');
    if (a.x + r > rules.width) sides.push('right');
    if (a.y - r < 0) sides.push('top');
    if (a.y + r > rules.height) sides.push('bottom');
    if (sides.length)
      out.push({
        rule: 'inside-field',
        message: `dot ${i} at (${a.x}, ${a.y}) is not fully inside the ${rules.width}x${rules.height} field`,
        elements: [i],
        mark: { kind: 'outside', dot: i, sides },
      });
  }
  for (let i = 0; i < n; i++) {
    const a = dots[i]!,
      sa = rules.sizes[a.size];
    for (let j = i + 1; j < n; j++) {
      const b = dots[j]!,
        sb = rules.sizes[b.size];
      const d = Math.hypot(a.x - b.x, a.y - b.y);
      const gap = d - sa.radius - sb.radius;
      if (gap < rules.spacing)
        out.push({
          rule: 'spacing',
          message: `dots ${i} and ${j} are ${gap.toFixed(2)} apart edge to edge (< ${rules.spacing})`,
          elements: [i, j],
          mark: { kind: 'gap', a: i, b: j, gap, min: rules.spacing },
        });
      const ab = d - sb.radius - sa.reach,
        ba = d - sa.radius - sb.reach;
      if (Math.abs(ab) < rules.ringMargin)
        out.push({
          rule: 'ring-margin',
          message: `dot ${i}'s ring meets dot ${j}'s edge within ${Math.abs(ab).toFixed(2)} (< ${rules.ringMargin})`,
          elements: [i, j],
          mark: { kind: 'ring', from: i, to: j, off: ab, min: rules.ringMargin },
        });
      if (Math.abs(ba) < rules.ringMargin)
        out.push({
          rule: 'ring-margin',
          message: `dot ${j}'s ring meets dot ${i}'s edge within ${Math.abs(ba).toFixed(2)} (< ${rules.ringMargin})`,
          elements: [j, i],
          mark: { kind: 'ring', from: j, to: i, off: ba, min: rules.ringMargin },
        });
    }
  }
  return out;
}

/**
 * Fair share: each start (a root, or one dot per source component) pops on its own — dots in
 * its closure and in no other start's — at least share·n/k dots. Returns messages.
 */
export function fairShareProblems(field: Field, starts: readonly number[], share: number): string[] {
  return fairShareShortfalls(field, starts, share).map((s) => s.message);
}

export interface FairShareShortfall {
  start: number;
  /** The dots the start pops on its own (ascending). */
  own: number[];
  /** Its fair share: share · n / k dots. */
  need: number;
  message: string;
}

/** Each start that pops fewer than its fair share on its own, with the dots it does pop. */
export function fairShareShortfalls(
  field: Field,
  starts: readonly number[],
  share: number,
): FairShareShortfall[] {
  const { n, W, closure } = field;
  const k = starts.length;
  if (k === 0) return [];
  const need = (share * n) / k;
  const out: FairShareShortfall[] = [];
  for (const r of starts) {
    let own = 0;
    const mine = new Uint32Array(W);
    for (let w = 0; w < W; w++) {
      let others = 0;
      for (const q of starts) if (q !== r) others |= closure[q * W + w]!;
      mine[w] = (closure[r * W + w]! & ~others) >>> 0;
      own += popc(mine[w]!);
    }
    if (own < need - 1e-9)
      out.push({
        start: r,
        own: members(mine),
        need,
        message: `chain start ${r} pops ${own} dot${own === 1 ? '' : 's'} on its own, less than ${need.toFixed(2)} (its fair share)`,
      });
  }
  return out;
}

function popc(x: number): number {
  let c = 0;
  while (x) {
    x = (x & (x - 1)) >>> 0;
    c++;
  }
  return c;
}
