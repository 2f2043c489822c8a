/** Queries on runs. Rows come out as the API's RunSummary / RunDetail shapes. */
import type { RunDetail, RunStatus, RunSummary } from '../../src-shared/api';
import type { GameId } from '../../src-shared/game';
import type { RunReport } from '../../src-shared/run-report';
import type { RunScope } from '../../src-shared/experiments/scope';
import type { Db } from './db';
import { candidatesDoneSql, countsJoin } from './candidate-counts';

interface RunRow {
  id: number;
  game: GameId;
  seed: number;
  name: string;
  plan: string;
  rules: string;
  status: RunStatus;
  levels: number;
  candidates_total: number;
  candidates_done: number;
  error: string | null;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  duration_ms: number | null;
  experiment_id: number | null;
  experiment_name: string | null;
  experiment_arm: number | null;
  experiment_variant: string | null;
}

// Jobs done as the store counts them (candidate-counts.ts: one row per run, not a count of its
// candidates). An experiment's run
// names its experiment and arm (variants are stored in order, arm 1 first), so pickers can
// group it under the experiment instead of listing it among the designer's own runs.
const selectRun = `
  SELECT r.*, ${candidatesDoneSql('r')} AS candidates_done,
    x.experiment_id, x.arm AS experiment_arm, e.name AS experiment_name,
    CASE WHEN x.arm = 0 THEN 'base' ELSE json_extract(e.variants, '$[' || (x.arm - 1) || '].name') END AS experiment_variant
  FROM runs r
  ${countsJoin('r')}
  LEFT JOIN experiment_runs x ON x.run_id = r.id
  LEFT JOIN experiments e ON e.id = x.experiment_id`;

function toSummary(r: RunRow): RunSummary {
  return {
    id: r.id,
    game: r.game,
    seed: r.seed,
    name: r.name,
    status: r.status,
    levels: r.levels,
    candidatesDone: r.candidates_done,
    candidatesTotal: r.candidates_total,
    createdAt: r.created_at,
    startedAt: r.started_at,
    finishedAt: r.finished_at,
    durationMs: r.duration_ms,
    error: r.error,
    experimentId: r.experiment_id,
    experiment:
      r.experiment_id === null
        ? null
        : {
            id: r.experiment_id,
            name: r.experiment_name ?? '',
            arm: r.experiment_arm ?? 0,
            variant: r.experiment_variant ?? `variant ${r.experiment_arm ?? 0}`,
          },
  };
}

export function listRuns(db: Db, filter: { game?: GameId; status?: RunStatus } = {}): RunSummary[] {
  // A run being deleted (run-delete.ts) is gone already for every reader.
  const where: string[] = ['r.deleting = 0'];
  const params: Record<string, unknown> = {};
  if (filter.game) {
    where.push('r.game = @game');
    params.game = filter.game;
  }
  if (filter.status) {
    where.push('r.status = @status');
    params.status = filter.status;
  }
  const sql = `${selectRun} WHERE ${where.join(' AND ')} ORDER BY r.id DESC`;
  return (db.prepare(sql).all(params) as RunRow[]).map(toSummary);
}

export function getRun(db: Db, id: number): RunDetail | null {
  const row = db.prepare(`${selectRun} WHERE r.id = ? AND r.deleting = 0`).get(id) as RunRow | undefined;
  if (!row) return null;
  return { ...toSummary(row), plan: JSON.parse(row.plan), rules: JSON.parse(row.rules) };
}

export interface NewRun {
  game: GameId;
  seed: number;
  name?: string;
  plan: unknown;
  rules: unknown;
  status: RunStatus;
  levels: number;
  candidatesTotal: number;
  /** The lease of a run that starts queued (see leases.ts), so no one sees it unowned. */
  lease?: { owner: string; heartbeat: number };
  /** An experiment's quick run: only these level slots, `candidates` each (absent: the whole plan). */
  scope?: RunScope;
}

export function insertRun(db: Db, run: NewRun, now: string): number {
  const info = db
    .prepare(
      `INSERT INTO runs (game, seed, name, plan, rules, status, levels, candidates_total, created_at, owner, heartbeat_at, scope)
       VALUES (@game, @seed, @name, @plan, @rules, @status, @levels, @total, @now, @owner, @heartbeat, @scope)`,
    )
    .run({
      game: run.game,
      seed: run.seed,
      name: run.name ?? '',
      plan: JSON.stringify(run.plan),
      rules: JSON.stringify(run.rules),
      status: run.status,
      levels: run.levels,
      total: run.candidatesTotal,
      now,
      owner: run.lease?.owner ?? null,
      heartbeat: run.lease?.heartbeat ?? null,
      scope: run.scope ? JSON.stringify(run.scope) : null,
    });
  return Number(info.lastInsertRowid);
}

export function setRunStatus(
  db: Db,
  id: number,
  status: RunStatus,
  fields: { error?: string | null; startedAt?: string; finishedAt?: string; durationMs?: number } = {},
): void {
  const sets = ['status = @status'];
  const params: Record<string, unknown> = { id, status };
  if (fields.error !== undefined) {
    sets.push('error = @error');
    params.error = fields.error;
  }
  if (fields.startedAt !== undefined) {
    sets.push('started_at = COALESCE(started_at, @startedAt)');
    params.startedAt = fields.startedAt;
  }
  if (fields.finishedAt !== undefined) {
    sets.push('finished_at = @finishedAt');
    params.finishedAt = fields.finishedAt;
  }
  if (fields.durationMs !== undefined) {
    sets.push('duration_ms = COALESCE(duration_ms, 0) + @durationMs');
    params.durationMs = Math.round(fields.durationMs);
  }
  db.prepare(`UPDATE runs SET ${sets.join(', ')} WHERE id = @id`).run(params);
}

/** Store the report a run writes when it ends (replacing an older one after a resume). */
export function setRunReport(db: Db, id: number, report: RunReport): void {
  db.prepare('UPDATE runs SET report = ? WHERE id = ?').run(JSON.stringify(report), id);
}

export function getRunReport(db: Db, id: number): RunReport | null {
  const r = db.prepare('SELECT report FROM runs WHERE id = ?').get(id) as
    { report: string | null } | undefined;
  return r?.report ? (JSON.parse(r.report) as RunReport) : null;
}

/** A run's scope: the level slots it makes and how many candidates each, or null for the whole plan. */
export function getRunScope(db: Db, id: number): RunScope | null {
  const r = db.prepare('SELECT scope FROM runs WHERE id = ?').get(id) as { scope: string | null } | undefined;
  return r?.scope ? (JSON.parse(r.scope) as RunScope) : null;
}

/** A run's phase times over every attempt so far (ms; written as it runs), and how many times it was resumed. */
export function getRunAttempts(
  db: Db,
  id: number,
): { phaseMs: Partial<Record<'generate' | 'order' | 'near-duplicates', number>>; resumes: number } {
  const r = db.prepare('SELECT phase_ms, resumes FROM runs WHERE id = ?').get(id) as
    { phase_ms: string | null; resumes: number } | undefined;
  return {
    phaseMs: r?.phase_ms
      ? (JSON.parse(r.phase_ms) as Partial<Record<'generate' | 'order' | 'near-duplicates', number>>)
      : {},
    resumes: r?.resumes ?? 0,
  };
}

export function setRunPhaseMs(
  db: Db,
  id: number,
  phaseMs: Partial<Record<'generate' | 'order' | 'near-duplicates', number>>,
): void {
  db.prepare('UPDATE runs SET phase_ms = ? WHERE id = ?').run(JSON.stringify(phaseMs), id);
}

/** A run that had started before starts again: count the resume. */
export function countResume(db: Db, id: number): number {
  return (
    db.prepare('UPDATE runs SET resumes = resumes + 1 WHERE id = ? RETURNING resumes').get(id) as {
      resumes: number;
    }
  ).resumes;
}
