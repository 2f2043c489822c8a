/**
 * The proof of one level and the explanation of its difficulty, as every game gives them
 * (`Game.prove`, `Game.explain`). The inspector's editor re-proves on every drop (in a Web
 * Worker), the CLI's `prove` prints the same, and each game's `verifyPack` is built on its
 * `prove`, so no second implementation can disagree. Plain JSON data throughout.
 */
import type { z } from 'zod';
import { designerErrorMap, designerIssues } from './schema/designer-errors';

/** Where a level stands in a plan: the plan and its 0-based level slot. */
export interface ProofContext<Plan = unknown> {
  plan: Plan;
  slot: number;
}

/**
 * One broken rule. `rule` is the id verify reports (e.g. 'spacing', 'fit'); `name` the rule's
 * plain name for the panel ("Spacing between dots"); `elements` the dots or arrows involved
 * (indices into the level); `mark` game-specific plain data the game's view draws on the board
 * (each game exports its own union, with a `kind`).
 */
export interface Violation<Mark = unknown> {
  rule: string;
  name: string;
  message: string;
  elements: number[];
  mark?: Mark;
}

export interface LevelProof<Level = unknown, Mark = unknown> {
  /** No hard rule is broken: the level may ship. A level that is not ok saves only as a draft. */
  ok: boolean;
  /** The game's metric columns as measured (null when nothing can be measured, e.g. an empty level). */
  metrics: Record<string, number> | null;
  /** One solution (the game's own taps or launches), null when the level has none. */
  solution: unknown[] | null;
  violations: Violation<Mark>[];
  /** The level as it is stored and shipped: its claims (taps, bits, solution…) rewritten from this proof. */
  level: Level;
}

/** One figure of a breakdown; a group's parts add up to the explanation's total. */
export interface ExplanationPart {
  label: string;
  value: number;
}

export interface Explanation {
  /** The difficulty figure explained (Carillon bits, Apsis reads); null when it cannot be measured. */
  total: number | null;
  /** The main breakdown; its values add up to `total`. */
  parts: ExplanationPart[];
  /** A second breakdown of the same total, step by step (Carillon: per tap), when the game has one. */
  steps?: ExplanationPart[];
  /** Per element (dot or arrow, by index): plain figures the overlays show. */
  perElement: Record<string, number | boolean | string>[];
  /**
   * The graph shown on demand: Carillon the reach graph (edge [a, b]: a's ring reaches b),
   * Apsis the blocking graph (edge [b, a]: b blocks a, so b leaves first). `components[i]` is
   * element i's component; `sources` lists the source components (Carillon: the chain starts).
   */
  graph?: { edges: [number, number][]; components?: number[]; sources?: number[] };
  /** A chain to highlight (Apsis: the longest chain of blockers, first to leave first). */
  chain?: number[];
  /** One line for hover in the pool browser and plots. */
  line: string;
}

/** Thrown by `Game.parseLevel`: each field that is wrong, in a designer's words. */
export class LevelFormatError extends Error {
  constructor(
    message: string,
    readonly fields: { field: string; message: string }[],
  ) {
    super(message);
    this.name = 'LevelFormatError';
  }
}

/**
 * Parse a level with a game's input schema; bad input throws LevelFormatError naming each
 * field ("dots.3.size: must be one of …"), never raw schema text.
 */
export function parseLevelWith<T>(schema: z.ZodType<T>, json: unknown, game: string): T {
  const r = schema.safeParse(json, { error: designerErrorMap });
  if (r.success) return r.data;
  const fields = designerIssues(r.error, { schema, unknownKey: `is not a field of a ${game} level` });
  throw new LevelFormatError(
    `the ${game} level is not valid: ${fields.map((f) => `${f.field}: ${f.message}`).join('; ')}`,
    fields,
  );
}
