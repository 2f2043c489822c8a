/**
 * Sane bounds on Carillon's rules: every number has an upper bound as well as a lower one,
 * cross-field checks name the field they concern, messages speak a designer's language, and
 * every rules object the schema accepts gives candidate jobs that never throw.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { fcRuns } from '../../helpers/fast-check';
import {
  carillonGame,
  carillonRulesSchema,
  defaultCarillonPlan,
  defaultCarillonRules,
  slotParams,
  type CarillonRules,
} from '../../../src-shared/games/carillon/index';
import { checkRunInput } from '../../../src-main/runs/run-input';
import { ApiError } from '../../../src-shared/api';

/** The default rules exactly as stored (before the bounds existed, plus the path ordering's two). */
const DEFAULT_JSON =
  '{"width":640,"height":960,"sizes":{"small":{"radius":16,"reach":60},"normal":{"radius":26,"reach":112},"big":{"radius":36,"reach":240}},' +
  '"ringSpeed":480,"spacing":14,"ringMargin":10,"rootSeparation":320,"fairShare":0.5,"colors":7,"poolSize":16,"triesPerDotSize":60,' +
  '"fieldAttempts":40,"sizeMix":{"small":0.35,"normal":0.5,"big":0.15},"sizeMixSpread":0,"easyLean":3,"orderStartStep":0.1,' +
  '"orderEndQuantile":0.8,"orderSeamQuantile":0.5,"orderDotPenalty":0,"orderMethod":"path","orderJumpLimit":0.4,"duplicateDistance":24,"pictureShare":0.5,' +
  '"answerShare":0.3333333333333333,"maxSources":24}';

/** Parse defaults merged with `patch` (as runs.create does) and return the issues. */
function issuesOf(patch: Record<string, unknown>): { path: string; message: string }[] {
  const r = carillonRulesSchema.safeParse({ ...defaultCarillonRules, ...patch });
  return r.success ? [] : r.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
}

const sizes = (patch: Partial<Record<'small' | 'normal' | 'big', { radius: number; reach: number }>>) => ({
  sizes: { ...defaultCarillonRules.sizes, ...patch },
});

describe('Carillon rules: defaults', () => {
  it('parse, and stay byte-identical', () => {
    expect(JSON.stringify(defaultCarillonRules)).toBe(DEFAULT_JSON);
    expect(JSON.stringify(carillonRulesSchema.parse({}))).toBe(DEFAULT_JSON);
    expect(JSON.stringify(carillonRulesSchema.parse(JSON.parse(DEFAULT_JSON)))).toBe(DEFAULT_JSON);
  });
  it('the edges of the bounds are accepted', () => {
    for (const patch of [
      {
        width: 200,
        height: 200,
        sizes: {
          small: { radius: 16, reach: 60 },
          normal: { radius: 26, reach: 112 },
          big: { radius: 100, reach: 240 },
        },
        rootSeparation: 282,
        duplicateDistance: 1,
      },
      { width: 4000, height: 4000, duplicateDistance: 20 },
      {
        ringSpeed: 100000,
        colors: 64,
        poolSize: 10000,
        triesPerDotSize: 10000,
        fieldAttempts: 1000,
        maxSources: 24,
      },
    ])
      expect(issuesOf(patch)).toEqual([]);
  });
});

describe('Carillon rules: each bound names its field', () => {
  const cases: [string, Record<string, unknown>, string, RegExp][] = [
    ['field too narrow (the rng.int: bad bound -61 run)', { width: 10 }, 'width', /must be at least 200/],
    ['field too wide', { width: 5000 }, 'width', /must be at most 4000/],
    ['field too tall', { height: 100000 }, 'height', /must be at most 4000/],
    ['fractional width', { width: 640.5 }, 'width', /whole number/],
    [
      'dot radius too large in absolute terms',
      sizes({ big: { radius: 5000, reach: 6000 } }),
      'sizes.big.radius',
      /must be at most 1000/,
    ],
    [
      'a dot that does not fit in the field',
      sizes({ big: { radius: 400, reach: 800 } }),
      'sizes.big.radius',
      /must be at most 320 so that a big dot fits in the 640 × 960 field/,
    ],
    [
      'a dot that fits the default field but not a narrow one',
      { width: 250, ...sizes({ big: { radius: 130, reach: 240 } }) },
      'sizes.big.radius',
      /at most 125/,
    ],
    // The cross-field checks hold at the very edges of the fields they read.
    [
      'the largest radius, in a field too small for it',
      sizes({ big: { radius: 1000, reach: 1200 } }),
      'sizes.big.radius',
      /must be at most 320 so that a big dot fits in the 640 × 960 field/,
    ],
    [
      'a dot too big for the smallest field',
      { width: 200, height: 200, rootSeparation: 282, ...sizes({ big: { radius: 101, reach: 240 } }) },
      'sizes.big.radius',
      /must be at most 100 so that a big dot fits in the 200 × 200 field/,
    ],
    [
      'roots further apart than the largest field allows',
      { width: 4000, height: 4000, rootSeparation: 6000 },
      'rootSeparation',
      /must be at most 5656, the diagonal of the 4000 × 4000 field/,
    ],
    [
      'the largest root separation',
      { rootSeparation: 10000 },
      'rootSeparation',
      /must be at most 1153, the diagonal of the 640 × 960 field/,
    ],
    [
      'reach not past the radius',
      sizes({ small: { radius: 16, reach: 10 } }),
      'sizes.small.reach',
      /more than the radius \(16\)/,
    ],
    [
      'reach equal to the radius',
      sizes({ normal: { radius: 26, reach: 26 } }),
      'sizes.normal.reach',
      /more than the radius/,
    ],
    ['reach too far', sizes({ big: { radius: 36, reach: 1e6 } }), 'sizes.big.reach', /must be at most 10000/],
    ['ring speed absurd', { ringSpeed: 1e12 }, 'ringSpeed', /must be at most 100000/],
    ['ring speed crawling', { ringSpeed: 0.001 }, 'ringSpeed', /must be at least 1/],
    ['spacing', { spacing: 5000 }, 'spacing', /must be at most 1000/],
    ['ring margin', { ringMargin: 5000 }, 'ringMargin', /must be at most 1000/],
    [
      'roots further apart than the field allows',
      { rootSeparation: 2000 },
      'rootSeparation',
      /must be at most 1153, the diagonal of the 640 × 960 field/,
    ],
    ['colours', { colors: 1000 }, 'colors', /must be at most 64/],
    ['pool size', { poolSize: 20000 }, 'poolSize', /must be at most 10000/],
    ['tries per dot size', { triesPerDotSize: 1e7 }, 'triesPerDotSize', /must be at most 10000/],
    ['field attempts', { fieldAttempts: 1e6 }, 'fieldAttempts', /must be at most 1000/],
    [
      'size mix weight',
      { sizeMix: { small: 1e6, normal: 0.5, big: 0.15 } },
      'sizeMix.small',
      /must be at most 1000/,
    ],
    ['order start step', { orderStartStep: 100 }, 'orderStartStep', /must be at most 10/],
    ['order dot penalty', { orderDotPenalty: 100 }, 'orderDotPenalty', /must be at most 10/],
    ['duplicate distance too far', { duplicateDistance: 5000 }, 'duplicateDistance', /must be at most 1000/],
    [
      'duplicate distance too fine for the compare grid',
      { duplicateDistance: 2 },
      'duplicateDistance',
      /must be at least 5 in a field 960 units long/,
    ],
    ['max sources (2^k memo)', { maxSources: 30 }, 'maxSources', /must be at most 24/],
    ['fair share', { fairShare: 2 }, 'fairShare', /must be at most 1/],
  ];
  it.each(cases)('%s', (_name, patch, path, message) => {
    const issues = issuesOf(patch);
    // One mistake, one message, on the field itself.
    expect(issues).toHaveLength(1);
    expect(issues[0]!.path).toBe(path);
    expect(issues[0]!.message).toMatch(message);
  });

  it('through runs.create input checking, the field is named as rules.<field>', () => {
    const refused = (
      rules: Record<string, unknown>,
    ): { field: string; message: string; label?: string }[] => {
      try {
        checkRunInput(carillonGame, { rules });
      } catch (e) {
        expect(e).toBeInstanceOf(ApiError);
        return (e as ApiError).fields ?? [];
      }
      throw new Error('accepted');
    };
    expect(refused({ width: 10 })).toEqual([
      { field: 'rules.width', label: 'Field width', message: 'must be at least 200' },
    ]);
    expect(
      refused({
        sizes: {
          small: { radius: 16, reach: 60 },
          normal: { radius: 26, reach: 112 },
          big: { radius: 400, reach: 800 },
        },
      }),
    ).toEqual([
      {
        field: 'rules.sizes.big.radius',
        label: 'Big dot, radius',
        message: 'must be at most 320 so that a big dot fits in the 640 × 960 field',
      },
    ]);
  });
});

/** Random rules inside every bound (the tries and attempts, which only scale loops, kept small for speed). */
const rulesArb: fc.Arbitrary<CarillonRules> = fc
  .record({ width: fc.integer({ min: 200, max: 4000 }), height: fc.integer({ min: 200, max: 4000 }) })
  .chain(({ width, height }) => {
    const maxR = Math.min(1000, Math.floor(Math.min(width, height) / 2));
    const size = fc
      .double({ min: 0.5, max: maxR, noNaN: true })
      .chain((radius) =>
        fc.double({ min: radius + 0.01, max: 10000, noNaN: true }).map((reach) => ({ radius, reach })),
      );
    const real = (max: number) => fc.double({ min: 0, max, noNaN: true });
    return fc.record({
      width: fc.constant(width),
      height: fc.constant(height),
      sizes: fc.record({ small: size, normal: size, big: size }),
      ringSpeed: fc.double({ min: 1, max: 100000, noNaN: true }),
      spacing: fc.oneof(real(40), real(1000)),
      ringMargin: fc.oneof(real(30), real(1000)),
      rootSeparation: real(Math.floor(Math.hypot(width, height))),
      fairShare: real(1),
      colors: fc.integer({ min: 1, max: 64 }),
      poolSize: fc.integer({ min: 1, max: 10000 }),
      triesPerDotSize: fc.integer({ min: 1, max: 40 }),
      fieldAttempts: fc.integer({ min: 1, max: 3 }),
      sizeMix: fc.record({ small: real(1000), normal: real(1000), big: real(1000) }),
      sizeMixSpread: real(8),
      easyLean: real(8),
      orderStartStep: real(10),
      orderEndQuantile: real(1),
      orderSeamQuantile: real(1),
      orderDotPenalty: real(10),
      orderMethod: fc.constantFrom('path' as const, 'greedy' as const),
      orderJumpLimit: real(100),
      duplicateDistance: fc.double({ min: Math.ceil(Math.max(width, height) / 200), max: 1000, noNaN: true }),
      pictureShare: real(1),
      answerShare: real(1),
      // At least the default plan's most taps (5). maxSources below a slot's taps makes
      // difficultyBits throw inside generator.ts; that depends on the plan, so no rules-only
      // bound can catch it (a known gap, left to the generator or the run-input check).
      maxSources: fc.integer({ min: 5, max: 24 }),
    });
  });

/** One field of the rules set to a wild value (out of bounds, or inside them but absurd next to the rest). */
const wildArb: fc.Arbitrary<[string, unknown]> = fc.oneof(
  fc.tuple(
    fc.constantFrom('width', 'height'),
    fc.oneof(fc.integer({ min: 1, max: 199 }), fc.integer({ min: 4001, max: 1e7 })),
  ),
  fc.tuple(
    fc.constant('sizes'),
    fc.record({
      small: fc.record({
        radius: fc.double({ min: 0.1, max: 3000, noNaN: true }),
        reach: fc.double({ min: 0.1, max: 20000, noNaN: true }),
      }),
      normal: fc.constant({ radius: 26, reach: 112 }),
      big: fc.record({
        radius: fc.double({ min: 0.1, max: 3000, noNaN: true }),
        reach: fc.double({ min: 0.1, max: 20000, noNaN: true }),
      }),
    }),
  ),
  fc.tuple(
    fc.constantFrom('rootSeparation', 'spacing', 'ringMargin', 'duplicateDistance', 'ringSpeed'),
    fc.double({ min: 0, max: 1e6, noNaN: true }),
  ),
  fc.tuple(
    fc.constantFrom('triesPerDotSize', 'fieldAttempts', 'colors', 'poolSize'),
    fc.integer({ min: 0, max: 1e6 }),
  ),
  // maxSources only from 25 up: below a slot's taps it throws in the generator (see rulesArb).
  fc.tuple(fc.constant('maxSources'), fc.integer({ min: 25, max: 1e6 })),
);

describe('Carillon rules: everything accepted makes candidate jobs that do not throw', () => {
  // Slots of every stretch of the default plan: tutorials, the easy start, 2 to 5 taps.
  const slots = [0, 5, 9, 21, 49, 96, 119];
  /** Generate one candidate; true when it grew a level. */
  const run = (rules: CarillonRules, slot: number, seed: number): boolean => {
    const c = carillonGame.generate({ rules, plan: defaultCarillonPlan, seed, slot, index: 0 });
    if (c.level) {
      expect(c.level.taps).toBe(slotParams(defaultCarillonPlan, slot).taps);
      expect(c.metrics['bits']).toBeGreaterThanOrEqual(0);
    } else expect(c.failure).toEqual(expect.any(String));
    return c.level !== null;
  };

  it('random rules within the bounds are accepted, and generate gives a level or a failure message', () => {
    let levels = 0;
    fc.assert(
      fc.property(
        rulesArb,
        fc.constantFrom(...slots),
        fc.integer({ min: 0, max: 1000 }),
        (rules, slot, seed) => {
          const parsed = carillonRulesSchema.safeParse(rules);
          expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
          if (run(parsed.data!, slot, seed)) levels++;
        },
      ),
      fcRuns(60),
    );
    // Not only failures: some random rules grow real levels (over FC_SEED 1–20, 2–16 of the 60;
    // a fixed share would fail on some seeds for no fault of the code).
    expect(levels).toBeGreaterThan(0);
  });

  it('one wild field: refused naming a field, or accepted and generate does not throw', () => {
    fc.assert(
      fc.property(rulesArb, wildArb, fc.constantFrom(...slots), (rules, [key, value], slot) => {
        const parsed = carillonRulesSchema.safeParse({ ...rules, [key]: value });
        if (!parsed.success) {
          for (const i of parsed.error.issues) expect(i.path.length).toBeGreaterThan(0);
          return;
        }
        // Accepted: keep the loops short (tries only scale them), then it must not throw.
        run(
          {
            ...parsed.data,
            triesPerDotSize: Math.min(parsed.data.triesPerDotSize, 40),
            fieldAttempts: Math.min(parsed.data.fieldAttempts, 3),
          },
          slot,
          1,
        );
      }),
      fcRuns(150),
    );
  });
});
