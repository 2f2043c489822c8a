/**
 * Near-duplicate pairs a designer kept on purpose (duplicate triage: "fine, both may ship").
 * A pack that ships both levels of such a pair records it beside the game's fields,
 * `studio.keptOnPurpose: [{ levels: [a, b], candidates: [A, B], by, at }]`, so the pair's
 * near-duplicate problem is reported as kept on purpose — by export, by `verify` on the file
 * and by import — and neither blocks nor asks for the break confirmation again. A near copy
 * nobody triaged is still a problem. Pure: the pack's JSON in, lists out.
 */
import type { PackProblem } from '../game';

export interface KeptPair {
  /** The two levels (1-based, earlier first). */
  levels: [number, number];
  /** Their candidates' names in the run that exported the pack ("L3 · c1"). */
  candidates: [string, string];
  /** Who marked the pair fine, and when (ISO time). */
  by: string;
  at: string;
}

const isLevel = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 1;
const isText = (v: unknown): v is string => typeof v === 'string' && v.length > 0 && v.length <= 200;

/** One entry of `studio.keptOnPurpose`, or why it cannot be read. */
function readEntry(e: unknown): KeptPair | string {
  if (typeof e !== 'object' || e === null || Array.isArray(e)) return 'must be {levels, candidates, by, at}';
  const { levels, candidates, by, at } = e as Record<string, unknown>;
  const [a, b] = Array.isArray(levels) && levels.length === 2 ? (levels as unknown[]) : [];
  if (!isLevel(a) || !isLevel(b) || a >= b) return 'levels must be two level numbers, the earlier first';
  const [x, y] = Array.isArray(candidates) && candidates.length === 2 ? (candidates as unknown[]) : [];
  if (!isText(x) || !isText(y)) return "candidates must be the two candidates' names";
  if (!isText(by)) return 'by must name who kept the pair';
  if (!isText(at)) return 'at must say when';
  return { levels: [a, b], candidates: [x, y], by, at };
}

/**
 * A pack's kept pairs (none when it records none), or the problems of a list that cannot be
 * read, each naming its entry (`studio.keptOnPurpose.2`).
 */
export function readKeptOnPurpose(json: unknown): {
  kept: KeptPair[];
  problems: { field: string; message: string }[];
} {
  const studio =
    typeof json === 'object' && json !== null ? (json as Record<string, unknown>)['studio'] : undefined;
  const list =
    typeof studio === 'object' && studio !== null
      ? (studio as Record<string, unknown>)['keptOnPurpose']
      : undefined;
  if (list === undefined) return { kept: [], problems: [] };
  if (!Array.isArray(list))
    return {
      kept: [],
      problems: [
        { field: 'studio.keptOnPurpose', message: 'must be a list of {levels, candidates, by, at}' },
      ],
    };
  const kept: KeptPair[] = [];
  const problems: { field: string; message: string }[] = [];
  list.forEach((e: unknown, i) => {
    const r = readEntry(e);
    if (typeof r === 'string') problems.push({ field: `studio.keptOnPurpose.${i}`, message: r });
    else kept.push(r);
  });
  return { kept, problems };
}

/** A kept pair's near-duplicate problem in a designer's words. */
function keptMessage(p: PackProblem, k: KeptPair): string {
  return `${p.message} — kept on purpose (marked fine by ${k.by} on ${k.at.slice(0, 10)})`;
}

/**
 * Verify's problems split: near-duplicate problems of pairs the pack keeps on purpose (worded
 * so), and the rest, which still count.
 */
export function splitKept(
  problems: readonly PackProblem[],
  kept: readonly KeptPair[],
): { problems: PackProblem[]; kept: PackProblem[] } {
  const byPair = new Map(kept.map((k) => [`${k.levels[0]}-${k.levels[1]}`, k]));
  const out: PackProblem[] = [];
  const keptOut: PackProblem[] = [];
  for (const p of problems) {
    const k = p.pair ? byPair.get(`${p.pair[0]}-${p.pair[1]}`) : undefined;
    if (k) keptOut.push({ ...p, message: keptMessage(p, k) });
    else out.push(p);
  }
  return { problems: out, kept: keptOut };
}
