/** Queries on candidates: batched inserts, paged lists with metric filters and sorts, curation. */
import type { CandidatePage, CandidateRow, PoolPoint, Verdict } from '../../src-shared/api';
import type { RowChange } from '../../src-shared/history';
import { candidateName } from '../../src-shared/vocabulary';
import type { KeptPair } from '../../src-shared/pack/kept-on-purpose';
import type { Db } from './db';
import { writeTransaction } from './write-transaction';
import { ApiError } from '../../src-shared/api';
import { gameById } from '../../src-shared/games/index';
import type { AnyGame } from '../../src-shared/games/index';
import { currentLevelText, readStored } from './stored-data';
import { DataVersionError } from '../../src-shared/data-version';

/** The game of a run (its candidates' levels are that game's). */
function runGame(db: Db, runId: number): AnyGame | null {
  const r = db.prepare('SELECT game FROM runs WHERE id = ?').get(runId) as { game: string } | undefined;
  return r ? gameById(r.game) : null;
}

/** A stored level's text at the game's current version, or a refusal naming the run and the candidate. */
function levelTextNow(
  game: AnyGame,
  runId: number,
  r: { slot: number; idx: number; level: string; data_version: number },
): string {
  try {
    return currentLevelText(
      game,
      r.level,
      r.data_version,
      `run ${runId}: candidate ${candidateName(r.slot, r.idx)}`,
    );
  } catch (e) {
    if (e instanceof DataVersionError) throw new ApiError('conflict', `${e.message}; the run is read-only`);
    throw e;
  }
}

export interface NewCandidate {
  slot: number;
  index: number;
  /** The level (null: the job gave up). */
  level: unknown;
  /**
   * The level already as JSON text (a worker wrote it, off the main thread); when given, it is
   * stored as it is and `level` is not read.
   */
  levelJson?: string | null;
  metrics: Record<string, number>;
  difficulty: number | null;
  proof: Record<string, unknown>;
  /** A level edited by hand (an imported pack's `studio.handEdited`); generated candidates are not. */
  handEdited?: boolean;
}

/**
 * Everything a stored candidate row holds, as plain values: what generation stores (the rest
 * default), and what a saved hand-edited candidate also sets (edited-candidates.ts).
 */
export interface CandidateValues extends NewCandidate {
  verdict?: string;
  note?: string;
  tags?: readonly string[];
  draft?: boolean;
  parentId?: number | null;
}

/**
 * The one mapping from a candidate's values to its row (JSON columns as text, flags as 0/1),
 * shared by every insert: generated batches, imported packs and saved edits. `id` null lets
 * SQLite choose it; redo passes the id a candidate had.
 */
const INSERT_CANDIDATE = `INTO candidates (id, run_id, slot, idx, level, metrics, difficulty, proof, verdict, note, tags, hand_edited, draft, parent_id, data_version)
  VALUES (@id, @runId, @slot, @idx, @level, @metrics, @difficulty, @proof, @verdict, @note, @tags, @handEdited, @draft, @parentId, @dataVersion)`;

/** The data version a level of this run is written at now: its game's current one. */
function writeVersion(db: Db, runId: number): number {
  return runGame(db, runId)?.dataVersion ?? 1;
}

function candidateParams(
  runId: number,
  c: CandidateValues,
  id: number | null,
  dataVersion: number,
): Record<string, unknown> {
  return {
    id,
    dataVersion,
    runId,
    slot: c.slot,
    idx: c.index,
    level: c.levelJson !== undefined ? c.levelJson : c.level === null ? null : JSON.stringify(c.level),
    metrics: JSON.stringify(c.metrics),
    difficulty: c.difficulty,
    proof: JSON.stringify(c.proof),
    verdict: c.verdict ?? 'none',
    note: c.note ?? '',
    tags: JSON.stringify(c.tags ?? []),
    handEdited: c.handEdited ? 1 : 0,
    draft: c.draft ? 1 : 0,
    parentId: c.parentId ?? null,
  };
}

/** Insert a batch of finished jobs in one transaction (a job already stored is left alone). */
export function insertCandidates(db: Db, runId: number, items: readonly NewCandidate[]): void {
  const insert = db.prepare(`INSERT OR IGNORE ${INSERT_CANDIDATE}`);
  const metric = db.prepare(
    'INSERT INTO candidate_metrics (candidate_id, run_id, key, value) VALUES (?, ?, ?, ?)',
  );
  const version = writeVersion(db, runId);
  writeTransaction(db, () => {
    for (const c of items) {
      const info = insert.run(candidateParams(runId, c, null, version));
      if (info.changes === 0) continue;
      const id = Number(info.lastInsertRowid);
      for (const [key, value] of Object.entries(c.metrics))
        if (Number.isFinite(value)) metric.run(id, runId, key, value);
    }
  });
}

/** Insert one candidate (under `id`, or a new id when null) with its metric rows; returns its id. */
export function insertCandidate(db: Db, runId: number, c: CandidateValues, id: number | null): number {
  const info = db
    .prepare(`INSERT ${INSERT_CANDIDATE}`)
    .run(candidateParams(runId, c, id, writeVersion(db, runId)));
  const newId = Number(info.lastInsertRowid);
  const metric = db.prepare(
    'INSERT INTO candidate_metrics (candidate_id, run_id, key, value) VALUES (?, ?, ?, ?)',
  );
  for (const [key, value] of Object.entries(c.metrics))
    if (Number.isFinite(value)) metric.run(newId, runId, key, value);
  return newId;
}

interface Row {
  id: number;
  run_id: number;
  slot: number;
  idx: number;
  level: string | null;
  metrics: string;
  proof: string;
  verdict: Verdict;
  note: string;
  tags: string;
  hand_edited: number;
  draft: number;
  parent_id: number | null;
  /** Absent from queries that do not select it: the row is then read as the current version. */
  data_version?: number;
  auto_level: number | null;
  approved_level: number | null;
}

const shippedColumns = `
  (SELECT o.level FROM ordering_levels o WHERE o.run_id = c.run_id AND o.kind = 'automatic' AND o.candidate_id = c.id) AS auto_level,
  (SELECT o.level FROM ordering_levels o WHERE o.run_id = c.run_id AND o.kind = 'approved' AND o.candidate_id = c.id) AS approved_level`;

/**
 * A candidate's level for the API: as stored when written at the game's current version (this
 * version's code wrote it from a level it had parsed), else migrated and parsed; one that cannot
 * be read is answered as no level, with the sentence as its failure.
 */
function apiLevel(r: Row, game: AnyGame | null): { level: unknown; problem: string | null } {
  if (r.level === null) return { level: null, problem: null };
  if (!game || r.data_version === undefined || r.data_version === game.dataVersion)
    return { level: JSON.parse(r.level), problem: null };
  const read = readStored(game, 'level', r.level, r.data_version!);
  return read.ok
    ? { level: read.value, problem: null }
    : { level: null, problem: `the stored level cannot be read (${read.reason})` };
}

/** A stored row as the API's candidate; `game` (the run's) reads a level stored at another data version. */
function toCandidateRow(r: Row, withLevel = true, game: AnyGame | null = null): CandidateRow {
  const proof = JSON.parse(r.proof) as { failure?: string };
  const read = withLevel ? apiLevel(r, game) : { level: null, problem: null };
  return {
    id: r.id,
    runId: r.run_id,
    slot: r.slot,
    index: r.idx,
    level: read.level,
    metrics: JSON.parse(r.metrics) as Record<string, number>,
    verdict: r.verdict,
    note: r.note,
    tags: JSON.parse(r.tags) as string[],
    failure: r.level === null ? (proof.failure ?? 'the job gave up') : read.problem,
    shippedAs: { automatic: r.auto_level, approved: r.approved_level },
    handEdited: r.hand_edited === 1,
    draft: r.draft === 1,
    parentId: r.parent_id,
  };
}

export interface ListQuery {
  runId: number;
  slot?: number;
  verdict?: Verdict;
  tag?: string;
  shipped?: 'automatic' | 'approved' | 'any';
  filters?: { metric: string; min?: number; max?: number }[];
  sort?: { key: string; dir: 'asc' | 'desc' };
  offset: number;
  limit: number;
  withLevels: boolean;
}

/**
 * Columns a list may sort by besides metrics: `level` is the level a candidate ships as in
 * the automatic order, `approvedLevel` in the approved order; candidates that do not ship
 * sort last either way.
 */
const shippedLevel = (kind: 'automatic' | 'approved'): string =>
  `(SELECT o.level FROM ordering_levels o WHERE o.run_id = c.run_id AND o.kind = '${kind}' AND o.candidate_id = c.id)`;
const plainSorts: Record<string, string> = {
  slot: 'c.slot',
  index: 'c.idx',
  id: 'c.id',
  verdict: 'c.verdict',
  level: shippedLevel('automatic'),
  approvedLevel: shippedLevel('approved'),
};
/** Sort keys that are columns, not metrics (the service checks sort keys against these and the game's metrics). */
export const PLAIN_SORT_KEYS: readonly string[] = Object.keys(plainSorts);

export function listCandidates(db: Db, q: ListQuery): CandidatePage {
  const where = ['c.run_id = @runId'];
  const params: Record<string, unknown> = { runId: q.runId, limit: q.limit, offset: q.offset };
  if (q.slot !== undefined) {
    where.push('c.slot = @slot');
    params.slot = q.slot;
  }
  if (q.verdict) {
    where.push('c.verdict = @verdict');
    params.verdict = q.verdict;
  }
  if (q.tag) {
    where.push('EXISTS (SELECT 1 FROM json_each(c.tags) t WHERE t.value = @tag)');
    params.tag = q.tag;
  }
  if (q.shipped) {
    const kinds =
      q.shipped === 'any'
        ? "('automatic','approved')"
        : q.shipped === 'automatic'
          ? "('automatic')"
          : "('approved')";
    where.push(
      `EXISTS (SELECT 1 FROM ordering_levels o WHERE o.run_id = c.run_id AND o.candidate_id = c.id AND o.kind IN ${kinds})`,
    );
  }
  (q.filters ?? []).forEach((f, i) => {
    const cond = [`f${i}.candidate_id = c.id`, `f${i}.run_id = c.run_id`, `f${i}.key = @fkey${i}`];
    params[`fkey${i}`] = f.metric;
    if (f.min !== undefined) {
      cond.push(`f${i}.value >= @fmin${i}`);
      params[`fmin${i}`] = f.min;
    }
    if (f.max !== undefined) {
      cond.push(`f${i}.value <= @fmax${i}`);
      params[`fmax${i}`] = f.max;
    }
    where.push(`EXISTS (SELECT 1 FROM candidate_metrics f${i} WHERE ${cond.join(' AND ')})`);
  });
  let join = '';
  let order = 'c.slot, c.idx';
  if (q.sort) {
    const dir = q.sort.dir === 'desc' ? 'DESC' : 'ASC';
    const plain = plainSorts[q.sort.key];
    // "Pool, candidate" turns both round: the last pool first, its last candidate first.
    if (q.sort.key === 'slot') order = `c.slot ${dir}, c.idx ${dir}`;
    else if (plain) order = `${plain} IS NULL, ${plain} ${dir}, c.slot, c.idx`;
    else {
      // Candidates without the metric (failed jobs) sort last either way.
      join =
        'LEFT JOIN candidate_metrics s ON s.candidate_id = c.id AND s.run_id = c.run_id AND s.key = @sortKey';
      params.sortKey = q.sort.key;
      order = `s.value IS NULL, s.value ${dir}, c.slot, c.idx`;
    }
  }
  const whereSql = where.join(' AND ');
  const total = (
    db.prepare(`SELECT COUNT(*) AS n FROM candidates c WHERE ${whereSql}`).get(params) as { n: number }
  ).n;
  // Page the ids first (a sort over narrow rows), then read just that page's full rows.
  const ids = (
    db
      .prepare(
        `SELECT c.id FROM candidates c ${join} WHERE ${whereSql} ORDER BY ${order} LIMIT @limit OFFSET @offset`,
      )
      .all(params) as { id: number }[]
  ).map((r) => r.id);
  const levelCol = q.withLevels ? 'c.level' : "CASE WHEN c.level IS NULL THEN NULL ELSE '0' END AS level";
  const byId = new Map(
    (ids.length
      ? (db
          .prepare(
            `SELECT c.id, c.run_id, c.slot, c.idx, ${levelCol}, c.metrics, c.proof, c.verdict, c.note, c.tags, c.hand_edited, c.draft, c.parent_id, c.data_version, ${shippedColumns} FROM candidates c WHERE c.id IN (${ids.map(() => '?').join(',')})`,
          )
          .all(...ids) as Row[])
      : []
    ).map((r) => [r.id, r]),
  );
  const rows = ids.map((id) => byId.get(id)!);
  const game = runGame(db, q.runId);
  return { total, offset: q.offset, items: rows.map((r) => toCandidateRow(r, q.withLevels, game)) };
}

export function getCandidateRow(
  db: Db,
  id: number,
): (CandidateRow & { proof: Record<string, unknown> }) | null {
  const r = db
    .prepare(
      `SELECT c.id, c.run_id, c.slot, c.idx, c.level, c.metrics, c.proof, c.verdict, c.note, c.tags, c.hand_edited, c.draft, c.parent_id, c.data_version, ${shippedColumns} FROM candidates c WHERE c.id = ?`,
    )
    .get(id) as Row | undefined;
  return r
    ? {
        ...toCandidateRow(r, true, runGame(db, r.run_id)),
        proof: JSON.parse(r.proof) as Record<string, unknown>,
      }
    : null;
}

export function candidatePoints(db: Db, runId: number): PoolPoint[] {
  const rows = db
    .prepare(
      'SELECT id, slot, idx, difficulty, verdict, metrics FROM candidates WHERE run_id = ? AND level IS NOT NULL ORDER BY slot, idx',
    )
    .all(runId) as {
    id: number;
    slot: number;
    idx: number;
    difficulty: number | null;
    verdict: Verdict;
    metrics: string;
  }[];
  return rows.map((r) => ({
    id: r.id,
    slot: r.slot,
    index: r.idx,
    difficulty: r.difficulty,
    verdict: r.verdict,
    metrics: JSON.parse(r.metrics) as Record<string, number>,
  }));
}

/** Every stored (slot, index) of a run, for resuming. */
export function storedJobKeys(db: Db, runId: number): Set<string> {
  const rows = db.prepare('SELECT slot, idx FROM candidates WHERE run_id = ?').all(runId) as {
    slot: number;
    idx: number;
  }[];
  return new Set(rows.map((r) => `${r.slot}:${r.idx}`));
}

/**
 * Proven candidates of a run, as (id, slot, index, level, metrics), ordered by slot then index;
 * `draft` marks a hand-edited level that breaks a hard rule (orderings never ship one).
 */
export function provenCandidates(
  db: Db,
  runId: number,
  onlyApproved = false,
): {
  id: number;
  slot: number;
  index: number;
  level: unknown;
  metrics: Record<string, number>;
  verdict: Verdict;
  draft: boolean;
}[] {
  const rows = db
    .prepare(
      `SELECT id, slot, idx, level, metrics, verdict, draft, data_version FROM candidates WHERE run_id = ? AND level IS NOT NULL ${onlyApproved ? "AND verdict = 'approved'" : ''} ORDER BY slot, idx`,
    )
    .all(runId) as {
    id: number;
    slot: number;
    idx: number;
    level: string;
    metrics: string;
    verdict: Verdict;
    draft: number;
    data_version: number;
  }[];
  const game = runGame(db, runId);
  return rows.map((r) => ({
    id: r.id,
    slot: r.slot,
    index: r.idx,
    // Levels written at an older data version are brought forward first (stored-data.ts).
    level: JSON.parse(game ? levelTextNow(game, runId, r) : r.level),
    metrics: JSON.parse(r.metrics) as Record<string, number>,
    verdict: r.verdict,
    draft: r.draft === 1,
  }));
}

/**
 * Proven candidates of a run as provenCandidates gives them, but each level as its stored JSON
 * text: for passes that hand the levels to a worker, which parses them there (a string crosses
 * to a worker far cheaper than the object it describes, and the main thread parses nothing).
 */
export function provenCandidateTexts(
  db: Db,
  runId: number,
  onlyApproved = false,
): {
  id: number;
  slot: number;
  index: number;
  levelJson: string;
  metrics: Record<string, number>;
  draft: boolean;
}[] {
  const rows = db
    .prepare(
      `SELECT id, slot, idx, level, metrics, draft, data_version FROM candidates WHERE run_id = ? AND level IS NOT NULL ${onlyApproved ? "AND verdict = 'approved'" : ''} ORDER BY slot, idx`,
    )
    .all(runId) as {
    id: number;
    slot: number;
    idx: number;
    level: string;
    metrics: string;
    draft: number;
    data_version: number;
  }[];
  const game = runGame(db, runId);
  return rows.map((r) => ({
    id: r.id,
    slot: r.slot,
    index: r.idx,
    // As stored when at the current data version (the worker parses it); else brought forward here.
    levelJson: game ? levelTextNow(game, runId, r) : r.level,
    metrics: JSON.parse(r.metrics) as Record<string, number>,
    draft: r.draft === 1,
  }));
}

/**
 * Some of a run's candidates by id, each level as its JSON text at the game's current version
 * (playtests replay them in a worker), with name parts and metrics; ids of another run, or
 * without a level, are left out.
 */
export function candidateLevelTexts(
  db: Db,
  runId: number,
  ids: readonly number[],
): Map<number, { slot: number; index: number; levelJson: string; metrics: Record<string, number> }> {
  const game = runGame(db, runId);
  const get = db.prepare(
    'SELECT id, slot, idx, level, metrics, data_version FROM candidates WHERE id = ? AND run_id = ? AND level IS NOT NULL',
  );
  const out = new Map<
    number,
    { slot: number; index: number; levelJson: string; metrics: Record<string, number> }
  >();
  for (const id of new Set(ids)) {
    const r = get.get(id, runId) as
      | { id: number; slot: number; idx: number; level: string; metrics: string; data_version: number }
      | undefined;
    if (!r) continue;
    out.set(id, {
      slot: r.slot,
      index: r.idx,
      levelJson: game ? levelTextNow(game, runId, r) : r.level,
      metrics: JSON.parse(r.metrics) as Record<string, number>,
    });
  }
  return out;
}

/**
 * Hand-edited levels among `ids`, by the names a pack records: the candidate's and the one it
 * was edited from. A level imported hand-edited keeps the names its pack gave (its parent is
 * in another studio's run), so a re-export writes the same list back.
 */
export function handEditedOf(
  db: Db,
  ids: readonly number[],
): Map<number, { candidate: string; from: string | null }> {
  const get = db.prepare(
    `SELECT c.slot, c.idx, c.proof, p.id AS pid, p.slot AS pslot, p.idx AS pidx FROM candidates c LEFT JOIN candidates p ON p.id = c.parent_id WHERE c.id = ? AND c.hand_edited = 1`,
  );
  const out = new Map<number, { candidate: string; from: string | null }>();
  for (const id of ids) {
    const r = get.get(id) as
      | {
          slot: number;
          idx: number;
          proof: string;
          pid: number | null;
          pslot: number | null;
          pidx: number | null;
        }
      | undefined;
    if (!r) continue;
    // A saved edit's proof says `handEdited: true`; an imported one keeps its pack's names there.
    const mark = (JSON.parse(r.proof) as { handEdited?: unknown }).handEdited;
    const imported =
      typeof mark === 'object' && mark !== null ? (mark as { candidate: string; from: string | null }) : null;
    out.set(
      id,
      imported ?? {
        candidate: candidateName(r.slot, r.idx),
        from: r.pid === null ? null : candidateName(r.pslot!, r.pidx!),
      },
    );
  }
  return out;
}

/** Near-duplicate pairs kept on purpose that imported levels among `ids` carry from their pack (packs.ts stores them on the later level). */
export function importedKeptPairs(db: Db, ids: readonly number[]): KeptPair[] {
  const get = db.prepare("SELECT proof FROM candidates WHERE id = ? AND proof LIKE '%keptOnPurpose%'");
  return ids.flatMap((id) => {
    const r = get.get(id) as { proof: string } | undefined;
    return r ? ((JSON.parse(r.proof) as { keptOnPurpose?: KeptPair[] }).keptOnPurpose ?? []) : [];
  });
}

/** Candidates' run ids, to check they exist and belong to one run. */
export function candidateRuns(db: Db, ids: readonly number[]): Map<number, number> {
  const out = new Map<number, number>();
  if (ids.length === 1) {
    const r = db.prepare('SELECT id, run_id FROM candidates WHERE id = ?').get(ids[0]) as
      { id: number; run_id: number } | undefined;
    if (r) out.set(r.id, r.run_id);
    return out;
  }
  // One statement for many ids (a bulk change names up to 20,000): a lookup each took 40 ms.
  const rows = db
    .prepare('SELECT id, run_id FROM candidates WHERE id IN (SELECT value FROM json_each(?))')
    .all(JSON.stringify(ids)) as { id: number; run_id: number }[];
  for (const r of rows) out.set(r.id, r.run_id);
  return out;
}

/*
 * Curation writes. Each returns the rows it changed, before and after; the service runs it
 * inside history's recordChange, which records that as one undoable entry.
 */

/** Set a verdict on many candidates; candidates that already have it are left out. */
export function setVerdicts(db: Db, ids: readonly number[], verdict: Verdict): RowChange[] {
  const prev = db.prepare('SELECT verdict FROM candidates WHERE id = ?');
  const set = db.prepare('UPDATE candidates SET verdict = ? WHERE id = ?');
  const out: RowChange[] = [];
  for (const id of new Set(ids)) {
    const p = prev.get(id) as { verdict: Verdict } | undefined;
    if (!p || p.verdict === verdict) continue;
    set.run(verdict, id);
    out.push({ target: 'candidate', id, field: 'verdict', before: p.verdict, after: verdict });
  }
  return out;
}

export function setNote(db: Db, id: number, note: string): RowChange[] {
  const r = db.prepare('SELECT note FROM candidates WHERE id = ?').get(id) as { note: string } | undefined;
  if (!r || r.note === note) return [];
  db.prepare('UPDATE candidates SET note = ? WHERE id = ?').run(note, id);
  return [{ target: 'candidate', id, field: 'note', before: r.note, after: note }];
}

export function setTags(
  db: Db,
  ids: readonly number[],
  tags: readonly string[],
  mode: 'add' | 'remove' | 'set',
): RowChange[] {
  const get = db.prepare('SELECT tags FROM candidates WHERE id = ?');
  const put = db.prepare('UPDATE candidates SET tags = ? WHERE id = ?');
  const out: RowChange[] = [];
  for (const id of new Set(ids)) {
    const r = get.get(id) as { tags: string } | undefined;
    if (!r) continue;
    const before = JSON.parse(r.tags) as string[];
    let after: string[];
    if (mode === 'set') after = [...new Set(tags)];
    else if (mode === 'add') after = [...new Set([...before, ...tags])];
    else after = before.filter((t) => !tags.includes(t));
    after.sort();
    if (JSON.stringify(after) !== JSON.stringify(before)) {
      put.run(JSON.stringify(after), id);
      out.push({ target: 'candidate', id, field: 'tags', before, after });
    }
  }
  return out;
}
