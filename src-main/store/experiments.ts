/**
 * Queries on experiments and their runs: insert an experiment with its runs (one transaction),
 * read its arms and run cells, keep its status, and the shipped figures each run leaves once
 * done. Rows come out as the API's shapes (src-shared/experiments/types.ts).
 */
import type { GameId } from '../../src-shared/games/index';
import type { RunStatus } from '../../src-shared/api';
import type {
  ExperimentArm,
  ExperimentRunCell,
  ExperimentScope,
  ExperimentStatus,
  ExperimentSummary,
} from '../../src-shared/experiments/types';
import type { Db } from './db';
import { candidatesDoneSql, countsJoin } from './candidate-counts';
import { writeTransaction } from './write-transaction';
import { gameById } from '../../src-shared/games/index';
import { readStored } from './stored-data';

interface ExperimentRow {
  id: number;
  game: GameId;
  name: string;
  base_run_id: number | null;
  base_plan: string;
  base_rules: string;
  variants: string;
  seeds: string;
  scope: string;
  status: ExperimentStatus;
  created_at: string;
  finished_at: string | null;
  runs_done: number;
  runs_total: number;
  data_version: number;
}

export interface StoredExperiment extends ExperimentSummary {
  /** Arm 0 (the base) and the variants, each with its full settings. */
  arms: ExperimentArm[];
  /** Why an arm's stored rules or plan cannot be read (then its arms hold them as stored); null: readable. */
  dataProblem: string | null;
}

const selectExperiment = `
  SELECT e.*,
    (SELECT COUNT(*) FROM experiment_runs x JOIN runs r ON r.id = x.run_id WHERE x.experiment_id = e.id AND r.status = 'done') AS runs_done,
    (SELECT COUNT(*) FROM experiment_runs x WHERE x.experiment_id = e.id) AS runs_total
  FROM experiments e`;

function toStored(r: ExperimentRow): StoredExperiment {
  const stored = JSON.parse(r.variants) as Omit<ExperimentArm, 'arm'>[];
  // Every arm's rules and plan: migrated from the row's data version, then parsed by the game's schemas.
  const game = gameById(r.game);
  let dataProblem: string | null = null;
  const read = (kind: 'rules' | 'plan', text: string, arm: string): unknown => {
    const got = readStored(game, kind, text, r.data_version);
    if (got.ok) return got.value;
    dataProblem ??= `experiment ${r.id}'s stored ${kind} of ${arm} cannot be read (${got.reason}); the experiment is read-only`;
    return JSON.parse(text) as unknown;
  };
  const base: ExperimentArm = {
    arm: 0,
    name: 'base',
    changes: {},
    plan: read('plan', r.base_plan, 'the base'),
    rules: read('rules', r.base_rules, 'the base'),
  };
  const variants = stored.map((v) => ({
    ...v,
    plan: read('plan', JSON.stringify(v.plan), `variant "${v.name}"`),
    rules: read('rules', JSON.stringify(v.rules), `variant "${v.name}"`),
  }));
  return {
    dataProblem,
    id: r.id,
    name: r.name,
    game: r.game,
    status: r.status,
    baseRunId: r.base_run_id,
    variants: variants.map((v) => ({ name: v.name, changes: v.changes })),
    seeds: JSON.parse(r.seeds) as number[],
    scope: JSON.parse(r.scope) as ExperimentScope,
    createdAt: r.created_at,
    finishedAt: r.finished_at,
    runsDone: r.runs_done,
    runsTotal: r.runs_total,
    arms: [base, ...variants.map((v, i) => ({ ...v, arm: i + 1 }))],
  };
}

export const summaryOf = ({ arms: _arms, dataProblem: _d, ...s }: StoredExperiment): ExperimentSummary => s;

export function getExperiment(db: Db, id: number): StoredExperiment | null {
  const row = db.prepare(`${selectExperiment} WHERE e.id = ?`).get(id) as ExperimentRow | undefined;
  return row ? toStored(row) : null;
}

export function listExperiments(db: Db, filter: { game?: GameId } = {}): StoredExperiment[] {
  const rows = filter.game
    ? (db
        .prepare(`${selectExperiment} WHERE e.game = ? ORDER BY e.id DESC`)
        .all(filter.game) as ExperimentRow[])
    : (db.prepare(`${selectExperiment} ORDER BY e.id DESC`).all() as ExperimentRow[]);
  return rows.map(toStored);
}

export interface NewExperiment {
  game: GameId;
  name: string;
  baseRunId: number | null;
  arms: ExperimentArm[];
  seeds: number[];
  scope: ExperimentScope;
}

/**
 * Store the experiment and link its runs, made by `insertRun(arm, seed)` inside the same
 * transaction (arm-major, seeds in the given order), so a crash never leaves half of one.
 */
export function insertExperiment(
  db: Db,
  e: NewExperiment,
  now: string,
  insertRun: (arm: ExperimentArm, seed: number) => number,
): { id: number; runIds: number[] } {
  return writeTransaction(db, () => {
    const [base, ...variants] = e.arms;
    const info = db
      .prepare(
        `INSERT INTO experiments (game, name, base_run_id, base_plan, base_rules, variants, seeds, scope, status, created_at, data_version)
         VALUES (@game, @name, @baseRunId, @plan, @rules, @variants, @seeds, @scope, 'queued', @now, @dataVersion)`,
      )
      .run({
        dataVersion: gameById(e.game).dataVersion,
        game: e.game,
        name: e.name,
        baseRunId: e.baseRunId,
        plan: JSON.stringify(base!.plan),
        rules: JSON.stringify(base!.rules),
        variants: JSON.stringify(
          variants.map((v) => ({ name: v.name, changes: v.changes, plan: v.plan, rules: v.rules })),
        ),
        seeds: JSON.stringify(e.seeds),
        scope: JSON.stringify(e.scope),
        now,
      });
    const id = Number(info.lastInsertRowid);
    const link = db.prepare(
      'INSERT INTO experiment_runs (experiment_id, arm, seed, run_id) VALUES (?, ?, ?, ?)',
    );
    const runIds: number[] = [];
    for (const arm of e.arms) {
      for (const seed of e.seeds) {
        const runId = insertRun(arm, seed);
        link.run(id, arm.arm, seed, runId);
        runIds.push(runId);
      }
    }
    return { id, runIds };
  });
}

/**
 * The experiment's runs with their status and jobs done, arm by arm, seeds in order: one row
 * per run (the store's counts), whatever the runs hold or the database holds besides.
 */
export const experimentRunsSql = `SELECT x.arm, x.seed, x.run_id, r.status, r.candidates_total, ${candidatesDoneSql('r')} AS candidates_done
  FROM experiment_runs x JOIN runs r ON r.id = x.run_id ${countsJoin('r')}
  WHERE x.experiment_id = ? ORDER BY x.arm, x.run_id`;

export function experimentRuns(db: Db, experimentId: number): ExperimentRunCell[] {
  const rows = db.prepare(experimentRunsSql).all(experimentId) as {
    arm: number;
    seed: number;
    run_id: number;
    status: RunStatus;
    candidates_total: number;
    candidates_done: number;
  }[];
  return rows.map((r) => ({
    arm: r.arm,
    seed: r.seed,
    runId: r.run_id,
    status: r.status,
    candidatesDone: r.candidates_done,
    candidatesTotal: r.candidates_total,
  }));
}

/** The experiment a run belongs to, if any. */
export function experimentOfRun(db: Db, runId: number): number | null {
  const row = db.prepare('SELECT experiment_id FROM experiment_runs WHERE run_id = ?').get(runId) as
    { experiment_id: number } | undefined;
  return row?.experiment_id ?? null;
}

export function setExperimentStatus(
  db: Db,
  id: number,
  status: ExperimentStatus,
  finishedAt: string | null,
): void {
  db.prepare('UPDATE experiments SET status = ?, finished_at = ? WHERE id = ?').run(status, finishedAt, id);
}

/** The shipped figures a done run left (null until computed). */
export function runFigures(db: Db, runId: number): Record<string, number | null> | null {
  const row = db.prepare('SELECT figures FROM experiment_runs WHERE run_id = ?').get(runId) as
    { figures: string | null } | undefined;
  return row?.figures ? (JSON.parse(row.figures) as Record<string, number | null>) : null;
}

export function setRunFigures(db: Db, runId: number, figures: Record<string, number | null>): void {
  db.prepare('UPDATE experiment_runs SET figures = ? WHERE run_id = ?').run(JSON.stringify(figures), runId);
}

/** What an experiment's results read of one run's candidates: per candidate its slot, difficulty, builds and build time. */
export interface RunCandidateStats {
  candidates: { slot: number; difficulty: number | null; failed: boolean; tries: number; ms: number }[];
  /** Near-duplicate pairs whose two candidates were made for the same level slot. */
  samePoolPairs: number;
  /** Near-duplicate pairs whose two candidates both ship in the run's automatic order. */
  shippedPairs: number;
}

export function runCandidateStats(db: Db, runId: number): RunCandidateStats {
  const rows = db
    .prepare(
      `SELECT slot, difficulty, level IS NULL AS failed,
              COALESCE(json_extract(proof, '$.tries'), 0) AS tries, COALESCE(json_extract(proof, '$.ms'), 0) AS ms
       FROM candidates WHERE run_id = ?`,
    )
    .all(runId) as { slot: number; difficulty: number | null; failed: number; tries: number; ms: number }[];
  const pairs = db
    .prepare(
      `SELECT
         COALESCE(SUM(a.slot = b.slot), 0) AS samePool,
         COALESCE(SUM(a.id IN (SELECT candidate_id FROM ordering_levels WHERE run_id = @r AND kind = 'automatic')
                  AND b.id IN (SELECT candidate_id FROM ordering_levels WHERE run_id = @r AND kind = 'automatic')), 0) AS shipped
       FROM duplicate_pairs d JOIN candidates a ON a.id = d.a_id JOIN candidates b ON b.id = d.b_id
       WHERE d.run_id = @r`,
    )
    .get({ r: runId }) as { samePool: number; shipped: number };
  return {
    candidates: rows.map((r) => ({
      slot: r.slot,
      difficulty: r.difficulty,
      failed: r.failed === 1,
      tries: r.tries,
      ms: r.ms,
    })),
    samePoolPairs: pairs.samePool,
    shippedPairs: pairs.shipped,
  };
}

/** The levels (JSON) of a run's shipped (automatic) order, in order; null where a level is short. */
export function shippedLevels(db: Db, runId: number): { level: unknown; difficulty: number | null }[] {
  const rows = db
    .prepare(
      `SELECT o.level AS n, c.level AS level, c.difficulty AS difficulty
       FROM ordering_levels o LEFT JOIN candidates c ON c.id = o.candidate_id
       WHERE o.run_id = ? AND o.kind = 'automatic' ORDER BY o.level`,
    )
    .all(runId) as { n: number; level: string | null; difficulty: number | null }[];
  return rows.map((r) => ({
    level: r.level === null ? null : (JSON.parse(r.level) as unknown),
    difficulty: r.level === null ? null : r.difficulty,
  }));
}

/** Candidates per second of this game's finished runs in this database (recent ones), or null before any. */
export function measuredRate(db: Db, game: GameId): number | null {
  const r = db
    .prepare(
      `SELECT SUM(candidates_total) AS n, SUM(duration_ms) AS ms FROM (
         SELECT candidates_total, duration_ms FROM runs
         WHERE game = ? AND status = 'done' AND duration_ms > 0 ORDER BY id DESC LIMIT 50)`,
    )
    .get(game) as { n: number | null; ms: number | null };
  return r.n && r.ms ? r.n / (r.ms / 1000) : null;
}
