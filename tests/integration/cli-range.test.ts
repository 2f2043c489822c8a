/**
 * `range RUN --x --y [--bins] [--json]` prints a run's expressive range as a table of counts;
 * the counts agree with the stored metrics counted cell by cell, and an unknown metric key
 * exits 2 naming the game's keys, writing nothing.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/temp';
import { cli } from '../helpers/cli';

const t = tempDir('studio-cli-range-');
afterAll(() => t.cleanup());

interface RangeJson {
  x: { key: string; edges: number[] };
  y: { key: string; edges: number[] };
  counts: number[][];
  total: number;
  skipped: number;
}

describe('cli range', () => {
  const db = join(t.dir, 'studio.db');
  it('prints the counts of two metrics, agrees with the stored metrics, refuses unknown keys', () => {
    const gen = cli(
      'generate',
      ...['--game', 'carillon', '--seed', '7', '--levels', '5', '--workers', '1'],
      ...['--out', join(t.dir, 'pack.json'), '--db', db],
    );
    expect(gen.status).toBe(0);

    const out = join(t.dir, 'range.json');
    const r = cli('range', '1', '--x', 'dots', '--y', 'bits', '--bins', '5', '--db', db, '--json', out);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^run 1 \(Carillon\) · expressive range: Dots \(dots\) across/m);
    expect(r.stdout).toMatch(/^bits \\ dots/m);
    const json = JSON.parse(readFileSync(out, 'utf8')) as RangeJson;
    expect(json.y.edges).toHaveLength(6);

    // Count the stored metrics by hand on the printed edges.
    const raw = new Database(db, { readonly: true });
    const rows = raw
      .prepare(
        `SELECT x.value AS x, y.value AS y FROM candidate_metrics x
         JOIN candidate_metrics y ON y.candidate_id = x.candidate_id AND y.key = 'bits'
         WHERE x.key = 'dots' AND x.run_id = 1`,
      )
      .all() as { x: number; y: number }[];
    raw.close();
    expect(rows.length).toBeGreaterThan(10);
    const bin = (edges: number[], v: number, integer: boolean): number => {
      for (let i = 0; i < edges.length - 1; i++)
        if (v >= edges[i]! && (v < edges[i + 1]! || (!integer && i === edges.length - 2))) return i;
      return -1;
    };
    const hand = json.counts.map((row) => row.map(() => 0));
    for (const p of rows) hand[bin(json.y.edges, p.y, false)]![bin(json.x.edges, p.x, true)]!++;
    expect(json.counts).toEqual(hand);
    expect(json.total).toBe(rows.length);

    // The table's top row is the highest bits bin, its cells the JSON's last row ('·' for none).
    const lines = r.stdout.split('\n');
    const top = lines[lines.findIndex((l) => l.startsWith('bits \\ dots')) + 1]!;
    const cells = top.trim().split(/\s+/).slice(1);
    expect(cells).toEqual(json.counts[json.counts.length - 1]!.map((c) => (c === 0 ? '·' : String(c))));
    expect(r.stdout).toMatch(
      new RegExp(`^${rows.length} candidates in ${json.x.edges.length - 1}×5 bins`, 'm'),
    );

    const badOut = join(t.dir, 'bad.json');
    const bad = cli('range', '1', '--x', 'dotz', '--y', 'bits', '--db', db, '--json', badOut);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/--x "dotz" is not a metric of Carillon; its metrics are bits, taps, dots/);
    expect(bad.stdout).toBe('');
    expect(existsSync(badOut)).toBe(false);
  });
});
