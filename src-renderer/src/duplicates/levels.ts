/**
 * Candidates as drawable levels, and the near-duplicate match between two of them,
 * recomputed in the renderer with the game's pure `nearDuplicate` (the stored pair keeps
 * rule, transform and share, not the matched elements).
 */
import type { CandidateDetail } from '../../../src-shared/api';
import type { NearDuplicate } from '../../../src-shared/game';
import { carillonRulesSchema, nearDuplicate as carillonNear, TRANSFORMS, type CarillonLevel, type CarillonRules, type TransformName } from '../../../src-shared/games/carillon/index';
import { apsisRulesSchema, levelSchema, nearDuplicate as apsisNear, type ApsisLevel, type ApsisRules } from '../../../src-shared/games/apsis/index';
import { normAngle } from '../../../src-shared/games/apsis/model';

export type DrawnLevel =
  | { game: 'carillon'; level: CarillonLevel; rules: CarillonRules; candidate: CandidateDetail }
  | { game: 'apsis'; level: ApsisLevel; rules: ApsisRules; candidate: CandidateDetail };

/** How the second board of a pair is turned: a Carillon transform name or an Apsis turn and mirror. */
export type BoardTransform = { game: 'carillon'; name: TransformName } | { game: 'apsis'; delta: number; mirror: boolean } | null;

export function drawnLevel(c: CandidateDetail): DrawnLevel {
  if (c.level === null) throw new Error(`candidate ${c.id} has no level${c.failure ? ` (${c.failure})` : ''}`);
  if (c.game === 'carillon') {
    const rules = carillonRulesSchema.safeParse(c.rules ?? {});
    if (!rules.success) throw new Error(`candidate ${c.id}: the run's Carillon rules are not valid: ${rules.error.issues[0]?.message ?? 'bad shape'}`);
    const level = c.level as CarillonLevel;
    if (!Array.isArray(level.dots)) throw new Error(`candidate ${c.id}: the level has no dots`);
    return { game: 'carillon', level, rules: rules.data as CarillonRules, candidate: c };
  }
  const rules = apsisRulesSchema.safeParse(c.rules);
  if (!rules.success) throw new Error(`candidate ${c.id}: the run's Apsis rules are not valid: ${rules.error.issues[0]?.message ?? 'bad shape'}`);
  const level = levelSchema.safeParse(c.level);
  if (!level.success) throw new Error(`candidate ${c.id}: not an Apsis level: ${level.error.issues[0]?.message ?? 'bad shape'}`);
  return { game: 'apsis', level: level.data, rules: rules.data as ApsisRules, candidate: c };
}

export interface PairMatch {
  /** What the game's check says now (null: not a near-duplicate under the run's rules). */
  duplicate: NearDuplicate | null;
  /** Matched element indices on each side. */
  matchedA: Set<number>;
  matchedB: Set<number>;
  /** a index → b index and back, for hover partners. */
  aToB: Map<number, number>;
  bToA: Map<number, number>;
}

export function matchPair(a: DrawnLevel, b: DrawnLevel): PairMatch {
  let duplicate: NearDuplicate | null;
  let countA: number, countB: number;
  if (a.game === 'carillon' && b.game === 'carillon') {
    duplicate = carillonNear(a.level, b.level, a.rules);
    countA = a.level.dots.length;
    countB = b.level.dots.length;
  } else if (a.game === 'apsis' && b.game === 'apsis') {
    duplicate = apsisNear(a.level, b.level, a.rules);
    countA = a.level.arrows.length;
    countB = b.level.arrows.length;
  } else throw new Error('the two candidates are of different games');
  let pairs = duplicate?.matched ?? null;
  // A copy matches every element; the game does not list them, so pair them by position.
  if (duplicate && !pairs && duplicate.share >= 1 && countA === countB) pairs = copyPairs(a, b, duplicate.transform);
  const aToB = new Map<number, number>(), bToA = new Map<number, number>();
  for (const [i, j] of pairs ?? []) {
    aToB.set(i, j);
    bToA.set(j, i);
  }
  return { duplicate, matchedA: new Set(aToB.keys()), matchedB: new Set(bToA.keys()), aToB, bToA };
}

/** Apsis copies: arrow i of a under the transform lands exactly on an arrow of b. */
function copyPairs(a: DrawnLevel, b: DrawnLevel, transform: string): [number, number][] {
  if (a.game !== 'apsis' || b.game !== 'apsis') return [];
  const t = parseApsisTransform(transform);
  if (!t) return [];
  const out: [number, number][] = [];
  const used = new Set<number>();
  a.level.arrows.forEach((x, i) => {
    const angle = normAngle((t.mirror ? -x.angle : x.angle) + t.delta);
    const j = b.level.arrows.findIndex((y, k) => !used.has(k) && y.orbit === x.orbit && y.angle === angle && y.length === x.length);
    if (j >= 0) {
      used.add(j);
      out.push([i, j]);
    }
  });
  return out;
}

function parseApsisTransform(t: string): { delta: number; mirror: boolean } | null {
  const m = /^(mirror\+)?rot(\d+)$/.exec(t);
  if (!m) return null;
  return { mirror: !!m[1], delta: Number(m[2]) };
}

/**
 * The transform that draws b lined up with a. The stored transform maps a onto b, so b is
 * drawn under its inverse. Graph matches have no geometric transform (null).
 */
export function alignBOntoA(game: 'carillon' | 'apsis', transform: string): { transform: BoardTransform; label: string } {
  if (game === 'carillon') {
    if (!(TRANSFORMS as readonly string[]).includes(transform)) return { transform: null, label: 'as stored (matched by chain structure, not by position)' };
    const name = transform as TransformName;
    const inverse: TransformName = name === 'rot90' ? 'rot270' : name === 'rot270' ? 'rot90' : name;
    return { transform: { game, name: inverse }, label: inverse === 'identity' ? 'as stored (no turn needed)' : `turned by ${inverse} to line up with A` };
  }
  const t = parseApsisTransform(transform);
  if (!t) return { transform: null, label: 'as stored (matched by the blocking graph, not by position)' };
  // a' = R(δ)·M·a; inverse: mirror → itself (M·R(−δ) = R(δ)·M), no mirror → turn by −δ.
  const inv = t.mirror ? { delta: t.delta, mirror: true } : { delta: normAngle(-t.delta), mirror: false };
  const turn = inv.delta === 0 ? '' : inv.delta <= 180 ? `turned ${inv.delta}° clockwise` : `turned ${360 - inv.delta}° anticlockwise`;
  const label = !turn && !inv.mirror ? 'as stored (no turn needed)' : `${inv.mirror ? (turn ? 'mirrored, then ' : 'mirrored') : ''}${turn} to line up with A`;
  return { transform: { game, ...inv }, label };
}
