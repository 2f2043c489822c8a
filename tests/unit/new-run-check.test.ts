/**
 * The new-run form's checks (src-renderer/src/runs/new-run-check.ts) and its presets
 * (presets-view.svelte.ts), without a page: the plan and rules read as edited (JSON that does
 * not parse is named and nothing is sent), each API problem under its input, the size guard's
 * question, and the line that follows the started run.
 */
import { describe, expect, it } from 'vitest';
import type { StudioClient } from '../../src-shared/api';
import { StudioError } from '../../src-renderer/src/lib/errors';
import {
  createdLine,
  keptProblems,
  placeProblems,
  planFromJson,
  readSettings,
  rulesEditedCount,
  rulesFromJson,
  settingsArgs,
  startRefusal,
  textDiffers,
  unreadSentence,
} from '../../src-renderer/src/runs/new-run-check';
import { PresetsView } from '../../src-renderer/src/runs/presets-view.svelte';

const refused = (fields: { field: string; message: string }[], code = 'bad-argument') =>
  new StudioError({ code, message: 'runs.create: bad argument', fields } as never);

describe('reading the plan and rules as edited', () => {
  const part = (over: Partial<{ edited: boolean; json: boolean; text: string; value: unknown }>) => ({
    edited: true,
    json: false,
    text: '',
    value: null,
    ...over,
  });

  it('leaves out a part left at the default, sends a structured part as a copy, and JSON text as parsed', () => {
    const table = [{ maxDots: 4 }];
    const r = readSettings(part({ value: table }), part({ json: true, text: '{"gap": 2}' }));
    expect(r).toEqual({ ok: true, plan: [{ maxDots: 4 }], rules: { gap: 2 } });
    expect(r.ok && r.plan).not.toBe(table);
    const none = readSettings(part({ edited: false }), part({ edited: false }));
    expect(none).toEqual({ ok: true, plan: undefined, rules: undefined });
    expect(settingsArgs({ plan: undefined, rules: { gap: 2 } })).toEqual({ rules: { gap: 2 } });
  });

  it('names JSON that does not parse under its part, and sends nothing', () => {
    const r = readSettings(part({ json: true, text: '[{' }), part({ json: true, text: '{"gap": 2}' }));
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.problems.rules).toEqual([]);
    expect(r.problems.plan).toHaveLength(1);
    expect(r.problems.plan[0]!.message).toMatch(/^not valid JSON: /);
  });

  it('counts text that does not parse as edited, and the rules edited leaf by leaf (a key taken out too)', () => {
    expect(textDiffers('{"a": 1}', { a: 1 })).toBe(false);
    expect(textDiffers('{"a": 2}', { a: 1 })).toBe(true);
    expect(textDiffers('{"a"', { a: 1 })).toBe(true);
    expect(rulesEditedCount({ a: 1, b: { c: 2 } }, { a: 1, b: { c: 2 } })).toBe(0);
    expect(rulesEditedCount({ a: 3, b: {} }, { a: 1, b: { c: 2 } })).toBe(2);
  });

  it('goes back from JSON to the table or the fields only when the text fits them', () => {
    expect(planFromJson('[{"n": 1}]', 'stretch')).toEqual({ ok: true, plan: [{ n: 1 }] });
    expect(planFromJson('{"n": 1}', 'stretch')).toEqual({
      ok: false,
      message: 'the table needs a list of objects, one per stretch: fix the JSON or press Reset',
    });
    expect(rulesFromJson('{"a": 5}', { a: 1, b: 2 })).toEqual({ ok: true, rules: { a: 5, b: 2 } });
    expect(rulesFromJson('[1]', { a: 1 })).toMatchObject({ ok: false, message: /object of rules/ });
  });

  it('says how many fields hold text they cannot take', () => {
    expect(unreadSentence(1)).toBe('A field holds text it cannot take (named in red under it).');
    expect(unreadSentence(3)).toBe('3 fields hold text it cannot take (named in red under it).');
  });
});

describe("the API's answers", () => {
  it('places each problem under its input: plan cells, rules fields, the head fields, the rest above the form', () => {
    const { heads, inner } = placeProblems([
      { field: 'plan.2.maxDots', message: 'must be at most 9' },
      { field: 'rules.gap', message: 'must be a number' },
      { field: 'seed', message: 'must be a whole number' },
      { field: 'levels.0', message: 'too many' },
      { field: 'other', message: 'unknown' },
    ]);
    expect(inner).toEqual({
      plan: [{ path: '2.maxDots', message: 'must be at most 9' }],
      rules: [{ path: 'gap', message: 'must be a number' }],
    });
    expect(heads).toEqual({
      seed: ['must be a whole number'],
      levels: ['0: too many'],
      general: ['other: unknown'],
    });
  });

  it('the size guard: a refusal naming `confirm` is the question to ask, before anything else', () => {
    const q = 'This run makes 40 000 candidates (about 6 minutes). Start it?';
    expect(
      startRefusal(
        refused([
          { field: 'confirm', message: q },
          { field: 'seed', message: 'x' },
        ]),
      ),
    ).toEqual({
      kind: 'ask',
      question: q,
    });
    const fields = startRefusal(
      refused([
        { field: 'rules.gap', message: 'too big' },
        { field: 'x', message: 'y' },
      ]),
    );
    expect(fields).toMatchObject({ kind: 'fields', general: 'x: y', inner: { rules: [{ path: 'gap' }] } });
    expect(startRefusal(new Error('socket closed'))).toEqual({ kind: 'failed' });
  });

  it('an edit drops the problems named at its path; a plan row change drops the plan cells', () => {
    const list = [
      { path: '', message: 'whole' },
      { path: 'gap', message: 'a' },
      { path: 'gap.min', message: 'b' },
      { path: 'size', message: 'c' },
    ];
    expect(keptProblems(list, 'rules', 'gap').map((p) => p.message)).toEqual(['whole', 'c']);
    expect(keptProblems(list, 'plan', '2').map((p) => p.message)).toEqual(['whole']);
  });

  it('follows the started run: queued, running, done, or how it ended', () => {
    const c = { runId: 7, text: '10 levels, 400 candidates' };
    expect(createdLine(c, undefined)).toBe('Run #7 queued: 10 levels, 400 candidates.');
    expect(createdLine(c, { status: 'running' })).toBe('Run #7 running: 10 levels, 400 candidates.');
    expect(createdLine(c, { status: 'done' })).toMatch(
      /^Run #7 done: .*Its report is in the run's details\.$/,
    );
    expect(createdLine(c, { status: 'failed', error: 'out of memory' })).toBe(
      'Run #7 failed: out of memory.',
    );
  });
});

describe('presets', () => {
  function view(save: (args: unknown) => unknown) {
    const calls: { method: string; args: unknown }[] = [];
    const client = {
      call: async (method: string, args: unknown) => {
        calls.push({ method, args });
        return method === 'presets.save' ? save(args) : [{ id: 1, name: 'Wide', game: 'carillon' }];
      },
    } as unknown as Pick<StudioClient, 'call'>;
    return { pv: new PresetsView(client, () => undefined), calls };
  }

  it('saves the edited parts under the name typed, closes the field and reloads the list', async () => {
    const { pv, calls } = view(() => ({ id: 1, name: 'Wide' }));
    pv.name = 'Wide';
    expect(await pv.save('carillon', { plan: undefined, rules: { gap: 2 } })).toBeNull();
    expect(calls[0]).toEqual({
      method: 'presets.save',
      args: { game: 'carillon', name: 'Wide', rules: { gap: 2 } },
    });
    expect(pv.line).toEqual({ ok: true, text: 'Saved preset “Wide”: the Settings list offers it.' });
    expect(pv.name).toBeNull();
    expect(pv.list).toHaveLength(1);
  });

  it('names a bad name, and hands the problems inside the plan and rules back to the form', async () => {
    const { pv } = view(() => {
      throw refused([
        { field: 'name', message: 'must not be empty' },
        { field: 'plan.0.n', message: 'must be at least 1' },
      ]);
    });
    pv.name = ' ';
    const inner = await pv.save('carillon', { plan: [{ n: 0 }], rules: undefined });
    expect(pv.line).toEqual({ ok: false, text: 'Name: must not be empty' });
    expect(inner).toEqual({ plan: [{ path: '0.n', message: 'must be at least 1' }], rules: [] });
    expect(pv.name).toBe(' ');
  });
});
