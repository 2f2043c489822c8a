/**
 * The conformance suite every registered game runs (issue 11), the test-only games of
 * tests/fixtures/games/ included (this project resolves the registry under the test build's
 * condition). What a game promises the studio, checked the same way for each:
 * determinism across worker counts, packs that round-trip byte for byte and verify clean,
 * a level that is its own near-duplicate, an ordering that fills a small plan, metrics that
 * are all declared, and rules and plan schemas that accept the defaults and name a broken field.
 */
import { describe, expect, it } from 'vitest';
import type { PoolCandidate } from '../../src-shared/game';
import { gameForPack, games, type AnyGame } from '../../src-shared/games/index';
import { stringifyPack } from '../../src-shared/pack/pack-io';
import { designerIssues } from '../../src-shared/schema/designer-errors';
import { outcomeOf } from '../../src-shared/playtest/outcome';
import { useTestStudio, type TestStudio } from '../helpers/studio';

/** A few levels: enough for every rule of a game to act, small enough for the 2-core machine. */
const LEVELS = 3;
const SEED = 5;

/** The same pipeline on one worker and on two. */
const one = useTestStudio({ workers: 1 });
const two = useTestStudio({ workers: 2 });

/** A whole small run through the real pipeline (workers, store, ordering, dedup), exported. */
async function packText(studio: TestStudio, game: AnyGame): Promise<string> {
  const run = await studio.finishedRun({
    game: game.id,
    seed: SEED,
    levels: Math.min(LEVELS, game.levelCount(game.defaultPlan)),
  });
  return (await studio.api.call('packs.export', { runId: run.id, kind: 'automatic' })).text;
}

/** The first number in a JSON value, as a path to it (for breaking one field). */
function firstNumberPath(value: unknown, path: (string | number)[] = []): (string | number)[] | null {
  if (typeof value === 'number') return path;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const p = firstNumberPath(value[i], [...path, i]);
      if (p) return p;
    }
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      const p = firstNumberPath(v, [...path, k]);
      if (p) return p;
    }
  }
  return null;
}

function withValueAt(value: unknown, path: (string | number)[], replacement: unknown): unknown {
  const copy = structuredClone(value) as Record<string | number, unknown>;
  let at = copy;
  for (const k of path.slice(0, -1)) at = at[k] as Record<string | number, unknown>;
  at[path[path.length - 1]!] = replacement;
  return copy;
}

describe.each(games.map((g) => [g.id, g] as const))('%s conforms', (_id, game) => {
  const texts: { one?: string; two?: string } = {};

  it('makes the same pack, byte for byte, on 1 and on 2 workers', async () => {
    texts.one = await packText(one, game);
    texts.two = await packText(two, game);
    expect(texts.two).toBe(texts.one);
    expect(JSON.parse(texts.one).levels.length).toBe(Math.min(LEVELS, game.levelCount(game.defaultPlan)));
  });

  it('reads its pack back to the same bytes, and verify finds nothing wrong', () => {
    const json: unknown = JSON.parse(texts.one!);
    expect(gameForPack(json)).toBe(game);
    const pack = game.parsePack(json);
    const p = pack as { seed: number; rules: unknown; plan: unknown };
    const again = stringifyPack(
      game.toPack({ seed: p.seed, rules: p.rules, plan: p.plan, levels: game.packLevels(pack) }),
    );
    // The game's own fields, byte for byte; the studio's notes beside them (what made the run) are the studio's.
    const { studio, ...gameFields } = json as Record<string, unknown>;
    expect(again).toBe(stringifyPack(gameFields));
    expect(studio).toMatchObject({ made: { generator: { game: game.id, dataVersion: game.dataVersion } } });
    expect(game.verifyPack(pack)).toEqual([]);
  });

  it('calls every level a near-duplicate of itself', () => {
    const pack = game.parsePack(JSON.parse(texts.one!));
    const rules = (pack as { rules: unknown }).rules;
    for (const level of game.packLevels(pack)) {
      const d = game.nearDuplicate(level, level, rules);
      expect(d).not.toBeNull();
      // Its match reads in plain words (never the stored code echoed back), with a picture.
      const words = game.describeTransform(d!.transform, d!.rule);
      expect(words.name).not.toMatch(/^matched as/);
      expect(words.name).not.toBe(d!.transform);
      expect(words.rule.length).toBeGreaterThan(0);
      expect(['turn', 'graph']).toContain(words.picture.kind);
    }
  });

  describe('on pools generated in process for a small plan', () => {
    const plan = game.truncatePlan(game.defaultPlan, Math.min(LEVELS, game.levelCount(game.defaultPlan)));
    const rules = game.defaultRules;
    const pools: PoolCandidate<unknown>[][] = game.poolSizes(plan, rules).map((size, slot) =>
      Array.from({ length: size }, (_, index) => ({
        index,
        c: game.generate({ rules, plan, seed: SEED, slot, index }),
      })).flatMap(({ index, c }) =>
        c.level === null ? [] : [{ id: `${slot}:${index}`, slot, index, level: c.level, metrics: c.metrics }],
      ),
    );

    it('fills every level of the plan, with no problem', () => {
      const result = game.order({ rules, plan, pools });
      expect(result.levels).toHaveLength(game.levelCount(plan));
      expect(result.levels.every((id) => id !== null)).toBe(true);
      expect(result.problems).toEqual([]);
      expect(game.stages(plan).at(-1)?.last).toBe(game.levelCount(plan));
    });

    it('names every metric it measures in `metrics`, the difficulty among them', () => {
      const declared = new Set(game.metrics.map((m) => m.key));
      expect(declared.has(game.difficulty)).toBe(true);
      const candidates = pools.flat();
      expect(candidates.length).toBeGreaterThan(0);
      for (const c of candidates) {
        for (const key of Object.keys(c.metrics)) expect(declared, `metric "${key}"`).toContain(key);
        for (const key of Object.keys(game.measure(c.level, rules)))
          expect(declared, `measured "${key}"`).toContain(key);
        expect(typeof c.metrics[game.difficulty]).toBe('number');
      }
    });

    it('proves every candidate ok, explains its difficulty in parts that add up, and reads the proved level back', () => {
      for (const c of pools.flat()) {
        const proof = game.prove(c.level, rules, { plan, slot: c.slot });
        expect(proof.violations).toEqual([]);
        expect(proof.ok).toBe(true);
        expect(proof.metrics![game.difficulty]).toBeCloseTo(c.metrics[game.difficulty]!, 4);
        const e = game.explain(c.level, rules);
        expect(e.total).toBeCloseTo(c.metrics[game.difficulty]!, 3);
        expect(e.parts.reduce((a, p) => a + p.value, 0)).toBeCloseTo(e.total!, 9);
        expect(e.line.length).toBeGreaterThan(0);
        const back = game.parseLevel(JSON.parse(JSON.stringify(proof.level)));
        expect(game.prove(back, rules, { plan, slot: c.slot })).toEqual(proof);
      }
    });

    it('replays its solution as cleared in the fewest, refuses a move on a gone element or after the end, and reads a short trace as given up', () => {
      const pt = game.playtest;
      for (const c of pools.flat()) {
        const solution = pt.solution(c.level, rules);
        expect(solution.length).toBe(pt.fewest(c.level, rules));
        const clean = pt.replay(c.level, rules, [solution]);
        expect(clean.refused).toBeNull();
        expect(clean.effects).toEqual([clean.effects[0]]);
        expect(clean.effects[0]).toHaveLength(solution.length);
        expect(clean.effects[0]!.every((w) => w.length > 0)).toBe(true);
        expect(outcomeOf(clean, solution.length)).toBe('cleared-fewest');
        // Pure: the same moves, the same replay.
        expect(pt.replay(c.level, rules, [solution])).toEqual(clean);

        const twice = pt.replay(c.level, rules, [[solution[0]!, solution[0]!]]);
        expect(twice.refused).toMatchObject({ segment: 0, move: 1 });
        // A one-move level is cleared by its first move, so the second comes after the end.
        expect(twice.refused!.reason).toMatch(
          solution.length > 1 ? new RegExp(`\\b${solution[0]} (has|is) already`) : /already cleared/,
        );

        const after = pt.replay(c.level, rules, [solution, [solution[0]!]]);
        expect(after.refused).toMatchObject({ segment: 1, move: 0 });
        expect(after.refused!.reason).toMatch(/already cleared/);

        const unknown = pt.replay(c.level, rules, [[10_000]]);
        expect(unknown.refused).toMatchObject({ segment: 0, move: 0 });
        expect(unknown.refused!.reason).toMatch(/does not exist/);

        const short = pt.replay(c.level, rules, [solution.slice(0, -1)]);
        expect(short.refused).toBeNull();
        expect(outcomeOf(short, solution.length - 1)).toBe(solution.length > 1 ? 'gave-up' : 'skipped');
        expect(outcomeOf(pt.replay(c.level, rules, [[]]), 0)).toBe('skipped');

        if (solution.length > 1) {
          // A restart part way: the moves after it replay from the start and clear.
          const again = pt.replay(c.level, rules, [solution.slice(0, 1), solution]);
          expect(again.refused).toBeNull();
          expect(again.status).toBe('cleared');
          expect(again.effects.map((e) => e.length)).toEqual([1, solution.length]);
          expect(again.effects[1]).toEqual(clean.effects[0]);
          expect(again.wasted).toBeGreaterThanOrEqual(0);
        }
      }
    });
  });

  it('ships both levels of a near-duplicate pair only when the pair is marked fine (duplicate triage)', () => {
    const plan = game.truncatePlan(game.defaultPlan, 2);
    const rules = game.defaultRules;
    let first: PoolCandidate<unknown> | null = null;
    for (let index = 0; index < 20 && !first; index++) {
      const c = game.generate({ rules, plan, seed: SEED, slot: 0, index });
      if (c.level !== null) first = { id: '0:0', slot: 0, index: 0, level: c.level, metrics: c.metrics };
    }
    expect(first).not.toBeNull();
    // Level 2's only candidate is a copy of level 1's: the search must skip it unless the designer said fine.
    const copy: PoolCandidate<unknown> = { ...first!, id: '1:0', slot: 1 };
    const pools = game
      .poolSizes(plan, rules)
      .map((_, slot) => (slot === 0 ? [first!] : slot === 1 ? [copy] : []));
    expect(game.nearDuplicate(first!.level, copy.level, rules)).not.toBeNull();
    const plain = game.order({ rules, plan, pools });
    expect(plain.levels.filter((id) => id !== null)).toHaveLength(1);
    const fine = game.order({ rules, plan, pools, fine: [['1:0', '0:0']] });
    expect([...fine.levels].sort()).toEqual(['0:0', '1:0']);
  });

  it('accepts its default rules and plan, and rejects one broken value of each, naming the field', () => {
    expect(game.rulesSchema.safeParse(game.defaultRules).success).toBe(true);
    expect(game.planSchema.safeParse(game.defaultPlan).success).toBe(true);
    for (const [schema, value] of [
      [game.rulesSchema, game.defaultRules],
      [game.planSchema, game.defaultPlan],
    ] as const) {
      const path = firstNumberPath(value);
      expect(path, 'a numeric field to break').not.toBeNull();
      const r = schema.safeParse(withValueAt(value, path!, 'lots'));
      expect(r.success).toBe(false);
      const issues = designerIssues(r.error!);
      expect(issues.map((i) => i.field)).toContain(path!.join('.'));
      expect(issues[0]!.message).not.toMatch(/invalid_type|expected number/i);
    }
  });
});
