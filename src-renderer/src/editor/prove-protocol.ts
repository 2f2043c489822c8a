/**
 * The messages between the editor and its proof worker (./prove-worker.ts): one request per
 * level to prove, answered with the game's own proof and explanation (Game.prove,
 * Game.explain, the code `verify` runs), or the error in a sentence.
 */
import type { Explanation, LevelProof } from '../../../src-shared/proof';

export interface ProveRequest {
  id: number;
  game: string;
  level: unknown;
  rules: unknown;
  /** The run's plan and the level's slot, when the level belongs to one (rules that depend on the level's place). */
  plan: unknown;
  slot: number;
  /** Also explain the level (the overlays are on). */
  explain: boolean;
}

export interface ProveReply {
  id: number;
  proof: LevelProof | null;
  explanation: Explanation | null;
  error: string | null;
  /** Time the worker spent proving and explaining (ms). */
  workMs: number;
}
