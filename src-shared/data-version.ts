/**
 * Stored game data over time: every row of rules, plan or level records the game's
 * `dataVersion` it was written at. Reading it back brings it forward through the game's chain
 * of `migrate` steps, then parses it with the game's own schema, so nothing stored is used
 * unchecked. Data from a newer studio (a higher version) is refused, named, never guessed at.
 * Packs carry the same version in their `version` field and go through the same chain.
 */
import type { DataKind } from './game';
import type { AnyGame } from './games/index';
import { designerIssues } from './schema/designer-errors';
import { designerErrorMap } from './schema/designer-errors';
import { LevelFormatError } from './proof';
import { PackFormatError } from './pack/pack-io';

const KIND_WORDS: Record<DataKind, string> = { rules: 'rules', plan: 'plan', level: 'level' };

/** Stored data that cannot be read: `field` is what failed ("rules", "rules.width", "plan.0.taps"). */
export class DataVersionError extends Error {
  constructor(
    message: string,
    readonly field: string,
  ) {
    super(message);
    this.name = 'DataVersionError';
  }
}

/** Why a version cannot be read by this studio, or null when it can be brought forward. */
export function versionProblem(game: AnyGame, version: number): string | null {
  if (!Number.isInteger(version) || version < 1) return `data version ${String(version)} is not a version`;
  if (version > game.dataVersion)
    return `it was written by a newer studio (${game.title} data version ${version}; this studio reads up to version ${game.dataVersion})`;
  return null;
}

/** Bring `json` of a kind from version `from` to the game's current version, step by step. */
export function migrateData(game: AnyGame, kind: DataKind, json: unknown, from: number): unknown {
  const problem = versionProblem(game, from);
  if (problem) throw new DataVersionError(problem, kind);
  let value = json;
  for (let v = from; v < game.dataVersion; v++) {
    try {
      value = game.migrate(kind, value, v);
    } catch (e) {
      throw new DataVersionError(
        `the ${KIND_WORDS[kind]} of ${game.title} data version ${v} could not be brought to version ${v + 1}: ${(e as Error).message}`,
        kind,
      );
    }
  }
  return value;
}

/** Check data of a kind with the game's schema (rules and plan schemas; the game's parseLevel). */
export function parseData(game: AnyGame, kind: DataKind, json: unknown): unknown {
  if (kind === 'level') {
    try {
      return game.parseLevel(json);
    } catch (e) {
      const field = e instanceof LevelFormatError ? (e.fields[0]?.field ?? '') : '';
      throw new DataVersionError((e as Error).message, field ? `level.${field}` : 'level');
    }
  }
  const schema = kind === 'rules' ? game.rulesSchema : game.planSchema;
  const r = schema.safeParse(json, { error: designerErrorMap });
  if (r.success) return r.data;
  const issues = designerIssues(r.error, { prefix: kind, schema });
  throw new DataVersionError(
    issues.map((i) => `${i.field}: ${i.message}`).join('; '),
    issues[0]?.field ?? kind,
  );
}

/** Stored JSON text of a kind, written at `version`: parsed, migrated and schema-checked. */
export function readData(game: AnyGame, kind: DataKind, text: string, version: number): unknown {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new DataVersionError(`the stored ${KIND_WORDS[kind]} are not readable JSON`, kind);
  }
  return parseData(game, kind, migrateData(game, kind, json, version));
}

/**
 * A pack's JSON at the game's current version: an older pack's rules, plan and levels go
 * through the chain (its `version` then reads current); a newer one is refused, naming its
 * version. Anything else is left for the game's parsePack to judge.
 */
export function migratePackJson(game: AnyGame, json: unknown): unknown {
  if (json === null || typeof json !== 'object' || Array.isArray(json)) return json;
  const pack = json as Record<string, unknown>;
  const version = pack.version;
  if (typeof version !== 'number' || !Number.isInteger(version) || version === game.dataVersion) return json;
  if (version > game.dataVersion) {
    const message = `the pack is ${game.title} pack version ${version}, made by a newer studio; this studio reads versions 1 to ${game.dataVersion}`;
    throw new PackFormatError(message, [{ level: null, field: 'version', message }]);
  }
  if (version < 1) return json;
  try {
    const out: Record<string, unknown> = { ...pack, version: game.dataVersion };
    if ('rules' in pack) out.rules = migrateData(game, 'rules', pack.rules, version);
    if ('plan' in pack) out.plan = migrateData(game, 'plan', pack.plan, version);
    if (Array.isArray(pack.levels))
      out.levels = pack.levels.map((l: unknown) => migrateData(game, 'level', l, version));
    return out;
  } catch (e) {
    if (!(e instanceof DataVersionError)) throw e;
    throw new PackFormatError(`pack version ${version}: ${e.message}`, [
      { level: null, field: e.field, message: e.message },
    ]);
  }
}

/** A pack's JSON brought to the current version, then parsed by the game (PackFormatError names what is wrong). */
export function readPack<P>(game: { parsePack(json: unknown): P } & AnyGame, json: unknown): P {
  return game.parsePack(migratePackJson(game, json)) as P;
}
