/**
 * The proof of one Apsis level (prove.ts): each hard rule broken by a hand-made level gives a
 * violation with its plain name, the arrows involved and the mark the board draws; generated
 * levels prove ok with their own metrics; and the explanation's reads by round add up to reads.
 */
import { describe, expect, it } from 'vitest';
import {
  APSIS_RULE_NAMES,
  apsisGame,
  defaultApsisRules as rules,
  explainApsis,
  proveApsis,
  solveRounds,
  blockingGraph,
  type ApsisLevel,
  type ApsisPlan,
  type ApsisRules,
  type ApsisViolation,
  type Arrow,
} from '../../../src-shared/games/apsis/index';
import { LevelFormatError } from '../../../src-shared/proof';
import { chainLevel, cycleLevel, pools } from './fixtures';

const planOf = (orbits: number, kinds: { long?: boolean; diagonal?: boolean } = {}): ApsisPlan => [
  {
    stage: 1,
    first: 1,
    last: 1,
    orbits,
    arrows: [1],
    long: kinds.long ?? false,
    diagonal: kinds.diagonal ?? false,
    poolSize: 1,
  },
];
const A = (
  orbit: number,
  angle: number,
  heading: Arrow['heading'] = 'cw',
  length: Arrow['length'] = 'short',
): Arrow => ({ orbit, angle, heading, length });
const prove = (level: ApsisLevel, plan: ApsisPlan, r: ApsisRules = rules) =>
  proveApsis(level, r, { plan, slot: 0 });
const only = (vs: ApsisViolation[], name: string) => vs.filter((v) => v.name === name);

describe('Apsis prove: one violation per broken rule, named, with its arrows and a mark', () => {
  it('a clean level proves ok: rounds, a solution, the level as it is', () => {
    const p = prove(chainLevel, planOf(3));
    expect(p.violations).toEqual([]);
    expect(p).toMatchObject({
      ok: true,
      metrics: { arrows: 2, orbits: 3, depth: 2, free: 1, reads: 3 },
      solution: [1, 0],
      level: chainLevel,
    });
  });

  it('an arrow that can never leave: the stuck arrows and who blocks whom among them', () => {
    const p = prove(cycleLevel, planOf(3));
    expect(p.violations).toEqual([
      {
        rule: 'clears',
        name: 'Every arrow can leave',
        message: expect.stringMatching(/arrows 0, 1 never get free/),
        elements: [0, 1],
        mark: {
          kind: 'stuck',
          arrows: [0, 1],
          edges: [
            [1, 0],
            [0, 1],
          ],
        },
      },
    ]);
    expect(p.ok).toBe(false);
    expect(p.solution).toBeNull();
    expect(p.metrics).toMatchObject({ depth: 0, reads: 0 });
  });

  it('an arrow overlapping another: both arrows, the distance and the least allowed', () => {
    const p = prove({ orbits: 3, arrows: [A(3, 0), A(3, 5), A(1, 180)] }, planOf(3));
    const [v] = only(p.violations, 'Spacing between arrows');
    expect(v).toMatchObject({
      rule: 'fit',
      elements: [0, 1],
      mark: { kind: 'overlap', a: 0, b: 1, min: 18 },
    });
    expect((v!.mark as { distance: number }).distance).toBeLessThan(18);
  });

  it('poking out of the rim, and too close to the sun', () => {
    const small = { ...rules, rimRadius: 200, orbitSpan: 160 };
    const rim = prove(
      { orbits: 6, arrows: [A(6, 0, 'cw-out', 'long')] },
      planOf(6, { long: true, diagonal: true }),
      small,
    );
    expect(only(rim.violations, 'Inside the rim')).toEqual([
      expect.objectContaining({
        rule: 'fit',
        elements: [0],
        mark: expect.objectContaining({ kind: 'rim', arrow: 0 }),
      }),
    ]);
    expect((rim.violations[0]!.mark as { over: number }).over).toBeGreaterThan(0);
    const sunny = prove({ orbits: 6, arrows: [A(1, 0)] }, planOf(6), { ...rules, sunRadius: 70 });
    expect(only(sunny.violations, 'Clear of the sun')).toEqual([
      expect.objectContaining({
        rule: 'fit',
        elements: [0],
        mark: expect.objectContaining({ kind: 'sun-gap', arrow: 0, min: 82 }),
      }),
    ]);
  });

  it('aimed across the sun: the path passes within the sun', () => {
    const p = prove({ orbits: 6, arrows: [A(1, 0, 'cw-in')] }, planOf(6, { diagonal: true }), {
      ...rules,
      sunRadius: 49,
    });
    expect(p.violations).toEqual([
      {
        rule: 'sun',
        name: 'Not aimed across the sun',
        message: "arrow 0's path crosses the sun",
        elements: [0],
        mark: { kind: 'path-sun', arrow: 0, distance: expect.any(Number), min: 55 },
      },
    ]);
    expect((p.violations[0]!.mark as { distance: number }).distance).toBeLessThan(55);
  });

  it('long or diagonal before its stage', () => {
    const lv: ApsisLevel = { orbits: 3, arrows: [A(2, 0, 'cw', 'long'), A(2, 180, 'ccw-out')] };
    const p = prove(lv, planOf(3));
    expect(p.violations.map((v) => [v.rule, v.name, v.elements])).toEqual([
      ['kinds', 'Long arrows on schedule', [0]],
      ['kinds', 'Diagonal arrows on schedule', [1]],
    ]);
    expect(prove(lv, planOf(3, { long: true, diagonal: true })).violations).toEqual([]);
  });

  it("orbits the plan does not give, and an arrow off the level's orbits", () => {
    expect(prove(chainLevel, planOf(4)).violations.map((v) => v.name)).toEqual(['Orbits the plan gives']);
    const off = prove({ orbits: 3, arrows: [A(4, 0)] }, planOf(3));
    expect(off).toMatchObject({
      ok: false,
      metrics: null,
      violations: [{ rule: 'arrows[0].orbit', name: 'Arrow on an existing orbit', elements: [0] }],
    });
  });

  it('an empty system and a slot outside the plan', () => {
    expect(prove({ orbits: 3, arrows: [] }, planOf(3)).violations.map((v) => v.rule)).toEqual(['arrows']);
    expect(proveApsis(chainLevel, rules, { plan: planOf(3), slot: 3 }).violations.map((v) => v.rule)).toEqual(
      ['plan'],
    );
  });

  it('every violation carries the plain name of its rule', () => {
    const vs = [
      ...prove(
        { orbits: 3, arrows: [A(3, 0, 'cw', 'long'), A(3, 5, 'cw-in'), A(2, 0), A(2, 25, 'ccw')] },
        planOf(4),
      ).violations,
      ...prove(cycleLevel, planOf(3)).violations,
    ];
    expect(new Set(vs.map((v) => v.name)).size).toBeGreaterThan(4);
    for (const v of vs) expect(Object.values(APSIS_RULE_NAMES)).toContain(v.name);
  });

  it('proves generated candidates ok with the metrics they carry', () => {
    const { plan, pools: ps } = pools(30, 3, 5);
    let n = 0;
    for (const c of ps.flat()) {
      const p = proveApsis(c.level, rules, { plan, slot: c.slot });
      expect(p.violations).toEqual([]);
      expect(p.metrics).toEqual(apsisGame.measure(c.level, rules));
      n++;
    }
    expect(n).toBeGreaterThan(60);
  });
});

describe('Apsis explain: reads by round add up to reads; the longest chain of blockers', () => {
  it('on generated levels', () => {
    const { pools: ps } = pools(30, 3, 5);
    for (const c of ps.flat()) {
      const e = explainApsis(c.level, rules);
      const r = solveRounds(c.level, rules);
      expect(e.total).toBe(r.reads);
      expect(e.parts.reduce((a, p) => a + p.value, 0)).toBe(r.reads);
      expect(e.perElement.reduce((a, d) => a + (d['reads'] as number), 0)).toBe(r.reads);
      expect(e.parts).toHaveLength(r.depth);
      // The chain climbs one round per arrow, each blocked by the one before it.
      const blockers = blockingGraph(c.level, rules);
      expect(e.chain).toHaveLength(r.depth);
      e.chain!.forEach((a, i) => {
        expect(r.round[a]).toBe(i + 1);
        if (i > 0) expect(blockers[a]).toContain(e.chain![i - 1]);
      });
      expect(e.graph!.edges.length).toBe(blockers.reduce((a, b) => a + b.length, 0));
    }
  });

  it('words the rounds as the issue does', () => {
    const e = explainApsis(chainLevel, rules);
    expect(e.parts).toEqual([
      { label: 'round 1: 1 arrow × 1', value: 1 },
      { label: 'round 2: 1 arrow × 2', value: 2 },
    ]);
    expect(e.line).toBe('3 reads: round 1: 1 arrow × 1, round 2: 1 × 2; depth 2, 1 free');
    expect(e.graph!.edges).toEqual([[1, 0]]);
    expect(e.chain).toEqual([1, 0]);
    expect(explainApsis(cycleLevel, rules).line).toBe('0 reads; depth 0, 0 free; 2 never leave');
  });
});

describe('Apsis parseLevel', () => {
  it('reads a pack level object (claims optional) and names a wrong field', () => {
    expect(apsisGame.parseLevel({ level: 2, orbits: 3, depth: 9, arrows: [A(1, 10)] })).toEqual({
      orbits: 3,
      arrows: [A(1, 10)],
    });
    try {
      apsisGame.parseLevel({ orbits: 3, arrows: [A(1, 10), { ...A(1, 400) }] });
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(LevelFormatError);
      expect((e as LevelFormatError).fields).toEqual([
        { field: 'arrows.1.angle', message: expect.stringMatching(/at most 359/) },
      ]);
    }
    expect(() => apsisGame.parseLevel({ arrows: [] })).toThrow(/orbits: is required/);
  });
});
