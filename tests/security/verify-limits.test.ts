/**
 * Issue 21, item 6: the CLI's `verify` had none of import's limits. A 0.97 MiB pack of 5,000
 * identical tiny levels ran it out of memory after 87 s at 4.3 GB; one level of 20,000 dots
 * did the same; 400 levels at 24 taps ran past 150 s. Now verify checks as import does: the
 * same limits, in the same worker with the same heap cap and time budget, refused past them
 * with the same sentences (src-main/runs/import-check.ts); `--no-limits` is for a pack the
 * designer trusts. Each run here is the real CLI in a child process, its peak RSS read from
 * /proc while it runs: a generous bound that says "the process did not blow up", not a speed
 * figure (those belong in the bench).
 */
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultCarillonRules } from '../../src-shared/games/carillon/rules';
import { IMPORT_LIMITS } from '../../src-shared/pack/import-limits';
import { projectRoot } from '../helpers/cli';
import { tempDir } from '../helpers/temp';

const t = tempDir('studio-verify-limits-');
afterAll(() => t.cleanup());
const GiB = 1024 * 1024 * 1024;

/** The real CLI's `verify`, with its wall time and peak resident memory (VmHWM). */
function verify(
  file: string,
  ...flags: string[]
): Promise<{ status: number | null; stdout: string; stderr: string; ms: number; peakBytes: number }> {
  return new Promise((resolve) => {
    const t0 = Date.now();
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', join(projectRoot, 'src-main/cli/main.ts'), 'verify', file, ...flags],
      { cwd: projectRoot, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stdout = '';
    let stderr = '';
    let peakKb = 0;
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const poll = setInterval(() => {
      try {
        const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'));
        if (m) peakKb = Math.max(peakKb, Number(m[1]));
      } catch {
        // exited between polls
      }
    }, 50);
    child.on('close', (status) => {
      clearInterval(poll);
      resolve({ status, stdout, stderr, ms: Date.now() - t0, peakBytes: peakKb * 1024 });
    });
  });
}

const tinyLevel = {
  level: 1,
  taps: 1,
  bits: 0,
  tutorial: true,
  dots: [
    { x: 304, y: 616, size: 'small', color: 3 },
    { x: 240, y: 610, size: 'normal', color: 2 },
    { x: 233, y: 688, size: 'normal', color: 1 },
  ],
  solution: [0],
};

function writePack(name: string, plan: unknown[], levels: unknown[]): string {
  const file = join(t.dir, name);
  const pack = { format: 'carillon-pack', version: 1, seed: 1, rules: defaultCarillonRules, plan, levels };
  writeFileSync(file, JSON.stringify(pack));
  return file;
}

const stretch = (to: number, taps: number, dots: number) => [
  { from: 1, to, taps, minDots: dots, maxDots: dots, tutorial: taps === 1 },
];

/** 24 isolated dots in a 24-tap slot: every dot is its own tap, and the proof searches for about a second. */
const heavySpots = Array.from({ length: 24 }, (_, k) => ({
  x: 70 + 130 * (k % 5),
  y: 70 + 130 * Math.floor(k / 5),
}));
const heavyLevel = (i: number) => ({
  level: i + 1,
  taps: 24,
  bits: 0,
  tutorial: false,
  dots: heavySpots.map((p, k) => ({ ...p, size: 'small', color: k % 7 })),
  solution: heavySpots.map((_, k) => k),
});

describe("verify holds a pack to import's limits", () => {
  it('5,000 identical tiny levels (under 1 MiB): failed with sentences, in bounded time and memory', async () => {
    const file = writePack(
      'identical.json',
      stretch(3, 1, 3),
      Array.from({ length: 5000 }, (_, i) => ({ ...tinyLevel, level: i + 1 })),
    );
    expect(readFileSync(file).length).toBeLessThan(1024 * 1024);
    const r = await verify(file);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/Carillon pack, 5000 levels — \d+ problems:/);
    expect(r.stderr).toMatch(/more than 1,000 near-duplicate pairs; verification stopped listing them there/);
    expect(r.ms).toBeLessThan(30_000);
    expect(r.peakBytes).toBeLessThan(GiB);
  });

  it(
    "one level of 20,000 dots: refused with import's sentence before any proof",
    { timeout: 180_000 },
    async () => {
      const dots = Array.from({ length: 20_000 }, (_, i) => ({
        x: 20 + (i % 600),
        y: 20 + Math.floor(i / 600) * 20,
        size: 'small',
        color: 1,
      }));
      const file = writePack('dots.json', stretch(1, 1, 3), [{ ...tinyLevel, dots }]);
      const r = await verify(file);
      expect(r.status).toBe(1);
      expect(r.stderr).toMatch(
        /the pack has levels larger than the studio checks \(at most 200 entries per list\)\n {2}level 1: dots: 20,000 dots; a level may have at most 200/,
      );
      expect(r.ms).toBeLessThan(30_000);
      expect(r.peakBytes).toBeLessThan(GiB);
      // The designer who means it checks past the limits: 201 dots, one over, is proved and reported.
      const over = writePack('dots201.json', stretch(1, 1, 3), [{ ...tinyLevel, dots: dots.slice(0, 201) }]);
      expect((await verify(over)).stderr).toMatch(/201 dots; a level may have at most 200/);
      const unlimited = await verify(over, '--no-limits');
      expect(unlimited.status).toBe(1);
      expect(unlimited.stderr).toMatch(/Carillon pack, 1 levels — \d+ problems?:/);
      expect(unlimited.stderr).not.toMatch(/larger than the studio checks/);
    },
  );

  it('400 levels at 24 taps: refused within seconds, naming the level too large to prove, memory bounded', async () => {
    // 24 isolated dots: each needs its own tap, and the fewest-taps search takes about a second
    // per level. Before, the pack ran into the 120 s time budget; now the pace of its first
    // levels shows it cannot finish in time, and it is refused then (src-main/runs/proof-pace.ts).
    const file = writePack(
      'taps.json',
      stretch(400, 24, 24),
      Array.from({ length: 400 }, (_, i) => heavyLevel(i)),
    );
    const r = await verify(file);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(
      /the pack's levels are too large to prove in the time a check may take: level \d+ took \d+\.\d s to prove, and at the pace of its first \d+ levels all 400 would take about \d+ s, more than the 120 s an import may take/,
    );
    expect(r.ms).toBeLessThan(30_000);
    expect(r.peakBytes).toBeLessThan(GiB);
  }, 240_000);

  it("a pack over the byte cap is refused before it is read, with import's sentence", async () => {
    const file = join(t.dir, 'big.json');
    writeFileSync(file, '{' + ' '.repeat(IMPORT_LIMITS.maxBytes + 10) + '}');
    const r = await verify(file);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/the pack is 32\.0 MB; a pack may be at most 32\.0 MB/);
  });
});
