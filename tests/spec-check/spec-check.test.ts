/**
 * Packs re-checked independently: default sets on seeds no other test or bench uses, grown
 * through the real pipeline on 1 and on 2 workers, must be byte-identical and pass checkers
 * written from the specs alone (./carillon.ts, ./apsis.ts: no project code). The checkers are
 * themselves held to the specs' worked examples, and every broken pack below must be caught
 * by them and by the project's own verify alike (where the two disagree, one is wrong).
 * The big sweep (six seeds per game, whole default plans) runs from the command line:
 * `npx tsx tests/spec-check/check-pack.ts PACK.json ...`.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { gameForPack } from '../../src-shared/games/index';
import { openTestStudio } from '../helpers/studio';
import { blockers, checkApsisPack, orbitRadius, rounds, type ApsisLevel } from './apsis';
import {
  chain,
  checkCarillonPack,
  difficultyBits,
  fewestTaps,
  type CarillonLevel,
  type Dot,
} from './carillon';

const CARILLON_SEED = 8675309;
const APSIS_SEED = 12345;
/** Three whole Apsis stages keep the test's time reasonable; the sweep covers all ten. */
const APSIS_LEVELS = 45;

type Pack<L> = { format: string; seed: number; rules: unknown; plan: unknown; levels: L[] };
const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

/** Export one run's pack from a fresh studio with this many workers. */
async function packText(
  workers: number,
  game: 'carillon' | 'apsis',
  seed: number,
  levels?: number,
): Promise<string> {
  const studio = openTestStudio({ workers, prefix: `spec-check-${game}-w${workers}-` });
  try {
    const run = await studio.finishedRun({ game, seed, ...(levels ? { levels } : {}) });
    return (await studio.api.call('packs.export', { runId: run.id, kind: 'automatic' })).text;
  } finally {
    await studio.close();
  }
}

/** The project's verify, as the CLI runs it: problems as "rule: message", or the refusal. */
function projectVerify(pack: unknown): string[] {
  try {
    const game = gameForPack(pack);
    return game.verifyPack(game.parsePack(pack)).map((p) => `${p.rule}: ${p.message}`);
  } catch (e) {
    return [`refused: ${(e as Error).message}`];
  }
}

const dot = (x: number, y: number, size: Dot['size']): Dot => ({ x, y, size, color: 0 });

describe("the checkers reproduce the specs' worked examples", () => {
  it("Carillon: the timed chain pops the far dot from the near dot's ring at 0.4125 s", () => {
    const popped = chain([dot(100, 480, 'big'), dot(230, 480, 'normal'), dot(350, 480, 'normal')], 0, [
      true,
      true,
      true,
    ]);
    expect(popped.map((p) => p.dot)).toEqual([0, 1, 2]);
    expect(popped[1]!.t).toBeCloseTo(0.2167, 4);
    expect(popped[2]!.t).toBeCloseTo(0.4125, 4);
  });

  it("Carillon: log2 3 bits for the spec's one-tap field, 0 bits when every tap wins", () => {
    const field = [dot(100, 480, 'big'), dot(280, 480, 'normal'), dot(400, 480, 'normal')];
    expect(fewestTaps(field)).toBe(1);
    expect(difficultyBits(field)).toBeCloseTo(Math.log2(3), 10);
    // Two big dots reaching each other: one source component, both taps win.
    expect(difficultyBits([dot(100, 100, 'big'), dot(300, 100, 'big')])).toBe(0);
    // One-tap closed form log2((n + E) / (W + Ew)): arrows big→near, near↔far; the big dot alone wins.
    const n = 3,
      E = 3,
      W = 1,
      Ew = 1;
    expect(difficultyBits(field)).toBeCloseTo(Math.log2((n + E) / (W + Ew)), 10);
  });

  it("Apsis: orbit radii, and an arrow in another's path blocks it until it leaves", () => {
    expect(orbitRadius(1, 3)).toBe(105);
    expect(orbitRadius(3, 3)).toBe(235);
    // Arrow 0 at 0° heads cw (+y at angle 0); arrow 1 stands on its path a few degrees on.
    const arrows: ApsisLevel['arrows'] = [
      { orbit: 2, angle: 0, heading: 'cw', length: 'short' },
      { orbit: 2, angle: 30, heading: 'ccw-out', length: 'short' },
    ];
    expect(blockers(arrows, 3)[0]).toEqual([1]);
    expect(rounds(arrows, 3)).toEqual([2, 1]);
  });
});

describe.each([
  { game: 'carillon' as const, seed: CARILLON_SEED, levels: undefined, count: 120 },
  { game: 'apsis' as const, seed: APSIS_SEED, levels: APSIS_LEVELS, count: APSIS_LEVELS },
])('$game, seed $seed, checked from the spec alone', ({ game, seed, levels, count }) => {
  let one: string;
  let two: string;
  beforeAll(async () => {
    two = await packText(2, game, seed, levels);
    one = await packText(1, game, seed, levels);
  }, 600_000);

  it('is byte-identical on 1 and 2 workers', () => {
    expect(one.length).toBeGreaterThan(1000);
    expect(one === two).toBe(true);
  });

  it("every level, the order and every pair hold under the spec's rules", () => {
    const pack = JSON.parse(two) as unknown;
    const problems =
      game === 'carillon'
        ? checkCarillonPack(pack, { levels: count })
        : checkApsisPack(pack, { levels: count });
    expect(problems).toEqual([]);
    // The project's verify agrees.
    expect(projectVerify(pack)).toEqual([]);
  });

  it('every broken copy of it is caught by the spec checker and by verify alike', () => {
    const base = JSON.parse(two) as Pack<CarillonLevel & ApsisLevel>;
    const check = (p: unknown): string[] =>
      game === 'carillon' ? checkCarillonPack(p, { levels: count }) : checkApsisPack(p, { levels: count });
    const mutations: [string, (p: Pack<CarillonLevel & ApsisLevel>) => void][] =
      game === 'carillon'
        ? [
            [
              'a mirrored copy of level 60 as level 61 (its own claims)',
              (p) => {
                const src = p.levels[59]!;
                p.levels[60] = {
                  ...clone(src),
                  level: 61,
                  dots: src.dots.map((d) => ({ ...d, x: 640 - d.x })),
                };
              },
            ],
            [
              'a level turned half round as the next one',
              (p) => {
                const src = p.levels[99]!;
                p.levels[100] = {
                  ...clone(src),
                  level: 101,
                  dots: src.dots.map((d) => ({ ...d, x: 640 - d.x, y: 960 - d.y })),
                };
              },
            ],
            [
              'bits claimed 0.002 too high',
              (p) => void (p.levels[40]!.bits = Number((p.levels[40]!.bits + 0.002).toFixed(4))),
            ],
            ['a tap dropped from a solution', (p) => void p.levels[30]!.solution.pop()],
            [
              'a tap repeated in a solution',
              (p) => void (p.levels[30]!.solution[1] = p.levels[30]!.solution[0]!),
            ],
            ['level 10 marked as a tutorial', (p) => void (p.levels[9]!.tutorial = true)],
            ['a colour past 6', (p) => void (p.levels[5]!.dots[0]!.color = 7)],
            ["a dot pushed over the field's edge", (p) => void (p.levels[50]!.dots[0]!.x = 10)],
            [
              'two levels swapped',
              (p) => {
                [p.levels[20], p.levels[70]] = [p.levels[70]!, p.levels[20]!];
                p.levels[20]!.level = 21;
                p.levels[70]!.level = 71;
              },
            ],
            ['the last level left out', (p) => void p.levels.pop()],
          ]
        : [
            [
              'level 20 turned by 37° as level 21 (its own claims)',
              (p) => {
                const src = p.levels[19]!;
                p.levels[20] = {
                  ...clone(src),
                  level: 21,
                  arrows: src.arrows.map((a) => ({ ...a, angle: (a.angle + 37) % 360 })),
                };
              },
            ],
            [
              'level 40 mirrored as level 41',
              (p) => {
                const src = p.levels[39]!;
                const swap = (h: string): string =>
                  h.startsWith('ccw') ? h.replace('ccw', 'cw') : h.replace('cw', 'ccw');
                p.levels[40] = {
                  ...clone(src),
                  level: 41,
                  arrows: src.arrows.map((a) => ({
                    ...a,
                    angle: (360 - a.angle) % 360,
                    heading: swap(a.heading) as typeof a.heading,
                  })),
                };
              },
            ],
            ['reads claimed one too high', (p) => void (p.levels[30]!.reads += 1)],
            ['free claimed one too high', (p) => void (p.levels[30]!.free += 1)],
            ['a solution launched backwards (a heart lost)', (p) => void p.levels[35]!.solution.reverse()],
            ['a long arrow before level 16', (p) => void (p.levels[10]!.arrows[0]!.length = 'long')],
            ['a diagonal before level 31', (p) => void (p.levels[20]!.arrows[0]!.heading = 'cw-out')],
            [
              'four levels in a row reading the same',
              (p) => {
                for (const i of [11, 12, 13]) p.levels[i] = { ...clone(p.levels[10]!), level: i + 1 };
              },
            ],
            [
              'two levels of different stages swapped',
              (p) => {
                [p.levels[5], p.levels[40]] = [p.levels[40]!, p.levels[5]!];
                p.levels[5]!.level = 6;
                p.levels[40]!.level = 41;
              },
            ],
            ['the last level left out', (p) => void p.levels.pop()],
          ];
    const missed: string[] = [];
    for (const [name, mutate] of mutations) {
      const p = clone(base);
      mutate(p);
      if (check(p).length === 0) missed.push(`spec checker missed: ${name}`);
      if (projectVerify(p).length === 0) missed.push(`verify missed: ${name}`);
    }
    expect(missed).toEqual([]);
  });
});
