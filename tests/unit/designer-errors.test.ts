import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  closestKey,
  designerErrorMap,
  designerIssues,
  keysAt,
} from '../../src-shared/schema/designer-errors';
import { carillonRulesSchema } from '../../src-shared/games/carillon/rules';
import { carillonPlanSchema } from '../../src-shared/games/carillon/plan';
import { mergeOver } from '../../src-main/runs/run-input';
import { parseWithSchema } from '../../src-shared/pack/pack-io';

const schema = z
  .object({
    count: z.number().int().min(1).max(9),
    name: z.string().min(1).optional(),
    kind: z.enum(['a', 'b']).optional(),
    nested: z.object({ radius: z.number() }).strict().default({ radius: 1 }),
    list: z
      .array(z.object({ size: z.number() }).strict())
      .min(1)
      .optional(),
    flag: z.boolean().optional(),
  })
  .strict();

const issuesOf = (value: unknown) => {
  const r = schema.safeParse(value, { error: designerErrorMap });
  if (r.success) throw new Error('expected a failure');
  return designerIssues(r.error, { prefix: 'x', schema, unknownKey: 'is not known' });
};

describe('zod issues as designer sentences', () => {
  it.each([
    ['Infinity', { count: Infinity }, 'x.count', 'must be a finite number'],
    ['-Infinity', { count: -Infinity }, 'x.count', 'must be a finite number'],
    ['NaN', { count: NaN }, 'x.count', 'must be a number'],
    ['text for a number', { count: '3' }, 'x.count', 'must be a number'],
    ['missing', {}, 'x.count', 'is required'],
    ['fraction', { count: 1.5 }, 'x.count', 'must be a whole number'],
    ['too big', { count: 10 }, 'x.count', 'must be at most 9'],
    ['too small', { count: 0 }, 'x.count', 'must be at least 1'],
    ['empty text', { count: 1, name: '' }, 'x.name', 'must not be empty'],
    ['enum', { count: 1, kind: 'c' }, 'x.kind', 'must be one of "a", "b"'],
    ['empty list', { count: 1, list: [] }, 'x.list', 'needs at least 1 item'],
    ['boolean', { count: 1, flag: 'yes' }, 'x.flag', 'must be true or false'],
    ['not an object', 5, 'x', 'must be an object'],
  ])('%s', (_name, value, field, message) => {
    expect(issuesOf(value)).toContainEqual({ field, message });
  });

  it('never prints the largest exact whole number as a bound the designer set (audit: an angle of 1e300)', () => {
    const found = issuesOf({ count: 1e300 });
    expect(found).toContainEqual({ field: 'x.count', message: 'is far too large' });
    expect(found).toContainEqual({ field: 'x.count', message: 'must be at most 9' });
    expect(issuesOf({ count: -1e300 })).toContainEqual({ field: 'x.count', message: 'is far too small' });
    expect(JSON.stringify([issuesOf({ count: 1e300 }), issuesOf({ count: -1e300 })])).not.toMatch(
      /9007199254740991/,
    );
  });

  it('names each unknown key at its depth, with the key it most likely meant', () => {
    const found = issuesOf({
      count: 1,
      cuont: 2,
      nested: { radus: 3, radius: 1 },
      list: [{ size: 1, Size: 2 }],
      zzz: 1,
    });
    expect(found).toEqual(
      expect.arrayContaining([
        { field: 'x.cuont', message: 'is not known; did you mean count?' },
        { field: 'x.nested.radus', message: 'is not known; did you mean radius?' },
        { field: 'x.list.0.Size', message: 'is not known; did you mean size?' },
        { field: 'x.zzz', message: 'is not known' },
      ]),
    );
    expect(found.map((f) => f.message).join(' ')).not.toMatch(/Unrecognized|Invalid|expected/);
  });

  it('finds the known keys through defaults, arrays and refinements of the real schemas', () => {
    expect(keysAt(carillonRulesSchema, ['sizes', 'small'])).toEqual(['radius', 'reach']);
    expect(keysAt(carillonRulesSchema, [])).toContain('poolSize');
    expect(keysAt(carillonPlanSchema, [3])).toContain('tutorial');
    expect(closestKey('poolsize', ['poolSize', 'colors'])).toBe('poolSize');
    expect(closestKey('tutorail', ['tutorial', 'taps'])).toBe('tutorial');
    expect(closestKey('xy', ['taps'])).toBeNull();
  });

  it('merges partial rules at any depth, keeping the defaults of what is left out', () => {
    const base = {
      a: 1,
      sizes: { small: { radius: 1, reach: 2 }, big: { radius: 3, reach: 4 } },
      list: [1, 2],
    };
    expect(mergeOver(base, { sizes: { small: { radius: 9 } }, list: [5] })).toEqual({
      a: 1,
      sizes: { small: { radius: 9, reach: 2 }, big: { radius: 3, reach: 4 } },
      list: [5],
    });
    // null is kept, for the schema to name (an emptied field must not quietly take its default).
    expect(mergeOver(base, { a: null })).toMatchObject({ a: null });
    expect(mergeOver(base, 'text')).toBe('text');
  });

  it('a pack with a non-finite number or a misspelt rule is refused in the same words (JSON 1e999 is Infinity)', () => {
    const schema = z
      .object({
        rules: carillonRulesSchema,
        levels: z.array(z.object({ level: z.number(), bits: z.number() }).strict()),
      })
      .strict();
    const json = JSON.parse(
      '{"rules":{"ringSpeed":1e999,"ringspeed":3},"levels":[{"level":1,"bits":1e999}]}',
    ) as unknown;
    let message = '';
    try {
      parseWithSchema(schema, json, 'carillon pack');
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message).toContain('pack: rules.ringSpeed: must be a finite number');
    expect(message).toContain('level 1: bits: must be a finite number');
    expect(message).toContain('pack: rules: unknown field: ringspeed');
    expect(message).not.toMatch(/Invalid input|received|Unrecognized/);
  });
});
