/**
 * An older version's stored data brought forward on read (issue 21, item 11), on the test game
 * Tally, whose version 1 called the line's width `length` and a level's dots `positions`
 * (tests/fixtures/games/tally/migrate.ts). A run stored as version 1 left it reads as version 2,
 * its pack is written at version 2 and verifies clean; a version 1 pack imports and verifies,
 * migrated; a pack of a version newer than the game's is refused, naming the version.
 */
import Database from 'better-sqlite3';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { gameById } from '../../src-shared/games/index';
import { checkPackFile } from '../../src-main/cli/packs';
import { useTestStudio } from '../helpers/studio';

const studio = useTestStudio({ workers: 1, prefix: 'stored-versions-' });
const tally = gameById('tally');
const v1Pack = readFileSync(
  join(import.meta.dirname, '../fixtures/data-versions/tally/v1/pack.json'),
  'utf8',
);

function raw<T>(fn: (db: Database.Database) => T): T {
  const db = new Database(studio.dbPath);
  try {
    return fn(db);
  } finally {
    db.close();
  }
}

describe('Tally data stored at version 1, read by version 2', () => {
  it('writes new rows at the game’s current version', async () => {
    const run = await studio.finishedRun({ game: 'tally' as never, seed: 4 });
    const versions = raw((db) => ({
      run: (db.prepare('SELECT data_version AS v FROM runs WHERE id = ?').get(run.id) as { v: number }).v,
      candidates: db
        .prepare('SELECT DISTINCT data_version AS v FROM candidates WHERE run_id = ?')
        .all(run.id),
    }));
    expect(versions).toEqual({ run: 2, candidates: [{ v: 2 }] });
  });

  it('migrates a run’s version 1 rules and levels on read, and exports a version 2 pack that verifies', async () => {
    const run = await studio.finishedRun({ game: 'tally' as never, seed: 5 });
    const before = await studio.api.call('packs.export', { runId: run.id, kind: 'automatic' });
    // Leave the run as version 1 wrote it: rules.length, and levels' positions.
    raw((db) => {
      db.prepare(
        `UPDATE runs SET data_version = 1, rules = json_object('length', json_extract(rules, '$.width'), 'poolSize', json_extract(rules, '$.poolSize')) WHERE id = ?`,
      ).run(run.id);
      db.prepare(
        `UPDATE candidates SET data_version = 1, level = json_object('positions', json(json_extract(level, '$.dots')), 'taps', json_extract(level, '$.taps'), 'solution', json(json_extract(level, '$.solution'))) WHERE run_id = ? AND level IS NOT NULL`,
      ).run(run.id);
    });
    expect(
      raw((db) => (db.prepare('SELECT rules FROM runs WHERE id = ?').get(run.id) as { rules: string }).rules),
    ).toBe('{"length":12,"poolSize":4}');
    const got = await studio.api.call('runs.get', { runId: run.id });
    expect(got.dataProblem).toBeNull();
    expect(got.rules).toEqual({ width: 12, poolSize: 4 });
    const page = await studio.api.call('candidates.list', {
      runId: run.id,
      limit: 3,
      offset: 0,
      withLevels: true,
    });
    for (const c of page.items) expect(c.level).toHaveProperty('dots');
    const after = await studio.api.call('packs.export', { runId: run.id, kind: 'automatic' });
    expect(after.text).toBe(before.text);
    const pack = JSON.parse(after.text) as { version: number };
    expect(pack.version).toBe(2);
    expect(tally.verifyPack(tally.parsePack(pack))).toEqual([]);
  });

  it('imports a version 1 pack migrated, and verify reads it too', async () => {
    const imported = await studio.api.call('packs.import', { text: v1Pack });
    const got = await studio.api.call('runs.get', { runId: imported.run.id });
    expect(got.rules).toEqual({ width: 12, poolSize: 4 });
    const again = JSON.parse(
      (await studio.api.call('packs.export', { runId: imported.run.id, kind: 'automatic' })).text,
    );
    expect(again.version).toBe(2);
    expect(again.levels[0].dots).toEqual([3, 7, 11]);
    const file = join(studio.dir, 'tally-v1.json');
    writeFileSync(file, v1Pack);
    expect(checkPackFile(file).problems).toEqual([]);
  });

  it('refuses a pack of a newer version, naming it, in import and in verify', async () => {
    const v3 = JSON.stringify({ ...JSON.parse(v1Pack), version: 3 });
    const refused = await studio.service.dispatch('packs.import', { text: v3 });
    expect(refused).toMatchObject({ ok: false, error: { code: 'bad-argument' } });
    expect(!refused.ok && refused.error.message).toMatch(/Tally pack version 3, made by a newer studio/);
    const file = join(studio.dir, 'tally-v3.json');
    writeFileSync(file, v3);
    expect(() => checkPackFile(file)).toThrow(/pack version 3, made by a newer studio/);
  });

  it('names a run whose stored data is of a newer version, read-only', async () => {
    const run = await studio.finishedRun({ game: 'tally' as never, seed: 6 });
    raw((db) => db.prepare('UPDATE runs SET data_version = 3 WHERE id = ?').run(run.id));
    const listed = (await studio.api.call('runs.list', {})).find((r) => r.id === run.id)!;
    expect(listed.dataProblem).toMatch(
      new RegExp(
        `^run ${run.id}'s stored rules cannot be read \\(it was written by a newer studio \\(Tally data version 3`,
      ),
    );
  });
});
