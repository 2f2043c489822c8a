/**
 * Issue 9, the runs part, replayed against the real service (and the real CLI): misspelt and
 * unbounded rules and plans, non-finite numbers, a database from a newer studio, a bad --db.
 * Every refusal names the field or the file in a sentence and changes nothing.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrations } from '../../src-main/store/migrations';
import { openDatabase } from '../../src-main/store/db';
import type { Service } from '../../src-main/service';
import { testService } from '../helpers/service';
import { tempDir } from '../helpers/temp';

const root = join(import.meta.dirname, '..', '..');
const cliArgs = ['--import', 'tsx', join(root, 'src-main/cli/main.ts')];
const files = tempDir('studio-sec-runs-');
let ctx: ReturnType<typeof testService>;
let service: Service;

beforeAll(() => {
  ctx = testService(2);
  service = ctx.service;
});
afterAll(async () => {
  await ctx.dispose();
  files.cleanup();
});

/** Row counts of every table and the integrity check: "nothing changed" means this stays equal. */
function snapshot(path: string): Record<string, number | string> {
  const db = new Database(path, { readonly: true });
  try {
    const out: Record<string, number | string> = { integrity: db.pragma('integrity_check', { simple: true }) as string };
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").pluck().all() as string[];
    for (const t of tables) {
      out[t] = (db.prepare(`SELECT COUNT(*) AS n FROM ${t}`).get() as { n: number }).n;
    }
    return out;
  } finally {
    db.close();
  }
}

describe('misspelt keys, unbounded plans and non-finite numbers are refused by name', () => {
  const cases: [string, unknown, string, RegExp][] = [
    ['a misspelt rule (poolsize)', { game: 'carillon', seed: 1, rules: { poolsize: 2 } }, 'rules.poolsize', /^is not a rule of Carillon; did you mean poolSize\?$/],
    ['a misspelt nested rule', { game: 'carillon', seed: 1, rules: { sizes: { small: { radus: 9 } } } }, 'rules.sizes.small.radus', /did you mean radius\?/],
    ['a misspelt Apsis rule', { game: 'apsis', seed: 1, rules: { heart: 2 } }, 'rules.heart', /^is not a rule of Apsis; did you mean hearts\?$/],
    ['a misspelt plan field (tutorail)', { game: 'carillon', seed: 1, plan: [{ from: 1, to: 3, taps: 1, minDots: 3, maxDots: 5, tutorail: true }] }, 'plan.0.tutorail', /did you mean tutorial\?/],
    ['a misspelt Apsis plan field', { game: 'apsis', seed: 1, plan: [{ stage: 1, first: 1, last: 1, orbits: 3, arrows: [3], long: false, diagonal: false, poolsize: 4, poolSize: 4 }] }, 'plan.0.poolsize', /did you mean poolSize\?/],
    ['minDots 5000 and poolSize 10000', { game: 'carillon', seed: 1, plan: [{ from: 1, to: 1, taps: 1, minDots: 5000, maxDots: 5000 }], rules: { poolSize: 10000 } }, 'plan.0.minDots', /^must be at most 200$/],
    ['taps beyond any field', { game: 'carillon', seed: 1, plan: [{ from: 1, to: 1, taps: 99, minDots: 3, maxDots: 5 }] }, 'plan.0.taps', /^must be at most 24$/],
    ['endBits beyond any level', { game: 'carillon', seed: 1, plan: [{ from: 1, to: 1, taps: 1, minDots: 3, maxDots: 5, endBits: 1e9 }] }, 'plan.0.endBits', /^must be at most 64$/],
    ['a level past any run', { game: 'carillon', seed: 1, plan: [{ from: 1, to: 1e6, taps: 1, minDots: 3, maxDots: 5 }] }, 'plan.0.to', /^must be at most 1000$/],
    ['an Apsis stage past any run', { game: 'apsis', seed: 1, plan: [{ stage: 1, first: 1, last: 5000, orbits: 3, arrows: [3], long: false, diagonal: false, poolSize: 4 }] }, 'plan.0.last', /^must be at most 1000$/],
    ['Infinity in a rule', { game: 'carillon', seed: 1, rules: { ringSpeed: Infinity } }, 'rules.ringSpeed', /^must be a finite number$/],
    ['Infinity in a plan', { game: 'carillon', seed: 1, plan: [{ from: 1, to: 1, taps: 1, minDots: 3, maxDots: Infinity }] }, 'plan.0.maxDots', /^must be a finite number$/],
    ['Infinity as the seed', { game: 'carillon', seed: Infinity }, 'seed', /^must be a finite number$/],
    ['NaN as the level count', { game: 'apsis', seed: 1, levels: NaN }, 'levels', /^must be a number$/],
    ['a misspelt argument', { game: 'apsis', seed: 1, levls: 3 }, 'levls', /did you mean levels\?/],
  ];
  it.each(cases)('%s', async (_name, args, field, message) => {
    const before = snapshot(ctx.dbPath);
    const env = await service.dispatch('runs.create', args);
    expect(env.ok).toBe(false);
    if (env.ok) return;
    expect(env.error.code).toBe('bad-argument');
    const named = env.error.fields?.find((f) => f.field === field);
    expect(named, JSON.stringify(env.error)).toBeDefined();
    expect(named!.message).toMatch(message);
    // zod's own wording never reaches the designer.
    expect(env.error.message).not.toMatch(/Invalid input|expected number|received|Unrecognized/);
    expect(snapshot(ctx.dbPath)).toEqual(before);
  });

  it('a JSON 1e999 (Infinity) over the wire gives the same sentence', async () => {
    const args = JSON.parse('{"game":"apsis","seed":1,"rules":{"gap":1e999}}') as unknown;
    const env = await service.dispatch('runs.create', args);
    expect(env).toMatchObject({ ok: false, error: { fields: [{ field: 'rules.gap', message: 'must be a finite number' }] } });
  });

  it('a partial nested rule keeps the defaults of the keys left out (as the form promises)', async () => {
    const env = await service.dispatch('runs.create', { game: 'carillon', seed: 3, levels: 1, rules: { sizes: { small: { radius: 15 } }, sizeMix: { big: 0.2 } } });
    expect(env.ok, JSON.stringify(env)).toBe(true);
    if (!env.ok) return;
    const runId = (env.value as { id: number }).id;
    const run = await service.dispatch('runs.get', { runId });
    expect(run).toMatchObject({ ok: true, value: { rules: { sizes: { small: { radius: 15, reach: 60 }, normal: { radius: 26, reach: 112 } }, sizeMix: { small: 0.35, normal: 0.5, big: 0.2 } } } });
    await service.engine.waitFor(runId);
  });
});

describe('the database file', () => {
  it('a database from a newer studio is refused, naming the file, and its bytes are unchanged', () => {
    const path = join(files.dir, 'newer.db');
    const raw = new Database(path);
    raw.exec('CREATE TABLE t (x)');
    raw.pragma(`user_version = ${migrations.length + 3}`);
    raw.close();
    const before = readFileSync(path);
    expect(() => openDatabase(path)).toThrow(new RegExp(`cannot open the database ${path}: its schema version ${migrations.length + 3} is newer than this studio knows`));
    expect(readFileSync(path).equals(before)).toBe(true);
    // Not even a WAL file was started beside it.
    expect(() => readFileSync(`${path}-wal`)).toThrow();
  });

  it('the CLI names the --db file it cannot use', () => {
    const junk = join(files.dir, 'junk.db');
    writeFileSync(junk, 'not a database, just text long enough to have a header'.repeat(4));
    for (const [db, why] of [[junk, /not a studio database/], [files.dir, /unable to open/], [join(files.dir, 'missing', 'x.db'), /directory does not exist/]] as const) {
      const r = spawnSync(process.execPath, [...cliArgs, 'runs', '--db', db], { cwd: root, encoding: 'utf8', timeout: 120_000 });
      expect(r.status).not.toBe(0);
      expect(r.stderr).toContain(`cannot open the database ${db}`);
      expect(r.stderr).toMatch(why);
    }
    expect(readFileSync(junk, 'utf8')).toMatch(/^not a database/);
  });
});
