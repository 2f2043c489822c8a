/**
 * The editor's side of the proof worker: send the level after every change and hear back its
 * proof, through the queue of ./prove-queue.ts (one proof out, only the newest level waiting).
 * One worker serves every editor the page opens and stays up between them (warm): a new
 * editor's first proof never waits for a worker to start and load the games' code.
 */
import ProveWorker from './prove-worker?worker';
import type { ProveReply } from './prove-protocol';
import { proveQueue, type ProveQueue, type ProveResult } from './prove-queue';

export type { ProveResult } from './prove-queue';

/** A proof worker and its queue; `destroy` lets this editor go (the worker stays warm for the next). */
export interface Prover extends Pick<ProveQueue, 'request' | 'busy'> {
  destroy(): void;
}

/** Ids of one editor's requests are its own queue's plus this offset, so a late answer to an editor gone is dropped. */
const SPAN = 1_000_000_000;

let warm: Worker | null = null;
let editors = 0;
/** The queue of the editor on screen, and its id offset. */
let current: { queue: ProveQueue; base: number } | null = null;

function worker(): Worker {
  if (warm) return warm;
  const w = new ProveWorker();
  w.onmessage = (e: MessageEvent<ProveReply>) => {
    const c = current;
    const id = e.data.id;
    if (c && id > c.base && id < c.base + SPAN) c.queue.receive({ ...e.data, id: id - c.base });
  };
  w.onerror = (e: ErrorEvent) => {
    // A failed worker is started afresh for the next request.
    warm = null;
    w.terminate();
    current?.queue.fail(e.message);
  };
  warm = w;
  return w;
}

/** Start the warm worker ahead of the first editor (the inspector calls it when it opens). */
export function warmProver(): void {
  worker();
}

export function startProver(onResult: (r: ProveResult) => void): Prover {
  const base = ++editors * SPAN;
  const queue = proveQueue((req) => worker().postMessage({ ...req, id: req.id + base }), onResult);
  const mine = { queue, base };
  current = mine;
  return {
    request: (req) => queue.request(req),
    get busy() {
      return queue.busy;
    },
    destroy: () => {
      if (current === mine) current = null;
    },
  };
}
