/**
 * Near misses: for every rule `verifyPack` checks, a valid hand-made pack is edited once, just
 * past the rule's limit, and `verify` must name that rule; the same edit exactly at the limit
 * must leave the pack clean. A checker loosened at its boundary (`<=` for `<`, a tolerance of a
 * whole dot, a margin never checked) fails here even when the generator's output, judged by the
 * same checker, still looks fine.
 */
import { describe, expect, it } from 'vitest';
import { carillonGame, type CarillonPack, type Dot } from '../../../src-shared/games/carillon/index';
import { B, edit, levelOf, N, one, packOf, S } from './pack-fixtures';

const rulesOf = (p: CarillonPack): string[] =>
  [...new Set(carillonGame.verifyPack(p).map((q) => `${q.level}:${q.rule}`))].sort();

interface NearMiss {
  rule: string;
  what: string;
  /** The pack with the value exactly at the limit (must verify clean). */
  at: () => CarillonPack;
  /** The same pack one minimal edit past the limit. */
  past: () => CarillonPack;
  /** Every problem `past` must give, as `level:rule` (exactly these). */
  expect: string[];
}

// Two small dots reach each other (one tap, 0 bits) when 46 apart centre to centre: 14 edge to edge.
const smallPair = (x2: number): Dot[] => [S(100, 100), S(x2, 100)];
// A big dot's ring (reach 240) and a small dot's edge (radius 16): 266 apart leaves a gap of
// exactly 10 short of the edge; 246 apart the ring passes 10 over it (an arrow).
const bigSmall = (x2: number): Dot[] => [B(100, 480), S(x2, 480)];
// Fair share: a chain of small dots (one source component) and a lone small dot far away.
// With n dots and 2 starts each must pop 0.5·n/2 on its own; the lone dot pops 1.
const chainAndLone = (chain: number): Dot[] => [
  ...Array.from({ length: chain }, (_, i) => S(100 + 50 * i, 100)),
  S(500, 800),
];
// A big root and a normal dot: 158 apart the normal's ring (112) stops 10 short of the big
// dot's edge (36); 138 apart it reaches the root, merging both into one chain start.
const rootReached = (x2: number): Dot[] => [B(100, 480), N(x2, 480), N(100, 240)];
// Near-duplicates: level 1 is two small triangles; level 2 keeps the first triangle (3 of 6
// dots: exactly half, not more) and has a lone small dot X 24.1 or 24 from the second triangle.
const triA = [S(100, 100), S(150, 100), S(125, 143)];
const triB = [S(420, 700), S(470, 700), S(445, 657)];
const dupPack = (xy: number): CarillonPack =>
  packOf([levelOf([...triA, ...triB], true), levelOf([...triA, S(420, xy), N(300, 450), N(400, 450)], true)]);
// Order: level 1 is a big and a small dot, level 2 three normal dots in a row (0 bits).
// 86 apart the small dot reaches the big one back (0 bits); 106 apart it stops 10 short (0.585 bits).
const orderBitsPack = (x2: number): CarillonPack =>
  packOf([levelOf([B(100, 100), S(x2, 100)], true), levelOf([N(300, 600), N(400, 600), N(500, 600)], true)]);
// Level 1: three small dots reaching each other. Level 2: a big dot whose ring reaches two normals.
const orderDotsPack = (keep: number): CarillonPack =>
  packOf([
    levelOf([S(100, 100), S(150, 100), S(125, 143)], true),
    levelOf([B(320, 300), N(120, 300), N(520, 300)].slice(0, keep), true),
  ]);

const table: NearMiss[] = [
  {
    rule: 'spacing',
    what: 'two dots 13.9 apart edge to edge (14 passes)',
    at: () => one(smallPair(146)),
    past: () => one(smallPair(145.9)),
    expect: ['1:spacing'],
  },
  {
    rule: 'ring-margin',
    what: "a ring stopping 9.9 short of a dot's edge (10 passes)",
    at: () => one(bigSmall(366), false),
    past: () => one(bigSmall(365.9), false),
    expect: ['1:ring-margin'],
  },
  {
    rule: 'ring-margin',
    what: "a ring passing 9.9 over a dot's edge (10 passes)",
    at: () => one(bigSmall(346), false),
    past: () => one(bigSmall(346.1), false),
    expect: ['1:ring-margin'],
  },
  // The same with the ring's dot listed second (the check looks at each ordered pair).
  {
    rule: 'ring-margin',
    what: "a later dot's ring stopping 9.9 short (10 passes)",
    at: () => one([S(366, 480), B(100, 480)], false),
    past: () => one([S(365.9, 480), B(100, 480)], false),
    expect: ['1:ring-margin'],
  },
  {
    rule: 'ring-margin',
    what: "a later dot's ring passing 9.9 over (10 passes)",
    at: () => one([S(346, 480), B(100, 480)], false),
    past: () => one([S(346.1, 480), B(100, 480)], false),
    expect: ['1:ring-margin'],
  },
  {
    rule: 'inside-field',
    what: 'a dot 0.1 over the left edge',
    at: () => one([S(16, 300), S(300, 300)], false),
    past: () => one([S(15.9, 300), S(300, 300)], false),
    expect: ['1:inside-field'],
  },
  {
    rule: 'inside-field',
    what: 'a dot 0.1 over the right edge',
    at: () => one([S(624, 300), S(300, 300)], false),
    past: () => one([S(624.1, 300), S(300, 300)], false),
    expect: ['1:inside-field'],
  },
  {
    rule: 'inside-field',
    what: 'a dot 0.1 over the top edge',
    at: () => one([S(300, 16), S(300, 300)], false),
    past: () => one([S(300, 15.9), S(300, 300)], false),
    expect: ['1:inside-field'],
  },
  {
    rule: 'inside-field',
    what: 'a dot 0.1 over the bottom edge',
    at: () => one([S(300, 944), S(300, 300)], false),
    past: () => one([S(300, 944.1), S(300, 300)], false),
    expect: ['1:inside-field'],
  },
  {
    rule: 'color',
    what: 'colour 7 of 7 (6 passes)',
    at: () =>
      edit(one(smallPair(200)), (p) => {
        p.levels[0]!.dots[1]!.color = 6;
      }),
    past: () =>
      edit(one(smallPair(200)), (p) => {
        p.levels[0]!.dots[1]!.color = 7;
      }),
    expect: ['1:color'],
  },
  {
    rule: 'fair-share',
    what: 'a start popping 1 dot on its own where 1.25 is fair (1 of 1 passes)',
    at: () => one(chainAndLone(3)),
    past: () => one(chainAndLone(4)),
    expect: ['1:fair-share'],
  },
  {
    rule: 'chain-start-reached',
    what: 'a normal ring reaching a big root, 10 past its edge (10 short passes)',
    at: () => one(rootReached(258), false),
    past: () => one(rootReached(238), false),
    expect: ['1:chain-start-reached'],
  },
  {
    rule: 'fewest-search',
    what: 'a one-tap level whose second dot moves out of reach (ring 10 short)',
    at: () => one(bigSmall(346), false),
    past: () => {
      const p = one(bigSmall(346), false);
      p.levels[0]!.dots[1]!.x = 366;
      return p;
    },
    // Fewest becomes 2: both solvers say so, the one-tap solution leaves a dot, and every tap now wins (0 bits).
    expect: ['1:bits', '1:fewest-search', '1:fewest-theorem', '1:solution-replay'],
  },
  {
    rule: 'bits',
    what: 'bits 0.0011 off (0.001 passes)',
    at: () =>
      edit(one(smallPair(146)), (p) => {
        p.levels[0]!.bits = 0.001;
      }),
    past: () =>
      edit(one(smallPair(146)), (p) => {
        p.levels[0]!.bits = 0.0011;
      }),
    expect: ['1:bits'],
  },
  {
    rule: 'solution-replay',
    what: 'the one tap on the dot the big ring pops, not on the big dot',
    at: () => one(bigSmall(346), false),
    past: () =>
      edit(one(bigSmall(346), false), (p) => {
        p.levels[0]!.solution = [1];
      }),
    expect: ['1:solution-replay'],
  },
  {
    rule: 'solution',
    what: 'a solution one tap longer',
    at: () => one(bigSmall(366), false),
    past: () =>
      edit(one(bigSmall(366), false), (p) => {
        p.levels[0]!.solution = [0, 1, 0];
      }),
    expect: ['1:solution', '1:solution-replay'],
  },
  {
    rule: 'plan-dots',
    what: "one dot over the plan's cap (the cap passes)",
    at: () => one(chainAndLone(3)),
    past: () =>
      edit(one(chainAndLone(3)), (p) => {
        p.plan[0]!.maxDots = 3;
        p.plan[0]!.minDots = 3;
      }),
    expect: ['1:plan-dots'],
  },
  {
    rule: 'plan-taps',
    what: 'the plan asks one tap more',
    at: () => one(bigSmall(366), false),
    past: () =>
      edit(one(bigSmall(366), false), (p) => {
        p.plan[0]!.taps = 3;
      }),
    expect: ['1:plan-taps'],
  },
  {
    rule: 'tutorial',
    what: 'a tutorial level where the plan has none',
    at: () => one(bigSmall(366), false),
    past: () =>
      edit(one(bigSmall(366), false), (p) => {
        p.levels[0]!.tutorial = true;
      }),
    expect: ['1:tutorial'],
  },
  {
    rule: 'level-number',
    what: 'level 2 numbered 3',
    at: () => orderDotsPack(3),
    past: () =>
      edit(orderDotsPack(3), (p) => {
        p.levels[1]!.level = 3;
      }),
    expect: ['2:level-number'],
  },
  {
    rule: 'level-count',
    what: 'a plan one level longer than the pack',
    at: () => orderDotsPack(3),
    past: () =>
      edit(orderDotsPack(3), (p) => {
        p.plan[1]!.to = 3;
      }),
    expect: ['null:level-count'],
  },
  {
    rule: 'order-dots',
    what: 'level 2 with one dot fewer than level 1 (as many passes)',
    at: () => orderDotsPack(3),
    past: () => orderDotsPack(2),
    expect: ['2:order-dots'],
  },
  {
    rule: 'order-bits',
    what: 'level 1 made harder than level 2 (equal bits pass)',
    at: () => orderBitsPack(186),
    past: () => orderBitsPack(206),
    expect: ['2:order-bits'],
  },
  {
    rule: 'near-duplicate',
    what: '4 of 6 dots pairing within 24 units (3 of 6, and 24.1 units, pass)',
    at: () => dupPack(724.1),
    past: () => dupPack(724),
    expect: ['2:near-duplicate'],
  },
];

describe('verify catches near misses of every rule, and passes the value at the limit', () => {
  const covered = new Set(table.flatMap((t) => t.expect.map((e) => e.split(':')[1]!)));

  it('the table covers every rule verify names', () => {
    for (const r of [
      'level-number',
      'color',
      'inside-field',
      'spacing',
      'ring-margin',
      'plan-taps',
      'plan-dots',
      'tutorial',
      'fewest-search',
      'fewest-theorem',
      'solution',
      'solution-replay',
      'bits',
      'fair-share',
      'chain-start-reached',
      'order-bits',
      'order-dots',
      'near-duplicate',
      'level-count',
    ])
      expect(covered, r).toContain(r);
  });

  for (const t of table) {
    it(`${t.rule}: ${t.what}`, () => {
      expect(rulesOf(t.at())).toEqual([]);
      expect(rulesOf(t.past())).toEqual(t.expect);
    });
  }
});
