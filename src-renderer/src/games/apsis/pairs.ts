/**
 * Apsis near-duplicate pairs: copies are paired arrow by arrow under the stored turn and
 * mirror, and b is lined up with a by the inverse turn.
 */
import { normAngle, type ApsisLevel } from '../../../../src-shared/games/apsis/index';

/** What "33 % shared" means for two Apsis levels (the share src-shared/games/apsis/near-duplicates.ts reports). */
export const shareMeaning =
  'the part of the larger level’s arrows that pair with an arrow of the same length and heading close by in the other level, once one level is turned or mirrored to line up best (all of them for a copy)';

export interface ApsisAlign {
  delta: number;
  mirror: boolean;
}

function parseTransform(t: string): ApsisAlign | null {
  // Near copies name any real turn, to two decimals (rot95.25); copies whole degrees.
  const m = /^(mirror\+)?rot(\d+(?:\.\d+)?)$/.exec(t);
  if (!m) return null;
  return { mirror: !!m[1], delta: Number(m[2]) };
}

/** Copies: arrow i of a under the transform lands exactly on an arrow of b. */
export function copyPairs(a: ApsisLevel, b: ApsisLevel, transform: string): [number, number][] {
  const t = parseTransform(transform);
  if (!t) return [];
  const out: [number, number][] = [];
  const used = new Set<number>();
  a.arrows.forEach((x, i) => {
    const angle = normAngle((t.mirror ? -x.angle : x.angle) + t.delta);
    const j = b.arrows.findIndex(
      (y, k) => !used.has(k) && y.orbit === x.orbit && y.angle === angle && y.length === x.length,
    );
    if (j >= 0) {
      used.add(j);
      out.push([i, j]);
    }
  });
  return out;
}

export function align(transform: string): { transform: ApsisAlign | null; label: string } {
  const t = parseTransform(transform);
  if (!t) return { transform: null, label: 'as stored (matched by the blocking graph, not by position)' };
  // a' = R(δ)·M·a; inverse: mirror → itself (M·R(−δ) = R(δ)·M), no mirror → turn by −δ.
  const deg = (x: number): number => Math.round(x * 100) / 100;
  const inv = t.mirror
    ? { delta: t.delta, mirror: true }
    : { delta: t.delta === 0 ? 0 : deg(360 - t.delta), mirror: false };
  const turn =
    inv.delta === 0
      ? ''
      : inv.delta <= 180
        ? `turned ${inv.delta}° clockwise`
        : `turned ${deg(360 - inv.delta)}° anticlockwise`;
  const label =
    !turn && !inv.mirror
      ? 'as stored (no turn needed)'
      : `${inv.mirror ? (turn ? 'mirrored, then ' : 'mirrored') : ''}${turn} to line up with A`;
  // Boards draw whole degrees (one cos/sin table): the drawing turns by the nearest one.
  return { transform: { mirror: inv.mirror, delta: normAngle(Math.round(inv.delta)) }, label };
}
