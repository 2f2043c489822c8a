/** Queries on presets: named rule and plan sets of a game, unique by name within the game. */
import type { GameId } from '../../src-shared/games/index';
import type { Preset } from '../../src-shared/experiments/types';
import type { Db } from './db';
import { gameById } from '../../src-shared/games/index';
import { readStored } from './stored-data';

interface PresetRow {
  id: number;
  game: GameId;
  name: string;
  plan: string;
  rules: string;
  created_at: string;
  data_version: number;
}

/** A stored preset, its rules and plan migrated from its data version and parsed; one that cannot be is named. */
function toPreset(r: PresetRow): Preset {
  const game = gameById(r.game);
  const rules = readStored(game, 'rules', r.rules, r.data_version);
  const plan = readStored(game, 'plan', r.plan, r.data_version);
  const bad = !rules.ok ? rules : !plan.ok ? plan : null;
  return {
    id: r.id,
    game: r.game,
    name: r.name,
    plan: plan.ok ? plan.value : null,
    rules: rules.ok ? rules.value : null,
    createdAt: r.created_at,
    dataProblem: bad
      ? `preset "${r.name}"'s stored ${bad.field.split('.')[0]} cannot be read (${bad.reason})`
      : null,
  };
}

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
  // Written as the game's current version (the service checked them with its schemas).
  const version = gameById(p.game).dataVersion;
  const row = existing
    ? db
        .prepare(
          'UPDATE presets SET plan = ?, rules = ?, created_at = ?, data_version = ? WHERE id = ? RETURNING *',
        )
        .get(JSON.stringify(p.plan), JSON.stringify(p.rules), now, version, existing.id)
    : db
        .prepare(
          'INSERT INTO presets (game, name, plan, rules, created_at, data_version) VALUES (?, ?, ?, ?, ?, ?) RETURNING *',
        )
        .get(p.game, p.name, JSON.stringify(p.plan), JSON.stringify(p.rules), now, version);
  return toPreset(row as PresetRow);
}

export function deletePreset(db: Db, id: number): number {
  return db.prepare('DELETE FROM presets WHERE id = ?').run(id).changes;
}
