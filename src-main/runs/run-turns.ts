/**
 * A run's changes take turns, in the order they came. A change that awaits a worker (a steer,
 * the approved order, a saved edit) reads the run's state, computes, then writes; a change that
 * came meanwhile (Ctrl+Z pressed while the recompute answered) used to slip in between, undo the
 * change before, and then be overwritten by the steer's write. Now it waits for the steer.
 * A change with nothing in flight on its run runs at once (synchronously), so a read sent after
 * it still sees it; reads never wait.
 */
export interface RunTurns {
  /** Run `work` once the run's earlier changes have finished; its result or its error. */
  take<T>(runId: number, work: () => T | Promise<T>): T | Promise<T>;
}

export function createRunTurns(): RunTurns {
  /** The last change in flight per run (settled: never rejects). */
  const tails = new Map<number, Promise<void>>();

  const track = (runId: number, done: Promise<unknown>): void => {
    const tail = done.then(
      () => undefined,
      () => undefined,
    );
    tails.set(runId, tail);
    void tail.then(() => {
      if (tails.get(runId) === tail) tails.delete(runId);
    });
  };

  return {
    take<T>(runId: number, work: () => T | Promise<T>): T | Promise<T> {
      const busy = tails.get(runId);
      if (!busy) {
        const result = work();
        if (result instanceof Promise) track(runId, result);
        return result;
      }
      const queued = busy.then(work);
      track(runId, queued);
      return queued;
    },
  };
}
