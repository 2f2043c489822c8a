/**
 * Pools' "verdicts changed since what ships now was computed", kept per run for next time (a
 * reload, a restart): in the renderer's localStorage, as the run's id and when the order that
 * ships was computed. A mark holds only while that order is still the one stored: a recompute
 * anywhere (Pools, the Ordering page, another window) gives it a new time and the mark is void.
 * Plain functions over a Storage-like object, so a unit test holds them
 * (tests/unit/stale-marks.test.ts).
 */

/** The part of localStorage the marks use. */
export type MarkStore = Pick<Storage, 'getItem' | 'setItem'>;

const KEY = 'studio-pools-verdicts-changed';
/** Runs whose mark is kept at most (the oldest runs, lowest ids, go first: object keys of ids keep number order). */
const KEEP = 200;

type Marks = Record<string, string>;

function readAll(store: MarkStore | undefined): Marks {
  try {
    const raw = store?.getItem(KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Marks) : {};
  } catch {
    // Storage refused or the value damaged: no marks (the notice starts as it does by default).
    return {};
  }
}

function writeAll(store: MarkStore | undefined, marks: Marks): void {
  const keys = Object.keys(marks);
  const kept = Object.fromEntries(keys.slice(Math.max(0, keys.length - KEEP)).map((k) => [k, marks[k]!]));
  try {
    store?.setItem(KEY, JSON.stringify(kept));
  } catch {
    // Not kept for next time; the notice still shows now.
  }
}

/** Whether verdicts of run `runId` changed since the order that ships now (computed at `computedAt`) was computed. */
export function isMarked(store: MarkStore | undefined, runId: number, computedAt: string | null): boolean {
  return computedAt !== null && readAll(store)[String(runId)] === computedAt;
}

/** A verdict of run `runId` changed while the order that ships was the one computed at `computedAt`. */
export function mark(store: MarkStore | undefined, runId: number, computedAt: string | null): void {
  if (computedAt === null) return;
  const marks = readAll(store);
  delete marks[String(runId)];
  marks[String(runId)] = computedAt;
  writeAll(store, marks);
}

/** What ships was recomputed: run `runId`'s mark goes. */
export function unmark(store: MarkStore | undefined, runId: number): void {
  const marks = readAll(store);
  if (!(String(runId) in marks)) return;
  delete marks[String(runId)];
  writeAll(store, marks);
}
