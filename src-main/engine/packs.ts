/** Export a run's pack (one file, or one file per level plus an index) and import a pack as a run. */
import { readFileSync } from 'node:fs';
import { basename, dirname, extname, join, resolve } from 'node:path';
import { ApiError, type OrderingKind } from '../../src-shared/api';
import type { AnyGame, PackProblem } from '../../src-shared/game';
import { PackFormatError, parseJsonText } from '../../src-shared/pack/pack-io';
import { perLevelFiles } from '../../src-shared/pack/per-level';
import { gameForPack } from '../../src-shared/games/index';
import { writeFileAtomic } from '../atomic-write';
import type { Db } from '../store/db';
import { insertCandidates } from '../store/candidates';
import { saveOrdering } from '../store/orderings';
import { insertRun } from '../store/runs';
import { packFromStored, type RunSpec } from './finish';

export function defaultPackName(game: AnyGame, run: RunSpec, kind: OrderingKind): string {
  return `${game.id}-seed${run.seed}-run${run.id}${kind === 'approved' ? '-approved' : ''}.json`;
}

export interface Exported {
  path: string;
  files: string[];
  text: string;
}

/**
 * Write a run's pack. `file`: the pack as one JSON file. `per-level`: a folder holding the
 * per-level layout (src-shared/pack/per-level.ts). Every file is written atomically.
 */
export function exportPack(db: Db, game: AnyGame, run: RunSpec, kind: OrderingKind, path: string, layout: 'file' | 'per-level'): Exported {
  const { pack, text } = packFromStored(db, game, run, kind);
  if (layout === 'file') return { path: writeFileAtomic(path, text), files: [resolve(path)], text };
  const dir = resolve(extname(path) === '.json' ? join(dirname(path), basename(path, '.json')) : path);
  // The level files first, index.json last: an index on disk always names files that exist.
  const [index, ...levelFiles] = perLevelFiles(pack);
  const files = levelFiles.map((f) => writeFileAtomic(join(dir, f.name), f.text));
  files.unshift(writeFileAtomic(join(dir, index!.name), index!.text));
  return { path: dir, files, text };
}

export interface ImportedPack {
  game: AnyGame;
  runId: number;
  levels: number;
}

/** Read, verify and store a pack as a read-only imported run. Nothing is stored if anything fails. */
export function importPack(db: Db, source: { path?: string; text?: string; name?: string }): ImportedPack {
  let text = source.text;
  if (source.path !== undefined) {
    try {
      text = readFileSync(source.path, 'utf8');
    } catch (e) {
      throw new ApiError('bad-argument', `cannot read ${source.path}: ${(e as Error).message}`, [{ field: 'path', message: (e as Error).message }]);
    }
  }
  let pack: unknown;
  let game: AnyGame;
  try {
    const json = parseJsonText(text ?? '', source.path ?? 'pack');
    game = gameForPack(json);
    pack = game.parsePack(json);
  } catch (e) {
    if (e instanceof PackFormatError) {
      throw new ApiError('bad-argument', e.message, e.problems.map((p) => ({ field: p.level === null ? p.field : `level ${p.level}: ${p.field}`, message: p.message })));
    }
    throw e;
  }
  const problems: PackProblem[] = game.verifyPack(pack);
  if (problems.length > 0) {
    const lines = problems.map((p) => `${p.level === null ? 'pack' : `level ${p.level}`}: [${p.rule}] ${p.message}`);
    throw new ApiError('bad-argument', `the pack fails verification (${problems.length} problem${problems.length === 1 ? '' : 's'}):\n  ${lines.join('\n  ')}`,
      problems.map((p) => ({ field: p.level === null ? p.rule : `level ${p.level}: ${p.rule}`, message: p.message })));
  }
  const p = pack as { seed: number; rules: unknown; plan: unknown };
  const levels = game.packLevels(pack);
  const now = new Date().toISOString();
  const runId = db.transaction(() => {
    const id = insertRun(db, {
      game: game.id,
      seed: p.seed,
      name: source.name ?? (source.path ? basename(source.path) : 'imported pack'),
      plan: p.plan,
      rules: p.rules,
      status: 'imported',
      levels: levels.length,
      candidatesTotal: levels.length,
    }, now);
    insertCandidates(db, id, levels.map((level, i) => {
      const metrics = game.measure(level, p.rules);
      return { slot: i, index: 0, level, metrics, difficulty: metrics[game.difficulty] ?? null, proof: { imported: true } };
    }));
    const ids = db.prepare('SELECT id FROM candidates WHERE run_id = ? ORDER BY slot').all(id) as { id: number }[];
    saveOrdering(db, id, 'automatic', { computedAt: now, problems: [], levels: ids.map((r, i) => ({ level: i + 1, candidateId: r.id, target: null })) });
    db.prepare('UPDATE runs SET finished_at = ?, started_at = ? WHERE id = ?').run(now, now, id);
    return id;
  })();
  return { game, runId, levels: levels.length };
}
