/**
 * Room in the worker pool, shared by the runs being generated: at most `capacity` worker
 * tasks in flight, granted to the waiting run with the highest priority (the lowest number:
 * the run that started first). So the first run always gets what it asks for, and a later
 * run only fills room the first leaves free (its tail, its finishing passes).
 */
export interface PoolSlots {
  /** Wait for room; resolves with the function that gives it back. Rejects when `signal` aborts. */
  acquire(priority: number, signal?: AbortSignal): Promise<() => void>;
  readonly inFlight: number;
}

interface Waiter {
  priority: number;
  seq: number;
  grant: () => void;
}

export function createPoolSlots(capacity: number): PoolSlots {
  let inFlight = 0;
  let seq = 0;
  const waiting: Waiter[] = [];

  const release = (): void => {
    inFlight--;
    serve();
  };
  const serve = (): void => {
    while (inFlight < capacity && waiting.length > 0) {
      // Highest priority first; equal priorities in arrival order.
      let best = 0;
      for (let i = 1; i < waiting.length; i++) {
        const w = waiting[i]!,
          b = waiting[best]!;
        if (w.priority < b.priority || (w.priority === b.priority && w.seq < b.seq)) best = i;
      }
      const [w] = waiting.splice(best, 1);
      inFlight++;
      w!.grant();
    }
  };

  return {
    get inFlight() {
      return inFlight;
    },
    acquire(priority, signal) {
      if (signal?.aborted)
        return Promise.reject(signal.reason instanceof Error ? signal.reason : new Error('cancelled'));
      return new Promise((resolve, reject) => {
        let done = false;
        const once = (): void => {
          if (done) return;
          done = true;
          release();
        };
        const waiter: Waiter = {
          priority,
          seq: seq++,
          grant: () => {
            signal?.removeEventListener('abort', onAbort);
            resolve(once);
          },
        };
        const onAbort = (): void => {
          const i = waiting.indexOf(waiter);
          if (i >= 0) waiting.splice(i, 1);
          reject(signal!.reason instanceof Error ? signal!.reason : new Error('cancelled'));
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        waiting.push(waiter);
        serve();
      });
    },
  };
}
