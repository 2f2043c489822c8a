/**
 * The editor's side of the proof worker: send the level after every change and hear back its
 * proof. At most one request is in flight; while it runs, only the newest level waits (older
 * ones are dropped), so during a drag the figures follow the pointer as fast as proofs come
 * back and never queue up behind it.
 */
import ProveWorker from './prove-worker?worker';
import type { ProveReply, ProveRequest } from './prove-protocol';

export interface ProveResult extends ProveReply {
  /** From handing the level over to having its proof back (ms): what the designer waits. */
  latencyMs: number;
}

export class Prover {
  private readonly worker: Worker;
  private nextId = 1;
  private inFlight: { id: number; at: number } | null = null;
  private pending: Omit<ProveRequest, 'id'> | null = null;

  constructor(private readonly onResult: (r: ProveResult) => void) {
    this.worker = new ProveWorker();
    this.worker.onmessage = (e: MessageEvent<ProveReply>) => this.receive(e.data);
    this.worker.onerror = (e: ErrorEvent) => {
      const id = this.inFlight?.id ?? 0;
      this.receive({
        id,
        proof: null,
        explanation: null,
        error: `the proof worker failed: ${e.message}`,
        workMs: 0,
      });
    };
  }

  /** Prove this level next (replacing any level still waiting). */
  request(req: Omit<ProveRequest, 'id'>): void {
    this.pending = req;
    if (!this.inFlight) this.send();
  }

  private send(): void {
    const req = this.pending;
    if (!req) return;
    this.pending = null;
    const id = this.nextId++;
    this.inFlight = { id, at: performance.now() };
    this.worker.postMessage({ ...req, id } satisfies ProveRequest);
  }

  private receive(reply: ProveReply): void {
    const at = this.inFlight?.id === reply.id ? this.inFlight.at : performance.now();
    this.inFlight = null;
    // A newer level is waiting: this proof is already stale, but still shown (figures keep
    // moving during a drag), and the newer one goes out at once.
    this.onResult({ ...reply, latencyMs: performance.now() - at });
    this.send();
  }

  /** True while a proof is out or a level waits (the panel says "proving…"). */
  get busy(): boolean {
    return this.inFlight !== null || this.pending !== null;
  }

  destroy(): void {
    this.worker.terminate();
  }
}
