/**
 * The limits a pack import is held to (docs/architecture.md, "Import"). Bytes are checked on the
 * main thread before anything else; levels and elements per level right after the JSON parse
 * in the import worker, before any schema check or proof; the worker itself runs with a heap
 * cap and a time budget. The byte cap stays below the server's message cap
 * (MAX_MESSAGE_BYTES, src-shared/transport-limits.ts) with room for the JSON escaping of the
 * text inside a call, so a pack over it reaches the import and gets its sentence.
 */
export interface ImportLimits {
  /** UTF-8 bytes of the pack text. */
  maxBytes: number;
  maxLevels: number;
  /** Entries of any one list in a level (Carillon dots, Apsis arrows, solutions). */
  maxElementsPerLevel: number;
  /** Wall time for the whole check in the worker (parse, schema, proof, metrics). */
  timeBudgetMs: number;
  /** Wall time for one level's proof (and again for its measuring, on import). */
  levelBudgetMs: number;
  /** The worker's old-generation heap (resourceLimits.maxOldGenerationSizeMb). */
  maxHeapMb: number;
  /** Problems listed in a refusal; the rest are counted. */
  maxProblems: number;
}

export const IMPORT_LIMITS: ImportLimits = {
  // 32 MiB: the default packs are ~0.1-0.3 MB; this leaves room for 5,000 big levels.
  maxBytes: 32 * 1024 * 1024,
  maxLevels: 5000,
  // The plans' own ceilings are 40 dots (Carillon) and 60 arrows (Apsis) per level.
  maxElementsPerLevel: 200,
  timeBudgetMs: 120_000,
  // As long as one prove in the editor may take (PROVE_BUDGET_MS): a default-plan level proves in milliseconds.
  levelBudgetMs: 15_000,
  maxHeapMb: 1024,
  maxProblems: 50,
};

export function formatCount(n: number): string {
  return n.toLocaleString('en-US');
}

export function formatMegabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** `verify --no-limits`: no cap at all, for a pack the designer trusts (checked in the CLI's own process). */
export const NO_LIMITS: ImportLimits = {
  maxBytes: Number.POSITIVE_INFINITY,
  maxLevels: Number.POSITIVE_INFINITY,
  maxElementsPerLevel: Number.POSITIVE_INFINITY,
  timeBudgetMs: Number.POSITIVE_INFINITY,
  levelBudgetMs: Number.POSITIVE_INFINITY,
  maxHeapMb: Number.POSITIVE_INFINITY,
  maxProblems: Number.POSITIVE_INFINITY,
};
