/**
 * Whole Carillon default sets on seeds nobody tuned to (11, 2026, 31337): grown, proven,
 * ordered, deduplicated and exported through the real pipeline, then every level checked
 * against the spec's hard rules with the game's own functions (not only `verifyPack`, whose
 * checks are themselves under test): no level easier or with fewer dots than the one before,
 * every jump within the bound the ordering promises, no near-duplicate pair, every solution
 * replaying through the timed chain rules in the fewest taps, every field fair to read.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  buildField,
  carillonGame,
  difficultyBits,
  fairnessProblems,
  fairShareProblems,
  fewestByTheorem,
  plannedDots,
  replaySolution,
  solveSearch,
  sourceComponents,
  stretchOf,
  type CarillonPack,
} from '../../src-shared/games/carillon/index';
import { useTestStudio } from '../helpers/studio';

const SEEDS = [11, 2026, 31337];
/** The bound on the largest jump between neighbours (the ordering aims at 0.4). */
const MAX_JUMP = 0.45;

const studio = useTestStudio({ workers: 2 });

describe.each(SEEDS)('Carillon: the whole default set, seed %i', (seed) => {
  let pack: CarillonPack;
  beforeAll(async () => {
    const run = await studio.finishedRun({ game: 'carillon', seed });
    const exported = await studio.api.call('packs.export', { runId: run.id, kind: 'automatic' });
    pack = carillonGame.parsePack(JSON.parse(exported.text));
  }, 120_000);

  it('every level of the plan ships, with its plan taps, tutorial flag and no more than its planned dots', () => {
    const plan = carillonGame.defaultPlan;
    expect(pack.levels).toHaveLength(carillonGame.levelCount(plan));
    const faults: string[] = [];
    pack.levels.forEach((l, i) => {
      const s = stretchOf(plan, i + 1)!;
      if (
        l.level !== i + 1 ||
        l.taps !== s.taps ||
        l.tutorial !== s.tutorial ||
        l.dots.length > plannedDots(s, i + 1)
      )
        faults.push(`level ${i + 1}`);
    });
    expect(faults).toEqual([]);
  });

  it('no fall: never easier, never fewer dots; level 1 at 0 bits; every jump within bounds', () => {
    const bits = pack.levels.map((l) => l.bits);
    expect(bits[0]).toBe(0);
    const faults: string[] = [];
    for (let i = 1; i < bits.length; i++) {
      const jump = bits[i]! - bits[i - 1]!;
      if (jump < 0) faults.push(`level ${i + 1}: ${bits[i]} bits after ${bits[i - 1]}`);
      if (jump > MAX_JUMP + 1e-9) faults.push(`level ${i + 1}: a jump of ${jump.toFixed(4)} bits`);
      if (pack.levels[i]!.dots.length < pack.levels[i - 1]!.dots.length)
        faults.push(`level ${i + 1}: fewer dots than level ${i}`);
    }
    expect(faults).toEqual([]);
  });

  it('every solution replays through the timed chain and clears the field in the fewest taps (search = theorem); bits re-measured', () => {
    const rules = carillonGame.defaultRules;
    const faults: string[] = [];
    for (const l of pack.levels) {
      const field = buildField(l.dots, rules);
      const r = replaySolution(field, l.solution);
      if (r.error !== undefined || !r.cleared || r.taps !== l.taps)
        faults.push(`level ${l.level}: ${r.error ?? 'the solution does not clear the field in its taps'}`);
      const search = solveSearch(field).fewest,
        theorem = fewestByTheorem(field);
      if (search !== l.taps || theorem !== l.taps)
        faults.push(`level ${l.level}: search ${search}, theorem ${theorem}, pack ${l.taps}`);
      if (Math.abs(difficultyBits(field) - l.bits) > 1e-4)
        faults.push(`level ${l.level}: measures ${difficultyBits(field)} bits, pack ${l.bits}`);
    }
    expect(faults).toEqual([]);
  });

  it('every field is fair to read and fair in share; chain starts reach no other start outside tutorials', () => {
    const rules = carillonGame.defaultRules;
    const faults: string[] = [];
    for (const l of pack.levels) {
      for (const f of fairnessProblems(l.dots, rules)) faults.push(`level ${l.level}: ${f.message}`);
      const field = buildField(l.dots, rules);
      const sources = sourceComponents(field);
      for (const m of fairShareProblems(
        field,
        sources.map((c) => c[0]!),
        rules.fairShare,
      ))
        faults.push(`level ${l.level}: ${m}`);
      if (!l.tutorial && sources.some((c) => c.length > 1))
        faults.push(`level ${l.level}: a chain start is reached`);
    }
    expect(faults).toEqual([]);
  });

  it('no pair of shipped levels is a near-duplicate, and verifyPack agrees with all of the above', () => {
    expect(carillonGame.duplicatePairs(carillonGame.packLevels(pack), carillonGame.defaultRules)).toEqual([]);
    expect(carillonGame.verifyPack(pack)).toEqual([]);
  });
});
