/**
 * `experiment` from the command line: the same engine and database as the studio, the results
 * table on stdout, JSON for scripts; bad input exits 2 naming the field, with nothing stored.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import type { ExperimentDetail, ExperimentResults } from '../../src-shared/api';
import { tempDir } from '../helpers/temp';
import { cli } from '../helpers/cli';

const t = tempDir('studio-cli-experiment-');
afterAll(() => t.cleanup());

describe('cli experiment', () => {
  const db = join(t.dir, 'studio.db');
  it('refuses bad input with status 2, naming the field, and stores nothing', () => {
    const typo = cli(
      'experiment',
      '--game',
      'carillon',
      '--seeds',
      '1-2',
      '--vary',
      'rules.spacng=18',
      '--db',
      db,
    );
    expect(typo.status).toBe(2);
    expect(typo.stderr).toContain(
      '--vary rules.spacng (variant 1): is not a rule of Carillon; did you mean spacing?',
    );
    // The flag the typist wrote, never the API's field path.
    expect(typo.stderr).not.toMatch(/variants\.0|changes\./);
    const bounds = cli(
      'experiment',
      '--game',
      'apsis',
      '--seeds',
      '1',
      '--vary',
      'rules.hearts=0',
      '--db',
      db,
    );
    expect(bounds.status).toBe(2);
    expect(bounds.stderr).toContain('--vary rules.hearts (variant 1): must be at least 1');
    const past = cli(
      'experiment',
      '--game',
      'carillon',
      '--levels',
      '4',
      '--seeds',
      '1',
      '--vary',
      'rules.spacing=18',
      '--slots',
      '1,10',
      '--candidates',
      '2',
      '--db',
      db,
    );
    expect(past.status).toBe(2);
    expect(past.stderr).toContain("--slots: level 10 is past the base's plan, which has levels 1-4");
    const flag = cli(
      'experiment',
      '--game',
      'carillon',
      '--seeds',
      '1-x',
      '--vary',
      'rules.spacing=18',
      '--db',
      db,
    );
    expect(flag.status).toBe(2);
    expect(flag.stderr).toContain(
      '--seeds: “1-x” is not a seed: write whole numbers and ranges, e.g. 1-8 or 3, 5, 9',
    );
    const big = cli(
      'experiment',
      '--game',
      'carillon',
      '--seeds',
      '1-3',
      '--vary',
      'rules.poolSize=800',
      '--db',
      db,
    );
    expect(big.status).toBe(2);
    expect(big.stderr).toMatch(
      /makes 293,760 candidates .* it would take about \d+ (s|min|h)[^;]* at the measured rate\. Add --confirm to run it anyway\./,
    );
    if (existsSync(db)) {
      const raw = new Database(db, { readonly: true });
      expect(raw.prepare('SELECT COUNT(*) AS n FROM experiments').get()).toEqual({ n: 0 });
      expect(raw.prepare('SELECT COUNT(*) AS n FROM runs').get()).toEqual({ n: 0 });
      raw.close();
    }
  });

  it('runs an experiment on the studio engine, prints the table and writes JSON, all in the database', () => {
    const out = join(t.dir, 'exp.json');
    const r = cli(
      'experiment',
      '--game',
      'carillon',
      '--seeds',
      '1-2',
      '--vary',
      'rules.spacing=18,22',
      '--levels',
      '4',
      '--workers',
      '2',
      '--db',
      db,
      '--json',
      out,
    );
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^experiment 1 · carillon · .* · 2 variants × 2 seeds · done/);
    expect(r.stdout).toContain('variant 1 "spacing=18" against the base');
    expect(r.stdout).toContain('  changes  Dot spacing: 14 → 22');
    expect(r.stdout).toMatch(/largest step of the shipped curve \(bits\)\s+[\d.]+/);
    expect(r.stdout).toMatch(/levels 1–3: median difficulty \(bits\)/);
    expect(r.stdout).toContain('sign test');
    const json = JSON.parse(readFileSync(out, 'utf8')) as {
      experiment: ExperimentDetail;
      results: ExperimentResults;
    };
    expect(json.experiment.status).toBe('done');
    expect(json.experiment.runs).toHaveLength(6);
    expect(json.results.variants.map((v) => v.name)).toEqual(['spacing=18', 'spacing=22']);
    const raw = new Database(db, { readonly: true });
    expect(raw.prepare("SELECT COUNT(*) AS n FROM runs WHERE status = 'done'").get()).toEqual({ n: 6 });
    expect(raw.prepare('SELECT COUNT(*) AS n FROM experiment_runs WHERE figures IS NOT NULL').get()).toEqual({
      n: 6,
    });
    raw.close();
    // The stored experiment prints again through --resume (nothing left to run: refused, status 2).
    const again = cli('experiment', '--resume', '1', '--db', db);
    expect(again.status).toBe(2);
    expect(again.stderr).toContain('error: Experiment 1 is done');
  });
});
