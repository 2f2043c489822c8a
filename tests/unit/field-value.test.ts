/**
 * The one reader of a value typed for a rules or plan field (src-shared/schema/field-value.ts),
 * used by the new-run form's editors, the experiment form and the CLI's --vary: each kind read,
 * hostile input (empty, not a number, NaN, past a double, the wrong type, broken JSON, a huge
 * paste) refused in a sentence naming the field.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { fieldSentence, kindOf, readFieldValue, readNumber } from '../../src-shared/schema/field-value';

const ok = (value: unknown) => ({ ok: true, value });
const bad = (message: string) => ({ ok: false, message });

describe('reading a typed value for a field', () => {
  it('numbers: decimal as people write them, trimmed', () => {
    expect(readFieldValue('number', ' 18 ', 'Dot spacing')).toEqual(ok(18));
    expect(readFieldValue('number', '-0.5', 'Dot spacing')).toEqual(ok(-0.5));
    expect(readFieldValue('number', '.5', 'Dot spacing')).toEqual(ok(0.5));
    expect(readFieldValue('number', '1e2', 'Dot spacing')).toEqual(ok(100));
  });

  it('empty: the field needs a value', () => {
    for (const kind of ['number', 'boolean', 'list', 'text', 'json', 'any'] as const)
      expect(readFieldValue(kind, '   ', 'Dot spacing')).toEqual(bad('Dot spacing needs a value.'));
  });

  it('not a number, NaN, hex and other things Number() would take are refused naming the field', () => {
    expect(readFieldValue('number', 'eighteen', 'Dot spacing')).toEqual(
      bad('Dot spacing must be a number, not “eighteen”.'),
    );
    expect(readFieldValue('number', 'NaN', 'Dot spacing')).toEqual(
      bad('Dot spacing must be a number, not “NaN”.'),
    );
    expect(readFieldValue('number', '0x10', 'Dot spacing')).toEqual(
      bad('Dot spacing must be a number, not “0x10”.'),
    );
    expect(readFieldValue('number', '1.2.3', 'Dot spacing')).toEqual(
      bad('Dot spacing must be a number, not “1.2.3”.'),
    );
    expect(readFieldValue('number', '-', 'Dot spacing')).toMatchObject({ ok: false });
    expect(readFieldValue('number', '1e', 'Dot spacing')).toMatchObject({ ok: false });
    expect(readNumber('')).toBeNull();
    expect(readNumber('0b11')).toBeNull();
  });

  it('out of bounds: a number past what a double holds is named as not finite', () => {
    expect(readFieldValue('number', '1e999', 'Dot spacing')).toEqual(
      bad('Dot spacing must be a finite number, not “1e999”.'),
    );
    expect(readFieldValue('number', '-Infinity', 'Dot spacing')).toEqual(
      bad('Dot spacing must be a finite number, not “-Infinity”.'),
    );
    expect(readFieldValue('any', '1e999', 'rules.spacing')).toEqual(
      bad('rules.spacing must be a finite number, not “1e999”.'),
    );
    expect(readFieldValue('list', '3, 1e400', 'Arrows')).toEqual(
      bad('Arrows must be a list of numbers such as 3, 4, 5; “1e400” is not a number.'),
    );
  });

  it('the wrong type for the field is named: yes/no, a list of numbers, JSON', () => {
    expect(readFieldValue('boolean', 'yes', 'Tutorial')).toEqual(ok(true));
    expect(readFieldValue('boolean', 'OFF', 'Tutorial')).toEqual(ok(false));
    expect(readFieldValue('boolean', '1', 'Tutorial')).toEqual(bad('Tutorial must be yes or no, not “1”.'));
    expect(readFieldValue('number', 'true', 'Dot spacing')).toEqual(
      bad('Dot spacing must be a number, not “true”.'),
    );
    expect(readFieldValue('list', '3, 4,5,', 'Arrows')).toEqual(ok([3, 4, 5]));
    expect(readFieldValue('list', '3, x', 'Arrows')).toEqual(
      bad('Arrows must be a list of numbers such as 3, 4, 5; “x” is not a number.'),
    );
    expect(readFieldValue('json', '{"radius": 20}', 'Small dot')).toEqual(ok({ radius: 20 }));
    expect(readFieldValue('json', '{radius', 'Small dot')).toEqual(
      bad('Small dot is not valid JSON: check its brackets, quotes and commas.'),
    );
  });

  it('text is taken as typed; an unknown type reads numbers, true/false and JSON, else text', () => {
    expect(readFieldValue('text', ' 12 ', 'Ordering method')).toEqual(ok('12'));
    expect(readFieldValue('any', 'greedy', 'rules.orderMethod')).toEqual(ok('greedy'));
    expect(readFieldValue('any', '0.4', 'x')).toEqual(ok(0.4));
    expect(readFieldValue('any', 'False', 'x')).toEqual(ok(false));
    expect(readFieldValue('any', '[1, 2]', 'x')).toEqual(ok([1, 2]));
    expect(readFieldValue('any', '[1, 2', 'Arrows')).toEqual(
      bad('Arrows is not valid JSON: check its brackets, quotes and commas.'),
    );
  });

  it('names the field in words (the last part of a nested label, capitalised) or as a path', () => {
    expect(readFieldValue('number', 'x', 'Dot sizes › Small dot › Radius')).toEqual(
      bad('Radius must be a number, not “x”.'),
    );
    expect(readFieldValue('number', 'x', 'stretch 3 dots at end')).toEqual(
      bad('Stretch 3 dots at end must be a number, not “x”.'),
    );
    expect(readFieldValue('number', 'x', '')).toEqual(bad('The value must be a number, not “x”.'));
    expect(fieldSentence('Dot spacing', 'must be at most 1000.')).toBe('Dot spacing must be at most 1000.');
  });

  it('a huge paste is quoted cut short', () => {
    const r = readFieldValue('number', 'z'.repeat(5000), 'Dot spacing');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message.length).toBeLessThan(100);
  });

  it('kinds from the value a field holds: a list only of numbers, other lists as JSON', () => {
    expect([
      kindOf(3),
      kindOf(true),
      kindOf('path'),
      kindOf([3, 4]),
      kindOf(['a', 1]),
      kindOf({ radius: 20 }),
      kindOf(null),
    ]).toEqual(['number', 'boolean', 'text', 'list', 'json', 'json', 'json']);
  });

  it('every finite number reads back as itself from its own text, in every kind that takes numbers', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (n) => {
        const t = String(n);
        expect(readFieldValue('number', t, 'x')).toEqual(ok(n === 0 ? Number(t) : n));
        expect(readFieldValue('any', t, 'x')).toEqual(ok(Number(t)));
        expect(readFieldValue('list', `${t}, ${t}`, 'x')).toEqual(ok([Number(t), Number(t)]));
      }),
    );
  });

  it('never throws, whatever is typed', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('number', 'boolean', 'list', 'text', 'json', 'any' as const),
        fc.string(),
        (kind, text) => {
          const r = readFieldValue(kind, text, 'Dot spacing');
          if (!r.ok) expect(r.message).toMatch(/^Dot spacing .+\.$/);
        },
      ),
    );
  });
});
