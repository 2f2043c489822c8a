/**
 * Build a run's pack for export (one file, or one file per level plus an index) and import a
 * pack's text as a run. Nothing here touches the filesystem: the API never takes a path.
 * Writing an export to disk is export-files.ts, called only by main-side code (CLI, Electron).
 */
import { ApiError, type ExportResult, type OrderingKind } from '../../src-shared/api';
import type { AnyGame } from '../../src-shared/game';
import { gameById } from '../../src-shared/games/index';
import { perLevelFiles } from '../../src-shared/pack/per-level';
import { formatMegabytes, IMPORT_LIMITS, type ImportLimits } from '../../src-shared/pack/import-limits';
import type { Db } from '../store/db';
import { insertCandidates } from '../store/candidates';
import { saveOrdering } from '../store/orderings';
import { insertRun } from '../store/runs';
import { packFromStored, type RunSpec } from './finish';
import { checkInWorker } from './import-runner';

export function defaultPackName(game: AnyGame, run: RunSpec, kind: OrderingKind): string {
  return `${game.id}-seed${run.seed}-run${run.id}${kind === 'automatic' ? '' : `-${kind}`}.json`;
}

/** A run's pack, ready to download or to write; writes nothing. */
export function buildExport(db: Db, game: AnyGame, run: RunSpec, kind: OrderingKind, layout: 'file' | 'per-level'): ExportResult {
  const { pack, text } = packFromStored(db, game, run, kind);
  const fileName = defaultPackName(game, run, kind);
  return {
    layout,
    fileName: layout === 'file' ? fileName : fileName.replace(/\.json$/, ''),
    text,
    bytes: Buffer.byteLength(text),
    files: layout === 'file' ? [] : perLevelFiles(pack),
  };
}

export interface ImportedPack {
  game: AnyGame;
  runId: number;
  levels: number;
}

/**
 * Check a pack's text (bytes here, then levels, elements, schema and proof in a worker) and
 * store it as a read-only imported run. Nothing is stored if anything fails or it is cancelled.
 */
export async function importPackText(db: Db, source: { text: string; name?: string; signal?: AbortSignal; limits?: ImportLimits }): Promise<ImportedPack> {
  const limits = source.limits ?? IMPORT_LIMITS;
  const bytes = Buffer.byteLength(source.text);
  if (bytes > limits.maxBytes) {
    throw new ApiError('bad-argument', `the pack is ${formatMegabytes(bytes)}; a pack may be at most ${formatMegabytes(limits.maxBytes)}`, [{ field: 'text', message: `${formatMegabytes(bytes)} is over the ${formatMegabytes(limits.maxBytes)} limit` }]);
  }
  const checked = await checkInWorker(source.text, limits, source.signal);
  if (source.signal?.aborted) throw new ApiError('conflict', 'the import was cancelled; nothing was stored');
  const game = gameById(checked.game);
  const now = new Date().toISOString();
  const runId = db.transaction(() => {
    const id = insertRun(db, {
      game: game.id,
      seed: checked.seed,
      name: source.name ?? 'imported pack',
      plan: checked.plan,
      rules: checked.rules,
      status: 'imported',
      levels: checked.levels.length,
      candidatesTotal: checked.levels.length,
    }, now);
    insertCandidates(db, id, checked.levels.map(({ level, metrics }, i) => ({ slot: i, index: 0, level, metrics, difficulty: metrics[game.difficulty] ?? null, proof: { imported: true } })));
    const ids = db.prepare('SELECT id FROM candidates WHERE run_id = ? ORDER BY slot').all(id) as { id: number }[];
    saveOrdering(db, id, 'automatic', { computedAt: now, problems: [], levels: ids.map((r, i) => ({ level: i + 1, candidateId: r.id, target: null })) });
    db.prepare('UPDATE runs SET finished_at = ?, started_at = ? WHERE id = ?').run(now, now, id);
    return id;
  })();
  return { game, runId, levels: checked.levels.length };
}
