/**
 * The studio's one contract: every request the renderer can make (name, argument schema,
 * reply type) and every event main can push. Both transports (Electron IPC and the local
 * server) are generated from this table, and arguments are validated with these schemas at
 * the boundary, so a bad argument from any transport gets the same error naming the field.
 */
import { z } from 'zod';
import type { FieldInfo, MetricInfo, PlanMark } from './game';
import type { CurveRules } from './ordering/curve-rules';

export type { PlanMark } from './game';
export type { CurveRules } from './ordering/curve-rules';
import type { RunPhase } from './progress';
import type { RunReport } from './run-report';

export type { RunReport } from './run-report';
import type { PackFile } from './pack/per-level';
import { gameIdSchema } from './games/index';
import type { CurationChange, HistoryEntry, HistoryList, HistoryStep } from './history';
import type { LevelProof } from './proof';
import { designerErrorMap, designerIssues, numberTypeMessage } from './schema/designer-errors';
import { seedSchema } from './schema/seed';
import { labelSchema, noteSchema } from './schema/label-text';
import type {
  ExperimentAdopted,
  ExperimentCreated,
  ExperimentDetail,
  ExperimentProgress,
  ExperimentResults,
  ExperimentStatus,
  ExperimentSummary,
  Preset,
  SettingsDiff,
} from './experiments/types';

export type {
  CurationChange,
  HistoryEntry,
  HistoryKind,
  HistoryList,
  HistoryState,
  HistoryStep,
  RowChange,
} from './history';
export type * from './experiments/types';

// ---------- shared value schemas ----------

export { gameIdSchema };
export const runIdSchema = z
  .number({ error: (iss) => numberTypeMessage(iss.input) })
  .int('must be a whole number')
  .positive('must be a positive run id');
export const runStatusSchema = z.enum([
  'queued',
  'running',
  'cancelled',
  'interrupted',
  'failed',
  'done',
  'imported',
]);
export const candidateIdSchema = z
  .number({ error: (iss) => numberTypeMessage(iss.input) })
  .int('must be a whole number')
  .positive('must be a positive candidate id');
export const verdictSchema = z.enum(['approved', 'rejected', 'none']);
export const orderingKindSchema = z.enum(['automatic', 'approved', 'steered']);
// One seed domain for every entry point (schema/seed.ts).
export { seedSchema };
/** A client-chosen name for one import, so it can be cancelled while it runs. */
export const importIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be 1-64 letters, digits, - or _');
const levelSchema = z
  .number({ error: (iss) => numberTypeMessage(iss.input) })
  .int('must be a whole number')
  .positive('must be a level number (1 or more)');
const tagSchema = labelSchema(40, { min: 1 });

// ---------- reply types ----------

export interface AppInfo {
  name: string;
  version: string;
  transport: 'electron' | 'server' | 'cli';
  /** The database's file name only: absolute paths never reach the renderer. */
  dbName: string;
  workers: number;
  node: string;
  platform: string;
}

export interface GameInfo {
  id: z.infer<typeof gameIdSchema>;
  title: string;
  blurb: string;
  levelCount: number;
  /** The game's default rules object (plain JSON). */
  defaultRules: unknown;
  /** The game's default plan (plain JSON). */
  defaultPlan: unknown;
  /** Human-readable rows of the default plan, for display. */
  planRows: { levels: string; detail: string }[];
  metrics: MetricInfo[];
  difficulty: string;
  /** Rules and plan fields in a designer's words (label and one-line explanation, by path). */
  fields: { rules: Record<string, FieldInfo>; plan: Record<string, FieldInfo> };
}

export type RunStatus = z.infer<typeof runStatusSchema>;

export interface RunSummary {
  id: number;
  game: z.infer<typeof gameIdSchema>;
  seed: number;
  name: string;
  status: RunStatus;
  levels: number;
  candidatesDone: number;
  candidatesTotal: number;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  durationMs: number | null;
  error: string | null;
  /** The experiment the run is an arm × seed of (null: a run of its own). */
  experimentId: number | null;
  /** The same, named: the experiment, and the arm (0 = the base) and its variant's name ('base' for arm 0). */
  experiment: RunExperiment | null;
  /**
   * Why the run's stored rules or plan cannot be read (a newer studio's data, or data its
   * game's schema refuses), naming the run and the field; the run is then read-only. Null: readable.
   */
  dataProblem: string | null;
  /** What made the run: the studio's version and the game's generator version (null: made before runs recorded it, or imported). */
  made: { studio: string; generator: { dataVersion: number; hash: string } } | null;
  /** "made by an older Carillon generator …" when the run's generator is not today's, else null. */
  generatorNote: string | null;
}

/** Where an experiment's run sits in its experiment (pickers label it "spacing 18 · seed 3"). */
export interface RunExperiment {
  id: number;
  name: string;
  arm: number;
  variant: string;
}

export interface RunDetail extends RunSummary {
  plan: unknown;
  rules: unknown;
}

/** One working phase of a run as progress shows it. */
export interface RunPhaseProgress {
  name: Exclude<RunPhase, 'done'>;
  state: 'waiting' | 'running' | 'done';
  /** How long the phase took in this process (ms), once done. */
  ms: number | null;
}

export interface RunProgress {
  runId: number;
  status: RunStatus;
  /** The phase (generate → order → near-duplicates → done), or the status the run ended with. */
  stage: string;
  /** Work of the current phase (candidates, then 0/1 for the ordering, then pools compared). */
  done: number;
  total: number;
  /** The whole run, 0..1, phases weighted (PHASE_WEIGHTS); it never goes down. */
  overall: number;
  phases: RunPhaseProgress[];
  /** Candidates per second over the recent window. */
  rate: number;
  /** Estimated seconds left, or null before a rate is known. */
  etaSeconds: number | null;
  stages: { name: string; done: number; total: number }[];
}

export type Verdict = z.infer<typeof verdictSchema>;
export type OrderingKind = z.infer<typeof orderingKindSchema>;

/** One candidate row of a pool (the level JSON comes along for thumbnails). */
export interface CandidateRow {
  id: number;
  runId: number;
  slot: number;
  index: number;
  /** null when the job gave up (then `failure` says why). */
  level: unknown;
  metrics: Record<string, number>;
  verdict: Verdict;
  note: string;
  tags: string[];
  failure: string | null;
  /** 1-based levels this candidate ships as in the automatic / approved ordering, if any. */
  shippedAs: { automatic: number | null; approved: number | null };
  /** Saved from the editor (issue 15), linked to the candidate it came from (`parentId`, null when new or gone). */
  handEdited: boolean;
  /** A hand-edited level that breaks a hard rule: kept, clearly marked, and never shipped. */
  draft: boolean;
  parentId: number | null;
}

export interface CandidatePage {
  total: number;
  offset: number;
  items: CandidateRow[];
}

export interface CandidateDetail extends CandidateRow {
  game: z.infer<typeof gameIdSchema>;
  seed: number;
  rules: unknown;
  proof: Record<string, unknown>;
  /** Copyable id: game/run/seed/candidate (L12 · c3)/shipped level. */
  label: string;
}

/** The reply of a verdict change (every curation action answers a CurationChange). */
export type VerdictChange = CurationChange;

export interface OrderingLevel {
  level: number;
  candidateId: number | null;
  slot: number | null;
  /** The candidate's 0-based place in its pool (with `slot`: its name, "L12 · c3"). */
  index: number | null;
  difficulty: number | null;
  target: number | null;
  /** Difficulty minus the previous level's (null for the first or a gap). */
  step: number | null;
  metrics: Record<string, number>;
}

export interface OrderingView {
  runId: number;
  kind: OrderingKind;
  computedAt: string | null;
  difficulty: string;
  levels: OrderingLevel[];
  problems: { level: number; message: string }[];
  /** Levels the plan wants but the ordering could not fill. */
  shortLevels: number[];
  /** Every rule the order breaks on its difficulty curve (the game's curve rules), where and by how much. */
  breaks: CurveBreakView[];
  /** The game's curve rules for the run's rules (never falls; largest step; longest equal run). */
  curveRules: CurveRules;
  /** The run plan's landmarks (tutorial end, stage starts, new mechanics) for the curve. */
  marks: PlanMark[];
  /** Near-duplicate pairs this order ships on purpose (marked fine in triage), worded as the export words them. */
  keptOnPurpose: { levels: [number, number]; message: string }[];
}

/** A run's steering: pins and locks (level -> candidate), exclusions, over all or approved candidates. */
export interface Steering {
  approved: boolean;
  pins: { level: number; candidateId: number }[];
  locks: { level: number; candidateId: number }[];
  excluded: number[];
}

/** A rule the steered order breaks (the designer forced it), between two levels, and by how much. */
export interface CurveBreakView {
  rule: 'fell' | 'step' | 'equal-run';
  from: number;
  to: number;
  by: number;
  message: string;
}

export interface SteerResult {
  steering: Steering;
  ordering: OrderingView;
  breaks: CurveBreakView[];
  /** Largest rise between neighbouring levels of the steered order (null with fewer than two levels). */
  largestStep: number | null;
  /** The history entry this action recorded; undo/redo as after any change. */
  entry: HistoryEntry | null;
  undo: HistoryEntry | null;
  redo: HistoryEntry | null;
}

/** One candidate of a near-duplicate pair: its verdict, and the level it ships as (null: it does not ship). */
export interface DuplicateSide {
  id: number;
  slot: number;
  index: number;
  verdict: Verdict;
  /** The level it ships as in the pair's `order`, or null. */
  ships: number | null;
}

// ---------- ordering page: swap options (ordering) ----------

/** One candidate a level could swap to, with how it would fit there (src-shared/ordering/fit.ts). */
export interface SwapOption {
  candidateId: number;
  slot: number;
  index: number;
  difficulty: number | null;
  verdict: Verdict;
  /** The level JSON, for its thumbnail. */
  level: unknown;
  /** The rules it would break at this level with its neighbours there now. */
  breaks: CurveBreakView[];
  /** How far its difficulty lies from the level's target (or its neighbours' middle). */
  off: number | null;
  /** The level it holds in this order now, if any (the level it holds is this one: the current pick). */
  shippedAt: number | null;
  /** Pinned to a level by the steering, if it is. */
  pinnedAt: number | null;
}

export interface SwapOptions {
  runId: number;
  kind: OrderingKind;
  level: number;
  /** The stage (levels) whose pools the options come from: the game ships a stage's candidates anywhere in it. */
  stage: { first: number; last: number };
  /** The candidate the level holds in that order now. */
  current: number | null;
  target: number | null;
  /** The best fits of the stage's pools (at most 40, and the current one), best first; candidates the steering excludes or may not ship are left out. */
  options: SwapOption[];
  /** How many were left out (excluded, rejected, drafts, not approved under approved-only steering, or not proven). */
  leftOut: number;
  /** How many more fit less well than the last one sent. */
  more: number;
}

export interface DuplicatePairView {
  id: number;
  a: DuplicateSide;
  b: DuplicateSide;
  rule: string;
  transform: string;
  share: number;
  /** The designer marked the pair fine (both may ship): who, and when. */
  fine: { by: string; at: string } | null;
  /** The order `ships` is read against (by default the one shipping now: steered, else approved, else automatic); null before any. */
  order: OrderingKind | null;
}

/** Pairs by how many of the two ship: both, exactly one, neither, or any. */
export const duplicateShipsSchema = z.enum(['any', 'both', 'one', 'none']);
export type DuplicateShipsFilter = z.infer<typeof duplicateShipsSchema>;
/** Pairs by triage: not marked fine (the default: fine pairs are no longer reported), unresolved (also no side rejected), fine, all. */
export const duplicateTriageSchema = z.enum(['open', 'unresolved', 'fine', 'all']);
export type DuplicateTriageFilter = z.infer<typeof duplicateTriageSchema>;
/** A triage decision on one pair: reject A or B (a verdict), mark the pair fine, or take the mark off. */
export const triageDecisionSchema = z.enum(['reject-a', 'reject-b', 'fine', 'not-fine']);
export type TriageDecision = z.infer<typeof triageDecisionSchema>;

export interface PoolPoint {
  id: number;
  slot: number;
  index: number;
  difficulty: number | null;
  verdict: Verdict;
  metrics: Record<string, number>;
}

/** One file of an export, named relative to the pack's folder (src-shared/pack/per-level.ts). */
export type { PackFile } from './pack/per-level';

/**
 * A pack built for export. The API writes nothing: browser mode downloads it, Electron's main
 * process writes it where its save dialog says, the CLI where --out says.
 */
export interface ExportResult {
  layout: 'file' | 'per-level';
  /** The name to save under: the pack's file name, or the per-level folder's name. */
  fileName: string;
  /** The whole pack as one JSON text. */
  text: string;
  /** UTF-8 bytes of `text`. */
  bytes: number;
  /** Per-level layout: index.json then one level-NNN.json per level (empty for one file). */
  files: PackFile[];
  /** Near-duplicate pairs that ship on purpose (marked fine in triage): named, never a problem. */
  keptOnPurpose: { levels: [number, number]; message: string }[];
}

/** What Electron's main process wrote after its save dialog (the path the designer chose). */
export interface SavedPack {
  path: string;
  fileCount: number;
  bytes: number;
  /** As ExportResult's: near-duplicate pairs shipped on purpose. */
  keptOnPurpose: ExportResult['keptOnPurpose'];
}

/**
 * Electron only: the preload's `window.studioFiles`. Main opens the save and open dialogs
 * itself, so no path ever comes from the renderer; null means the designer cancelled.
 */
export interface FilesBridge {
  pickAndImport(args: { importId?: string }): Promise<ApiEnvelope<ImportResult | null>>;
  exportToChosenFile(args: {
    runId: number;
    kind: OrderingKind;
    layout: 'file' | 'per-level';
    allowBreaks?: boolean;
  }): Promise<ApiEnvelope<SavedPack | null>>;
}

export interface ImportResult {
  run: RunSummary;
  levels: number;
}

export interface CompareView {
  game: z.infer<typeof gameIdSchema>;
  difficulty: string;
  a: { run: RunSummary; levels: OrderingLevel[] };
  b: { run: RunSummary; levels: OrderingLevel[] };
  /** Per level: both candidates side by side (null where a side has no level). */
  pairs: { level: number; a: number | null; b: number | null; difference: number | null }[];
  summary: { label: string; a: string; b: string }[];
}

// ---------- experiments, presets, settings diffs (issue 16) ----------

export const experimentIdSchema = z
  .number({ error: (iss) => numberTypeMessage(iss.input) })
  .int('must be a whole number')
  .positive('must be a positive experiment id');
export const presetIdSchema = z
  .number({ error: (iss) => numberTypeMessage(iss.input) })
  .int('must be a whole number')
  .positive('must be a positive preset id');
const wholeNumber = (what: string) =>
  z
    .number({ error: (iss) => numberTypeMessage(iss.input) })
    .int('must be a whole number')
    .min(0, `must be ${what}`);
/** Experiments hold at most this many variants next to the base. */
export const MAX_EXPERIMENT_VARIANTS = 3;
export const MAX_EXPERIMENT_SEEDS = 64;
export const experimentScopeSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('plan') }).strict(),
    z
      .object({
        kind: z.literal('slots'),
        /** 0-based level slots (as candidates name them), each made `candidates` times. */
        slots: z
          .array(wholeNumber('a level slot (0 or more)'))
          .min(1, 'needs at least one level slot')
          .max(50, 'holds at most 50 level slots'),
        candidates: z
          .number({ error: (iss) => numberTypeMessage(iss.input) })
          .int('must be a whole number')
          .min(1, 'must be at least 1')
          .max(2000, 'must be at most 2000'),
      })
      .strict(),
  ],
  { error: 'must be the whole plan, or some levels with a number of candidates each' },
);
const settingsRefSchema = z.union(
  [
    z.object({ runId: runIdSchema }).strict(),
    z.object({ presetId: presetIdSchema }).strict(),
    z.object({ game: gameIdSchema }).strict(),
    z
      .object({
        experimentId: experimentIdSchema,
        arm: wholeNumber('an arm (0 = the base, 1.. the variants)'),
      })
      .strict(),
  ],
  { error: "must name a run, a preset, a game's defaults or an experiment's arm" },
);
const presetNameSchema = labelSchema(80, { min: 1 });

/** The reply of candidates.saveEdited: the new candidate, the history entry that saved it, and its proof. */
export interface SavedEdit extends CurationChange {
  candidateId: number;
  /** It breaks a hard rule: kept and clearly marked, never shipped (orderings skip it and say so). */
  draft: boolean;
  proof: LevelProof;
  /** Near-duplicate pairs found for it against its neighbours (stored with it). */
  duplicates: { candidateId: number; rule: string; transform: string; share: number }[];
}

// ---------- the request table ----------

interface MethodSpec<A extends z.ZodType, R> {
  args: A;
  /** Phantom: carries the reply type only. */
  reply?: R;
  description: string;
}

function method<R>() {
  return <A extends z.ZodType>(args: A, description: string): MethodSpec<A, R> => ({ args, description });
}

const noArgs = z.object({}).strict();

export const apiMethods = {
  'app.info': method<AppInfo>()(noArgs, 'Name, version, transport, database file name and worker count.'),
  'games.list': method<GameInfo[]>()(noArgs, 'Every game the studio ships, with its default rules and plan.'),
  'runs.list': method<RunSummary[]>()(
    z
      .object({
        game: gameIdSchema.optional(),
        status: runStatusSchema.optional(),
      })
      .strict(),
    'Runs, newest first, optionally filtered by game or status.',
  ),
  'runs.get': method<RunDetail>()(
    z.object({ runId: runIdSchema }).strict(),
    'One run with its plan and rules.',
  ),
  'runs.create': method<RunSummary>()(
    z
      .object({
        game: gameIdSchema,
        seed: seedSchema,
        name: labelSchema(120).optional(),
        plan: z.unknown().optional(),
        rules: z.unknown().optional(),
        levels: z
          .number({ error: (iss) => numberTypeMessage(iss.input) })
          .int('must be a whole number')
          .positive('must be at least 1')
          .optional(),
        /** Start a run past the size threshold anyway (it was refused once with its estimated time). */
        confirm: z.boolean({ error: 'must be true or false' }).default(false),
      })
      .strict(),
    'Validate and store a new run, then queue it on the worker pool; one past the size threshold (the one experiments use) is refused with its estimated time (a conflict naming the field confirm) until asked again with confirm: true.',
  ),
  'runs.report': method<RunReport | null>()(
    z.object({ runId: runIdSchema }).strict(),
    'The report a run stored when it ended (difficulty range, largest step, gave-up jobs, near-duplicates, short levels, warnings, phase times); null before it ends.',
  ),
  'runs.cancel': method<RunSummary>()(
    z.object({ runId: runIdSchema }).strict(),
    'Stop a queued or running run; finished candidates stay.',
  ),
  'runs.resume': method<RunSummary>()(
    z.object({ runId: runIdSchema }).strict(),
    'Carry on a cancelled, interrupted or failed run from what is stored.',
  ),
  'runs.delete': method<{ deleted: number }>()(
    z.object({ runId: runIdSchema }).strict(),
    'Delete a run that is not running, with its candidates.',
  ),
  'runs.compare': method<CompareView>()(
    z.object({ a: runIdSchema, b: runIdSchema, kind: orderingKindSchema.default('automatic') }).strict(),
    'Two runs of one game: curves on one level axis and per-level pairs.',
  ),
  'candidates.list': method<CandidatePage>()(
    z
      .object({
        runId: runIdSchema,
        slot: z.number().int().min(0, 'must not be negative').optional(),
        verdict: verdictSchema.optional(),
        tag: tagSchema.optional(),
        shipped: z.enum(['automatic', 'approved', 'any']).optional(),
        filters: z
          .array(
            z
              .object({ metric: z.string().min(1), min: z.number().optional(), max: z.number().optional() })
              .strict(),
          )
          .max(16)
          .optional(),
        sort: z
          .object({ key: z.string().min(1), dir: z.enum(['asc', 'desc']).default('asc') })
          .strict()
          .optional(),
        offset: z.number().int().min(0, 'must not be negative').default(0),
        limit: z.number().int().min(1, 'must be at least 1').max(2000, 'must be at most 2000').default(200),
        withLevels: z.boolean().default(true),
      })
      .strict(),
    'A page of candidates, filtered and sorted by any metric, verdict, tag or slot.',
  ),
  'candidates.get': method<CandidateDetail>()(
    z.object({ candidateId: candidateIdSchema }).strict(),
    'One candidate with its level, metrics, proof and run rules.',
  ),
  'candidates.points': method<PoolPoint[]>()(
    z.object({ runId: runIdSchema }).strict(),
    'Every candidate of a run as a plot point (no level JSON).',
  ),
  'candidates.setVerdict': method<CurationChange>()(
    z
      .object({
        candidateIds: z.array(candidateIdSchema).min(1, 'must name at least one candidate').max(20000),
        verdict: verdictSchema,
      })
      .strict(),
    "Approve, reject or clear one or many candidates; recorded in the run's history (undoable).",
  ),
  'candidates.setNote': method<CurationChange & { row: CandidateRow }>()(
    z.object({ candidateId: candidateIdSchema, note: noteSchema(4000) }).strict(),
    "Set a candidate's note; recorded in the run's history (undoable).",
  ),
  'candidates.setTags': method<CurationChange>()(
    z
      .object({
        candidateIds: z.array(candidateIdSchema).min(1, 'must name at least one candidate').max(20000),
        tags: z.array(tagSchema).max(20),
        mode: z.enum(['add', 'remove', 'set']).default('add'),
      })
      .strict(),
    "Add, remove or set tags on candidates; recorded in the run's history (undoable).",
  ),
  // ---------- hand-edited levels (issue 15) ----------
  'candidates.prove': method<LevelProof>()(
    z
      .object({
        runId: runIdSchema,
        slot: z
          .number({ error: (iss) => numberTypeMessage(iss.input) })
          .int('must be a whole number')
          .min(0, 'must not be negative'),
        level: z.unknown(),
      })
      .strict(),
    "Prove a level (a pack's level object) in a run's slot with the game's own proof, the one verify is built on: metrics, a solution and every rule it breaks; stores nothing.",
  ),
  'candidates.saveEdited': method<SavedEdit>()(
    z
      .object({
        runId: runIdSchema,
        slot: z
          .number({ error: (iss) => numberTypeMessage(iss.input) })
          .int('must be a whole number')
          .min(0, 'must not be negative'),
        from: candidateIdSchema.optional(),
        level: z.unknown(),
      })
      .strict(),
    "Save a hand-edited level as a new candidate of the run's pool, linked to the candidate it came from; a level that breaks a hard rule is saved as a draft that never ships. Near-duplicates are found for it; recorded in the run's history (undoable).",
  ),
  'history.list': method<HistoryList>()(
    z
      .object({
        runId: runIdSchema,
        limit: z.number().int().min(1, 'must be at least 1').max(10000, 'must be at most 10000').default(200),
      })
      .strict(),
    "A run's changes, newest first, with time and scope, and what undo and redo would act on.",
  ),
  'history.undo': method<HistoryStep>()(
    z.object({ runId: runIdSchema }).strict(),
    'Undo exactly the last change of a run still in effect, and name it.',
  ),
  'history.redo': method<HistoryStep>()(
    z.object({ runId: runIdSchema }).strict(),
    'Redo exactly the change undone last, and name it.',
  ),
  'history.jump': method<HistoryStep>()(
    z
      .object({
        runId: runIdSchema,
        entryId: z
          .number({ error: (iss) => numberTypeMessage(iss.input) })
          .int('must be a whole number')
          .min(0, 'must not be negative'),
      })
      .strict(),
    'Go back (or forward) to the state right after one change of the history (0: before the first).',
  ),
  'orderings.get': method<OrderingView>()(
    z.object({ runId: runIdSchema, kind: orderingKindSchema }).strict(),
    'The automatic or approved ordering with its curve data.',
  ),
  'orderings.computeApproved': method<OrderingView>()(
    z.object({ runId: runIdSchema }).strict(),
    "Run the game's ordering on approved candidates only and store it.",
  ),
  'orderings.steering': method<Steering>()(
    z.object({ runId: runIdSchema }).strict(),
    "A run's pins, locks and exclusions (empty when it has none).",
  ),
  'orderings.steer': method<SteerResult>()(
    z
      .object({
        runId: runIdSchema,
        approved: z.boolean().optional(),
        pin: z
          .array(z.object({ level: levelSchema, candidateId: candidateIdSchema }).strict())
          .max(10000)
          .default([]),
        unpin: z.array(levelSchema).max(10000).default([]),
        lock: z.array(levelSchema).max(10000).default([]),
        unlock: z.array(levelSchema).max(10000).default([]),
        exclude: z.array(candidateIdSchema).max(10000).default([]),
        include: z.array(candidateIdSchema).max(10000).default([]),
        clear: z.boolean().default(false),
      })
      .strict(),
    "Pin candidates to levels, lock levels as they are, exclude candidates (or undo those), and recompute the order around them under the game's rules; stores the steered order and records the change in the run's history. Impossible constraints are refused naming the levels and the rule, and nothing changes.",
  ),
  // ---- duplicate triage (issue 14 part 3) ----
  // ---- ordering page (ordering) ----
  'orderings.swapOptions': method<SwapOptions>()(
    z.object({ runId: runIdSchema, kind: orderingKindSchema, level: levelSchema }).strict(),
    'The candidates a level could swap to in an order (its pool and the other pools of its stage), ranked by how well each fits there (rules it would break with its neighbours, distance to the target).',
  ),
  'duplicates.list': method<DuplicatePairView[]>()(
    z
      .object({
        runId: runIdSchema,
        limit: z.number().int().min(1).max(100000).default(1000),
        order: orderingKindSchema.optional(),
        ships: duplicateShipsSchema.default('any'),
        triage: duplicateTriageSchema.default('open'),
      })
      .strict(),
    "Near-duplicate pairs found among a run's candidates, closest first, with both verdicts and where each ships (in `order`, by default the order shipping now); pairs marked fine are left out unless triage asks for them.",
  ),
  'duplicates.triage': method<CurationChange & { pair: DuplicatePairView }>()(
    z
      .object({
        pairId: z
          .number({ error: (iss) => numberTypeMessage(iss.input) })
          .int('must be a whole number')
          .positive('must be a positive pair id'),
        decision: triageDecisionSchema,
      })
      .strict(),
    "Triage one near-duplicate pair: reject candidate A or B, or mark the pair fine (both may ship; stored with who decided and when) or take the mark off; recorded in the run's history (undoable). The ordering honours it when recomputed.",
  ),
  'packs.export': method<ExportResult>()(
    z
      .object({
        runId: runIdSchema,
        kind: orderingKindSchema,
        layout: z.enum(['file', 'per-level']).default('file'),
        /** Ship a steered order that breaks the game's rules anyway; the pack records the breaks. */
        allowBreaks: z.boolean().default(false),
      })
      .strict(),
    'Build the pack (one file, or one file per level plus an index) for download; writes nothing.',
  ),
  'packs.import': method<ImportResult>()(
    z
      .object({
        text: z.string({ error: 'must be text' }).min(1, 'must not be empty'),
        name: labelSchema(120).optional(),
        importId: importIdSchema.optional(),
      })
      .strict(),
    "Check a pack's text in a worker (size limits, schema, proof), and store it as a read-only imported run.",
  ),
  'packs.cancelImport': method<{ cancelled: boolean }>()(
    z.object({ importId: importIdSchema }).strict(),
    'Stop the pack import started with this importId; nothing of it is stored.',
  ),
  // ---------- experiments, presets, settings diffs (issue 16; exp-engine) ----------
  'experiments.create': method<ExperimentCreated>()(
    z
      .object({
        name: labelSchema(120).optional(),
        /** The base: a run's game, plan and rules, or a game's defaults (optionally its first `levels` levels). */
        base: z.union(
          [
            z.object({ runId: runIdSchema }).strict(),
            z
              .object({
                game: gameIdSchema,
                levels: z
                  .number({ error: (iss) => numberTypeMessage(iss.input) })
                  .int('must be a whole number')
                  .positive('must be at least 1')
                  .optional(),
              })
              .strict(),
          ],
          { error: 'must be a run (its settings) or a game (its defaults)' },
        ),
        variants: z
          .array(
            z
              .object({
                name: labelSchema(60).optional(),
                /** Paths to values: `rules.spacing`, `rules.sizes.small.radius`, `plan.3.taps` (plan rows 0-based). */
                changes: z.record(z.string(), z.unknown()),
              })
              .strict(),
          )
          .min(1, 'needs at least one variant')
          .max(MAX_EXPERIMENT_VARIANTS, `holds at most ${MAX_EXPERIMENT_VARIANTS} variants`),
        seeds: z
          .array(seedSchema)
          .min(1, 'needs at least one seed')
          .max(MAX_EXPERIMENT_SEEDS, `holds at most ${MAX_EXPERIMENT_SEEDS} seeds`)
          .refine((s) => new Set(s).size === s.length, 'names a seed twice'),
        scope: experimentScopeSchema.default({ kind: 'plan' }),
        /** Run an experiment past the size threshold anyway (it was refused once with its estimated time). */
        confirm: z.boolean().default(false),
      })
      .strict(),
    "Check every variant's changes against the game's rules and plan (naming a bad field), then store the experiment with one run per arm and seed and queue them on the worker pool; one past the size threshold answers its estimated time and waits for confirm: true.",
  ),
  'experiments.list': method<ExperimentSummary[]>()(
    z.object({ game: gameIdSchema.optional() }).strict(),
    'Experiments, newest first, with status and runs done.',
  ),
  'experiments.get': method<ExperimentDetail>()(
    z.object({ experimentId: experimentIdSchema }).strict(),
    'One experiment: its arms (base and variants with their settings and diff), its runs per arm and seed, and its progress.',
  ),
  'experiments.results': method<ExperimentResults>()(
    z.object({ experimentId: experimentIdSchema }).strict(),
    'Each variant against the base over the seeds both finished: figures as median and range with a `real` flag from a paired per-seed sign test, and difficulty distributions per stage.',
  ),
  'experiments.cancel': method<ExperimentSummary>()(
    z.object({ experimentId: experimentIdSchema }).strict(),
    "Stop an experiment's queued and running runs; finished runs and candidates stay.",
  ),
  'experiments.resume': method<ExperimentSummary>()(
    z.object({ experimentId: experimentIdSchema }).strict(),
    "Carry on an experiment's unfinished runs from what is stored.",
  ),
  'experiments.delete': method<{ deleted: number; runs: number }>()(
    z.object({ experimentId: experimentIdSchema }).strict(),
    'Delete an experiment that is not running, with its runs.',
  ),
  'experiments.adopt': method<ExperimentAdopted>()(
    z
      .object({
        experimentId: experimentIdSchema,
        /** The arm to adopt: 1.. the variants in order (0, the base, is allowed too). */
        variant: wholeNumber('a variant number (1 for the first)'),
        as: z.enum(['run', 'preset']),
        /** The run's or the preset's name (a preset needs one). */
        name: labelSchema(80).optional(),
        /** The new run's seed (default: the experiment's first seed). */
        seed: seedSchema.optional(),
      })
      .strict(),
    "Start a new run of the whole plan, or save a preset, with a variant's rules and plan.",
  ),
  'presets.save': method<Preset>()(
    z
      .object({
        game: gameIdSchema,
        name: presetNameSchema,
        /** Left out: the game\'s defaults. Rules may be given in part (the rest keep the defaults). */
        plan: z.unknown().optional(),
        rules: z.unknown().optional(),
        /** Replace a preset of the same name (refused otherwise). */
        replace: z.boolean().default(false),
      })
      .strict(),
    'Check and store a named rule and plan set of a game.',
  ),
  'presets.list': method<Preset[]>()(
    z.object({ game: gameIdSchema.optional() }).strict(),
    'Presets by game and name.',
  ),
  'presets.delete': method<{ deleted: number }>()(
    z.object({ presetId: presetIdSchema }).strict(),
    'Delete a preset.',
  ),
  'settings.diff': method<SettingsDiff>()(
    z.object({ a: settingsRefSchema, b: settingsRefSchema }).strict(),
    "What differs between two settings (runs, presets, a game's defaults, an experiment's arms), one plain-word line each.",
  ),
} as const;

export type ApiMethodName = keyof typeof apiMethods;
export const apiMethodNames = Object.keys(apiMethods) as ApiMethodName[];

type SpecOf<K extends ApiMethodName> = (typeof apiMethods)[K];
export type ApiArgs<K extends ApiMethodName> = z.input<SpecOf<K>['args']>;
export type ApiParsedArgs<K extends ApiMethodName> = z.output<SpecOf<K>['args']>;
// ---------- arguments as a form holds them (polish) ----------

/**
 * Arguments as a form holds them: every number may still be the text the designer typed
 * ("12a", "1e999"). The forms send such text on, and the API's check refuses it in a sentence
 * naming the field, so a form needs no second reader of its own (StudioClient.submit).
 */
export type AsTyped<T> = T extends number
  ? number | string
  : T extends readonly (infer U)[]
    ? AsTyped<U>[]
    : T extends object
      ? { [P in keyof T]: AsTyped<T[P]> }
      : T;

export type ApiReply<K extends ApiMethodName> = SpecOf<K> extends MethodSpec<z.ZodType, infer R> ? R : never;

/** What the service object implements: one async function per API method. */
export type ApiHandlers = {
  [K in ApiMethodName]: (args: ApiParsedArgs<K>) => Promise<ApiReply<K>> | ApiReply<K>;
};

// ---------- events main pushes ----------

export interface ApiEvents {
  'run.progress': RunProgress;
  'run.changed': { runId: number; status: RunStatus };
  'experiment.progress': ExperimentProgress;
  'experiment.changed': { experimentId: number; status: ExperimentStatus };
}
export type ApiEventName = keyof ApiEvents;
export const apiEventNames: ApiEventName[] = [
  'run.progress',
  'run.changed',
  'experiment.progress',
  'experiment.changed',
];

// ---------- errors and envelopes ----------

export type ApiErrorCode = 'bad-argument' | 'unknown-method' | 'not-found' | 'conflict' | 'internal';

export interface ApiErrorBody {
  code: ApiErrorCode;
  message: string;
  /** For bad arguments: each offending field with its problem (`label`: the field in the game's words, where the server knows them). */
  fields?: ApiFieldProblem[];
}

/** One argument's problem: its dotted path, the problem ("must be a whole number"), and the field's name in the game's words when known ("Normal dot, radius"). */
export interface ApiFieldProblem {
  field: string;
  message: string;
  label?: string;
}

export type ApiEnvelope<T> = { ok: true; value: T } | { ok: false; error: ApiErrorBody };

export class ApiError extends Error {
  constructor(
    readonly code: ApiErrorCode,
    message: string,
    readonly fields?: ApiFieldProblem[],
  ) {
    super(message);
    this.name = 'ApiError';
  }
  toBody(): ApiErrorBody {
    return this.fields
      ? { code: this.code, message: this.message, fields: this.fields }
      : { code: this.code, message: this.message };
  }
}

/** Validate arguments for a method; throws ApiError('bad-argument') naming each field. */
export function parseArgs<K extends ApiMethodName>(name: K, raw: unknown): ApiParsedArgs<K> {
  const spec = apiMethods[name] as MethodSpec<z.ZodType, unknown> | undefined;
  if (!spec) throw new ApiError('unknown-method', `unknown API method "${String(name)}"`);
  const result = spec.args.safeParse(raw ?? {}, { error: designerErrorMap });
  if (result.success) return result.data as ApiParsedArgs<K>;
  const fields = designerIssues(result.error, { schema: spec.args });
  const text = fields.map((f) => `${f.field}: ${f.message}`).join('; ');
  throw new ApiError('bad-argument', `${name}: bad argument — ${text}`, fields);
}

export function isApiMethodName(name: string): name is ApiMethodName {
  return Object.prototype.hasOwnProperty.call(apiMethods, name);
}

/**
 * The client side, whichever transport carries it: the renderer's (Electron IPC or the local
 * server's WebSocket) or, in the CLI and the tests, the service in the same process
 * (src-main/local-client.ts). A failed call rejects with the API's error sentence.
 */
export interface StudioClient {
  call<K extends ApiMethodName>(name: K, args: ApiArgs<K>): Promise<ApiReply<K>>;
  /**
   * A form's arguments as the designer typed them (AsTyped): the same call, for the forms that
   * leave reading their number fields to the API, which names each field it cannot read.
   */
  submit<K extends ApiMethodName>(name: K, args: AsTyped<ApiArgs<K>>): Promise<ApiReply<K>>;
  on<E extends ApiEventName>(event: E, handler: (payload: ApiEvents[E]) => void): () => void;
  readonly transport: 'electron' | 'server' | 'local';
}
