/**
 * Whole generated sets, not subsets: the full default plan of each game for seed 7, grown,
 * proven, ordered, deduplicated and exported through the real pipeline (API → engine →
 * worker pool → store → export), then every shipped level replayed through the game's play
 * rules, every pair checked for near-duplicates, the pack re-verified, and the spec's
 * quality figures read off the pack.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RunSummary } from '../../src-shared/api';
import type { GameId } from '../../src-shared/games/index';
import {
  apsisGame,
  closestPairs,
  levelSpec,
  replay,
  solveRounds,
  type ApsisLevel,
  type ApsisPack,
} from '../../src-shared/games/apsis/index';
import {
  buildField,
  carillonGame,
  fewestByTheorem,
  replaySolution,
  solveSearch,
  type CarillonPack,
} from '../../src-shared/games/carillon/index';
import { stepStats } from '../../src-shared/ordering/curve';
import { provenCandidates } from '../../src-main/store/candidates';
import { writeExportTo } from '../../src-main/export-files';
import { useTestStudio } from '../helpers/studio';

const SEED = 7;
const TIMEOUT = 120_000;

const studio = useTestStudio({ workers: 2 });

/** The full default set of a game for SEED through the pipeline; the exported pack, parsed. */
async function fullSet<P>(game: {
  id: GameId;
  parsePack(json: unknown): P;
}): Promise<{ run: RunSummary; pack: P }> {
  const run = await studio.finishedRun({ game: game.id, seed: SEED });
  const path = join(studio.dir, `${game.id}-${SEED}.json`);
  const exported = await studio.api.call('packs.export', { runId: run.id, kind: 'automatic' });
  expect(writeExportTo(exported, path, studio.dbPath).path).toBe(path);
  // Read back what was written, through the game's own schema.
  return { run, pack: game.parsePack(JSON.parse(readFileSync(path, 'utf8'))) };
}

describe('Carillon: the whole default set (seed 7)', () => {
  let pack: CarillonPack;
  beforeAll(async () => {
    pack = (await fullSet(carillonGame)).pack;
  }, TIMEOUT);

  it('ships every level of the default plan', () => {
    expect(pack.levels).toHaveLength(carillonGame.levelCount(carillonGame.defaultPlan));
    expect(pack.seed).toBe(SEED);
  });

  it('every solution, replayed through the timed chain rules, clears its field in the fewest taps', () => {
    const rules = carillonGame.defaultRules;
    const faults: string[] = [];
    for (const l of pack.levels) {
      const field = buildField(l.dots, rules);
      const r = replaySolution(field, l.solution);
      if (r.error !== undefined || !r.cleared)
        faults.push(`level ${l.level}: ${r.error ?? 'dots left after the solution'}`);
      if (l.solution.length !== l.taps)
        faults.push(`level ${l.level}: solution has ${l.solution.length} taps, the level ${l.taps}`);
      // Fewest taps, by both solvers.
      const search = solveSearch(field).fewest,
        theorem = fewestByTheorem(field);
      if (search !== l.taps || theorem !== l.taps)
        faults.push(`level ${l.level}: search ${search}, theorem ${theorem}, pack ${l.taps}`);
    }
    expect(faults).toEqual([]);
  });

  it('no pair of shipped levels is a near-duplicate', () => {
    const levels = carillonGame.packLevels(pack);
    expect(carillonGame.duplicatePairs(levels, carillonGame.defaultRules)).toEqual([]);
  });

  it('verifyPack finds no problem', () => {
    expect(carillonGame.verifyPack(pack)).toEqual([]);
  });

  it('level 1 at 0 bits, never easier (nor fewer dots) than the level before, every jump ≤ 0.57 bits', () => {
    const bits = pack.levels.map((l) => l.bits);
    expect(bits[0]).toBe(0);
    const falls: string[] = [];
    for (let i = 1; i < pack.levels.length; i++) {
      if (bits[i]! < bits[i - 1]!) falls.push(`level ${i + 1}: ${bits[i]} bits after ${bits[i - 1]}`);
      if (pack.levels[i]!.dots.length < pack.levels[i - 1]!.dots.length)
        falls.push(`level ${i + 1}: fewer dots than level ${i}`);
    }
    expect(falls).toEqual([]);
    const jumps = bits
      .slice(1)
      .map((b, i) => ({ level: i + 2, jump: Math.round((b - bits[i]!) * 1e4) / 1e4 }));
    expect(jumps.filter((j) => j.jump > 0.57)).toEqual([]);
  });
});

describe('Apsis: the whole default set (seed 7)', () => {
  let run: RunSummary;
  let pack: ApsisPack;
  let levels: ApsisLevel[];
  beforeAll(async () => {
    ({ run, pack } = await fullSet(apsisGame));
    levels = apsisGame.packLevels(pack);
  }, TIMEOUT);

  it('ships every level of the default plan', () => {
    expect(pack.levels).toHaveLength(apsisGame.levelCount(apsisGame.defaultPlan));
    expect(pack.seed).toBe(SEED);
  });

  it('every solution launches every arrow through the play rules without losing a heart', () => {
    const rules = apsisGame.defaultRules;
    const faults: string[] = [];
    pack.levels.forEach((l, i) => {
      const level = levels[i]!;
      if ([...l.solution].sort((a, b) => a - b).join() !== level.arrows.map((_, k) => k).join()) {
        faults.push(`level ${l.level}: the solution does not launch every arrow exactly once`);
      }
      const r = replay(level, l.solution, rules);
      if (!r.cleared || r.heartsLost !== 0)
        faults.push(`level ${l.level}: ${r.message ?? `${r.heartsLost} hearts lost`}`);
      // The figures the pack states are the solver's.
      const s = solveRounds(level, rules);
      if (s.reads !== l.reads || s.depth !== l.depth || s.free !== l.free)
        faults.push(
          `level ${l.level}: solver reads/depth/free ${s.reads}/${s.depth}/${s.free}, pack ${l.reads}/${l.depth}/${l.free}`,
        );
    });
    expect(faults).toEqual([]);
  });

  it('no pair of shipped levels is a near-duplicate', () => {
    expect(apsisGame.duplicatePairs(levels, apsisGame.defaultRules)).toEqual([]);
  });

  it('verifyPack finds no problem', () => {
    expect(apsisGame.verifyPack(pack)).toEqual([]);
  });

  it('reads, arrows and depth never fall; no step above 3 reads; at most 3 equal reads in a row; closest pair < 47 %', () => {
    const falls: string[] = [];
    for (let i = 1; i < pack.levels.length; i++) {
      const a = pack.levels[i - 1]!,
        b = pack.levels[i]!;
      if (b.reads < a.reads) falls.push(`level ${b.level}: reads ${b.reads} after ${a.reads}`);
      if (b.arrows.length < a.arrows.length)
        falls.push(`level ${b.level}: ${b.arrows.length} arrows after ${a.arrows.length}`);
      if (b.depth < a.depth) falls.push(`level ${b.level}: depth ${b.depth} after ${a.depth}`);
    }
    expect(falls).toEqual([]);
    const st = stepStats(pack.levels.map((l) => l.reads));
    expect(st.largestStep).toBeLessThanOrEqual(3);
    expect(st.longestEqualRun).toBeLessThanOrEqual(3);
    const closest = closestPairs(levels, apsisGame.defaultRules, 1)[0];
    expect(closest).toBeDefined();
    expect(closest!.share).toBeLessThan(0.47);
  });

  /** Per stage, each orbit's arrows ÷ its even share (a level with n arrows on m orbits gives each orbit n/m). */
  function orbitShares(set: readonly { levelNumber: number; level: ApsisLevel }[]): Map<number, number[]> {
    const byStage = new Map<number, { count: number[]; fair: number[] }>();
    for (const { levelNumber, level } of set) {
      const stage = levelSpec(apsisGame.defaultPlan, levelNumber).stageIndex;
      const e = byStage.get(stage) ?? { count: [], fair: [] };
      for (let o = 1; o <= level.orbits; o++)
        e.fair[o] = (e.fair[o] ?? 0) + level.arrows.length / level.orbits;
      for (const a of level.arrows) e.count[a.orbit] = (e.count[a.orbit] ?? 0) + 1;
      byStage.set(stage, e);
    }
    const out = new Map<number, number[]>();
    for (const [stage, e] of byStage)
      out.set(
        stage,
        e.fair.map((f, o) => (e.count[o] ?? 0) / f).filter((_, o) => o >= 1),
      );
    return out;
  }

  it('spreads arrows over the orbits: in every stage no orbit holds more than 1.5× its even share', () => {
    // Every proven candidate of the run (what the generator built: 12 per level) …
    const db = new Database(studio.dbPath, { readonly: true });
    const candidates = (() => {
      try {
        return provenCandidates(db, run.id).map((c) => ({
          levelNumber: c.slot + 1,
          level: c.level as ApsisLevel,
        }));
      } finally {
        db.close();
      }
    })();
    expect(candidates).toHaveLength(
      apsisGame.poolSizes(apsisGame.defaultPlan, apsisGame.defaultRules).reduce((a, b) => a + b, 0),
    );
    // … and the 150 levels that ship.
    const shipped = levels.map((level, i) => ({ levelNumber: i + 1, level }));
    for (const [name, set] of [
      ['candidates', candidates],
      ['shipped', shipped],
    ] as const) {
      const shares = orbitShares(set);
      expect(shares.size).toBe(apsisGame.defaultPlan.length);
      const over: string[] = [];
      for (const [stage, perOrbit] of shares) {
        perOrbit.forEach((r, k) => {
          if (r > 1.5) over.push(`${name}, stage ${stage + 1}, orbit ${k + 1}: ${r.toFixed(2)}× its share`);
        });
      }
      expect(over).toEqual([]);
    }
  });
});
