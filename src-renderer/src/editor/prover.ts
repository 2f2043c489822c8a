/**
 * The editor's side of the proof worker: send the level after every change and hear back its
 * proof, through the queue of ./prove-queue.ts (one proof out, only the newest level waiting).
 */
import ProveWorker from './prove-worker?worker';
import type { ProveReply } from './prove-protocol';
import { proveQueue, type ProveQueue, type ProveResult } from './prove-queue';

export type { ProveResult } from './prove-queue';

/** A proof worker and its queue; `destroy` ends the worker. */
export interface Prover extends Pick<ProveQueue, 'request' | 'busy'> {
  destroy(): void;
}

export function startProver(onResult: (r: ProveResult) => void): Prover {
  const worker = new ProveWorker();
  const queue = proveQueue((req) => worker.postMessage(req), onResult);
  worker.onmessage = (e: MessageEvent<ProveReply>) => queue.receive(e.data);
  worker.onerror = (e: ErrorEvent) => queue.fail(e.message);
  return {
    request: (req) => queue.request(req),
    get busy() {
      return queue.busy;
    },
    destroy: () => worker.terminate(),
  };
}
