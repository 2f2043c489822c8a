/** "Fair to read" and "fair share" checks shared by the generator, the tests and verifyPack. */
import type { CarillonRules } from './rules';
import type { Dot } from './model';
import type { Field } from './reach';

export interface FairnessProblem {
  rule: 'inside-field' | 'spacing' | 'ring-margin';
  message: string;
}

/** Every dot fully inside the field, spacing edge to edge, and ring margins for every ordered pair. */
export function fairnessProblems(dots: readonly Dot[], rules: CarillonRules): FairnessProblem[] {
  const out: FairnessProblem[] = [];
  const n = dots.length;
  for (let i = 0; i < n; i++) {
    const a = dots[i]!, r = rules.sizes[a.size].radius;
    if (a.x - r < 0 || a.y - r < 0 || a.x + r > rules.width || a.y + r > rules.height)
      out.push({ rule: 'inside-field', message: `dot ${i} at (${a.x}, ${a.y}) is not fully inside the ${rules.width}x${rules.height} field` });
  }
  for (let i = 0; i < n; i++) {
    const a = dots[i]!, sa = rules.sizes[a.size];
    for (let j = i + 1; j < n; j++) {
      const b = dots[j]!, sb = rules.sizes[b.size];
      const d = Math.hypot(a.x - b.x, a.y - b.y);
      const gap = d - sa.radius - sb.radius;
      if (gap < rules.spacing) out.push({ rule: 'spacing', message: `dots ${i} and ${j} are ${gap.toFixed(2)} apart edge to edge (< ${rules.spacing})` });
      const ab = d - sb.radius - sa.reach, ba = d - sa.radius - sb.reach;
      if (Math.abs(ab) < rules.ringMargin) out.push({ rule: 'ring-margin', message: `dot ${i}'s ring meets dot ${j}'s edge within ${Math.abs(ab).toFixed(2)} (< ${rules.ringMargin})` });
      if (Math.abs(ba) < rules.ringMargin) out.push({ rule: 'ring-margin', message: `dot ${j}'s ring meets dot ${i}'s edge within ${Math.abs(ba).toFixed(2)} (< ${rules.ringMargin})` });
    }
  }
  return out;
}

/**
 * Fair share: each start (a root, or one dot per source component) pops on its own — dots in
 * its closure and in no other start's — at least share·n/k dots. Returns messages.
 */
export function fairShareProblems(field: Field, starts: readonly number[], share: number): string[] {
  const { n, W, closure } = field;
  const k = starts.length;
  if (k === 0) return [];
  const need = (share * n) / k;
  const out: string[] = [];
  for (const r of starts) {
    let own = 0;
    for (let w = 0; w < W; w++) {
      let others = 0;
      for (const q of starts) if (q !== r) others |= closure[q * W + w]!;
      own += popc((closure[r * W + w]! & ~others) >>> 0);
    }
    if (own < need - 1e-9) out.push(`chain start ${r} pops ${own} dots on its own, less than ${need.toFixed(2)} (its fair share)`);
  }
  return out;
}

function popc(x: number): number {
  let c = 0;
  while (x) { x = (x & (x - 1)) >>> 0; c++; }
  return c;
}
