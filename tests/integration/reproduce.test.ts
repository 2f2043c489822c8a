/**
 * `reproduce RUN` (issue 21, item 12): a stored run made again from its seed, plan and rules in
 * a scratch database. An untouched run reproduces (exit 0); one whose shipped level 7 was changed
 * in the database does not (exit 1), and the report names level 7 and its candidate, with the
 * metrics of both sides.
 */
import Database from 'better-sqlite3';
import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cli } from '../helpers/cli';
import { tempDir } from '../helpers/temp';

const t = tempDir('reproduce-');
afterAll(() => t.cleanup());
const db = join(t.dir, 'studio.db');
const scratchDirs = (): string[] => readdirSync(tmpdir()).filter((n) => n.startsWith('studio-reproduce-'));

describe('reproduce', () => {
  it('makes an untouched run again, the same byte for byte (exit 0), and removes its scratch database', () => {
    const made = cli(
      'generate',
      '--game',
      'carillon',
      '--seed',
      '21',
      '--levels',
      '8',
      '--out',
      join(t.dir, 'p.json'),
      '--db',
      db,
    );
    expect(made.status, made.stderr).toBe(0);
    const before = scratchDirs();
    const r = cli('reproduce', '1', '--db', db, '--workers', '2');
    expect(r.status, r.stderr + r.stdout).toBe(0);
    expect(r.stdout).toMatch(
      /^run 1 reproduces: all \d+ candidates and the automatic pack are the same, byte for byte$/m,
    );
    expect(r.stdout).not.toMatch(/older/);
    // The scratch database went with it (other tests' scratch folders may come and go meanwhile).
    expect(scratchDirs().filter((d) => !before.includes(d))).toEqual([]);
  });

  it('names the changed level 7 and its candidate, with their metrics side by side (exit 1)', () => {
    const edit = new Database(db);
    const shipped = edit
      .prepare(
        "SELECT c.id, c.slot, c.idx FROM ordering_levels o JOIN candidates c ON c.id = o.candidate_id WHERE o.run_id = 1 AND o.kind = 'automatic' AND o.level = 7",
      )
      .get() as { id: number; slot: number; idx: number };
    edit
      .prepare(
        "UPDATE candidates SET level = json_set(level, '$.dots[0].x', json_extract(level, '$.dots[0].x') + 3) WHERE id = ?",
      )
      .run(shipped.id);
    // And as if an older generator made it: the run says so, in the list and in the report.
    edit
      .prepare("UPDATE runs SET generator = json_set(generator, '$.hash', 'a0a0a0a0a0a0a0a0') WHERE id = 1")
      .run();
    edit.close();
    const listed = cli('runs', '--db', db);
    expect(listed.stdout).toMatch(
      /^ +made by an older Carillon generator \(studio [^,]+, Carillon data version 1, code a0a0a0a0a0a0;/m,
    );
    const name = `L${shipped.slot + 1} · c${shipped.idx + 1}`;
    const r = cli('reproduce', '1', '--db', db, '--workers', '2');
    expect(r.status, r.stderr + r.stdout).toBe(1);
    expect(r.stdout).toMatch(/^run 1 was made by an older Carillon generator/m);
    expect(r.stdout).toMatch(
      /^run 1 does not reproduce: 1 of \d+ candidates differ; the automatic pack differs in 1 level$/m,
    );
    // The level, both sides' candidate and metrics.
    expect(r.stdout).toMatch(
      new RegExp(`^  level 7: ${name} bits [\\d.]+, taps \\d+.* \\| ${name} bits [\\d.]+, taps \\d+`, 'm'),
    );
    expect(r.stdout).toMatch(new RegExp(`^  ${name} \\(level differs\\): bits [\\d.]+, taps \\d+`, 'm'));
  });

  it('refuses a run that is not there, naming it (exit 2)', () => {
    const r = cli('reproduce', '9', '--db', db);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/run 9 does not exist/);
  });
});
