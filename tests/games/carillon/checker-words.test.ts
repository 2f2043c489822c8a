/**
 * What Carillon's checker says (../../../src-shared/games/carillon/verify.ts and prove.ts): each
 * problem a designer reads names the level, the rule and the figures, singular where one, and
 * the elements to draw. The near-miss tests say which rule fires; these pin each sentence, the
 * marks and the proof's own bounds (which solver runs past how many chain starts), so a wrong
 * count, a wrong level number or a missing mark fails here.
 */
import { describe, expect, it } from 'vitest';
import {
  carillonGame,
  type CarillonLevel,
  type CarillonPack,
} from '../../../src-shared/games/carillon/index';
import { proveCarillonDetail } from '../../../src-shared/games/carillon/prove';
import { MAX_VERIFY_PAIRS, tooManyPairsMessage } from '../../../src-shared/pack/verify-caps';
import { rules } from './fixtures';
import { B, N, S, edit, levelOf, one, packOf } from './pack-fixtures';

const verify = (p: CarillonPack) => carillonGame.verifyPack(p);
/** Two small dots reaching each other: one tap, 0 bits. */
const pair = () => [S(100, 100), S(146, 100)];
/** Three small dots out of each other's reach: three taps. */
const lone3 = () => [S(100, 100), S(400, 100), S(100, 600)];
/** n small dots on a grid, none reaching another: n taps. */
const lone = (n: number) =>
  Array.from({ length: n }, (_, i) => S(40 + (i % 6) * 100, 40 + Math.floor(i / 6) * 120));
/** A one-level plan of `taps` taps and exactly `dots` dots. */
const plan = (taps: number, dots = 40, tutorial = false) => [
  { from: 1, to: 1, taps, minDots: dots, maxDots: dots, tutorial },
];
const prove = (
  level: CarillonLevel,
  p = plan(level.taps, level.dots.length, level.tutorial),
  r = rules,
  slot = 0,
) => proveCarillonDetail(level, r, { plan: p, slot });

describe("verify's sentences", () => {
  it('names a level count off the plan, and the level past it as outside the plan', () => {
    const p = edit(one(pair()), (q) => q.levels.push({ ...q.levels[0]!, level: 2 }));
    expect(verify(p)).toEqual([
      { level: null, rule: 'level-count', message: 'the pack has 2 levels, its plan 1' },
      { level: 2, rule: 'plan-taps', message: 'level 2 is outside the plan' },
      {
        level: 2,
        rule: 'near-duplicate',
        message: 'levels 1 and 2 are near-duplicates (same-picture, identity, 100 % shared)',
        pair: [1, 2],
      },
    ]);
  });

  it("names a level's wrong number, the plan's taps and the plan's tutorial flag", () => {
    expect(verify(edit(one(pair()), (q) => (q.levels[0]!.level = 3)))).toEqual([
      { level: 1, rule: 'level-number', message: 'level 1 is numbered 3' },
    ]);
    expect(verify(edit(one(pair()), (q) => (q.plan[0]!.taps = 2)))).toEqual([
      { level: 1, rule: 'plan-taps', message: 'the plan wants 2 taps, the level says 1' },
    ]);
    expect(verify(edit(one(pair()), (q) => (q.plan[0]!.tutorial = false)))).toEqual([
      { level: 1, rule: 'tutorial', message: 'the plan says tutorial=false, the level says true' },
      {
        level: 1,
        rule: 'chain-start-reached',
        message: 'chain start dots 0, 1 reach each other (only tutorial levels may reach a root)',
      },
    ]);
  });

  it("holds the claimed taps against the search, the theorem and the solution's length", () => {
    const p = edit(one(pair()), (q) => {
      q.levels[0]!.taps = 2;
      q.plan[0]!.taps = 2;
    });
    expect(verify(p)).toEqual([
      { level: 1, rule: 'fewest-search', message: 'the search needs 1 taps, the level says 2' },
      {
        level: 1,
        rule: 'fewest-theorem',
        message: 'the field has 1 source components, the level says 2 taps',
      },
      { level: 1, rule: 'solution', message: 'the solution has 1 taps, the level says 2' },
    ]);
  });

  it('counts the dots a claimed solution leaves standing, one and many', () => {
    const oneTap = edit(one(lone3(), false), (q) => (q.levels[0]!.solution = [0]));
    expect(verify(oneTap)).toContainEqual({
      level: 1,
      rule: 'solution-replay',
      message: "the solution's 1 tap leaves 2 dots standing",
    });
    const twoTaps = edit(one(lone3(), false), (q) => (q.levels[0]!.solution = [0, 1]));
    expect(verify(twoTaps)).toContainEqual({
      level: 1,
      rule: 'solution-replay',
      message: "the solution's 2 taps leave 1 dot standing",
    });
    const popped = edit(one(pair()), (q) => (q.levels[0]!.solution = [0, 1]));
    expect(verify(popped)).toContainEqual({
      level: 1,
      rule: 'solution-replay',
      message: 'tap 2 is on dot 1, which has already popped',
    });
  });

  it('names claimed bits off the measure, and levels out of order by bits and by dots', () => {
    expect(verify(edit(one(pair()), (q) => (q.levels[0]!.bits = 1)))).toEqual([
      { level: 1, rule: 'bits', message: 'difficulty measures 0 bits, the level says 1' },
    ]);
    const byBits = packOf([
      levelOf([B(100, 100), S(206, 100)], true),
      levelOf([N(300, 600), N(400, 600), N(500, 600)], true),
    ]);
    expect(verify(byBits)).toEqual([
      { level: 2, rule: 'order-bits', message: 'level 2 (0 bits) is easier than level 1 (0.585 bits)' },
    ]);
    const byDots = packOf([
      levelOf([S(100, 100), S(150, 100), S(125, 143)], true),
      levelOf([B(320, 300), N(120, 300)], true),
    ]);
    expect(verify(byDots)).toEqual([
      { level: 2, rule: 'order-dots', message: 'level 2 has 2 dots, fewer than level 1 (3)' },
    ]);
  });

  it('names a near-duplicate by both levels, on the later one', () => {
    const p = packOf([
      levelOf([S(500, 800), ...lone3()], true),
      levelOf(pair(), true),
      levelOf(pair(), true),
    ]);
    const dups = verify(p).filter((q) => q.rule === 'near-duplicate');
    expect(dups).toEqual([
      {
        level: 3,
        rule: 'near-duplicate',
        message: 'levels 2 and 3 are near-duplicates (same-picture, identity, 100 % shared)',
        pair: [2, 3],
      },
    ]);
  });

  it(`stops listing near-duplicate pairs past ${MAX_VERIFY_PAIRS}, saying so once`, () => {
    // 46 copies of one level: 1,035 pairs, each a near-duplicate.
    const p = packOf(Array.from({ length: 46 }, () => levelOf(pair(), true)));
    const problems = verify(p);
    const dups = problems.filter((q) => q.rule === 'near-duplicate');
    expect(dups).toHaveLength(MAX_VERIFY_PAIRS + 1);
    expect(dups.filter((q) => q.level === null)).toEqual([
      { level: null, rule: 'near-duplicate', message: tooManyPairsMessage() },
    ]);
    expect(dups.filter((q) => q.level !== null).every((q) => q.pair![1] === q.level)).toBe(true);
  });
});

describe("the proof's sentences and marks", () => {
  it('names a level outside the plan and a level with no dot, with no mark', () => {
    const outside = prove(levelOf(pair(), true), plan(1, 2, true), rules, 3).proof.violations;
    expect(outside).toEqual([
      { rule: 'plan', name: expect.any(String), message: 'level 4 is outside the plan', elements: [] },
    ]);
    expect('mark' in outside[0]!).toBe(false);
    const empty = prove({ taps: 0, tutorial: true, bits: 0, dots: [], solution: [] }, plan(1)).proof;
    expect(empty.violations.map((v) => [v.rule, v.message])).toEqual([['dots', 'the level has no dot']]);
    expect(empty.metrics).toBeNull();
  });

  it("names a colour off the palette by its range, and dots past the plan's count", () => {
    const l = levelOf(pair(), true);
    l.dots[1]!.color = rules.colors + 2;
    expect(prove(l, plan(1, 2, true)).proof.violations).toEqual([
      {
        rule: 'color',
        name: expect.any(String),
        message: `dot 1 has colour ${rules.colors + 2}, outside 0..${rules.colors - 1}`,
        elements: [1],
        mark: { kind: 'dot', dot: 1 },
      },
    ]);
    expect(prove(levelOf(lone3(), false), plan(3, 2)).proof.violations).toEqual([
      {
        rule: 'plan-dots',
        name: expect.any(String),
        message: "3 dots, more than the plan's 2",
        elements: [],
        mark: { kind: 'count', count: 3, max: 2 },
      },
    ]);
  });

  it("names the field's taps against the plan's, singular and plural", () => {
    expect(prove(levelOf(pair(), true), plan(2, 2, true)).proof.violations).toEqual([
      {
        rule: 'plan-taps',
        name: expect.any(String),
        message: 'the field needs 1 tap; the plan wants 2',
        elements: [0],
        mark: { kind: 'starts', starts: [0], want: 2 },
      },
    ]);
    expect(prove(levelOf(lone3(), false), plan(1, 3)).proof.violations.map((v) => v.message)).toEqual([
      'the field needs 3 taps; the plan wants 1',
    ]);
  });

  it('names chain starts that reach each other, with the arrows between them', () => {
    expect(prove(levelOf(pair(), false), plan(1, 2)).proof.violations).toEqual([
      {
        rule: 'chain-start-reached',
        name: expect.any(String),
        message: 'chain start dots 0, 1 reach each other (only tutorial levels may reach a root)',
        elements: [0, 1],
        mark: {
          kind: 'reached',
          dots: [0, 1],
          edges: [
            [0, 1],
            [1, 0],
          ],
        },
      },
    ]);
  });

  it('a start short of its fair share is drawn with the dots it pops on its own, the start first', () => {
    const chain = [S(100, 100), S(150, 100), S(200, 100), S(250, 100)];
    const v = prove(levelOf([...chain, S(500, 800)], true), plan(2, 5, true)).proof.violations;
    const share = v.filter((x) => x.rule === 'fair-share');
    expect(share).toHaveLength(1);
    const mark = share[0]!.mark as { kind: 'share'; start: number; own: number[] };
    expect(mark.kind).toBe('share');
    expect(share[0]!.elements[0]).toBe(mark.start);
    expect(share[0]!.elements).toEqual([mark.start, ...mark.own.filter((d) => d !== mark.start)]);
    expect(new Set(share[0]!.elements).size).toBe(share[0]!.elements.length);
  });

  it('measures bits up to rules.maxSources starts and names the level past it', () => {
    const at = prove(levelOf(lone3(), false), plan(3, 3), { ...rules, maxSources: 3 });
    expect(at.bits).toBe(0);
    expect(at.proof.violations).toEqual([]);
    expect('bitsError' in at).toBe(false);
    const past = prove(levelOf(lone3(), false), plan(3, 3), { ...rules, maxSources: 2 });
    expect(past.bits).toBeNull();
    expect(past.proof.metrics).not.toHaveProperty('bits');
    expect(past.bitsError).toBe('difficulty: 3 source components is more than 2');
    expect(past.proof.violations).toEqual([
      {
        rule: 'bits',
        name: expect.any(String),
        message:
          'the field has 3 chain starts, more than the 2 whose difficulty can be measured (rules.maxSources)',
        elements: [0, 1, 2],
        mark: { kind: 'starts', starts: [0, 1, 2], want: 3 },
      },
    ]);
  });

  it('skips the search past 10 chain starts and the bits past 16, unless the plan asks for that many', () => {
    const eleven = prove(levelOf(lone(11), false), plan(3, 11));
    expect(eleven.search).toBeNull();
    expect(eleven.bits).toBe(0);
    expect('searchError' in eleven).toBe(false);
    const asked = prove(levelOf(lone(11), false), plan(11, 11));
    expect(asked.search).toBe(11);
    expect(asked.proof.violations).toEqual([]);
    const seventeen = prove({ ...levelOf(lone3(), false), dots: lone(17) }, plan(3, 17));
    expect(seventeen.bits).toBeNull();
    expect(seventeen.proof.metrics).not.toHaveProperty('bits');
    expect('bitsError' in seventeen).toBe(false);
    // The solution with no search is the chain starts themselves, and it clears the field.
    expect(seventeen.proof.solution).toEqual(Array.from({ length: 17 }, (_, i) => i));
  });
});

describe("the proof's bounds, at their edges", () => {
  /** A level of n lone small dots (n chain starts), claiming what its plan asks. */
  const loneLevel = (n: number, taps = n) => ({ ...levelOf(lone3(), false), taps, dots: lone(n) });

  it('searches at exactly 10 chain starts and measures bits at exactly 16, whatever the plan asks', () => {
    const ten = prove(loneLevel(10, 3), plan(3, 10));
    expect(ten.search).toBe(10);
    expect(ten.proof.violations.map((v) => v.rule)).toEqual(['plan-taps']);
    const sixteen = prove(loneLevel(16, 3), plan(3, 16));
    expect(sixteen.bits).toBe(0);
    expect(sixteen.proof.metrics).toHaveProperty('bits', 0);
  });

  it('past 18 chain starts, bits are not measured: named when the plan asks for that many, else skipped', () => {
    const asked = prove(loneLevel(19), plan(19, 19));
    expect(asked.bits).toBeNull();
    expect(asked.bitsError).toBe('difficulty: 19 source components is more than 18');
    expect(asked.proof.violations.filter((v) => v.rule === 'bits').map((v) => v.message)).toEqual([
      'the field has 19 chain starts, more than the 18 whose difficulty is measured when a level is proved',
    ]);
    const skipped = prove(loneLevel(19, 3), plan(3, 19));
    expect(skipped.bits).toBeNull();
    expect('bitsError' in skipped).toBe(false);
    expect(skipped.proof.violations.map((v) => v.rule)).toEqual(['plan-taps']);
  });

  it('a start short of its fair share is drawn with every dot it pops on its own', () => {
    // Eight dots in a row (one chain) and a pair apart: the pair's start pops 2 dots on its own,
    // short of half of 10 / 2.
    const row = Array.from({ length: 8 }, (_, i) => S(100 + 50 * i, 100));
    const v = prove(levelOf([...row, S(100, 800), S(146, 800)], true), plan(2, 10, true)).proof.violations;
    const share = v.filter((x) => x.rule === 'fair-share');
    expect(share).toHaveLength(1);
    const mark = share[0]!.mark as { kind: 'share'; start: number; own: number[] };
    expect(mark.own).toHaveLength(2);
    expect(share[0]!.elements).toHaveLength(2);
    expect(share[0]!.elements).toEqual([mark.start, ...mark.own.filter((d) => d !== mark.start)]);
    expect([...share[0]!.elements].sort()).toEqual([8, 9]);
  });
});

describe("verify's claims against a proof that skipped a solver", () => {
  it('names no search count when the search was skipped past 10 chain starts', () => {
    const p = edit(packOf([levelOf(lone3(), false)]), (q) => {
      q.levels[0] = {
        ...q.levels[0]!,
        taps: 11,
        dots: lone(11).map((d) => ({ ...d })),
        solution: lone(11).map((_, i) => i),
      };
      q.plan[0] = { ...q.plan[0]!, taps: 3, minDots: 11, maxDots: 11 };
    });
    const problems = verify(p);
    expect(problems.filter((q) => q.rule === 'fewest-search')).toEqual([]);
    expect(problems.map((q) => q.rule)).toContain('plan-taps');
  });

  it('holds a level to the last measured one when the level between has no measure', () => {
    const p = packOf([
      levelOf([B(100, 100), S(206, 100)], true),
      levelOf(lone3(), true),
      levelOf([S(100, 100), S(150, 100), S(125, 143)], true),
    ]);
    // Three chain starts are more than maxSources: level 2's bits are not measured.
    const q = edit(p, (x) => (x.rules = { ...x.rules, maxSources: 2 }));
    expect(verify(q).filter((x) => x.rule === 'order-bits')).toEqual([
      { level: 3, rule: 'order-bits', message: 'level 3 (0 bits) is easier than level 2 (0.585 bits)' },
    ]);
  });

  it(`lists exactly ${MAX_VERIFY_PAIRS} near-duplicate pairs without the cap's sentence`, () => {
    // 45 copies of one level (990 pairs) and 5 of another (10 pairs).
    const p = packOf([
      ...Array.from({ length: 45 }, () => levelOf(pair(), true)),
      ...Array.from({ length: 5 }, () => levelOf(lone3(), true)),
    ]);
    const dups = verify(p).filter((q) => q.rule === 'near-duplicate');
    expect(dups).toHaveLength(MAX_VERIFY_PAIRS);
    expect(dups.every((q) => q.level !== null)).toBe(true);
  });
});
