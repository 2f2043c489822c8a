/**
 * Runs made elsewhere: when SQLite's change signal says another connection committed
 * (store/other-writes.ts), the runs' statuses and stored counts are read again and compared
 * with the last ones seen; runs that appeared, changed status or went are reported at once,
 * runs whose stored candidates only grew (another process generating) at most every
 * `countsEveryMs`. This process's own runs are left out: the engine reports them itself
 * (`run.changed`, `run.progress`), and `noteOwn` keeps their status current here.
 */
import type { RunStatus } from '../../src-shared/api';
import type { Db } from '../store/db';
import { otherWrites } from '../store/other-writes';
import { runMarks } from '../store/runs';

/** How often the change signal is read: a run made elsewhere shows within 2 s (the page's reload included). */
export const ELSEWHERE_POLL_MS = 500;

export interface RunChangeElsewhere {
  runId: number;
  /** Null: the run was deleted. */
  status: RunStatus | null;
}

export interface RunsElsewhere {
  /** A status this process gave one of its runs (so it is not reported as a change from elsewhere). */
  noteOwn(runId: number, status: RunStatus): void;
  /** Look now (the timer does this every poll); returns what was reported. */
  poll(): RunChangeElsewhere[];
  stop(): void;
}

export function followRunsElsewhere(opts: {
  db: Db;
  /** Runs this process is running or has queued. */
  isOwn: (runId: number) => boolean;
  report: (runs: RunChangeElsewhere[]) => void;
  intervalMs?: number;
  countsEveryMs?: number;
  now?: () => number;
}): RunsElsewhere {
  const { db, isOwn, report } = opts;
  const now = opts.now ?? Date.now;
  const countsEveryMs = opts.countsEveryMs ?? 2000;
  const changed = otherWrites(db);
  const seen = new Map<number, { status: RunStatus; done: number }>();
  for (const r of runMarks(db)) seen.set(r.id, { status: r.status, done: r.done });
  // Runs whose counts grew but were not reported yet (waiting for countsEveryMs to pass).
  const grown = new Set<number>();
  let countsAt = 0;
  let pending = false;

  function diff(): RunChangeElsewhere[] {
    const out: RunChangeElsewhere[] = [];
    const present = new Set<number>();
    for (const r of runMarks(db)) {
      present.add(r.id);
      const before = seen.get(r.id);
      seen.set(r.id, { status: r.status, done: r.done });
      if (isOwn(r.id)) continue;
      if (!before || before.status !== r.status) {
        out.push({ runId: r.id, status: r.status });
        grown.delete(r.id);
      } else if (before.done !== r.done) grown.add(r.id);
    }
    for (const id of [...seen.keys()])
      if (!present.has(id)) {
        seen.delete(id);
        grown.delete(id);
        if (!isOwn(id)) out.push({ runId: id, status: null });
      }
    if (grown.size > 0 && now() - countsAt >= countsEveryMs) {
      for (const id of grown) out.push({ runId: id, status: seen.get(id)!.status });
      grown.clear();
    }
    if (out.length > 0) countsAt = now();
    return out;
  }

  function poll(): RunChangeElsewhere[] {
    // A commit seen earlier whose count change is still held back is looked at again.
    if (!changed() && !pending) return [];
    const out = diff();
    pending = grown.size > 0;
    if (out.length > 0) report(out);
    return out;
  }

  const timer = setInterval(() => void poll(), opts.intervalMs ?? ELSEWHERE_POLL_MS);
  // The look never keeps a process alive (the CLI's, a test's).
  timer.unref();

  return {
    noteOwn(runId, status) {
      // Its stored count as this process left it too, so a later look finds nothing new in it.
      const mark = runMarks(db, runId)[0];
      if (mark) seen.set(runId, { status: mark.status, done: mark.done });
      else seen.set(runId, { status, done: seen.get(runId)?.done ?? 0 });
      grown.delete(runId);
    },
    poll,
    stop: () => clearInterval(timer),
  };
}
