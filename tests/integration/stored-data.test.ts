/**
 * Stored game data read back through its version (issue 21, item 11): a run's stored rules
 * edited the way an older or a newer studio would leave them (`width` dropped, `legacyOption`
 * added; a data version above the game's) are named, the run opens read-only with a sentence
 * naming the run and the field, every page still lists and opens it, and export never writes a
 * pack the studio's own verify rejects. (An older version brought forward by a real migration:
 * tests/conformance/stored-data.test.ts, on the test game's version 1.)
 */
import Database from 'better-sqlite3';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { carillonGame } from '../../src-shared/games/carillon/index';
import { useTestStudio } from '../helpers/studio';
import { cli } from '../helpers/cli';

const studio = useTestStudio({ workers: 1, prefix: 'stored-data-' });

function raw<T>(fn: (db: Database.Database) => T): T {
  const db = new Database(studio.dbPath);
  try {
    return fn(db);
  } finally {
    db.close();
  }
}

/** The project's verify of a pack's text: its problems, or the refusal. */
function verifyText(text: string): string[] {
  try {
    return carillonGame
      .verifyPack(carillonGame.parsePack(JSON.parse(text)))
      .map((p) => `${p.rule}: ${p.message}`);
  } catch (e) {
    return [`refused: ${(e as Error).message}`];
  }
}

describe('stored rules an older or newer studio left behind', () => {
  it('records the game data version with every stored row', async () => {
    const run = await studio.finishedRun({ game: 'carillon', seed: 11, levels: 2 });
    const versions = raw((db) => ({
      run: (db.prepare('SELECT data_version AS v FROM runs WHERE id = ?').get(run.id) as { v: number }).v,
      candidates: db
        .prepare('SELECT DISTINCT data_version AS v FROM candidates WHERE run_id = ?')
        .all(run.id),
    }));
    expect(versions).toEqual({
      run: carillonGame.dataVersion,
      candidates: [{ v: carillonGame.dataVersion }],
    });
  });

  it('names a run whose rules dropped width and gained legacyOption, opens it read-only, and writes no pack', async () => {
    const run = await studio.finishedRun({ game: 'carillon', seed: 12, levels: 2 });
    raw((db) =>
      db
        .prepare(
          "UPDATE runs SET rules = json_set(json_remove(rules, '$.width'), '$.legacyOption', json('true')) WHERE id = ?",
        )
        .run(run.id),
    );
    // Every page still lists and opens the run, with the sentence naming the run and the field.
    const listed = (await studio.api.call('runs.list', {})).find((r) => r.id === run.id)!;
    expect(listed.dataProblem).toMatch(new RegExp(`^run ${run.id}'s stored rules cannot be read`));
    expect(listed.dataProblem).toMatch(/legacyOption/);
    expect(listed.dataProblem).toMatch(/read-only/);
    const got = await studio.api.call('runs.get', { runId: run.id });
    expect(got.dataProblem).toBe(listed.dataProblem);
    const page = await studio.api.call('candidates.list', { runId: run.id, limit: 5, offset: 0 });
    expect(page.items.length).toBeGreaterThan(0);

    // Export is refused with the sentence: today it wrote a pack that verify rejects.
    const exported = await studio.service.dispatch('packs.export', {
      runId: run.id,
      kind: 'automatic',
      layout: 'file',
      allowBreaks: false,
    });
    if (exported.ok) expect(verifyText((exported.value as { text: string }).text)).toEqual([]);
    expect(exported).toMatchObject({ ok: false, error: { code: 'conflict' } });
    expect(!exported.ok && exported.error.message).toBe(listed.dataProblem);

    // Curation writes are refused with the same sentence; nothing changes.
    const verdict = await studio.service.dispatch('candidates.setVerdict', {
      candidateIds: [page.items[0]!.id],
      verdict: 'approved',
    });
    expect(verdict).toMatchObject({ ok: false, error: { code: 'conflict', message: listed.dataProblem } });
    const after = await studio.api.call('candidates.list', { runId: run.id, limit: 5, offset: 0 });
    expect(after.items[0]!.verdict).toBe('none');
  });

  it('reads rules that only dropped width (its default fills in) and exports a pack verify accepts', async () => {
    const run = await studio.finishedRun({ game: 'carillon', seed: 13, levels: 2 });
    raw((db) => db.prepare("UPDATE runs SET rules = json_remove(rules, '$.width') WHERE id = ?").run(run.id));
    const got = await studio.api.call('runs.get', { runId: run.id });
    expect(got.dataProblem).toBeNull();
    expect((got.rules as { width: number }).width).toBe(carillonGame.defaultRules.width);
    const exported = await studio.api.call('packs.export', { runId: run.id, kind: 'automatic' });
    expect(verifyText(exported.text)).toEqual([]);
  });

  it('names a run stored by a newer studio (a higher data version) and keeps it read-only', async () => {
    const run = await studio.finishedRun({ game: 'carillon', seed: 14, levels: 2 });
    const newer = carillonGame.dataVersion + 1;
    raw((db) => db.prepare('UPDATE runs SET data_version = ? WHERE id = ?').run(newer, run.id));
    const listed = (await studio.api.call('runs.list', {})).find((r) => r.id === run.id)!;
    expect(listed.dataProblem).toMatch(new RegExp(`run ${run.id}'s stored rules cannot be read`));
    expect(listed.dataProblem).toMatch(new RegExp(`newer studio \\(Carillon data version ${newer};`));
    const exported = await studio.service.dispatch('packs.export', {
      runId: run.id,
      kind: 'automatic',
      layout: 'file',
      allowBreaks: false,
    });
    expect(exported).toMatchObject({ ok: false, error: { code: 'conflict', message: listed.dataProblem } });
    const resumed = await studio.service.dispatch('runs.resume', { runId: run.id });
    expect(resumed.ok).toBe(false);
  });

  it('refuses a pack whose stored level was left by a newer studio, naming the run and the candidate', async () => {
    const run = await studio.finishedRun({ game: 'carillon', seed: 15, levels: 2 });
    raw((db) =>
      db
        .prepare(
          "UPDATE candidates SET data_version = 9 WHERE id = (SELECT candidate_id FROM ordering_levels WHERE run_id = ? AND kind = 'automatic' AND level = 2)",
        )
        .run(run.id),
    );
    const exported = await studio.service.dispatch('packs.export', {
      runId: run.id,
      kind: 'automatic',
      layout: 'file',
      allowBreaks: false,
    });
    expect(exported).toMatchObject({ ok: false, error: { code: 'conflict' } });
    expect(!exported.ok && exported.error.message).toMatch(
      new RegExp(
        `^run ${run.id}: the stored level of candidate L2 · c\\d+ cannot be read \\(.*data version 9`,
      ),
    );
  });

  it('names a preset whose stored rules cannot be read, lists it, and refuses to build on it', async () => {
    const preset = await studio.api.call('presets.save', { game: 'carillon', name: 'old rules' });
    expect(preset.dataProblem).toBeNull();
    raw((db) =>
      db
        .prepare("UPDATE presets SET rules = json_set(rules, '$.legacyOption', json('true')) WHERE id = ?")
        .run(preset.id),
    );
    const listed = (await studio.api.call('presets.list', { game: 'carillon' })).find(
      (p) => p.id === preset.id,
    )!;
    expect(listed.dataProblem).toMatch(/^preset "old rules"'s stored rules cannot be read \(.*legacyOption/);
    const diff = await studio.service.dispatch('settings.diff', {
      a: { presetId: preset.id },
      b: { game: 'carillon' },
    });
    expect(diff).toMatchObject({ ok: false, error: { code: 'conflict', message: listed.dataProblem } });
  });

  it('the CLI: export of the edited run exits 1 with the sentence and writes nothing; runs lists it', () => {
    const db = join(studio.dir, 'cli.db');
    const out = join(studio.dir, 'cli-pack.json');
    const made = cli(
      'generate',
      '--game',
      'carillon',
      '--seed',
      '16',
      '--levels',
      '2',
      '--out',
      join(studio.dir, 'first.json'),
      '--db',
      db,
    );
    expect(made.status, made.stderr).toBe(0);
    const edit = new Database(db);
    edit
      .prepare(
        "UPDATE runs SET rules = json_set(json_remove(rules, '$.width'), '$.legacyOption', json('true'))",
      )
      .run();
    edit.close();
    const exported = cli('export', '1', '--out', out, '--db', db);
    if (exported.status === 0) {
      // Today's code: a pack the studio's own verify then rejects.
      const verified = cli('verify', out);
      expect(verified.status, verified.stdout).toBe(0);
    }
    expect(exported.status).toBe(1);
    expect(exported.stderr).toMatch(/run 1's stored rules cannot be read .*legacyOption/i);
    expect(existsSync(out)).toBe(false);
    const listed = cli('runs', '--db', db);
    expect(listed.status).toBe(0);
    expect(listed.stdout).toMatch(/run 1's stored rules cannot be read/i);
  });
});
