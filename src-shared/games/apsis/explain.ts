/**
 * Why an Apsis level is as hard as it is: the blocking graph (who blocks whom), the longest
 * chain of blockers, per arrow its round and the reads it adds, and the reads by round
 * ("round 1: 5 arrows × 1, round 2: 4 × 2 …"), which add up to the level's reads.
 */
import type { Explanation, ExplanationPart } from '../../proof';
import type { ApsisLevel } from './model';
import type { ApsisRules } from './rules';
import { levelGeo } from './geometry';
import { blockersOf, roundsFromBlockers } from './solver';

export function explainApsis(level: ApsisLevel, rules: ApsisRules): Explanation {
  const n = level.arrows.length;
  if (n === 0)
    return { total: 0, parts: [], perElement: [], graph: { edges: [] }, chain: [], line: 'no arrows' };
  const blockers = blockersOf(levelGeo(level.arrows, level.orbits, rules), rules);
  const r = roundsFromBlockers(blockers);
  const edges: [number, number][] = [];
  const blocks = new Array<number>(n).fill(0);
  for (let a = 0; a < n; a++)
    for (const b of blockers[a]!) {
      edges.push([b, a]);
      blocks[b]!++;
    }
  // The longest chain: from an arrow of the last round down through a blocker one round
  // earlier (one always exists: an arrow's round is 1 + its blockers' largest).
  const chain: number[] = [];
  if (r.depth > 0) {
    let cur = r.round.indexOf(r.depth);
    chain.push(cur);
    while (r.round[cur]! > 1) {
      const want = r.round[cur]! - 1;
      cur = blockers[cur]!.find((b) => r.round[b] === want)!;
      chain.push(cur);
    }
    chain.reverse();
  }
  const parts: ExplanationPart[] = r.rounds.map((arrows, i) => ({
    label: `round ${i + 1}: ${arrows.length} arrow${arrows.length === 1 ? '' : 's'} × ${i + 1}`,
    value: arrows.length * (i + 1),
  }));
  const perElement = level.arrows.map((_, a) => ({
    round: r.round[a]!,
    reads: r.round[a]!,
    blockers: blockers[a]!.length,
    blocks: blocks[a]!,
    free: r.round[a] === 1,
    stuck: r.round[a] === 0,
  }));
  const byRound = parts.map((p, i) => (i === 0 ? p.label : p.label.replace(/ arrows? ×/, ' ×'))).join(', ');
  return {
    total: r.reads,
    parts,
    perElement,
    graph: { edges },
    chain,
    line:
      `${r.reads} reads${byRound ? `: ${byRound}` : ''}; depth ${r.depth}, ${r.free} free` +
      (r.cleared ? '' : `; ${r.stuck.length} never leave`),
  };
}
