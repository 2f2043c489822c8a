/**
 * The one interface every game folder implements (in the spirit of Simon Tatham's
 * `struct game`): rules and plan with schemas, make one candidate from a seed, measure,
 * order pools, find near-duplicates, read/write/verify packs. Everything here is pure and
 * deterministic: no I/O, no clock, no Math.random.
 *
 * Levels, rules and plans are plain JSON data so they cross worker and IPC boundaries
 * unchanged and are stored verbatim in SQLite.
 */
import type { CurveRules } from './ordering/curve-rules';
import type { FinePair } from './ordering/fine-pairs';
import type { z } from 'zod';
import type { PhaseWeights } from './progress';
import type { Explanation, LevelProof, ProofContext } from './proof';

export type { FinePair };

/** One metric a candidate carries (a column in the pool browser, an axis in plots). */
export interface MetricInfo {
  key: string;
  /** The metric in a designer's words (a column, an axis, a filter). */
  label: string;
  /** A short form of the label for tight places (a pool card's metric line); the label when absent. */
  short?: string;
  /** One plain line saying what it counts, shown on hover (every shipped game gives one; a unit test checks). */
  explain?: string;
  /** A cost of making the candidate (build time, builds), not a property of the level: never highlighted as a difference. */
  cost?: boolean;
  /** A developer timing (a worker's build time): listed only with the debug overlay on (Alt+D). */
  developer?: boolean;
  /** The word written after a figure of it, plural ("bits", "reads"; one is made singular); bare figures when absent. */
  unit?: string;
  /** Integer-valued metrics are shown without decimals. */
  integer: boolean;
}

/** A rules or plan field in a designer's words. */
export interface FieldInfo {
  label: string;
  /** One plain line: what it does, in the game's terms (units where it has them). */
  explain: string;
}

/** What the generator hands back for one (slot, index) job. */
export interface GeneratedCandidate<Level> {
  /** The level, or null when the bounded tries all failed (the job is still "done"). */
  level: Level | null;
  /** Metrics of the level (empty when level is null). Keys as in `metrics`. */
  metrics: Record<string, number>;
  /** How many build attempts the job made (Carillon: grown fields; Apsis: builds). */
  tries: number;
  /** Why the job gave up, when level is null. */
  failure?: string;
}

/** A candidate as the ordering and duplicate passes see it. */
export interface PoolCandidate<Level> {
  /** Stable id: `${slot}:${index}`, or a database id; opaque to the game. */
  id: string;
  slot: number;
  index: number;
  level: Level;
  metrics: Record<string, number>;
}

export interface NearDuplicate {
  /** Which rule matched, e.g. 'same-picture', 'same-answer', 'same-chains', 'copy', 'near-copy', 'redrawn'. */
  rule: string;
  /** The transform that maps a onto b, e.g. 'rot90', 'mirror-x+rot180', or 'graph'. */
  transform: string;
  /** Fraction (0..1) of elements paired under the best transform. */
  share: number;
  /** Optional pairs of matched element indices [indexInA, indexInB] for highlighting. */
  matched?: [number, number][];
}

/** What a game's ordering search is given. */
export interface OrderArgs<Rules, Plan, Level> {
  rules: Rules;
  plan: Plan;
  pools: PoolCandidate<Level>[][];
  /** Pairs of pool ids the designer marked fine: never skipped as near-duplicates of each other. */
  fine?: readonly FinePair[];
  /**
   * The run's every proven candidate (default `pools`): a game that draws its target line from
   * the pools draws it from these, so an order of a few approved candidates aims at the same
   * line as the automatic one.
   */
  targetPools?: PoolCandidate<Level>[][];
}

/**
 * How B of a near-duplicate pair sits against A, for a small picture: flipped top to bottom
 * first (when `mirror`), then turned `degrees` clockwise on screen; or matched by structure
 * (a graph of who blocks or reaches whom), not by position.
 */
export type MatchPicture =
  { kind: 'turn'; mirror: boolean; degrees: number } | { kind: 'graph'; mirror: boolean };

/** A stored near-duplicate match in a designer's words. */
export interface MatchDescription {
  /** The rule that matched, in plain words: "copy", "near copy", "same picture". */
  rule: string;
  /** How B relates to A: "mirrored, turned 185°", "same blocking graph", "same picture". */
  name: string;
  picture: MatchPicture;
}

export interface OrderingProblem {
  /** 1-based level number the problem concerns. */
  level: number;
  message: string;
}

export interface OrderingResult {
  /** levels[i] = id of the candidate that ships as level i+1, or null when the pool could not fill it. */
  levels: (string | null)[];
  /** Per level: the target difficulty the ordering aimed at (for the curve), when it has one. */
  targets: (number | null)[];
  problems: OrderingProblem[];
}

export interface PackProblem {
  /** 1-based level, or null for pack-wide problems. */
  level: number | null;
  /** Which rule or field failed, e.g. 'spacing', 'bits', 'dots[3].size'. */
  rule: string;
  message: string;
  /** A near-duplicate problem's two levels (1-based, earlier first): triage may have kept the pair on purpose. */
  pair?: [number, number];
}

export interface PackSummaryLine {
  label: string;
  value: string;
}

/** A run of consecutive levels of a plan (1-based, inclusive): a Carillon stretch, an Apsis stage. */
export interface PlanStage {
  first: number;
  last: number;
}

/**
 * A landmark of a plan drawn on the ordering curve: where the tutorial ends, where a stage
 * (stretch) begins, where a new mechanic first appears. Plain data from the plan alone.
 */
export interface PlanMark {
  /** 1-based level: the last tutorial level, or the first level of a stage or mechanic. */
  level: number;
  kind: 'tutorial-end' | 'stage' | 'mechanic';
  /** A few words: "tutorial ends", "stage 3 · 5 orbits", "long arrows", "3 taps". */
  label: string;
}

/** The words a game's studio pages use for its things (singular and plural). */
export interface GameWords {
  /** A row of the plan: "stretch", "stage". */
  stage: string;
  stages: string;
  /** The thing a level is made of, as near-duplicates pair them: "dot", "arrow". */
  element: string;
  elements: string;
  /**
   * Why the order's level 1 may come from a later pool than L1, in one sentence (the Ordering
   * page shows it when it does); absent for a game whose level 1 always comes from L1.
   */
  orderStart?: string;
}

/** What a tester's moves did, replayed through the game's rules (playtests, src-shared/playtest/). */
export interface PlaytestReplay {
  /** Per segment (the moves between restarts), what each accepted move did in a few words ("popped 5", "flew", "hit 3"). */
  effects: string[][];
  /** The first move that cannot have happened (segment and move, 0-based) and why, or null. */
  refused: { segment: number; move: number; reason: string } | null;
  /** Where the last segment stands after its accepted moves: still open, cleared, or lost by the rules. */
  status: 'playing' | 'cleared' | 'failed';
  /** The attempt's wasted moves in the game's sense (Carillon: taps beyond the fewest; Apsis: hearts lost). */
  wasted: number;
}

/**
 * A game's part of playtests: its moves are element indices (the action codec is the identity),
 * and this replays them. Recording, storage, analysis and pages are shared.
 */
export interface PlaytestRules<Level, Rules> {
  /** Moves a clear needs at the fewest (Carillon: the level's fewest taps; Apsis: its arrows). */
  fewest(level: Level, rules: Rules): number;
  /** One clear in the fewest moves (the conformance suite and the simulated testers replay it). */
  solution(level: Level, rules: Rules): number[];
  /** Replay an attempt's segments from the start position (each restart starts a new segment). Pure. */
  replay(level: Level, rules: Rules, segments: readonly (readonly number[])[]): PlaytestReplay;
}

/**
 * A level as a playtest page holds it (docs/playtests.md): only what the board and the replay
 * need, never a solution, a metric or a hint; the page reads it back with the game's own code.
 */
export interface BlindLevel<Level, Rules> {
  /** The level without its solution, metrics and hints (plain JSON). */
  strip(level: Level): unknown;
  /**
   * A stripped level back as a Level the game's `playtest` replays, re-deriving what was
   * stripped (Carillon: its fewest taps, by the solver). Throws an Error naming the field.
   */
  read(raw: unknown, rules: Rules): Level;
}

/** The kinds of game data the studio stores: a run's rules and plan, and each candidate's level. */
export type DataKind = 'rules' | 'plan' | 'level';

export interface Game<Rules, Plan, Level, Pack, Id extends string = string> {
  /** Lower-case id; packs carry `format: "<id>-pack"`. */
  id: Id;
  /**
   * The version of the game's data: its rules, plans and levels as stored (every stored row
   * records the version it was written at) and its packs' `version`. Raise it with every
   * change to those shapes, and give `migrate` the step from the one before
   * (src-shared/data-version.ts chains the steps; docs/data.md).
   */
  dataVersion: number;
  /**
   * One step of the chain: `json` of this kind as version `from` left it, brought to version
   * `from + 1` (1 <= from < dataVersion). A level is a stored level or a pack's level object
   * (the same fields, with the pack's claims): a step keeps both. Plain data in, plain data
   * out; throw an Error naming the field when the data cannot be brought forward.
   */
  migrate(kind: DataKind, json: unknown, from: number): unknown;
  title: string;
  /** One-paragraph description for the studio. */
  blurb: string;
  words: GameWords;
  rulesSchema: z.ZodType<Rules>;
  planSchema: z.ZodType<Plan>;
  defaultRules: Rules;
  defaultPlan: Plan;
  /** The plan cut to its first n levels. */
  truncatePlan(plan: Plan, n: number): Plan;
  /** Human-readable rows of a plan (levels, what they hold), for the studio and the CLI. */
  describePlan?(plan: Plan): { levels: string; detail: string }[];
  /** Number of levels the plan ships. */
  levelCount(plan: Plan): number;
  /** The plan's rows as level ranges, in order, covering every level (progress is counted per stage). */
  stages(plan: Plan): PlanStage[];
  /** The plan's landmarks for the ordering curve (tutorial end, stage starts, new mechanics), by level. */
  planMarks?(plan: Plan): PlanMark[];
  /** Candidates to generate per level slot (index = slot, 0-based). */
  poolSizes(plan: Plan, rules: Rules): number[];
  /**
   * Rules and plan fields in a designer's words: a label and a one-line explanation per
   * field, keyed by its path in the rules ("sizes.small.radius", also "sizes" for a group)
   * or by its column in a plan row ("maxDots"). The studio's editors show these; a field
   * left out is shown by its key in words.
   */
  fields?: { rules: Record<string, FieldInfo>; plan: Record<string, FieldInfo> };
  /** The metric columns of a candidate; `difficulty` names the one the ordering climbs. */
  metrics: MetricInfo[];
  difficulty: string;
  /** Make candidate `index` of `slot`; its randomness comes from (seed, slot, index) only. */
  generate(args: {
    rules: Rules;
    plan: Plan;
    seed: number;
    slot: number;
    index: number;
  }): GeneratedCandidate<Level>;
  /** Re-measure a level (used by verify and import). */
  measure(level: Level, rules: Rules): Record<string, number>;
  /**
   * Prove one level in its slot of a plan: metrics, a solution, and every hard rule it breaks
   * (plain name, elements, a mark to draw). The editor proves on every drop, so it stays fast;
   * `verifyPack` is built on it, level by level, so the two cannot disagree (src-shared/proof.ts).
   */
  prove(level: Level, rules: Rules, ctx: ProofContext<Plan>): LevelProof<Level>;
  /** Why the level is as hard as it is: a breakdown adding up to its difficulty, per-element figures, a graph, one line. */
  explain(level: Level, rules: Rules): Explanation;
  /**
   * Read one level from plain JSON (a pack's level object, its claims optional, or a stored
   * level); throws LevelFormatError naming each wrong field in a designer's words.
   */
  parseLevel(json: unknown): Level;
  /**
   * The curve rules of the order on `difficulty` (never falls; largest step; longest equal
   * run), which steering keeps and the curve marks. Default: only "never falls".
   */
  curveRules?(rules: Rules): CurveRules;
  /**
   * Choose which candidates ship and in what order, skipping near-duplicates of chosen levels,
   * except pairs of `fine` (the designer's triage said they may both ship).
   */
  order(args: OrderArgs<Rules, Plan, Level>): OrderingResult;
  /** Near-duplicate test between two levels; null when they are different enough. */
  nearDuplicate(a: Level, b: Level, rules: Rules): NearDuplicate | null;
  /** A stored pair's rule and transform (as `nearDuplicate` names them) in plain words, with its picture. */
  describeTransform(transform: string, rule: string): MatchDescription;
  /**
   * Every near-duplicate pair among many levels (indices into `levels`, a < b), preparing each
   * level once; only pairs `include` accepts are compared.
   */
  duplicatePairs(
    levels: Level[],
    rules: Rules,
    include?: (a: number, b: number) => boolean,
  ): { a: number; b: number; duplicate: NearDuplicate }[];
  /**
   * The closest pair of a shipped set (indices into `levels`) and its share (0..1) under the
   * game's own near-duplicate measure, or null with fewer than two levels: a quality figure
   * of a set (experiments compare it over seeds).
   */
  closestPair?(levels: Level[], rules: Rules): { a: number; b: number; share: number } | null;
  /**
   * Problems between a valid plan and valid rules (each schema alone cannot see them), each
   * naming its field as `rules.x` or `plan.i.y`. Empty when they fit together.
   */
  crossCheck?(plan: Plan, rules: Rules): { field: string; message: string }[];
  /**
   * How many following level slots the candidates of `slot` are compared with in a run's
   * near-duplicate pass (default 2). A game whose ordering lets a pool ship anywhere in a
   * group of levels reaches to the end of that group, so copies that compete are found.
   */
  dedupSlotsAhead?(plan: Plan, slot: number): number;
  /**
   * How a run's time splits between its phases (relative weights of generate, order and
   * near-duplicates), so the overall progress bar moves evenly; measured from run reports.
   */
  phaseWeights?: PhaseWeights;
  /** Build the pack object (exact spec format) from ordered levels. */
  toPack(args: { seed: number; rules: Rules; plan: Plan; levels: Level[] }): Pack;
  /** Parse and schema-check a pack; throws PackFormatError naming level and field. */
  parsePack(json: unknown): Pack;
  /**
   * Re-prove every level of a pack, independently of its claims. `onLevel` is told each level
   * (1-based) before its proof, and `null` once every level is proved (the checks across levels
   * follow), so an import can hold each level's proof to a budget.
   */
  verifyPack(pack: Pack, onLevel?: (level: number | null) => void): PackProblem[];
  /** The levels (in order) of a pack, as Level objects. */
  packLevels(pack: Pack): Level[];
  /** Figures for the CLI summary. */
  summarize(pack: Pack): PackSummaryLine[];
  /** Replaying a tester's moves (playtests). */
  playtest: PlaytestRules<Level, Rules>;
  /** The level as an offline playtest page holds it (a game without it has no page). */
  blindLevel?: BlindLevel<Level, Rules>;
}
