/** Queries on runs. Rows come out as the API's RunSummary / RunDetail shapes. */
import type { RunDetail, RunStatus, RunSummary } from '../../src-shared/api';
import type { GameId } from '../../src-shared/games/index';
import type { RunReport } from '../../src-shared/run-report';
import type { RunScope } from '../../src-shared/experiments/scope';
import type { Db } from './db';
import { candidatesDoneSql, countsJoin } from './candidate-counts';
import { gameById } from '../../src-shared/games/index';
import { currentProvenance, generatorNote, type Provenance } from '../provenance';
import { readStored, runDataSentence } from './stored-data';

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
  data_version: number;
  studio_version: string | null;
  generator: string | null;
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

/** A run's stored rules and plan, migrated and parsed, or the sentence saying why they cannot be. */
type ReadRun = { ok: true; plan: unknown; rules: unknown } | { ok: false; problem: string };

// Reads of unchanged rows are remembered (runs.list reads every run's settings): by run, with
// the texts and version they were read from, so a changed row is read again.
const readCache = new Map<number, { key: string; read: ReadRun }>();

function readRunData(r: RunRow): ReadRun {
  const key = `${r.game}\u0000${r.data_version}\u0000${r.rules}\u0000${r.plan}`;
  const hit = readCache.get(r.id);
  if (hit && hit.key === key) return hit.read;
  const game = gameById(r.game);
  const rules = readStored(game, 'rules', r.rules, r.data_version);
  const plan = rules.ok ? readStored(game, 'plan', r.plan, r.data_version) : rules;
  const read: ReadRun =
    rules.ok && plan.ok
      ? { ok: true, rules: rules.value, plan: plan.value }
      : {
          ok: false,
          problem: !rules.ok
            ? runDataSentence(r.id, 'rules', rules.reason)
            : runDataSentence(r.id, 'plan', (plan as { reason: string }).reason),
        };
  if (readCache.size > 5000) readCache.clear();
  readCache.set(r.id, { key, read });
  return read;
}

function madeOf(r: RunRow): Provenance | null {
  if (r.studio_version === null || r.generator === null) return null;
  try {
    const g = JSON.parse(r.generator) as { dataVersion?: unknown; hash?: unknown };
    if (typeof g.dataVersion !== 'number' || typeof g.hash !== 'string') return null;
    return { studio: r.studio_version, generator: { dataVersion: g.dataVersion, hash: g.hash } };
  } catch {
    return null;
  }
}

function toSummary(r: RunRow): RunSummary {
  const read = readRunData(r);
  const made = madeOf(r);
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
    dataProblem: read.ok ? null : read.problem,
    made,
    generatorNote: generatorNote(gameById(r.game), made),
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

/** Each run's status and stored jobs (or one run's), for spotting what another process changed (runs/runs-elsewhere.ts). */
export function runMarks(db: Db, runId?: number): { id: number; status: RunStatus; done: number }[] {
  return db
    .prepare(
      `SELECT r.id, r.status, ${candidatesDoneSql('r')} AS done FROM runs r ${countsJoin('r')}
       WHERE r.deleting = 0 ${runId === undefined ? '' : 'AND r.id = @runId'}`,
    )
    .all(runId === undefined ? {} : { runId }) as { id: number; status: RunStatus; done: number }[];
}

export function getRun(db: Db, id: number): RunDetail | null {
  const row = db.prepare(`${selectRun} WHERE r.id = ? AND r.deleting = 0`).get(id) as RunRow | undefined;
  if (!row) return null;
  const read = readRunData(row);
  // An unreadable run answers its settings as stored (for the designer to see), with its dataProblem.
  if (!read.ok) return { ...toSummary(row), plan: rawJson(row.plan), rules: rawJson(row.rules) };
  return { ...toSummary(row), plan: read.plan, rules: read.rules };
}

function rawJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** What made a run (studio and generator version), or null when it was not recorded. */
export function runMade(db: Db, id: number): Provenance | null {
  const row = db.prepare('SELECT studio_version, generator FROM runs WHERE id = ?').get(id) as
    Pick<RunRow, 'studio_version' | 'generator'> | undefined;
  return row ? madeOf(row as RunRow) : null;
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
  /** What made the run; default: this studio and the game's generator now (null: unknown, e.g. an imported pack). */
  made?: Provenance | null;
}

export function insertRun(db: Db, run: NewRun, now: string): number {
  const game = gameById(run.game);
  const made =
    run.made === undefined ? (run.status === 'imported' ? null : currentProvenance(game)) : run.made;
  const info = db
    .prepare(
      `INSERT INTO runs (game, seed, name, plan, rules, status, levels, candidates_total, created_at, owner, heartbeat_at, scope, data_version, studio_version, generator)
       VALUES (@game, @seed, @name, @plan, @rules, @status, @levels, @total, @now, @owner, @heartbeat, @scope, @dataVersion, @studioVersion, @generator)`,
    )
    .run({
      // Rules and plan as the game's current version writes them (they were parsed by its schemas).
      dataVersion: game.dataVersion,
      studioVersion: made?.studio ?? null,
      generator: made ? JSON.stringify(made.generator) : null,
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
