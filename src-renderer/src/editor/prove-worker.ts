/**
 * The editor's proof worker (a Web Worker): proves each level it is sent with the shared
 * Game.prove (and Game.explain when asked), the same code as `verify` and the CLI's `prove`,
 * so the editor can never disagree with them. Proofs run here so a slow one never stalls a drag.
 */
import { gameById } from '../../../src-shared/games/index';
import type { ProveReply, ProveRequest } from './prove-protocol';

self.onmessage = (e: MessageEvent<ProveRequest>): void => {
  const req = e.data;
  const t0 = performance.now();
  let reply: ProveReply;
  try {
    const game = gameById(req.game);
    const proof = game.prove(req.level, req.rules, { plan: req.plan, slot: req.slot });
    const explanation = req.explain ? game.explain(req.level, req.rules) : null;
    reply = { id: req.id, proof, explanation, error: null, workMs: performance.now() - t0 };
  } catch (err) {
    reply = {
      id: req.id,
      proof: null,
      explanation: null,
      error: err instanceof Error ? err.message : String(err),
      workMs: performance.now() - t0,
    };
  }
  (self as unknown as Worker).postMessage(reply);
};
