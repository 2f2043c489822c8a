import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  PackFormatError,
  describeIssuePath,
  parseJsonText,
  parseWithSchema,
  stringifyPack,
} from '../../src-shared/pack/pack-io';

const schema = z.object({
  format: z.literal('demo-pack'),
  levels: z.array(
    z.object({ level: z.number().int(), dots: z.array(z.object({ size: z.enum(['small', 'big']) })) }),
  ),
});

describe('pack IO', () => {
  it('names the level (by its level field) and the field of each problem', () => {
    const bad = {
      format: 'demo-pack',
      levels: [
        { level: 1, dots: [] },
        { level: 2, dots: [{ size: 'huge' }] },
      ],
    };
    try {
      parseWithSchema(schema, bad, 'demo-pack');
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(PackFormatError);
      const err = e as PackFormatError;
      expect(err.problems).toHaveLength(1);
      expect(err.problems[0]).toMatchObject({ level: 2, field: 'dots[0].size' });
      expect(err.message).toContain('level 2: dots[0].size');
    }
  });

  it('reports pack-wide problems without a level', () => {
    expect(() => parseWithSchema(schema, { format: 'other', levels: [] }, 'demo-pack')).toThrow(
      /pack: format/,
    );
    expect(describeIssuePath(['levels', 4, 'x'], null)).toEqual({ level: 5, field: 'x' });
  });

  it('serialises stably with a trailing newline and refuses non-finite numbers', () => {
    const a = stringifyPack({ b: 1, a: [1.5, 2] });
    expect(a).toBe(stringifyPack({ b: 1, a: [1.5, 2] }));
    expect(a.endsWith('\n')).toBe(true);
    expect(() => stringifyPack({ x: Number.NaN })).toThrow(/finite/);
  });

  it('says where JSON text broke', () => {
    expect(() => parseJsonText('{"a":', 'my.json')).toThrow(/my.json is not valid JSON/);
  });
});
