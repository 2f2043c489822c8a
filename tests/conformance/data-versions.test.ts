/**
 * Every registered game's chain of data migrations (issue 21), the test game's included:
 * fixtures of every version a game has had (tests/fixtures/data-versions/<game>/v<N>/) are
 * brought to the current version through `migrate`, step by step, and must then parse with the
 * game's schemas and equal what the current version writes. Packs of every old version migrate
 * and verify clean; a newer version is refused, named.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DataKind } from '../../src-shared/game';
import type { AnyGame } from '../../src-shared/games/index';
import { games } from '../../src-shared/games/index';
import { migrateData, migratePackJson, parseData, versionProblem } from '../../src-shared/data-version';
import { PackFormatError } from '../../src-shared/pack/pack-io';

const root = join(import.meta.dirname, '../fixtures/data-versions');
const kinds: DataKind[] = ['rules', 'plan', 'level'];
const fixture = (game: AnyGame, version: number, name: string): unknown =>
  JSON.parse(readFileSync(join(root, game.id, `v${version}`, `${name}.json`), 'utf8'));

describe.each(games.map((g) => [g.id, g] as const))('%s data versions', (_id, game) => {
  const versions = Array.from({ length: game.dataVersion }, (_, i) => i + 1);

  it('declares a whole data version and keeps fixtures of every version up to it', () => {
    expect(Number.isInteger(game.dataVersion) && game.dataVersion >= 1).toBe(true);
    for (const v of versions)
      for (const name of [...kinds, 'pack'])
        expect(existsSync(join(root, game.id, `v${v}`, `${name}.json`)), `v${v}/${name}.json`).toBe(true);
  });

  it('reads its current fixtures with its own schemas, migrating nothing', () => {
    for (const kind of kinds) {
      const json = fixture(game, game.dataVersion, kind);
      expect(migrateData(game, kind, json, game.dataVersion)).toEqual(json);
      expect(() => parseData(game, kind, json)).not.toThrow();
    }
  });

  it.each(versions.slice(0, -1))('brings version %i forward to what the current version writes', (v) => {
    for (const kind of kinds) {
      const migrated = migrateData(game, kind, fixture(game, v, kind), v);
      expect(parseData(game, kind, migrated), `${kind} of v${v}`).toEqual(
        parseData(game, kind, fixture(game, game.dataVersion, kind)),
      );
    }
  });

  it.each(versions)('migrates and verifies a pack of version %i clean', (v) => {
    const migrated = migratePackJson(game, fixture(game, v, 'pack'));
    expect((migrated as { version: number }).version).toBe(game.dataVersion);
    const pack = game.parsePack(migrated);
    expect(game.verifyPack(pack)).toEqual([]);
    // An old pack reads as the current version wrote it.
    expect(migrated).toEqual(fixture(game, game.dataVersion, 'pack'));
  });

  it('refuses data and packs of a newer version, naming the version', () => {
    const newer = game.dataVersion + 1;
    expect(versionProblem(game, newer)).toMatch(new RegExp(`data version ${newer}`));
    expect(() => migrateData(game, 'rules', game.defaultRules, newer)).toThrow(/newer studio/);
    const pack = { ...(fixture(game, game.dataVersion, 'pack') as object), version: newer };
    expect(() => migratePackJson(game, pack)).toThrow(PackFormatError);
    expect(() => migratePackJson(game, pack)).toThrow(new RegExp(`pack version ${newer}`));
  });
});

describe('the test game has a real second version', () => {
  it('renames its v1 fields: rules.length to width, a level’s positions to dots', () => {
    const tally = games.find((g) => (g.id as string) === 'tally')!;
    expect(tally.dataVersion).toBe(2);
    expect(migrateData(tally, 'rules', { length: 9, poolSize: 2 }, 1)).toEqual({ width: 9, poolSize: 2 });
    expect(migrateData(tally, 'level', { positions: [1, 2], taps: 1, solution: [1] }, 1)).toEqual({
      dots: [1, 2],
      taps: 1,
      solution: [1],
    });
    // Unmigrated, version 1's rules do not parse as version 2's: the chain is what reads them.
    expect(() => parseData(tally, 'rules', { length: 9, poolSize: 2 })).toThrow(/length/);
  });
});
