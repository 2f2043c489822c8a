/**
 * A candidate's difficulty in one line ("5.21 bits in 3 taps: 2.1 from 14 dots (3 win), …",
 * "23 reads: round 1: 5 arrows × 1, …"), from the game's own Game.explain, for hovering a
 * candidate in the pool browser and the plots. Lines are kept per candidate id (a stored
 * candidate never changes); a level the game cannot explain gives the reason instead.
 */
import { studio } from './studio.svelte';
import { errorText } from './errors';
import { gameView } from '../games/index';

const lines = new Map<number, string>();
const MAX_KEPT = 5000;

function keep(id: number, line: string): string {
  if (lines.size >= MAX_KEPT) lines.delete(lines.keys().next().value!);
  lines.set(id, line);
  return line;
}

/** The line of a level as stored with its run's rules. */
function explainLevel(game: string, level: unknown, rules: unknown): string {
  try {
    const view = gameView(game);
    return view.game.explain(view.readLevel(level), view.readRules(rules)).line;
  } catch (e) {
    return `cannot explain: ${errorText(e)}`;
  }
}

/** The line of a candidate whose level is at hand (null: not yet known, see `explainCandidate`). */
export function knownLine(id: number, game: string, level: unknown, rules: unknown): string {
  return lines.get(id) ?? keep(id, explainLevel(game, level, rules));
}

/** The line of a stored candidate, fetching its level when needed. */
export async function explainCandidate(id: number): Promise<string> {
  const kept = lines.get(id);
  if (kept !== undefined) return kept;
  const c = await studio.client.call('candidates.get', { candidateId: id });
  if (c.level === null) return keep(id, `gave up${c.failure ? `: ${c.failure}` : ''}`);
  return keep(id, explainLevel(c.game, c.level, c.rules));
}
