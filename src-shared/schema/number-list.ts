/**
 * Seeds and level lists as a designer types them ("1-8", "3, 5, 9-12"), read into numbers,
 * or a sentence naming what is wrong. Pure; the experiment form, the CLI's --seeds (through seed.ts) and their unit tests use it.
 */
import { rangesText } from '../ordering/level-ranges';

export type ListRead = { ok: true; values: number[] } | { ok: false; message: string };

/**
 * "1-8, 12" → [1..8, 12], in the order written, repeats dropped. `what` names one item in
 * messages ("seed", "level"); values must lie in [min, max] and the list holds at most `most`.
 */
export function readNumberList(
  text: string,
  what: string,
  o: { min: number; max: number; most: number },
): ListRead {
  const parts = text
    .split(/[,\s]+/)
    .map((s) => s.trim())
    .filter((s) => s !== '');
  if (parts.length === 0) return { ok: false, message: `needs at least one ${what}, e.g. 1-8` };
  const out: number[] = [];
  const seen = new Set<number>();
  const push = (v: number): boolean => {
    if (seen.has(v)) return true;
    seen.add(v);
    out.push(v);
    return out.length <= o.most;
  };
  for (const part of parts) {
    const range = /^(\d+)\s*[-–]\s*(\d+)$/.exec(part);
    if (range) {
      const a = Number(range[1]),
        b = Number(range[2]);
      if (b < a)
        return { ok: false, message: `${part} runs backwards: write the smaller ${what} first (${b}-${a})` };
      for (const v of [a, b])
        if (v < o.min || v > o.max)
          return {
            ok: false,
            message: `${what} ${v} is out of range: ${what}s go from ${o.min} to ${o.max}`,
          };
      if (b - a + 1 > o.most)
        return {
          ok: false,
          message: `${part} is ${b - a + 1} ${what}s; an experiment takes at most ${o.most}`,
        };
      for (let v = a; v <= b; v++)
        if (!push(v)) return { ok: false, message: `that is more than ${o.most} ${what}s` };
      continue;
    }
    if (!/^\d+$/.test(part))
      return {
        ok: false,
        message: `“${part}” is not a ${what}: write whole numbers and ranges, e.g. 1-8 or 3, 5, 9`,
      };
    const v = Number(part);
    if (v < o.min || v > o.max)
      return { ok: false, message: `${what} ${v} is out of range: ${what}s go from ${o.min} to ${o.max}` };
    if (!push(v)) return { ok: false, message: `that is more than ${o.most} ${what}s` };
  }
  return { ok: true, values: out };
}

/** [1,2,3,5,8,9] → "1-3, 5, 8-9" (for showing a stored list back; a plain hyphen, as typed). */
export function formatNumberList(values: readonly number[]): string {
  return rangesText(values, '-');
}
