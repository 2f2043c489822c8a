/**
 * Issue 13 "Errors": a refused API call reaches the designer as a sentence naming the field in
 * words, never raw schema text. Every method of the API table is given a wrong-typed value for
 * each of its arguments, and a set of nested bad inputs; errorSentence (what the renderer's
 * error panel, every page's in-place error and the CLI print) must name the field in words and
 * carry no zod wording, dotted path or camelCase key. The renderer shows API failures only
 * through errorText (src-renderer/src/lib/errors.ts), which a scan of its sources holds it to.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  ApiError,
  apiMethodNames,
  apiMethods,
  errorBodyFor,
  parseArgs,
  type ApiMethodName,
} from '../../src-shared/api';
import { errorSentence, fieldWords, hasArgumentWords } from '../../src-shared/error-sentence';
import { errorClause, errorText, StudioError } from '../../src-renderer/src/lib/errors';

/** What raw schema or developer text looks like in a message. */
const RAW = [
  /expected|received|invalid|unrecognized|bad argument|nonoptional|too_(big|small)/i,
  /\b[a-z]\w*\.\d+\b/, // filters.0
  /\b[a-z]\w*\.[a-z]\w*\b/i, // sort.key, rules.spacing
  /\b[a-z]+[A-Z]\w*/, // candidateIds, maxDots
  /\(arguments\)|\{|\}/,
];
const rawIn = (text: string): RegExp | undefined => RAW.find((re) => re.test(text));

/** The refusal of `args` as the call answers it (headed with the method's name, as dispatch heads it), or a failure naming what was accepted. */
function refusal(method: ApiMethodName, args: unknown): ApiError {
  try {
    parseArgs(method, args);
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    const body = errorBodyFor(method, e);
    return new ApiError(body.code, body.message, body.fields);
  }
  throw new Error(`${method} accepted ${JSON.stringify(args)}`);
}

const keysOf = (method: ApiMethodName): string[] =>
  Object.keys((apiMethods[method].args as unknown as { shape?: Record<string, unknown> }).shape ?? {});

/** Values of the wrong type for almost any argument: one of them is refused for each key. */
const WRONG: unknown[] = ['text', -7.5, { x: 1 }, [[1]], true, null];

describe('every API method refuses a wrong-typed argument in a sentence naming the field', () => {
  /** Arguments whose schema takes any JSON: the service checks them against the game (tests/integration/error-words.test.ts). */
  const checkedByTheGame = new Set([
    'runs.create(plan)',
    'runs.create(rules)',
    'presets.save(plan)',
    'presets.save(rules)',
    'candidates.prove(level)',
    'candidates.saveEdited(level)',
  ]);
  const cases = apiMethodNames.flatMap((method) =>
    keysOf(method)
      .filter((key) => !checkedByTheGame.has(`${method}(${key})`))
      .map((key) => [method, key] as const),
  );

  it('covers every argument of every method', () => {
    for (const k of checkedByTheGame) {
      const [, method, key] = /^(.+)\((.+)\)$/.exec(k)!;
      expect(keysOf(method as ApiMethodName), k).toContain(key);
    }
    expect(cases.length).toBeGreaterThan(90);
    const unnamed = cases
      .filter(([method, key]) => !hasArgumentWords(key, method))
      .map(([m, k]) => `${m}(${k})`);
    expect(unnamed, 'arguments with no words in error-sentence.ts').toEqual([]);
  });

  it.each(cases)('%s(%s)', (method, key) => {
    let refused = 0;
    for (const value of WRONG) {
      let error: ApiError;
      try {
        parseArgs(method, { [key]: value });
        continue;
      } catch (e) {
        if (!(e instanceof ApiError)) throw e;
        error = e;
      }
      expect(error.code).toBe('bad-argument');
      const mine = (error.fields ?? []).filter((f) => f.field === key || f.field.startsWith(`${key}.`));
      if (mine.length === 0) continue;
      refused++;
      const text = errorSentence({ ...errorBodyFor(method, error), fields: mine });
      const words = fieldWords(mine[0]!.field, method);
      expect(text.startsWith(words[0]!.toUpperCase() + words.slice(1)), `${text} names ${words}`).toBe(true);
      expect(rawIn(text), `${method}(${key}: ${JSON.stringify(value)}) → ${text}`).toBeUndefined();
      expect(text).toMatch(/^[A-Z“].*[.?!]$/);
    }
    expect(refused, `${method}(${key}) took every wrong-typed value`).toBeGreaterThan(0);
  });

  it('words a request that is not an object at all', () => {
    for (const args of ['x', [1], 7])
      expect(errorSentence(refusal('runs.list', args).toBody())).toBe('The request must be an object.');
  });
});

describe('nested bad input, in the words a designer reads', () => {
  it.each([
    [
      'candidates.list',
      { runId: 1, filters: [{ metric: 'bits', min: 'x' }] },
      'Metric filter 1’s lowest value must be a number.',
    ],
    [
      'candidates.list',
      { runId: 1, sort: { key: 5, dir: 'up' } },
      'The sort column must be text. The sort direction must be one of "asc", "desc".',
    ],
    [
      'candidates.setVerdict',
      { candidateIds: [1, 'x'], verdict: 'approved' },
      'Chosen candidate 2 must be a number.',
    ],
    ['candidates.setTags', { candidateIds: [1], tags: ['a', 5], mode: 'add' }, 'Tag 2 must be text.'],
    [
      'runs.create',
      { game: 'carillon', seed: 1.5, levels: -1 },
      'The seed must be a whole number from 0 to 2,147,483,647. The level count must be at least 1.',
    ],
    ['runs.create', { game: 'carillon', seed: 1, levles: 3 }, '“levles” is not known; did you mean levels?'],
    [
      'orderings.steer',
      { runId: 1, pin: [{ level: 'x', candidateId: 'y' }] },
      'Pin 1’s level must be a number. Pin 1’s candidate must be a number.',
    ],
    ['orderings.steer', { runId: 1, lock: ['x'] }, 'Locked level 1 must be a number.'],
    [
      'experiments.create',
      { base: { game: 'carillon' }, variants: [{ changes: 'x' }], seeds: ['x'] },
      'Variant 1’s changes must be an object. Seed 1 must be a number.',
    ],
    [
      'experiments.create',
      { base: 'x', variants: 'text', seeds: [1] },
      'The base must be a run (its settings) or a game (its defaults). The variants must be a list.',
    ],
    [
      'experiments.create',
      {
        base: { game: 'carillon' },
        variants: [{ changes: { a: 1 } }],
        seeds: [1],
        scope: { kind: 'slots', slots: ['x'], candidates: 'y' },
      },
      'The scope’s level 1 must be a number. The scope’s candidates per level must be a number.',
    ],
    [
      'settings.diff',
      { a: { runId: 'x' }, b: 3 },
      "The first settings must name a run, a preset, a game's defaults or an experiment's arm. The second settings must name a run, a preset, a game's defaults or an experiment's arm.",
    ],
    [
      'duplicates.triage',
      { pairId: 1.5, decision: 'x' },
      'The near-duplicate pair must be a whole number. The decision must be one of "reject-a", "reject-b", "fine", "not-fine".',
    ],
  ] as [ApiMethodName, unknown, string][])('%s %j', (method, args, sentence) => {
    expect(errorSentence(refusal(method, args).toBody())).toBe(sentence);
  });

  it('names a field by the label the server gave it, and quotes an unknown key as typed', () => {
    expect(
      errorSentence({
        code: 'bad-argument',
        message: 'runs.create: bad argument — x',
        fields: [
          { field: 'rules.sizes.normal.radius', message: 'must be a number', label: 'Normal dot, radius' },
        ],
      }),
    ).toBe('Normal dot, radius must be a number.');
    expect(
      errorSentence({
        code: 'bad-argument',
        message: 'runs.create: bad argument — x',
        fields: [{ field: 'rules.spacng', message: 'is not a rule of Carillon; did you mean spacing?' }],
      }),
    ).toBe('The rules: “spacng” is not a rule of Carillon; did you mean spacing?');
  });
});

describe('the renderer shows an API failure only as its sentence', () => {
  it('errorText words a StudioError and keeps any other error’s message', () => {
    const e = new StudioError(refusal('candidates.list', { runId: 'x' }).toBody());
    expect(e.message).toMatch(/^candidates\.list: bad argument — runId/);
    expect(errorText(e)).toBe('The run must be a number.');
    expect(errorText(new Error('the proof worker stopped'))).toBe('the proof worker stopped');
    expect(errorText('plain')).toBe('plain');
    // Carried on after "x.json was not imported: ".
    expect(
      errorClause(
        new StudioError({ code: 'conflict', message: 'the import was cancelled; nothing was stored' }),
      ),
    ).toBe('the import was cancelled; nothing was stored.');
    expect(errorClause(new StudioError({ code: 'bad-argument', message: 'big.json is 33.0 MB' }))).toBe(
      'big.json is 33.0 MB.',
    );
  });

  it('no screen reads an error’s raw message itself (errors.ts and the proof worker’s own reply aside)', () => {
    const root = join(import.meta.dirname, '..', '..', 'src-renderer', 'src');
    const list = (dir: string): string[] =>
      readdirSync(dir).flatMap((n) =>
        statSync(join(dir, n)).isDirectory()
          ? list(join(dir, n))
          : /\.(ts|svelte)$/.test(n)
            ? [join(dir, n)]
            : [],
      );
    // errors.ts is the one reader; the error panel shows ShownError.message, already a sentence;
    // the proof worker and a pack file's own format errors are not API replies, nor is the
    // offline playtest page's own data check (it talks to no API).
    const allowed = new Set([
      'playtest/page/main.ts',
      'lib/errors.ts',
      'components/ErrorPanel.svelte',
      'editor/prove-worker.ts',
      'editor/prover.ts',
      'inspector/load.ts',
    ]);
    const found: string[] = [];
    for (const file of list(root)) {
      const rel = relative(root, file);
      if (allowed.has(rel)) continue;
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (/instanceof Error \? \w+\.message|\b(e|err|error)\.message\b/.test(line))
            found.push(`${rel}:${i + 1}: ${line.trim()}`);
        });
    }
    expect(found).toEqual([]);
  });
});
