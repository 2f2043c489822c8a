import { describe, expect, it } from 'vitest';
import { PackFormatError, stringifyPack } from '../../../src-shared/pack/pack-io';
import {
  apsisGame,
  defaultApsisPlan,
  defaultApsisRules as rules,
  makeDefaultPlan,
  apsisPlanSchema,
  truncatePlan,
  defaultArrowCount,
  transformLevel,
  apsisQualityFigures,
  pairShare,
} from '../../../src-shared/games/apsis/index';
import type { ApsisLevel, ApsisPack } from '../../../src-shared/games/apsis/index';
import { chainLevel, cycleLevel, offGridPair, pools } from './fixtures';

function shippedPack(): { pack: ApsisPack; text: string } {
  const { plan, pools: ps } = pools(30);
  const res = apsisGame.order({ rules, plan, pools: ps });
  const byId = new Map(ps.flat().map((c) => [c.id, c.level]));
  const levels = res.levels.map((id) => byId.get(id!)!);
  const pack = apsisGame.toPack({ seed: 7, rules, plan, levels });
  return { pack, text: stringifyPack(pack) };
}
const clone = (p: ApsisPack): ApsisPack => JSON.parse(JSON.stringify(p)) as ApsisPack;

describe('default rules and plan', () => {
  it('carry the spec numbers', () => {
    expect(rules).toMatchObject({
      sunRadius: 40,
      rimRadius: 300,
      shortLength: 44,
      longLength: 80,
      width: 12,
      gap: 6,
      hearts: 3,
      validCandidates: 36,
      aimShare: 0.85,
      maxEqualRun: 3,
      nearDistance: 40,
      nearShare: 0.5,
    });
    expect(rules.maxTries).toBeGreaterThanOrEqual(1000);
    expect(apsisGame.rulesSchema.parse(rules)).toEqual(rules);
  });
  it('150 levels in ten stages of 15, orbit counts and arrow ramp', () => {
    expect(apsisGame.levelCount(defaultApsisPlan)).toBe(150);
    expect(defaultApsisPlan.map((s) => s.orbits)).toEqual([3, 4, 4, 5, 5, 6, 6, 6, 6, 6]);
    expect(defaultApsisPlan.map((s) => s.last - s.first + 1)).toEqual(new Array(10).fill(15));
    const counts = defaultApsisPlan.flatMap((s) => s.arrows);
    expect(counts[0]).toBe(3);
    expect(counts[14]).toBe(9);
    expect(counts[15]).toBe(9);
    expect(counts[149]).toBe(36);
    expect(counts[7]).toBe(Math.round(3 + (6 * 7) / 14));
    expect(counts[82]).toBe(defaultArrowCount(83));
    for (let i = 1; i < 150; i++) expect(counts[i]!).toBeGreaterThanOrEqual(counts[i - 1]!);
    expect(defaultApsisPlan.map((s) => [s.long, s.diagonal])).toEqual([
      [false, false],
      [true, false],
      ...new Array(8).fill([true, true]),
    ]);
    expect(apsisGame.poolSizes(defaultApsisPlan, rules)).toEqual(new Array(150).fill(9));
    expect(makeDefaultPlan(3)[0]!.poolSize).toBe(3);
    expect(
      apsisGame.truncatePlan(defaultApsisPlan, 20).map((s) => [s.first, s.last, s.arrows.length]),
    ).toEqual([
      [1, 15, 15],
      [16, 20, 5],
    ]);
  });
  it('rejects stages that are not contiguous, empty or overlapping', () => {
    const p = truncatePlan(defaultApsisPlan, 45);
    const gap = structuredClone(p);
    gap[1]!.first = 17;
    gap[1]!.arrows = gap[1]!.arrows.slice(1);
    const overlap = structuredClone(p);
    overlap[1]!.first = 15;
    overlap[1]!.arrows = [9, ...overlap[1]!.arrows];
    const empty = structuredClone(p);
    empty[1]!.last = 15;
    empty[1]!.arrows = [];
    for (const [bad, word] of [
      [gap, 'contiguous'],
      [overlap, 'overlaps'],
      [empty, 'empty'],
    ] as const) {
      const r = apsisPlanSchema.safeParse(bad);
      expect(r.success).toBe(false);
      expect(r.error!.issues.map((i) => i.message).join(' ')).toContain(word);
    }
    expect(apsisPlanSchema.safeParse(p).success).toBe(true);
  });
});

describe('apsis-pack v1', () => {
  const { pack, text } = shippedPack();

  it('has the spec shape', () => {
    expect(Object.keys(pack)).toEqual(['format', 'version', 'seed', 'rules', 'plan', 'levels']);
    expect(pack.format).toBe('apsis-pack');
    expect(pack.version).toBe(1);
    expect(Object.keys(pack.levels[0]!)).toEqual([
      'level',
      'orbits',
      'depth',
      'free',
      'reads',
      'arrows',
      'solution',
    ]);
    expect(Object.keys(pack.levels[0]!.arrows[0]!)).toEqual(['orbit', 'angle', 'heading', 'length']);
    expect(pack.levels.map((l) => l.level)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
  });

  it('reads back, re-verifies clean, and writes the same bytes', () => {
    const back = apsisGame.parsePack(JSON.parse(text));
    expect(apsisGame.verifyPack(back)).toEqual([]);
    expect(
      stringifyPack(
        apsisGame.toPack({
          seed: back.seed,
          rules: back.rules,
          plan: back.plan,
          levels: apsisGame.packLevels(back),
        }),
      ),
    ).toBe(text);
    expect(shippedPack().text).toBe(text);
  });

  it('allows extra fields', () => {
    const j = JSON.parse(text) as Record<string, unknown> & { levels: Record<string, unknown>[] };
    j.note = 'hello';
    j.levels[0]!.caption = 'first';
    const back = apsisGame.parsePack(j);
    expect(apsisGame.verifyPack(back)).toEqual([]);
  });

  it('a malformed pack names the level and the field', () => {
    const j = JSON.parse(text) as { levels: { arrows: { heading: string; angle: number }[] }[] };
    j.levels[4]!.arrows[2]!.heading = 'sideways';
    j.levels[6]!.arrows[0]!.angle = 12.5;
    try {
      apsisGame.parsePack(j);
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(PackFormatError);
      const pe = e as PackFormatError;
      expect(pe.problems.map((p) => [p.level, p.field])).toEqual([
        [5, 'arrows[2].heading'],
        [7, 'arrows[0].angle'],
      ]);
      expect(pe.message).toContain('level 5: arrows[2].heading');
    }
    expect(() => apsisGame.parsePack({ format: 'carillon-pack' })).toThrow(PackFormatError);
  });

  it("an arrow moved into another one's path so the level cannot clear", () => {
    const p = clone(pack);
    // level 1 becomes the hand-made chain, then its blocker is moved so the two block each other
    const chain = apsisGame.toPack({ seed: 7, rules, plan: p.plan, levels: [chainLevel] }).levels[0]!;
    p.levels[0] = { ...chain, level: 1 };
    expect(apsisGame.verifyPack(p).filter((x) => x.level === 1 && x.rule !== 'order')).toEqual([]);
    p.levels[0]!.arrows[1] = { ...cycleLevel.arrows[1]! };
    const probs = apsisGame.verifyPack(p).filter((x) => x.level === 1);
    expect(probs.map((x) => x.rule)).toEqual(expect.arrayContaining(['clears', 'solution', 'reads']));
    expect(probs.find((x) => x.rule === 'clears')!.message).toMatch(/cannot be cleared/);
  });

  it('a wrong reads is named with its level', () => {
    const p = clone(pack);
    p.levels[9]!.reads += 1;
    expect(apsisGame.verifyPack(p)).toEqual([
      { level: 10, rule: 'reads', message: expect.stringContaining('reads is') },
    ]);
  });

  it('a pack missing levels its plan holds is named, as one with extra levels is', () => {
    // An independent spec checker (tests/spec-check/) found a pack cut short passing verify.
    const short = clone(pack);
    short.levels.pop();
    expect(apsisGame.verifyPack(short)).toEqual([
      { level: null, rule: 'levels', message: 'the pack has 29 levels, its plan 30' },
    ]);
    const long = clone(pack);
    long.levels.push({ ...long.levels[29]!, level: 31 });
    expect(apsisGame.verifyPack(long).filter((x) => x.rule === 'levels')).toEqual([
      { level: null, rule: 'levels', message: 'the pack has 31 levels, its plan 30' },
    ]);
  });

  it('a diagonal on level 5 breaks the kinds schedule', () => {
    const p = clone(pack);
    const a = p.levels[4]!.arrows[0]!;
    a.heading = a.heading === 'cw' ? 'cw-out' : 'ccw-out';
    const probs = apsisGame.verifyPack(p).filter((x) => x.rule === 'kinds');
    expect(probs).toHaveLength(1);
    expect(probs[0]).toMatchObject({ level: 5, rule: 'kinds' });
    const q = clone(pack);
    q.levels[3]!.arrows[0]!.length = 'long';
    expect(apsisGame.verifyPack(q).some((x) => x.level === 4 && x.rule === 'kinds')).toBe(true);
  });

  it('catches overlapping arrows, a bad solution, a fall in the order, too many equal reads and copies', () => {
    const p = clone(pack);
    // arrow 1 of level 12 placed on top of arrow 0
    p.levels[11]!.arrows[1] = { ...p.levels[11]!.arrows[0]! };
    const fit = apsisGame.verifyPack(p).filter((x) => x.level === 12);
    expect(fit.some((x) => x.rule === 'fit')).toBe(true);

    const s = clone(pack);
    s.levels[2]!.solution = [...s.levels[2]!.solution].reverse();
    const probs = apsisGame.verifyPack(s);
    if (pack.levels[2]!.depth > 1)
      expect(probs.some((x) => x.level === 3 && x.rule === 'solution')).toBe(true);

    const o = clone(pack);
    [o.levels[20], o.levels[25]] = [o.levels[25]!, o.levels[20]!];
    o.levels[20]!.level = 21;
    o.levels[25]!.level = 26;
    expect(apsisGame.verifyPack(o).some((x) => x.rule === 'order')).toBe(true);

    const d = clone(pack);
    d.levels[10] = { ...d.levels[9]!, level: 11 };
    d.levels[11] = { ...d.levels[9]!, level: 12 };
    d.levels[12] = { ...d.levels[9]!, level: 13 };
    const dp = apsisGame.verifyPack(d);
    expect(dp).toContainEqual(expect.objectContaining({ level: 13, rule: 'equal-run' }));
    expect(dp).toContainEqual(expect.objectContaining({ level: 11, rule: 'copy' }));
    expect(dp.find((x) => x.rule === 'copy')!.message).toMatch(/copy of level 10/);
  });

  it('rejects a near copy found only between whole degrees, naming both levels, the share and the turn', () => {
    const plan = truncatePlan(defaultApsisPlan, 2);
    const near = apsisGame.toPack({ seed: 1, rules, plan, levels: [offGridPair.a, offGridPair.b] });
    expect(apsisGame.verifyPack(near)).toEqual([
      {
        level: 2,
        rule: 'near-copy',
        message: 'shares 50 % of its arrows with level 1 under rot9.5',
        pair: [1, 2],
      },
    ]);
    const mirrored = apsisGame.toPack({
      seed: 1,
      rules,
      plan,
      levels: [offGridPair.a, transformLevel(offGridPair.b, 123, true)],
    });
    expect(apsisGame.verifyPack(mirrored)).toEqual([
      {
        level: 2,
        rule: 'near-copy',
        message: 'shares 50 % of its arrows with level 1 under mirror+rot113.5',
        pair: [1, 2],
      },
    ]);
    // B's second arrow one degree further (60°): no turn pairs two arrows, the pack verifies.
    const apart = {
      ...offGridPair.b,
      arrows: offGridPair.b.arrows.map((y, j) => (j === 1 ? { ...y, angle: 60 } : y)),
    };
    expect(
      apsisGame.verifyPack(apsisGame.toPack({ seed: 1, rules, plan, levels: [offGridPair.a, apart] })),
    ).toEqual([]);
  });

  it('quality figures are recomputed from the levels, not read from the pack', () => {
    const q = apsisQualityFigures(pack);
    const reads = pack.levels.map((l) => l.reads);
    expect(q).toMatchObject({ levels: 30, firstReads: reads[0], lastReads: reads[29] });
    expect(q.largestStep).toBe(Math.max(...reads.slice(1).map((r, i) => r - reads[i]!)));
    expect(q.closestShare).toBeGreaterThan(0);
    expect(q.closestShare).toBeLessThan(0.5);
    const ca = apsisGame.packLevels(pack)[q.closestPair!.a - 1]!,
      cb = apsisGame.packLevels(pack)[q.closestPair!.b - 1]!;
    expect(pairShare(ca, cb, rules).share).toBe(q.closestShare);
    // A pack that lies about its reads still gets the true figures.
    const lying = clone(pack);
    lying.levels[0]!.reads = 999;
    expect(apsisQualityFigures(lying).firstReads).toBe(reads[0]);
  });

  it('summarizes', () => {
    const lines = apsisGame.summarize(pack);
    expect(lines.map((l) => l.label)).toEqual([
      'Levels',
      'Level 1',
      'Last level',
      'Largest step',
      'Longest run of equal reads',
      'Closest pair',
    ]);
    expect(lines[0]!.value).toBe('30');
    expect(lines[1]!.value).toBe(`${pack.levels[0]!.reads} read${pack.levels[0]!.reads === 1 ? '' : 's'}`);
  });

  it('measure agrees with the pack', () => {
    const lv: ApsisLevel = apsisGame.packLevels(pack)[7]!;
    expect(apsisGame.measure(lv, rules)).toMatchObject({
      reads: pack.levels[7]!.reads,
      depth: pack.levels[7]!.depth,
      free: pack.levels[7]!.free,
    });
  });
});
