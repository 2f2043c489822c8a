/**
 * SQL lives only in src-main/store/: no statement text in any case, and no prepare, pragma,
 * transaction or exec on a database anywhere else (not in runs/, experiments/, bench/, cli/
 * or the rest), and one store module maps candidate rows. SQL is text, not an import, so
 * this is a text scan; the import rules (better-sqlite3 only in store/, no renderer import,
 * jobs/ knows nothing of runs/) are dependency-cruiser's (.dependency-cruiser.cjs).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const main = join(root, 'src-main');

function files(dir: string, skip: string[] = []): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (skip.includes(path)) return [];
    if (statSync(path).isDirectory()) return files(path, skip);
    return /\.(ts|mts|js|mjs)$/.test(name) ? [path] : [];
  });
}

/** Every line of `paths` that matches `pattern`, as "file:line: text". */
function offending(paths: string[], pattern: RegExp): string[] {
  return paths.flatMap((path) =>
    readFileSync(path, 'utf8')
      .split('\n')
      .flatMap((line, i) => (pattern.test(line) ? [`${relative(root, path)}:${i + 1}: ${line.trim()}`] : [])),
  );
}

/** Statement text (upper case, as the store writes it) and the database calls that run it. */
const SQL_TEXT =
  /\b(SELECT\s+[\w*(]|INSERT\s+(OR\s+\w+\s+)?INTO\b|UPDATE\s+\w+\s+SET\b|DELETE\s+FROM\b|(CREATE|ALTER|DROP)\s+(TABLE|INDEX)\b)/;
/** A string that starts as a statement, in any case (`'select id from runs'`); prose in comments is not a string. */
const SQL_STRING =
  /['"`]\s*(select\s[^'"`]*\bfrom\b|insert\s+(or\s+\w+\s+)?into\b|update\s+\w+\s+set\b|delete\s+from\b|(create|alter|drop)\s+(table|index|view|trigger)\b|pragma\s+\w|with\s+\w+\s+as\s*\()/i;
const DB_CALL = /\.(prepare|pragma|transaction)\(|\b\w*db\.exec\(/i;

describe('SQL only in src-main/store/', () => {
  const outsideStore = files(main, [join(main, 'store')]);

  it('scans src-main outside store/ (not an empty folder)', () => {
    const scanned = outsideStore.map((p) => relative(main, p));
    expect(scanned).toContain('runs/run-engine.ts');
    expect(scanned).toContain('jobs/scheduler.ts');
    expect(scanned).toContain('bench/browser.ts');
    expect(scanned).toContain('bench/experiments.ts');
    expect(scanned).toContain('experiments/runner.ts');
    expect(scanned).toContain('experiments/create.ts');
    expect(scanned).toContain('cli/experiment.ts');
    expect(scanned).toContain('local-client.ts');
    expect(scanned.some((p) => p.startsWith('store/'))).toBe(false);
  });

  it('holds no SQL outside store/', () => {
    expect(offending(outsideStore, SQL_TEXT)).toEqual([]);
    expect(offending(outsideStore, SQL_STRING)).toEqual([]);
  });

  it('calls no database statement outside store/', () => {
    expect(offending(outsideStore, DB_CALL)).toEqual([]);
  });

  it('candidate rows are mapped in one place: only store/candidates.ts writes a candidates row or its metric rows', () => {
    const writers = offending(
      files(join(main, 'store')),
      /INSERT\s+(OR\s+\w+\s+)?INTO\s+(candidates|candidate_metrics)\b/,
    );
    expect(writers.length).toBeGreaterThan(0);
    expect(writers.filter((w) => !w.startsWith('src-main/store/candidates.ts:'))).toEqual([]);
    // …and saved edits read candidates' levels through it too.
    expect(
      offending(
        [join(main, 'store', 'edited-candidates.ts')],
        /JSON\.(parse|stringify)\([\w.]*(level|metrics|tags)\)/,
      ),
    ).toEqual([]);
  });

  it('would catch SQL or a statement if one crept in', () => {
    expect(SQL_TEXT.test("const get = db.prepare('SELECT level FROM candidates WHERE id = ?');")).toBe(true);
    expect(SQL_TEXT.test('`INSERT OR IGNORE INTO candidates (run_id) VALUES (?)`')).toBe(true);
    expect(SQL_TEXT.test("'UPDATE runs SET steering = ? WHERE id = ?'")).toBe(true);
    expect(SQL_TEXT.test("'DELETE FROM duplicate_pairs WHERE run_id = ?'")).toBe(true);
    expect(SQL_TEXT.test('// Select the level, then update the run.')).toBe(false);
    expect(SQL_STRING.test("const rows = db.prepare('select id from experiments').all();")).toBe(true);
    expect(SQL_STRING.test('`insert into presets (game) values (?)`')).toBe(true);
    expect(SQL_STRING.test("'with done as (select 1)'")).toBe(true);
    expect(SQL_STRING.test("'pragma user_version'")).toBe(true);
    expect(SQL_STRING.test('// select the level, then update the run.')).toBe(false);
    expect(SQL_STRING.test("throw new Error('select a run first');")).toBe(false);
    expect(DB_CALL.test('const runId = db.transaction(() => {')).toBe(true);
    expect(DB_CALL.test('  .prepare(')).toBe(true);
    expect(DB_CALL.test("db.exec('PRAGMA foreign_keys = ON')")).toBe(true);
    expect(DB_CALL.test("studioDb.exec('DELETE FROM runs')")).toBe(true);
    expect(DB_CALL.test('const head = /<head[^>]*>/i.exec(html);')).toBe(false);
  });
});
