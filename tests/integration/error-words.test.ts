/**
 * Issue 13 "Errors", the arguments the API checks against the game (a run's rules and plan, a
 * preset's, an experiment's variants, an edited level): each refused field carries the game's
 * label for it (Game.fields, Game.words), so the designer reads "Normal dot, radius must be a
 * number." and never "rules.sizes.normal.radius: …"; and the CLI prints the same sentences.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiMethodName } from '../../src-shared/api';
import { errorSentence } from '../../src-shared/error-sentence';
import { openTestStudio, type TestStudio } from '../helpers/studio';
import { cli } from '../helpers/cli';
import { tempDir } from '../helpers/temp';

let s: TestStudio;
const t = tempDir('studio-error-words-');
beforeAll(() => {
  s = openTestStudio({ workers: 1, prefix: 'error-words-' });
});
afterAll(async () => {
  await s?.close();
  t.cleanup();
});

/** Raw schema text, a dotted path or a camelCase key in what the designer reads. */
const RAW = [
  /expected|received|invalid|unrecognized|bad argument/i,
  /\b[a-z]\w*\.[\da-z]/,
  /\b[a-z]+[A-Z]\w*/,
];
/** Whether the text reads raw; a key quoted as the designer typed it (“spacng”) and a did-you-mean key are theirs. */
const rawIn = (text: string): boolean => {
  const own = text.replace(/“[^”]*”/g, '').replace(/did you mean \w+\?/, '');
  return RAW.some((re) => re.test(own));
};

async function sentenceOf(method: ApiMethodName, args: unknown): Promise<string> {
  const reply = await s.service.dispatch(method, args);
  if (reply.ok) throw new Error(`${method} accepted ${JSON.stringify(args)}`);
  expect(reply.error.code).toBe('bad-argument');
  return errorSentence(reply.error);
}

describe('fields checked against the game are named in its words', () => {
  it.each([
    [
      'runs.create',
      { game: 'carillon', seed: 1, rules: { sizes: { normal: { radius: 'x' } } } },
      'Normal dot, radius must be a number.',
    ],
    ['runs.create', { game: 'carillon', seed: 1, rules: { spacing: -3 } }, 'Dot spacing must be at least 0.'],
    [
      'runs.create',
      { game: 'carillon', seed: 1, rules: { sizes: { normal: 'x' } } },
      'Normal dot must be an object.',
    ],
    [
      'runs.create',
      { game: 'carillon', seed: 1, rules: { sizeMix: { small: 'x' } } },
      'Size mix, small must be a number.',
    ],
    [
      'runs.create',
      { game: 'carillon', seed: 1, rules: { spacng: 3 } },
      'The rules: “spacng” is not a rule of Carillon; did you mean spacing?',
    ],
    [
      'runs.create',
      { game: 'carillon', seed: 1, plan: [{ from: 1, to: 3, taps: 1, minDots: 5, maxDots: 2 }] },
      'Stretch 1, dots at end must be at least the dots at start (5).',
    ],
    [
      'runs.create',
      { game: 'carillon', seed: 1, plan: [{ from: 2, to: 3, taps: 1, minDots: 3, maxDots: 5 }] },
      'Stretch 1, from level must be 1, not 2: stretches follow on from level 1 with no gap and no overlap.',
    ],
    ['runs.create', { game: 'apsis', seed: 1, rules: { gap: 'wide' } }, 'Clear gap must be a number.'],
    [
      'runs.create',
      { game: 'carillon', seed: 1, levels: 999 },
      'The level count must be at most 120, the levels the plan holds.',
    ],
    ['presets.save', { game: 'apsis', name: 'p', rules: { hearts: -1 } }, 'Hearts must be at least 1.'],
    [
      'experiments.create',
      { base: { game: 'carillon', levels: 4 }, variants: [{ changes: { 'rules.spacing': -1 } }], seeds: [1] },
      'Variant 1’s dot spacing must be at least 0.',
    ],
    [
      'experiments.create',
      { base: { game: 'carillon', levels: 4 }, variants: [{ changes: { 'plan.1.maxDots': 1 } }], seeds: [1] },
      'Variant 1’s stretch 2, dots at end must be at least the dots at start (5).',
    ],
    [
      'experiments.create',
      {
        base: { game: 'carillon', levels: 4 },
        variants: [{ changes: { 'rules.spacing': 14 } }],
        seeds: [1],
        scope: { kind: 'slots', slots: [0, 9], candidates: 2 },
      },
      "Level 10 is past the base's plan, which has levels 1-4.",
    ],
  ] as [ApiMethodName, unknown, string][])('%s %j', async (method, args, sentence) => {
    const text = await sentenceOf(method, args);
    expect(text).toBe(sentence);
    expect(rawIn(text), text).toBe(false);
  });

  it('keeps the dotted field for a bug report and scripts, beside the label', async () => {
    const reply = await s.service.dispatch('runs.create', {
      game: 'carillon',
      seed: 1,
      rules: { sizes: { big: { reach: 'far' } } },
    });
    expect(reply).toMatchObject({
      ok: false,
      error: {
        fields: [
          { field: 'rules.sizes.big.reach', message: 'must be a number', label: 'Big dot, ring reach' },
        ],
      },
    });
  });
});

describe('the CLI prints the API’s refusals as the same sentences', () => {
  const db = join(t.dir, 'studio.db');
  it('a level count past the plan, a run that does not exist', () => {
    const past = cli(
      'generate',
      '--game',
      'carillon',
      '--seed',
      '1',
      '--levels',
      '999',
      '--out',
      join(t.dir, 'p.json'),
      '--db',
      db,
    );
    expect(past.status).toBe(1);
    expect(past.stderr).toContain('error: The level count must be at most 120, the levels the plan holds.');
    expect(past.stderr).not.toMatch(/bad argument|runs\.create|levels:/);
    const missing = cli('export', '99', '--out', join(t.dir, 'x.json'), '--db', db);
    expect(missing.status).toBe(1);
    expect(missing.stderr).toContain('error: Run 99 does not exist.');
  });
});
