/** Queries on presets: named rule and plan sets of a game, unique by name within the game. */
import type { GameId } from '../../src-shared/games/index';
import type { Preset } from '../../src-shared/experiments/types';
import type { Db } from './db';

interface PresetRow {
  id: number;
  game: GameId;
  name: string;
  plan: string;
  rules: string;
  created_at: string;
}

const toPreset = (r: PresetRow): Preset => ({
  id: r.id,
  game: r.game,
  name: r.name,
  plan: JSON.parse(r.plan),
  rules: JSON.parse(r.rules),
  createdAt: r.created_at,
});

export function listPresets(db: Db, game?: GameId): Preset[] {
  const rows = game
    ? (db
        .prepare('SELECT * FROM presets WHERE game = ? ORDER BY name COLLATE NOCASE, id')
        .all(game) as PresetRow[])
    : (db.prepare('SELECT * FROM presets ORDER BY game, name COLLATE NOCASE, id').all() as PresetRow[]);
  return rows.map(toPreset);
}

export function getPreset(db: Db, id: number): Preset | null {
  const row = db.prepare('SELECT * FROM presets WHERE id = ?').get(id) as PresetRow | undefined;
  return row ? toPreset(row) : null;
}

export function presetByName(db: Db, game: GameId, name: string): Preset | null {
  const row = db.prepare('SELECT * FROM presets WHERE game = ? AND name = ?').get(game, name) as
    PresetRow | undefined;
  return row ? toPreset(row) : null;
}

/** Store a preset and answer it as stored; one of the same game and name is replaced (its id kept). */
export function savePreset(
  db: Db,
  p: { game: GameId; name: string; plan: unknown; rules: unknown },
  now: string,
): Preset {
  const existing = presetByName(db, p.game, p.name);
  const row = existing
    ? db
        .prepare('UPDATE presets SET plan = ?, rules = ?, created_at = ? WHERE id = ? RETURNING *')
        .get(JSON.stringify(p.plan), JSON.stringify(p.rules), now, existing.id)
    : db
        .prepare(
          'INSERT INTO presets (game, name, plan, rules, created_at) VALUES (?, ?, ?, ?, ?) RETURNING *',
        )
        .get(p.game, p.name, JSON.stringify(p.plan), JSON.stringify(p.rules), now);
  return toPreset(row as PresetRow);
}

export function deletePreset(db: Db, id: number): number {
  return db.prepare('DELETE FROM presets WHERE id = ?').run(id).changes;
}
