import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/temp';
import { cli } from '../helpers/cli';
import Database from 'better-sqlite3';
import { reportLines, type RunReport } from '../../src-shared/run-report';

// The CLI from source (tsx), so these tests never run a stale build.

const t = tempDir('studio-cli-');
afterAll(() => t.cleanup());

type Json = Record<string, unknown> & { levels: Record<string, unknown>[] };
function broken(src: string, name: string, edit: (p: Json) => void): string {
  const p = JSON.parse(readFileSync(src, 'utf8')) as Json;
  edit(p);
  const path = join(t.dir, name);
  writeFileSync(path, JSON.stringify(p, null, 2));
  return path;
}

describe('cli', () => {
  it('--help lists the commands', () => {
    const r = cli('--help');
    expect(r.status).toBe(0);
    for (const c of ['generate', 'verify', 'games']) expect(r.stdout).toContain(c);
  });

  describe.each([
    ['carillon', 14],
    ['apsis', 20],
  ])('%s', (game, levels) => {
    const a = join(t.dir, `${game}-a.json`);
    const b = join(t.dir, `${game}-b.json`);

    it('writes byte-identical packs with 2 workers and with 1, and prints the summary', () => {
      const two = cli(
        'generate',
        '--game',
        game,
        '--seed',
        '7',
        '--levels',
        String(levels),
        '--workers',
        '2',
        '--out',
        a,
        '--db',
        join(t.dir, `${game}-2.db`),
      );
      expect(two.stderr).not.toMatch(/error/i);
      expect(two.stdout).toMatch(/^Builds\s+\d+ made, \d+ per second$/m);
      expect(two.status).toBe(0);
      expect(two.stdout).toMatch(/^Levels\s+(14|20)$/m);
      expect(two.stdout).toMatch(/^Time\s+\d/m);
      // The run's stored report, in the summary, in the words of the Runs page's panel (reportLines).
      expect(two.stdout).toMatch(/^Difficulty\s+[\d.]+ – [\d.]+ (bits|reads)$/m);
      expect(two.stdout).toMatch(/^Largest step\s+[\d.-]+ (bits?|reads?), level \d+ → \d+$/m);
      expect(two.stdout).toMatch(/^Gave up\s+(none of|\d+ of) \d+ candidates/m);
      expect(two.stdout).toMatch(/^Near-duplicates\s+\d+ pairs? found, \d+ skipped by the order/m);
      expect(two.stdout).toMatch(/^Short levels\s+none$/m);
      expect(two.stdout).toMatch(
        /^Phases\s+generate \d+\.\d\d s · order \d+\.\d\d s · near-duplicates \d+\.\d\d s$/m,
      );
      // The pack's own largest step is the report's: said once.
      expect(two.stdout.match(/^Largest step/gm)).toHaveLength(1);
      const db = new Database(join(t.dir, `${game}-2.db`), { readonly: true });
      const stored = JSON.parse(
        (db.prepare('SELECT report FROM runs WHERE id = 1').get() as { report: string }).report,
      ) as RunReport;
      db.close();
      for (const l of reportLines(stored))
        expect(two.stdout.split('\n'), l.label).toContainEqual(
          expect.stringMatching(
            new RegExp(`^${l.label}\\s+${l.value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`),
          ),
        );
      const one = cli(
        'generate',
        '--game',
        game,
        '--seed',
        '7',
        '--levels',
        String(levels),
        '--workers',
        '1',
        '--out',
        b,
        '--db',
        join(t.dir, `${game}-1.db`),
      );
      expect(one.status).toBe(0);
      expect(readFileSync(a, 'utf8')).toBe(readFileSync(b, 'utf8'));
      const pack = JSON.parse(readFileSync(a, 'utf8')) as Json;
      expect(pack.format).toBe(`${game}-pack`);
      expect(pack.levels).toHaveLength(levels);
    });

    it('verify passes on the generated pack', () => {
      const r = cli('verify', a);
      expect(r.stderr).toBe('');
      expect(r.status).toBe(0);
      expect(r.stdout).toContain('all verified');
    });

    it('verify fails on a malformed pack, naming the level and field', () => {
      const path = broken(a, `${game}-malformed.json`, (p) => {
        const l = p.levels[2]!;
        if (game === 'carillon') (l.dots as Record<string, unknown>[])[1]!.size = 'huge';
        else (l.arrows as Record<string, unknown>[])[1]!.heading = 'sideways';
      });
      const r = cli('verify', path);
      expect(r.status).toBe(1);
      expect(r.stderr).toMatch(
        game === 'carillon' ? /level 3: dots\[1\]\.size/ : /level 3: arrows\[1\]\.heading/,
      );
    });
  });

  it('verify names the level and rule for hand-broken Carillon packs', () => {
    const src = join(t.dir, 'carillon-a.json');
    const moved = broken(src, 'c-moved.json', (p) => {
      const dots = p.levels[5]!.dots as { x: number; y: number }[];
      dots[1]!.x = dots[0]!.x;
      dots[1]!.y = dots[0]!.y;
    });
    let r = cli('verify', moved);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/level 6: \[spacing\]/);

    const bits = broken(src, 'c-bits.json', (p) => {
      p.levels[3]!.bits = (p.levels[3]!.bits as number) + 0.5;
    });
    r = cli('verify', bits);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/level 4: \[bits\]/);

    const solution = broken(src, 'c-solution.json', (p) => {
      const l = p.levels.find((x) => (x.taps as number) >= 2)!;
      (l.solution as number[]).pop();
      (p as { target?: number }).target = l.level as number;
    });
    const target = (JSON.parse(readFileSync(solution, 'utf8')) as { target: number }).target;
    r = cli('verify', solution);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(new RegExp(`level ${target}: \\[solution\\]`));
  });

  it('verify names the level and rule for hand-broken Apsis packs', () => {
    const src = join(t.dir, 'apsis-a.json');
    const reads = broken(src, 'a-reads.json', (p) => {
      p.levels[7]!.reads = (p.levels[7]!.reads as number) + 1;
    });
    let r = cli('verify', reads);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/level 8: \[reads\]/);

    const diagonal = broken(src, 'a-diagonal.json', (p) => {
      const a = (p.levels[4]!.arrows as { heading: string }[])[0]!;
      a.heading = a.heading === 'cw' ? 'cw-out' : 'ccw-out';
    });
    r = cli('verify', diagonal);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/level 5: \[kinds\]/);
  });

  it('rejects bad options with a message naming the option', () => {
    const db = join(t.dir, 'bad.db');
    expect(
      cli('generate', '--game', 'tetris', '--seed', '1', '--out', join(t.dir, 'x.json'), '--db', db).stderr,
    ).toMatch(/unknown game "tetris"/);
    expect(
      cli('generate', '--game', 'apsis', '--seed', '-4', '--out', join(t.dir, 'x.json'), '--db', db).stderr,
    ).toMatch(/--seed must be a whole number/);
    expect(
      cli(
        'generate',
        '--game',
        'apsis',
        '--seed',
        '1',
        '--levels',
        '999',
        '--out',
        join(t.dir, 'x.json'),
        '--db',
        db,
      ).stderr,
    ).toMatch(/error: The level count must be at most 150, the levels the plan holds\./);
    expect(cli('export', '1', '--out', join(t.dir, 'x.json'), '--db', db).stderr).toMatch(
      /error: Run 1 does not exist\./,
    );
    const notPack = join(t.dir, 'not-a-pack.json');
    writeFileSync(notPack, '{"format":"zip"}');
    const r = cli('verify', notPack);
    expect(r.status).toBe(1);
    // The sentence import gives (verify reads a pack as import does).
    expect(r.stderr).toMatch(
      /the text is not a level pack: its "format" field must be "carillon-pack" or "apsis-pack"/,
    );
  });
});
