/**
 * `cli prove --game G LEVEL.json [--explain] [--json]`: one pack level object re-proved with
 * the editor's code. Exit 0 when every rule holds, 1 when a hard rule breaks (each printed by
 * its plain name with its elements), 2 on malformed input naming the field; --json gives the
 * proof itself, --explain the breakdown that adds up to the difficulty.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/temp';
import { apsisGame, defaultApsisRules, type ApsisPlan } from '../../src-shared/games/apsis/index';
import { carillonGame } from '../../src-shared/games/carillon/index';
import type { ProveOutput } from '../../src-main/cli/prove';
import { cli } from '../helpers/cli';

const t = tempDir('studio-cli-prove-');
afterAll(() => t.cleanup());
let n = 0;
const file = (value: unknown): string => {
  const path = join(t.dir, `level-${n++}.json`);
  writeFileSync(path, typeof value === 'string' ? value : JSON.stringify(value));
  return path;
};

// Level 10 of the default plan: two taps, at most 8 dots, no tutorial. Two big dots, each reaching a normal one.
const dots = [
  { x: 100, y: 200, size: 'big', color: 0 },
  { x: 300, y: 200, size: 'normal', color: 1 },
  { x: 100, y: 800, size: 'big', color: 2 },
  { x: 300, y: 800, size: 'normal', color: 3 },
];
const carillon = { level: 10, taps: 2, bits: 0, tutorial: false, dots, solution: [0, 2] };
// Level 1 of Apsis: 3 orbits; arrow 1 stands in arrow 0's path.
const apsis = {
  level: 1,
  orbits: 3,
  depth: 2,
  free: 1,
  reads: 3,
  arrows: [
    { orbit: 2, angle: 0, heading: 'cw', length: 'short' },
    { orbit: 3, angle: 44, heading: 'cw', length: 'short' },
  ],
  solution: [1, 0],
};

describe('cli prove', () => {
  it('a Carillon level that holds: exit 0, its metrics and a solution', () => {
    const r = cli('prove', '--game', 'carillon', file(carillon));
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^Carillon level 10: every rule holds/);
    expect(r.stdout).toContain('Fewest taps 2');
    expect(r.stdout).toContain('solution (dots in order): 0, 2');
  });

  it('a dot moved into another: exit 1, each broken rule by its plain name with its dots', () => {
    const bad = { ...carillon, dots: dots.map((d, i) => (i === 1 ? { ...d, x: 140 } : d)) };
    const r = cli('prove', '--game', 'carillon', file(bad));
    expect(r.status).toBe(1);
    expect(r.stdout).toMatch(
      /✗ Spacing between dots \[spacing\]: dots 0 and 1 overlap by \d+\.\d\d \(they must be at least \d+ apart edge to edge\) — dots 0, 1/,
    );
    expect(r.stdout).toContain('✗ Chain starts stay unreached [chain-start-reached]');
  });

  it('--json prints the proof the editor gets; --explain adds a breakdown that sums to the bits', () => {
    const r = cli('prove', '--game', 'carillon', file(carillon), '--json', '--explain');
    expect(r.status).toBe(0);
    const out = JSON.parse(r.stdout) as ProveOutput;
    expect(out.proof).toEqual(
      carillonGame.prove(carillonGame.parseLevel(carillon), carillonGame.defaultRules, {
        plan: carillonGame.defaultPlan,
        slot: 9,
      }),
    );
    const e = out.explanation!;
    expect(e.parts.reduce((a, p) => a + p.value, 0)).toBeCloseTo(e.total!, 9);
    expect(e.total!).toBeCloseTo(out.proof.metrics!['bits']!, 4);
    const text = cli('prove', '--game', 'carillon', file(carillon), '--explain');
    expect(text.stdout).toMatch(/why: 1\.17 bits in 2 taps/);
    expect(text.stdout).toContain("decoys' previews");
  });

  it('Apsis: a clearable level exits 0; reads by round with --explain; an arrow that can never leave exits 1', () => {
    const ok = cli('prove', '--game', 'apsis', file(apsis), '--explain');
    expect(ok.status).toBe(0);
    expect(ok.stdout).toContain('Reads 3');
    expect(ok.stdout).toContain('solution (arrows in order): 1, 0');
    expect(ok.stdout).toContain('round 1: 1 arrow × 1');
    expect(ok.stdout).toContain('longest chain: 1 → 0');
    const stuck = {
      ...apsis,
      arrows: [apsis.arrows[0], { orbit: 2, angle: 25, heading: 'ccw', length: 'short' }],
    };
    const r = cli('prove', '--game', 'apsis', file(stuck));
    expect(r.status).toBe(1);
    expect(r.stdout).toMatch(/✗ Every arrow can leave \[clears\]: .* — arrows 0, 1/);
    const early = { ...apsis, arrows: [apsis.arrows[0], { ...apsis.arrows[1], heading: 'cw-in' }] };
    expect(cli('prove', '--game', 'apsis', file(early)).stdout).toContain(
      '✗ Diagonal arrows on schedule [kinds]',
    );
  });

  it("--pack proves against that pack's rules and plan; --level overrides the level field", () => {
    const plan: ApsisPlan = [
      { stage: 1, first: 1, last: 2, orbits: 4, arrows: [2, 2], long: false, diagonal: false, poolSize: 1 },
    ];
    const pack = file(apsisGame.toPack({ seed: 1, rules: defaultApsisRules, plan, levels: [] }));
    const r = cli('prove', '--game', 'apsis', file(apsis), '--pack', pack);
    expect(r.status).toBe(1);
    expect(r.stdout).toContain('✗ Orbits the plan gives [orbits]: has 3 orbits; the plan gives 4');
    // Level 16 of the default plan has 4 orbits too.
    expect(cli('prove', '--game', 'apsis', file(apsis), '--level', '16').stdout).toContain('[orbits]');
  });

  it('malformed input exits 2 naming what is wrong', () => {
    const cases: [string[], RegExp][] = [
      [['prove', file(carillon)], /--game is required/],
      [['prove', '--game', 'chess', file(carillon)], /--game must be one of carillon, apsis/],
      [
        ['prove', '--game', 'carillon', file({ ...carillon, dots: [{ ...dots[0], size: 'huge' }] })],
        /dots\.0\.size: must be one of/,
      ],
      [
        ['prove', '--game', 'carillon', file({ ...carillon, dots: [{ ...dots[0], x: 'left' }] })],
        /dots\.0\.x: must be a number/,
      ],
      [['prove', '--game', 'apsis', file({ ...apsis, orbits: undefined })], /orbits: is required/],
      [['prove', '--game', 'carillon', file({ dots })], /level: the level object has no "level" field/],
      [
        ['prove', '--game', 'carillon', file({ ...carillon, level: 500 })],
        /level: 500 is past the plan's 120 levels/,
      ],
      [['prove', '--game', 'carillon', file('{ "dots": [')], /is not valid JSON/],
      [['prove', '--game', 'carillon', join(t.dir, 'missing.json')], /no such file/],
      [['prove', '--game', 'carillon', file(carillon), '--level', 'x'], /--level must be a level number/],
      [
        [
          'prove',
          '--game',
          'carillon',
          file(carillon),
          '--pack',
          file(
            apsisGame.toPack({ seed: 1, rules: defaultApsisRules, plan: apsisGame.defaultPlan, levels: [] }),
          ),
        ],
        /is not a Carillon pack/,
      ],
    ];
    for (const [args, message] of cases) {
      const r = cli(...args);
      expect(r.status, args.join(' ')).toBe(2);
      expect(r.stderr).toMatch(message);
      expect(r.stderr).not.toMatch(/invalid_type|ZodError|at Object\./);
    }
  });
});
