/**
 * The proof of one Carillon level (prove.ts): each hard rule broken by a hand-made level gives
 * a violation with its plain name, the dots involved and the mark the board draws; a clean
 * level proves ok with the generator's own metrics; and the explanation's parts add up to the
 * bits difficulty.ts computes.
 */
import { describe, expect, it } from 'vitest';
import {
  buildField,
  carillonGame,
  difficultyBits,
  levelMetrics,
  parseCarillonLevel,
  proveCarillon,
  explainCarillon,
  CARILLON_RULE_NAMES,
  type CarillonLevel,
  type CarillonPlan,
  type CarillonViolation,
  type Dot,
} from '../../../src-shared/games/carillon/index';
import { LevelFormatError } from '../../../src-shared/proof';
import { BITS_MAX_STARTS, SEARCH_MAX_POSITIONS } from '../../../src-shared/games/carillon/prove';
import { SearchBudgetError, solveSearch } from '../../../src-shared/games/carillon/solver-search';
import { dot, generateSubset, randomFields, rules } from './fixtures';

const S = (x: number, y: number, color = 0): Dot => dot(x, y, 'small', color);
const N = (x: number, y: number): Dot => dot(x, y, 'normal');
const B = (x: number, y: number): Dot => dot(x, y, 'big');
const level = (dots: Dot[]): CarillonLevel => ({ taps: 0, tutorial: false, bits: 0, dots, solution: [] });
/** A one-level plan asking for `taps` taps and at most `maxDots` dots. */
const planOf = (taps: number, maxDots = 40, tutorial = false): CarillonPlan => [
  { from: 1, to: 1, taps, minDots: maxDots, maxDots, tutorial },
];
const prove = (dots: Dot[], plan: CarillonPlan) => proveCarillon(level(dots), rules, { plan, slot: 0 });
const only = (vs: CarillonViolation[], rule: string) => vs.filter((v) => v.rule === rule);

describe('Carillon prove: one violation per broken rule, named, with its dots and a mark', () => {
  it('a clean two-tap level proves ok: metrics as measured, a solution that clears', () => {
    // Two separate big-and-normal pairs: each big ring reaches its normal (2 chain starts).
    const dots = [B(100, 200), N(300, 200), B(100, 800), N(300, 800)];
    const p = prove(dots, planOf(2));
    expect(p.violations).toEqual([]);
    expect(p.ok).toBe(true);
    expect(p.metrics).toEqual(levelMetrics({ ...level(dots), taps: 2 }, rules));
    expect(p.solution).toHaveLength(2);
    expect(p.level).toMatchObject({
      taps: 2,
      tutorial: false,
      bits: p.metrics!['bits'],
      solution: p.solution,
    });
  });

  it('spacing: two dots 13.9 apart edge to edge, with the gap', () => {
    const p = prove([S(100, 100), S(145.9, 100)], planOf(1, 40, true));
    const [v] = only(p.violations, 'spacing');
    expect(v).toMatchObject({
      name: 'Spacing between dots',
      elements: [0, 1],
      mark: { kind: 'gap', a: 0, b: 1, min: 14 },
    });
    expect((v!.mark as { gap: number }).gap).toBeCloseTo(13.9, 9);
    expect(p.ok).toBe(false);
    // 14 apart passes.
    expect(only(prove([S(100, 100), S(146, 100)], planOf(1, 40, true)).violations, 'spacing')).toEqual([]);
  });

  it("ring clearance: a big ring stopping 9.9 short of a small dot's edge, and one passing 9.9 over it", () => {
    const short = prove([B(100, 480), S(365.9, 480)], planOf(2));
    expect(only(short.violations, 'ring-margin')).toEqual([
      expect.objectContaining({
        name: 'Ring clearance',
        elements: [0, 1],
        mark: expect.objectContaining({ kind: 'ring', from: 0, to: 1, min: 10 }),
      }),
    ]);
    expect((short.violations[0]!.mark as { off: number }).off).toBeCloseTo(9.9, 9);
    const over = prove([S(346.1, 480), B(100, 480)], planOf(1));
    const [v] = only(over.violations, 'ring-margin');
    // The ring is the later dot's (index 1): listed first, as the ring's dot.
    expect(v).toMatchObject({ elements: [1, 0], mark: { kind: 'ring', from: 1, to: 0 } });
    expect((v!.mark as { off: number }).off).toBeCloseTo(-9.9, 9);
  });

  it('field bounds: a dot over the left and top edges names both sides', () => {
    const p = prove([S(15, 10), S(300, 300)], planOf(2));
    expect(only(p.violations, 'inside-field')).toEqual([
      {
        rule: 'inside-field',
        name: 'Inside the field',
        message: expect.stringContaining('dot 0'),
        elements: [0],
        mark: { kind: 'outside', dot: 0, sides: ['left', 'top'] },
      },
    ]);
  });

  it('colour outside the palette', () => {
    const p = prove([S(100, 100, 7), S(500, 800)], planOf(2));
    expect(only(p.violations, 'color')).toEqual([
      expect.objectContaining({
        name: 'Colour in the palette',
        elements: [0],
        mark: { kind: 'dot', dot: 0 },
      }),
    ]);
  });

  it("fewest taps off the plan: the chain starts drawn against the plan's taps", () => {
    const p = prove([B(100, 200), N(300, 200), B(100, 800), N(300, 800)], planOf(3));
    expect(only(p.violations, 'plan-taps')).toEqual([
      expect.objectContaining({
        name: 'Fewest taps the plan wants',
        elements: [0, 2],
        mark: { kind: 'starts', starts: [0, 2], want: 3 },
      }),
    ]);
    // Still measured and solved.
    expect(p.metrics!['taps']).toBe(2);
    expect(p.solution).toHaveLength(2);
  });

  it("dots over the plan's cap", () => {
    const p = prove([B(100, 200), N(300, 200), B(100, 800), N(300, 800)], planOf(2, 3));
    expect(only(p.violations, 'plan-dots')).toEqual([
      expect.objectContaining({ name: 'Dots the plan allows', mark: { kind: 'count', count: 4, max: 3 } }),
    ]);
  });

  it('fair share: a lone dot pops 1 where 1.25 is fair; the start and what it pops on its own', () => {
    const dots = [S(100, 100), S(150, 100), S(200, 100), S(250, 100), S(500, 800)];
    const p = prove(dots, planOf(2));
    const [v] = only(p.violations, 'fair-share');
    expect(v).toMatchObject({
      name: 'Fair share for each chain start',
      elements: [4],
      mark: { kind: 'share', start: 4, own: [4], need: 1.25 },
    });
    // One dot, in the singular (issue 22 read "pops 1 dots").
    expect(v!.message).toBe('chain start 4 pops 1 dot on its own, less than 1.25 (its fair share)');
  });

  it('chain starts reached: a normal ring reaching a big root merges them, drawn with the arrows between them', () => {
    const dots = [B(100, 480), N(238, 480), N(100, 240)];
    const p = prove(dots, planOf(1));
    const [v] = only(p.violations, 'chain-start-reached');
    expect(v).toMatchObject({
      name: 'Chain starts stay unreached',
      elements: [0, 1],
      mark: {
        kind: 'reached',
        dots: [0, 1],
        edges: [
          [0, 1],
          [1, 0],
        ],
      },
    });
    // A tutorial level may reach its roots.
    expect(only(prove(dots, planOf(1, 40, true)).violations, 'chain-start-reached')).toEqual([]);
  });

  it('too many chain starts to measure: bits left out, the starts drawn', () => {
    const dots = Array.from({ length: 30 }, (_, i) => S(30 + (i % 6) * 100, 30 + Math.floor(i / 6) * 180));
    const p = prove(dots, planOf(5));
    expect(only(p.violations, 'bits')).toEqual([
      expect.objectContaining({ name: 'Difficulty can be measured', elements: dots.map((_, i) => i) }),
    ]);
    expect(p.metrics).not.toHaveProperty('bits');
    expect(p.metrics!['taps']).toBe(30);
    // The theorem's solution still clears the field (one tap per chain start).
    expect(only(p.violations, 'solution-replay')).toEqual([]);
  });

  it('an empty board and a slot outside the plan', () => {
    const p = prove([], planOf(1));
    expect(p).toMatchObject({
      ok: false,
      metrics: null,
      solution: null,
      violations: [expect.objectContaining({ rule: 'dots', name: 'At least one dot' })],
    });
    const q = proveCarillon(level([B(100, 100)]), rules, { plan: planOf(1), slot: 4 });
    expect(q.violations.map((v) => v.rule)).toContain('plan');
  });

  it('every rule id has a plain name, and every violation carries it', () => {
    const vs = [
      ...prove([S(100, 100, 9), S(120, 100)], planOf(3, 1)).violations,
      ...prove([B(100, 480), S(365.9, 480), S(10, 10)], planOf(2)).violations,
    ];
    expect(new Set(vs.map((v) => v.rule)).size).toBeGreaterThan(4);
    for (const v of vs) expect(v.name).toBe(CARILLON_RULE_NAMES[v.rule as keyof typeof CARILLON_RULE_NAMES]);
  });

  it("proves every generated candidate ok, with the generator's metrics and a solution as short", () => {
    const { plan, pools } = generateSubset(24, 11, 3);
    let n = 0;
    for (const c of pools.flat()) {
      const p = proveCarillon(c.level, rules, { plan, slot: c.slot });
      expect(p.violations, `slot ${c.slot}`).toEqual([]);
      expect(p.metrics).toEqual(c.metrics);
      expect(p.solution).toHaveLength(c.level.taps);
      n++;
    }
    expect(n).toBeGreaterThan(50);
  });
});

describe('Carillon explain: parts add up to the bits difficulty.ts computes', () => {
  it('on generated levels: cause parts and per-tap steps both sum to the total, which is the bits', () => {
    const { pools } = generateSubset(40, 13, 2);
    let checked = 0;
    for (const c of pools.flat()) {
      const e = explainCarillon(c.level, rules);
      const field = buildField(c.level.dots, rules);
      expect(e.total).toBeCloseTo(difficultyBits(field), 12);
      expect(e.total!).toBeCloseTo(c.metrics['bits']!, 4);
      expect(e.parts.reduce((a, p) => a + p.value, 0)).toBeCloseTo(e.total!, 9);
      expect(e.steps!.reduce((a, p) => a + p.value, 0)).toBeCloseTo(e.total!, 9);
      expect(e.steps).toHaveLength(c.level.taps);
      // The first-tap chances are a distribution; the winning dots are the chain starts.
      expect(e.perElement.reduce((a, d) => a + (d['first'] as number), 0)).toBeCloseTo(1, 12);
      expect(e.perElement.filter((d) => d['wins']).length).toBe(c.metrics['winning']);
      checked++;
    }
    expect(checked).toBeGreaterThan(60);
  });

  it('on random multi-tap fields too (including fields where previews favour the winners)', () => {
    const signs = new Set<number>();
    for (const f of randomFields(300, 10, 9)) {
      const lv = level([...f.dots]);
      const e = explainCarillon(lv, rules);
      expect(e.parts.reduce((a, p) => a + p.value, 0)).toBeCloseTo(difficultyBits(f), 9);
      expect(e.steps!.reduce((a, p) => a + p.value, 0)).toBeCloseTo(difficultyBits(f), 9);
      signs.add(Math.sign(Math.round(e.parts[1]!.value * 1000)));
    }
    expect(signs).toEqual(new Set([-1, 0, 1]));
  });

  it("the spec's one-tap field: log2 3 bits, all from the first tap, as log2((n+E)/(W+Ew))", () => {
    const e = explainCarillon(level([B(100, 480), N(280, 480), N(400, 480)]), rules);
    expect(e.total).toBeCloseTo(Math.log2(3), 12);
    // n = 3 dots, W = 1 wins: log2 3 from the dots; the big root lights up 2 (weight 3), each normal 0 or 1.
    expect(e.parts[0]!.value).toBeCloseTo(Math.log2(3), 12);
    expect(e.parts[2]!.value).toBe(0);
    expect(e.line).toMatch(/^1\.58 bits in 1 tap: /);
  });

  it('gives the reach graph, its components, and the chain starts as the source components', () => {
    const lv = level([B(100, 200), N(300, 200), B(100, 800), N(300, 800), N(380, 800)]);
    const e = explainCarillon(lv, rules);
    expect(e.graph!.edges).toEqual([
      [0, 1],
      [2, 3],
      [3, 4],
      [4, 3],
    ]);
    const comp = e.graph!.components!;
    expect(comp[3]).toBe(comp[4]);
    expect(new Set(e.graph!.sources!.map((s) => s))).toEqual(new Set([comp[0], comp[2]]));
    expect(e.perElement.map((d) => d['start'])).toEqual([true, false, true, false, false]);
  });

  it('says so, without bits, when there are too many chain starts to measure', () => {
    const dots = Array.from({ length: 30 }, (_, i) => S(30 + (i % 6) * 100, 30 + Math.floor(i / 6) * 180));
    const e = explainCarillon(level(dots), rules);
    expect(e.total).toBeNull();
    expect(e.line).toMatch(/30 chain starts/);
  });
});

describe('Carillon prove: the search is bounded, so a hostile level cannot hold the thread that asked', () => {
  // 18 small dots none of which reaches another: 18 chain starts, in a plan that wants 18 taps.
  // The search is exponential in the chain starts (this one alone visits about 20 M positions;
  // 24 such dots ran for hours and grew a memo of millions of positions). The studio proves an
  // edit on its main thread (candidates.prove, candidates.saveEdited), and verify and import on
  // the CLI's: the red-team pass froze the server with one 2 KB level of isolated dots.
  const isolated = Array.from({ length: 18 }, (_, i) => S(40 + (i % 6) * 110, 40 + Math.floor(i / 6) * 110));

  it('stops at its budget of positions and names the level as not checked by search', () => {
    const p = prove(isolated, planOf(18, 18));
    expect(p.ok).toBe(false);
    const v = only(p.violations, 'fewest-search');
    expect(v).toHaveLength(1);
    expect(v[0]!.message).toBe(
      `the search stopped after ${SEARCH_MAX_POSITIONS.toLocaleString('en-US')} positions without confirming the theorem's 18 taps: 18 chain starts are too many to check by search`,
    );
    expect(v[0]!.elements).toHaveLength(18);
    // The theorem's count and the bits still stand.
    expect(p.metrics).toMatchObject({ taps: 18, bits: 0 });
  });

  it('never measures the bits past BITS_MAX_STARTS, and names the level instead of holding the thread', () => {
    // 21 isolated dots in a plan wanting 21 taps: 2^21 positions (5 s on a quiet machine; 24, minutes).
    const many = Array.from({ length: BITS_MAX_STARTS + 3 }, (_, i) =>
      S(40 + (i % 6) * 100, 40 + Math.floor(i / 6) * 100),
    );
    const p = prove(many, planOf(many.length, many.length));
    const v = only(p.violations, 'bits');
    expect(v).toHaveLength(1);
    expect(v[0]!.message).toBe(
      `the field has ${many.length} chain starts, more than the ${BITS_MAX_STARTS} whose difficulty is measured when a level is proved`,
    );
    expect(v[0]!.elements).toHaveLength(many.length);
    expect(p.metrics?.bits).toBeUndefined();
    // At the bound it is still measured.
    const at = many.slice(0, BITS_MAX_STARTS);
    expect(prove(at, planOf(at.length, at.length)).metrics).toMatchObject({ bits: 0 });
  });

  it('solveSearch throws SearchBudgetError past maxPositions, and finds small fields well within it', () => {
    const field = buildField(isolated, rules);
    expect(() => solveSearch(field, { maxTaps: 18, maxPositions: 10_000 })).toThrow(SearchBudgetError);
    expect(solveSearch(buildField(isolated.slice(0, 6), rules), { maxPositions: 10_000 }).fewest).toBe(6);
  });
});

describe('Carillon parseLevel', () => {
  it('reads a pack level object (claims optional) and names a wrong field', () => {
    expect(parseCarillonLevel({ level: 3, dots: [{ x: 1, y: 2, size: 'big', color: 0 }] }).dots).toHaveLength(
      1,
    );
    expect(() => carillonGame.parseLevel({ dots: [{ x: 1, y: 2, size: 'huge', color: 0 }] })).toThrow(
      LevelFormatError,
    );
    try {
      carillonGame.parseLevel({
        dots: [
          { x: 1, y: 2, size: 'big', color: 0 },
          { x: 'a', y: 2, size: 'big', color: 0 },
        ],
      });
    } catch (e) {
      expect((e as LevelFormatError).fields).toEqual([{ field: 'dots.1.x', message: 'must be a number' }]);
      expect((e as Error).message).toBe('the Carillon level is not valid: dots.1.x: must be a number');
    }
    expect(() =>
      carillonGame.parseLevel({ dots: new Array(201).fill({ x: 1, y: 1, size: 'big', color: 0 }) }),
    ).toThrow(/at most 200 dots/);
    expect(() => carillonGame.parseLevel(null)).toThrow(LevelFormatError);
  });
});
