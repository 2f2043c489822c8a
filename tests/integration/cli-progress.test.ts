/**
 * The CLI off a terminal and in its own words (issue 22): `generate` piped (as in a script or
 * a CI log) prints a line as each phase begins, in the Runs page's words ("carillon: overall
 * 39 % · generate 1,672 / 1,920 · …"), and no bar's control characters; `runs` leaves the
 * runs experiments made out unless given --all; `order` takes a candidate in the form its
 * --json prints (`L10 · c6`, spaces no-break or not) as well as `L10c6`. The ~5 s line of a
 * long phase is tests/unit/progress-lines.test.ts's (a clock a unit test holds).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli, type CliResult } from '../helpers/cli';
import { tempDir } from '../helpers/temp';

const t = tempDir('studio-cli-progress-');
const db = join(t.dir, 'studio.db');
let gen: CliResult;
afterAll(() => t.cleanup());

beforeAll(() => {
  // spawnSync pipes stdout and stderr: the CLI's output is not a terminal, as in `generate | cat`.
  gen = cli(
    'generate',
    '--game',
    'carillon',
    '--seed',
    '7',
    '--levels',
    '12',
    '--workers',
    '1',
    '--out',
    join(t.dir, 'pack.json'),
    '--db',
    db,
  );
}, 240_000);

describe('generate, its output not a terminal', () => {
  it('prints a line as each phase begins, in order, in the Runs page’s words', () => {
    expect(gen.status).toBe(0);
    const lines = gen.stderr.split('\n');
    const first = (re: RegExp): number => lines.findIndex((l) => re.test(l));
    const generate = first(/^carillon: overall \d+ % · generate [\d,]+ \/ 192( · .+)?$/);
    const order = first(/^carillon: overall \d+ % · order$/);
    const dedup = first(/^carillon: overall \d+ % · near-duplicates( [\d,]+ \/ [\d,]+ pools)?$/);
    expect(
      [generate, order, dedup].every((i) => i >= 0),
      gen.stderr,
    ).toBe(true);
    expect(generate).toBeLessThan(order);
    expect(order).toBeLessThan(dedup);
    // Plain lines for a log: no bar redrawn with carriage returns or escape codes.
    expect(gen.stderr).not.toContain('\r');
    expect(gen.stderr).not.toContain('\u001b[');
    // The summary still goes to stdout, the progress to stderr.
    expect(gen.stdout).toMatch(/^Phases\s+generate/m);
    expect(gen.stdout).not.toMatch(/overall \d+ %/);
  });
});

describe('order takes a candidate as order --json names it', () => {
  it('accepts "L10 · c6" (plain or no-break spaces, any middle dot) as well as L10c6, and names both forms when refusing', () => {
    const json = join(t.dir, 'order.json');
    const plain = cli('order', '1', '--db', db, '--json', json);
    expect(plain.status).toBe(0);
    const printed = (JSON.parse(readFileSync(json, 'utf8')) as { levels: { candidate: string }[] }).levels[9]!
      .candidate;
    expect(printed).toMatch(/^L\d+ · c\d+$/);
    const short = printed.replace(' · ', '');
    for (const form of [
      printed,
      short,
      printed.replace(/ /g, '\u00a0'),
      printed.replace('·', '•'),
      short.toLowerCase(),
    ]) {
      const r = cli(
        'order',
        '1',
        '--db',
        db,
        '--exclude',
        form,
        '--pin',
        `1=${form === short ? 'L1c1' : 'L1 · c1'}`,
      );
      expect(r.stderr, form).toBe('');
      expect(r.status, form).toBe(0);
      expect(r.stdout, form).toContain(`Excluded ${printed}`);
    }
    const bad = cli('order', '1', '--db', db, '--exclude', 'L10 x c6');
    expect(bad.status).not.toBe(0);
    expect(bad.stderr).toContain(
      '--exclude L10 x c6: "L10 x c6" is not a candidate; write it as "L12 · c3" or L12c3',
    );
  }, 240_000);
});

describe('runs', () => {
  it("leaves experiments' runs out unless given --all, and says how many", () => {
    const exp = cli(
      'experiment',
      '--game',
      'carillon',
      '--seeds',
      '1',
      '--vary',
      'rules.spacing=18',
      '--slots',
      '1',
      '--candidates',
      '2',
      '--workers',
      '1',
      '--db',
      db,
    );
    expect(exp.status, exp.stderr).toBe(0);
    const own = cli('runs', '--db', db);
    expect(own.status).toBe(0);
    const rows = own.stdout.split('\n').filter((l) => /^\s+\d+\s+carillon/.test(l));
    expect(rows).toHaveLength(1);
    // Each row ends with the run's name after its date (— for a run the CLI made without one).
    expect(own.stdout).toMatch(/\bcreated +name\n/);
    expect(rows[0]!.trimEnd()).toMatch(/Z {2}—$/);
    expect(own.stdout).toContain('2 runs of experiments not listed; --all lists them');
    const all = cli('runs', '--all', '--db', db);
    expect(all.status).toBe(0);
    const every = all.stdout.split('\n').filter((l) => /^\s+\d+\s+carillon/.test(l));
    expect(every).toHaveLength(3);
    expect(every.filter((l) => /#1 (base|spacing)/.test(l))).toHaveLength(2);
    expect(all.stdout).not.toContain('not listed');
  }, 240_000);
});
