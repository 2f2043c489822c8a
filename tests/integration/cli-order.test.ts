/**
 * `order RUN` steers a run from the command line through the same engine as the studio:
 * prints the order, its largest step and rule breaks, stores it as the steered order,
 * --json lists candidate and difficulty per level, impossible constraints exit 2 naming
 * levels and rule with nothing stored; an exported steered pack passes `verify`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/temp';
import { cli } from '../helpers/cli';

const t = tempDir('studio-cli-order-');
afterAll(() => t.cleanup());

type OrderJson = {
  largestStep: number | null;
  breaks: { rule: string }[];
  levels: {
    level: number;
    candidate: string | null;
    candidateId: number | null;
    difficulty: number | null;
    fixed: string | null;
  }[];
};
const readJson = (p: string): OrderJson => JSON.parse(readFileSync(p, 'utf8')) as OrderJson;

describe('cli order', () => {
  const db = join(t.dir, 'studio.db');
  it('steers, stores, writes JSON, refuses impossible constraints with status 2', () => {
    const gen = cli(
      'generate',
      '--game',
      'carillon',
      '--seed',
      '7',
      '--levels',
      '8',
      '--workers',
      '2',
      '--out',
      join(t.dir, 'auto.json'),
      '--db',
      db,
    );
    expect(gen.status).toBe(0);

    const plain = cli('order', '1', '--db', db, '--json', join(t.dir, 'plain.json'));
    expect(plain.stderr).toBe('');
    expect(plain.status).toBe(0);
    expect(plain.stdout).toMatch(/steered order of 8 levels/);
    expect(plain.stdout).toMatch(/^Largest step\s+[\d.]+ bits?, level \d+ → \d+$/m);
    expect(plain.stdout).toMatch(/^Rule breaks\s+(none|\d+)/m);
    const base = readJson(join(t.dir, 'plain.json'));
    expect(base.levels).toHaveLength(8);
    for (const l of base.levels) {
      expect(l.candidate).toMatch(/^L\d+ · c\d+$/);
      expect(typeof l.difficulty).toBe('number');
    }

    const excluded = base.levels[4]!.candidate!.replace(/ · /, '');
    const steered = cli(
      'order',
      '1',
      '--db',
      db,
      '--lock',
      '1-3',
      '--pin',
      `8=${base.levels[7]!.candidate!}`,
      '--exclude',
      excluded,
      '--json',
      join(t.dir, 'steered.json'),
    );
    expect(steered.stderr).toBe('');
    expect(steered.status).toBe(0);
    expect(steered.stdout).toMatch(
      /history: Steered anew; Pinned L\d+ · c\d+ to level 8; Locked levels 1–3; Excluded L\d+ · c\d+/,
    );
    const s = readJson(join(t.dir, 'steered.json'));
    for (const i of [0, 1, 2, 7]) expect(s.levels[i]!.candidateId).toBe(base.levels[i]!.candidateId);
    expect(s.levels.map((l) => l.fixed)).toEqual([
      'locked',
      'locked',
      'locked',
      null,
      null,
      null,
      null,
      'pinned',
    ]);
    expect(s.levels.map((l) => l.candidateId)).not.toContain(base.levels[4]!.candidateId);
    const raw = new Database(db, { readonly: true });
    const stored = raw
      .prepare(
        "SELECT candidate_id AS id FROM ordering_levels WHERE run_id = 1 AND kind = 'steered' ORDER BY level",
      )
      .all() as { id: number }[];
    const before = JSON.stringify([
      raw.prepare('SELECT steering FROM runs').all(),
      raw.prepare('SELECT * FROM ordering_levels ORDER BY kind, level').all(),
      raw.prepare('SELECT COUNT(*) AS n FROM history').get(),
    ]);
    raw.close();
    expect(stored.map((r) => r.id)).toEqual(s.levels.map((l) => l.candidateId));

    // The hardest candidate pinned before the easiest: impossible, status 2, nothing stored.
    const sorted = [...base.levels].sort((a, b) => a.difficulty! - b.difficulty!);
    expect(sorted[7]!.difficulty!).toBeGreaterThan(sorted[0]!.difficulty!);
    const bad = cli(
      'order',
      '1',
      '--db',
      db,
      '--pin',
      `4=${sorted[7]!.candidate!}`,
      '--pin',
      `5=${sorted[0]!.candidate!}`,
    );
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/cannot hold/);
    expect(bad.stderr).toMatch(/levels 4, 5: level 4 .*harder than level 5 .*\(rule: fell\)/);
    const raw2 = new Database(db, { readonly: true });
    expect(
      JSON.stringify([
        raw2.prepare('SELECT steering FROM runs').all(),
        raw2.prepare('SELECT * FROM ordering_levels ORDER BY kind, level').all(),
        raw2.prepare('SELECT COUNT(*) AS n FROM history').get(),
      ]),
    ).toBe(before);
    raw2.close();

    const badArg = cli('order', '1', '--db', db, '--pin', '3=L99c1');
    expect(badArg.status).toBe(1);
    expect(badArg.stderr).toMatch(/run 1 has no candidate L99 · c1/);
  }, 300_000);

  it('exports exactly the steered order; verify accepts it; a forced break needs --allow-breaks and is recorded', () => {
    // The flags are the whole steering: none gives the game's own order, the generated pack's bytes.
    expect(cli('order', '1', '--db', db).status).toBe(0);
    const clean = join(t.dir, 'steered-clean.json');
    const ex = cli('export', '1', '--steered', '--out', clean, '--db', db);
    expect(ex.stderr).toBe('');
    expect(ex.status).toBe(0);
    expect(readFileSync(clean, 'utf8')).toBe(readFileSync(join(t.dir, 'auto.json'), 'utf8'));
    expect(cli('verify', clean).status).toBe(0);

    // A locked and pinned order exports and verifies too (seed 7: the fill once put a near-duplicate
    // pair side by side here; the run's stored pairs now keep them apart).
    const base = readJson(join(t.dir, 'plain.json'));
    expect(
      cli('order', '1', '--db', db, '--lock', '1-4', '--pin', `8=${base.levels[7]!.candidate!}`).status,
    ).toBe(0);
    const pinned = join(t.dir, 'steered-pinned.json');
    expect(cli('export', '1', '--steered', '--out', pinned, '--db', db).status).toBe(0);
    const pinnedPack = JSON.parse(readFileSync(pinned, 'utf8')) as { levels: unknown[]; studio?: unknown };
    // No forced breaks: the studio's notes hold only what made the run.
    expect(Object.keys(pinnedPack.studio as object)).toEqual(['made']);
    expect(cli('verify', pinned).status).toBe(0);

    // The hardest candidate pinned to level 2: the rest cannot climb past it.
    const hardest = [...base.levels].sort((a, b) => b.difficulty! - a.difficulty!)[0]!;
    const forced = cli('order', '1', '--db', db, '--pin', `2=${hardest.candidate!}`);
    expect(forced.status).toBe(0);
    expect(forced.stdout).toMatch(/^Rule breaks\s+[1-9]\d*/m);
    expect(forced.stdout).toMatch(/fell: difficulty fell from [\d.]+ to [\d.]+ between levels 2 and 3/);
    const out = join(t.dir, 'steered-forced.json');
    const refused = cli('export', '1', '--steered', '--out', out, '--db', db);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/breaks the game's rules \(.*level 3: /);
    expect(refused.stderr).toMatch(/allow-breaks/);
    expect(() => readFileSync(out)).toThrow();
    const allowed = cli('export', '1', '--steered', '--allow-breaks', '--out', out, '--db', db);
    expect(allowed.status).toBe(0);
    expect(allowed.stdout).toMatch(/ships with rule breaks/);
    const pack = JSON.parse(readFileSync(out, 'utf8')) as {
      studio: { order: string; forcedBreaks: { level: number; rule: string }[] };
    };
    expect(pack.studio.order).toBe('steered');
    expect(pack.studio.forcedBreaks.some((b) => b.level === 3)).toBe(true);
    // verify stays independent: it names the break the designer chose to ship.
    const v = cli('verify', out);
    expect(v.status).not.toBe(0);
    expect(v.stdout + v.stderr).toMatch(/level 3/);
  }, 300_000);
});
