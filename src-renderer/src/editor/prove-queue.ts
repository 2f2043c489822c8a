/**
 * The proof worker's queue, apart from the worker itself (./prover.ts wires the two): at most
 * one request is in flight; while it runs, only the newest level waits (older ones are
 * dropped), so during a drag the figures follow the pointer as fast as proofs come back and
 * never queue up behind it. Plain functions over a `post` and a clock, so it is unit-tested.
 */
import type { ProveReply, ProveRequest } from './prove-protocol';

export interface ProveResult extends ProveReply {
  /** From handing the level over to having its proof back (ms): what the designer waits. */
  latencyMs: number;
}

export interface ProveQueue {
  /** Prove this level next (replacing any level still waiting). */
  request(req: Omit<ProveRequest, 'id'>): void;
  /** The worker answered (or failed: `fail`); the next waiting level goes out at once. */
  receive(reply: ProveReply): void;
  /** The worker failed: the request in flight is answered with the error. */
  fail(message: string): void;
  /** True while a proof is out or a level waits (the panel says "proving…"). */
  readonly busy: boolean;
}

export function proveQueue(
  post: (req: ProveRequest) => void,
  onResult: (r: ProveResult) => void,
  now: () => number = () => performance.now(),
): ProveQueue {
  let nextId = 1;
  let inFlight: { id: number; at: number } | null = null;
  let pending: Omit<ProveRequest, 'id'> | null = null;

  function send(): void {
    const req = pending;
    if (!req) return;
    pending = null;
    const id = nextId++;
    inFlight = { id, at: now() };
    post({ ...req, id });
  }

  function receive(reply: ProveReply): void {
    const at = inFlight?.id === reply.id ? inFlight.at : now();
    inFlight = null;
    // A newer level is waiting: this proof is already stale, but still shown (figures keep
    // moving during a drag), and the newer one goes out at once.
    onResult({ ...reply, latencyMs: now() - at });
    send();
  }

  return {
    request(req) {
      pending = req;
      if (!inFlight) send();
    },
    receive,
    fail(message) {
      receive({
        id: inFlight?.id ?? 0,
        proof: null,
        explanation: null,
        error: `the proof worker failed: ${message}`,
        workMs: 0,
      });
    },
    get busy() {
      return inFlight !== null || pending !== null;
    },
  };
}
