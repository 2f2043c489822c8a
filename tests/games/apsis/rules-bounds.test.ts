/**
 * Sane bounds on Apsis's rules: every number has an upper bound as well as a lower one,
 * cross-field checks (sun < rim, orbits inside the rim, short < long < room between sun and
 * rim) name the field they concern in a designer's words, and every rules object the schema
 * accepts gives candidate jobs that never throw.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { fcRuns } from '../../helpers/fast-check';
import {
  apsisGame,
  apsisRulesSchema,
  defaultApsisPlan,
  defaultApsisRules,
  levelSpec,
  type ApsisLevel,
  type ApsisRules,
} from '../../../src-shared/games/apsis/index';
import { checkRunInput } from '../../../src-main/runs/run-input';
import { ApiError } from '../../../src-shared/api';

/** The default rules exactly as stored (issue 10 added aimDepth and orderMaxShare: new default packs). */
const DEFAULT_JSON =
  '{"sunRadius":40,"rimRadius":300,"orbitBase":40,"orbitSpan":260,"shortLength":44,"longLength":80,"width":12,"gap":6,"hearts":3,' +
  '"validCandidates":36,"maxTries":3000,"maxBuilds":6,"aimShare":0.85,"longChance":0.4,"diagonalChance":0.5,"scoreDepth":4,' +
  '"scoreFree":3,"scoreSpread":8,"scoreReads":0.25,"aimDepth":true,"maxEqualRun":3,"nearDistance":40,"nearShare":0.5,"orderMaxShare":0.45}';

function issuesOf(patch: Record<string, unknown>): { path: string; message: string }[] {
  const r = apsisRulesSchema.safeParse({ ...defaultApsisRules, ...patch });
  return r.success ? [] : r.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
}

describe('Apsis rules: defaults', () => {
  it('parse, and stay byte-identical', () => {
    expect(JSON.stringify(defaultApsisRules)).toBe(DEFAULT_JSON);
    expect(JSON.stringify(apsisRulesSchema.parse(defaultApsisRules))).toBe(DEFAULT_JSON);
    expect(JSON.stringify(apsisRulesSchema.parse(JSON.parse(DEFAULT_JSON)))).toBe(DEFAULT_JSON);
  });
  it('the edges of the bounds are accepted', () => {
    for (const patch of [
      { hearts: 1 },
      {
        hearts: 99,
        maxTries: 100000,
        validCandidates: 1000,
        maxBuilds: 100,
        maxEqualRun: 100,
        nearDistance: 600,
      },
      { rimRadius: 5000, orbitSpan: 4960, longLength: 4959, shortLength: 100 },
      { aimDepth: true, aimDepthBase: -100, aimDepthPerArrow: 10 },
    ])
      expect(issuesOf(patch)).toEqual([]);
  });
});

describe('Apsis rules: each bound names its field', () => {
  const cases: [string, Record<string, unknown>, string, RegExp][] = [
    ['hearts', { hearts: 1000 }, 'hearts', /must be at most 99/],
    ['no hearts', { hearts: 0 }, 'hearts', /must be at least 1/],
    ['rim radius', { rimRadius: 1e9 }, 'rimRadius', /must be at most 5000/],
    ['sun radius', { sunRadius: 1e9 }, 'sunRadius', /must be at most 5000/],
    [
      'sun not smaller than the rim',
      { sunRadius: 300 },
      'sunRadius',
      /the sun must be smaller than the rim \(radius 300\)/,
    ],
    ['orbits outside the rim', { orbitSpan: 400 }, 'orbitSpan', /must not exceed the rim radius \(300\)/],
    [
      'short longer than long',
      { shortLength: 90 },
      'shortLength',
      /^short arrows must be shorter than long ones \(80\)$/,
    ],
    ['short as long as long', { shortLength: 80 }, 'shortLength', /shorter than long ones \(80\)/],
    [
      'short far too long (900)',
      { shortLength: 900 },
      'shortLength',
      /short arrows must be shorter than long ones \(80\)/,
    ],
    [
      'long reaching across sun to rim',
      { longLength: 260 },
      'longLength',
      /long arrows must be shorter than the room between the sun and the rim \(260\)/,
    ],
    ['arrow width', { width: 5000 }, 'width', /must be at most 1000/],
    [
      'arrow wider than the room',
      { width: 400, rimRadius: 400 },
      'width',
      /narrower than the room between the sun and the rim \(360\)/,
    ],
    ['gap', { gap: 1e6 }, 'gap', /must be at most 1000/],
    ['max tries (a typo could stall a run)', { maxTries: 1e9 }, 'maxTries', /must be at most 100000/],
    ['valid candidates', { validCandidates: 1e6 }, 'validCandidates', /must be at most 1000/],
    ['max builds', { maxBuilds: 1e6 }, 'maxBuilds', /must be at most 100/],
    ['fractional builds', { maxBuilds: 2.5 }, 'maxBuilds', /whole number/],
    ['score weight', { scoreSpread: 1e9 }, 'scoreSpread', /must be at most 1000/],
    ['max equal run', { maxEqualRun: 1e9 }, 'maxEqualRun', /must be at most 100/],
    ['near distance absolute', { nearDistance: 1e9 }, 'nearDistance', /must be at most 10000/],
    [
      'near distance past the rim diameter',
      { nearDistance: 700 },
      'nearDistance',
      /must be at most 600, the rim's diameter/,
    ],
    ['near share', { nearShare: 2 }, 'nearShare', /must be at most 1/],
    ['aim depth base', { aimDepthBase: 1e6 }, 'aimDepthBase', /must be at most 100/],
    ['aim depth per arrow', { aimDepthPerArrow: 1e6 }, 'aimDepthPerArrow', /must be at most 10/],
  ];
  it.each(cases)('%s', (_name, patch, path, message) => {
    const issues = issuesOf(patch);
    expect(issues).toHaveLength(1);
    expect(issues[0]!.path).toBe(path);
    expect(issues[0]!.message).toMatch(message);
  });

  it('a required rule left out is named', () => {
    const { hearts: _h, ...rest } = defaultApsisRules;
    const r = apsisRulesSchema.safeParse(rest);
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['hearts', 'is required']]);
  });

  it('through runs.create input checking, the field is named as rules.<field>', () => {
    const refused = (
      rules: Record<string, unknown>,
    ): { field: string; message: string; label?: string }[] => {
      try {
        checkRunInput(apsisGame, { rules });
      } catch (e) {
        expect(e).toBeInstanceOf(ApiError);
        return (e as ApiError).fields ?? [];
      }
      throw new Error('accepted');
    };
    expect(refused({ shortLength: 900 })).toEqual([
      {
        field: 'rules.shortLength',
        label: 'Short arrow length',
        message: 'short arrows must be shorter than long ones (80)',
      },
    ]);
    expect(refused({ hearts: 1000, rimRadius: 1e9 })).toEqual([
      { field: 'rules.rimRadius', label: 'Rim radius', message: 'must be at most 5000' },
      { field: 'rules.hearts', label: 'Hearts', message: 'must be at most 99' },
    ]);
  });
});

const real = (min: number, max: number) => fc.double({ min, max, noNaN: true });

/** Random rules inside every bound (the tries and builds, which only scale loops, kept small for speed). */
const rulesArb: fc.Arbitrary<ApsisRules> = fc
  .record({ rimRadius: real(1, 5000), sunShare: real(0.001, 0.999) })
  .chain(({ rimRadius, sunShare }) => {
    const sunRadius = rimRadius * sunShare;
    const room = rimRadius - sunRadius;
    return fc
      .record({
        sunRadius: fc.constant(sunRadius),
        rimRadius: fc.constant(rimRadius),
        // The span is what is left to the rim, times s, taken off the rim (not added to the base)
        // so that base + span never passes the rim by a rounding error (FC_SEED 14 and 19 did).
        orbit: real(0, 1).chain((b) =>
          real(0.001, 1).map((s) => {
            const orbitBase = b * rimRadius * 0.999;
            const room = rimRadius - orbitBase;
            let orbitSpan = s * room;
            while (orbitSpan > 0 && orbitBase + orbitSpan > rimRadius)
              orbitSpan = Math.max(0, orbitSpan - Number.EPSILON * rimRadius);
            return { orbitBase, orbitSpan };
          }),
        ),
        lengths: real(0.01, 0.99).chain((l) =>
          real(0.01, 0.99).map((s) => ({ longLength: l * room, shortLength: s * l * room })),
        ),
        width: real(0.001, 0.999).map((f) => f * Math.min(1000, room)),
        gap: real(0, 1000),
        hearts: fc.integer({ min: 1, max: 99 }),
        validCandidates: fc.integer({ min: 1, max: 40 }),
        maxTries: fc.integer({ min: 1, max: 200 }),
        maxBuilds: fc.integer({ min: 1, max: 2 }),
        aimShare: real(0, 1),
        longChance: real(0, 1),
        diagonalChance: real(0, 1),
        scoreDepth: real(0, 1000),
        scoreFree: real(0, 1000),
        scoreSpread: real(0, 1000),
        scoreReads: real(0, 1000),
        aim: fc.option(
          fc.record({ aimDepth: fc.boolean(), aimDepthBase: real(-100, 100), aimDepthPerArrow: real(0, 10) }),
        ),
        maxEqualRun: fc.integer({ min: 1, max: 100 }),
        nearDistance: real(0, Math.min(10000, 2 * rimRadius)),
        nearShare: real(0, 1),
      })
      .map(({ orbit, lengths, aim, ...r }) => ({ ...r, ...orbit, ...lengths, ...(aim ?? {}) }));
  });

/** One field set to a wild value (out of bounds, or inside them but absurd next to the rest). */
const wildArb: fc.Arbitrary<[string, unknown]> = fc.oneof(
  fc.tuple(
    fc.constantFrom(
      'sunRadius',
      'rimRadius',
      'orbitBase',
      'orbitSpan',
      'shortLength',
      'longLength',
      'width',
      'gap',
      'nearDistance',
    ),
    real(0, 1e9),
  ),
  fc.tuple(
    fc.constantFrom('hearts', 'validCandidates', 'maxTries', 'maxBuilds', 'maxEqualRun'),
    fc.integer({ min: 0, max: 1e9 }),
  ),
  fc.tuple(fc.constantFrom('aimDepthBase', 'aimDepthPerArrow'), real(-1e6, 1e6)),
);

describe('Apsis rules: everything accepted makes candidate jobs that do not throw', () => {
  // Slots of the default plan: 3 orbits and 3 arrows, 4 orbits with long arrows, diagonals, 36 arrows.
  const slots = [0, 14, 20, 40, 149];
  const run = (rules: ApsisRules, slot: number, seed: number): ApsisLevel | null => {
    const c = apsisGame.generate({ rules, plan: defaultApsisPlan, seed, slot, index: 0 });
    if (c.level) {
      expect(c.level.arrows).toHaveLength(levelSpec(defaultApsisPlan, slot + 1).arrows);
      expect(c.metrics['reads']).toBeGreaterThan(0);
    } else expect(c.failure).toEqual(expect.any(String));
    return c.level;
  };

  it('random rules within the bounds are accepted; generate gives a level or a failure message; levels compare', () => {
    let levels = 0;
    fc.assert(
      fc.property(
        rulesArb,
        fc.constantFrom(...slots),
        fc.integer({ min: 0, max: 1000 }),
        (rules, slot, seed) => {
          const parsed = apsisRulesSchema.safeParse(rules);
          expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
          const a = run(parsed.data!, slot, seed);
          const b = run(parsed.data!, slot, seed + 1);
          if (a) levels++;
          if (a && b) apsisGame.nearDuplicate(a, b, parsed.data!);
        },
      ),
      fcRuns(60),
    );
    // Not only failures: some random rules grow real levels (over FC_SEED 1–20, 5–15 of the 60;
    // a fixed share would fail on some seeds for no fault of the code).
    expect(levels).toBeGreaterThan(0);
  });

  it('one wild field: refused naming a field, or accepted and generate does not throw', () => {
    fc.assert(
      fc.property(rulesArb, wildArb, fc.constantFrom(...slots), (rules, [key, value], slot) => {
        const parsed = apsisRulesSchema.safeParse({ ...rules, [key]: value });
        if (!parsed.success) {
          for (const i of parsed.error.issues) expect(i.path.length).toBeGreaterThan(0);
          return;
        }
        run(
          {
            ...parsed.data,
            maxTries: Math.min(parsed.data.maxTries, 200),
            maxBuilds: Math.min(parsed.data.maxBuilds, 2),
          },
          slot,
          1,
        );
      }),
      fcRuns(150),
    );
  });
});
