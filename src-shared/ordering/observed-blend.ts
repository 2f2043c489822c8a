/**
 * Observed difficulty blended into the model's, for an order computed on request
 * (orderings.computeApproved with `blend`; docs/playtests.md, "Ordering with players'
 * difficulty"). Pure: the same figures give the same blend.
 *
 * The observed figure (seconds to clear, docs/playtests.md) is not on the model's scale (bits, reads), so
 * it is first put on it by rank: among the candidates with at least `minTesters` testers, the
 * one players found k-th easiest takes the k-th smallest model figure of that group. That keeps
 * the group's spread of figures (the curve's targets and steps stay meaningful) and uses only
 * the players' order, which is what an observed figure from a handful of testers can say.
 * Then each such candidate's figure moves towards its mapped figure by the weight
 * testers / (testers + minTesters): one half at the threshold, more with more testers.
 */

export interface ObservedCandidate {
  candidateId: number;
  /** The game's difficulty metric of the candidate. */
  model: number;
  /** Distinct testers with an attempt at it. */
  testers: number;
  /** The observed figure (higher = harder), or null with no figure yet. */
  observed: number | null;
}

export interface BlendedFigure {
  candidateId: number;
  model: number;
  observed: number;
  testers: number;
  /** The observed figure put on the model's scale (by rank within the group). */
  mapped: number;
  /** How far the figure moved towards `mapped` (testers / (testers + minTesters)). */
  weight: number;
  /** The figure the game's order ran on. */
  blended: number;
}

const round6 = (x: number): number => Math.round(x * 1e6) / 1e6;

/**
 * The blended figure of every candidate with at least `minTesters` testers and an observed
 * figure (the others keep their model figure and are not listed). With fewer than two such
 * candidates there is no order among players to learn from: nothing is blended. When every
 * model figure of the group is a whole number (Apsis's reads), the blend is rounded to one,
 * as the game's own search works in whole steps.
 */
export function blendObserved(cands: readonly ObservedCandidate[], minTesters: number): BlendedFigure[] {
  if (!Number.isInteger(minTesters) || minTesters < 1)
    throw new RangeError(`at least how many testers must be a whole number of 1 or more, not ${minTesters}`);
  const group = cands.filter(
    (c) => c.testers >= minTesters && c.observed !== null && Number.isFinite(c.observed),
  );
  if (group.length < 2) return [];
  const byId = (a: ObservedCandidate, b: ObservedCandidate) => a.candidateId - b.candidateId;
  const models = group.map((c) => c.model).sort((a, b) => a - b);
  const whole = models.every((m) => Number.isInteger(m));
  // Rank by observed (ties share the mean of their places' model figures), id for a stable tie order.
  const ranked = [...group].sort((a, b) => a.observed! - b.observed! || byId(a, b));
  const mapped = new Map<number, number>();
  for (let i = 0; i < ranked.length;) {
    let j = i;
    while (j + 1 < ranked.length && ranked[j + 1]!.observed === ranked[i]!.observed) j++;
    let sum = 0;
    for (let k = i; k <= j; k++) sum += models[k]!;
    for (let k = i; k <= j; k++) mapped.set(ranked[k]!.candidateId, sum / (j - i + 1));
    i = j + 1;
  }
  return [...group].sort(byId).map((c) => {
    const m = mapped.get(c.candidateId)!;
    const weight = c.testers / (c.testers + minTesters);
    const raw = (1 - weight) * c.model + weight * m;
    return {
      candidateId: c.candidateId,
      model: c.model,
      observed: c.observed!,
      testers: c.testers,
      mapped: round6(m),
      weight: round6(weight),
      blended: whole ? Math.round(raw) : round6(raw),
    };
  });
}

/** What an order computed with the blend keeps (store/orderings.ts) and its pack records (`studio.observedBlend`). */
export interface ObservedBlend {
  minTesters: number;
  /** Every candidate whose figure was blended (by id), whether it ships or not. */
  figures: BlendedFigure[];
}

/** The pack's `studio.observedBlend`: the rule, and the figures of each shipped level that was blended. */
export function packObservedBlend(
  blend: ObservedBlend,
  levels: readonly { level: number; candidateId: number | null }[],
): {
  minTesters: number;
  weight: string;
  candidates: number;
  levels: { level: number; model: number; observed: number; testers: number; blended: number }[];
} {
  const byId = new Map(blend.figures.map((f) => [f.candidateId, f]));
  return {
    minTesters: blend.minTesters,
    weight: 'testers / (testers + minTesters)',
    candidates: blend.figures.length,
    levels: levels.flatMap((l) => {
      const f = l.candidateId === null ? undefined : byId.get(l.candidateId);
      return f
        ? [
            {
              level: l.level,
              model: f.model,
              observed: Math.round(f.observed * 1e6) / 1e6,
              testers: f.testers,
              blended: f.blended,
            },
          ]
        : [];
    }),
  };
}
