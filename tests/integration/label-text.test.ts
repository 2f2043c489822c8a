/**
 * Names, tags and notes a designer types (audit): characters that do not show, or that make
 * a label read in another order ("‮evil" reads "live"), are refused by every method that
 * takes one, naming the field and the character, and nothing changes. Slashes and dots are
 * only text (a name is never a path) and are kept as typed; a note keeps its line breaks.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiMethodName } from '../../src-shared/api';
import { fileNameLabel, labelTextProblem } from '../../src-shared/schema/label-text';
import { openTestStudio, type TestStudio } from '../helpers/studio';
import { rowSnapshot } from '../helpers/rows';

let s: TestStudio;
let runId: number;
let candidateId: number;
beforeAll(async () => {
  s = openTestStudio({ workers: 1, prefix: 'label-text-' });
  const run = await s.finishedRun({ game: 'carillon', seed: 5, levels: 1 });
  runId = run.id;
  candidateId = (await s.api.call('candidates.list', { runId, limit: 1 })).items[0]!.id;
});
afterAll(async () => s?.close());

const bad = [
  ['a\u0000b', /NUL byte/],
  ['two\nlines', /line break/],
  ['bell\u0007', /U\+0007/],
  ['\u202Eevil', /text-direction override/],
  ['x\u2066y', /text-direction override/],
] as const;

/** Every method argument that is a name, tag or note, with the field the error must name. */
function calls(text: string): [ApiMethodName, Record<string, unknown>, string][] {
  return [
    ['runs.create', { game: 'carillon', seed: 9, levels: 1, name: text }, 'name'],
    ['presets.save', { game: 'carillon', name: text }, 'name'],
    ['candidates.setTags', { candidateIds: [candidateId], tags: [text] }, 'tags.0'],
    ['candidates.list', { runId, tag: text }, 'tag'],
    [
      'experiments.create',
      {
        name: text,
        base: { game: 'carillon', levels: 1 },
        variants: [{ changes: { 'rules.spacing': 16 } }],
        seeds: [1],
      },
      'name',
    ],
    [
      'experiments.create',
      {
        base: { game: 'carillon', levels: 1 },
        variants: [{ name: text, changes: { 'rules.spacing': 16 } }],
        seeds: [1],
      },
      'variants.0.name',
    ],
    ['packs.import', { text: '{}', name: text }, 'name'],
  ];
}

describe('label text', () => {
  it('refuses control and direction characters in every name and tag, naming the field, and changes nothing', async () => {
    const tables = [
      'select * from runs',
      'select * from presets',
      'select * from experiments',
      'select id, tags, note from candidates',
      'select count(*) from history',
    ];
    const before = rowSnapshot(s.dbPath, tables);
    for (const [text, why] of bad) {
      for (const [method, args, field] of calls(text)) {
        const reply = await s.service.dispatch(method, args);
        expect(reply.ok, `${method} took ${JSON.stringify(text)}`).toBe(false);
        if (reply.ok) continue;
        expect(reply.error.code).toBe('bad-argument');
        expect(reply.error.message).toMatch(why);
        expect(reply.error.fields?.map((f) => f.field)).toContain(field);
        expect(reply.error.message).not.toMatch(/regex|invalid_string|custom/i);
      }
    }
    expect(rowSnapshot(s.dbPath, tables)).toBe(before);
  });

  it('refuses a NUL byte and direction overrides in a note but keeps its line breaks and tabs', async () => {
    for (const note of ['a\u0000b', 'x\u202Ey']) {
      const reply = await s.service.dispatch('candidates.setNote', { candidateId, note });
      expect(reply).toMatchObject({
        ok: false,
        error: { code: 'bad-argument', fields: [{ field: 'note' }] },
      });
    }
    const note = 'first line\n\tsecond line\r\nthird';
    const saved = await s.api.call('candidates.setNote', { candidateId, note });
    expect(saved.row.note).toBe(note);
  });

  it('keeps path-like names as typed text: a name is only a label', async () => {
    const preset = await s.api.call('presets.save', { game: 'carillon', name: '../../etc/passwd' });
    expect(preset.name).toBe('../../etc/passwd');
    await s.api.call('candidates.setTags', {
      candidateIds: [candidateId],
      tags: ['C:\\Windows\\x', '/abs/path'],
    });
    const page = await s.api.call('candidates.list', { runId, tag: '/abs/path' });
    expect(page.items.map((c) => c.id)).toEqual([candidateId]);
  });

  it('trims a run name, as preset names are', async () => {
    const run = await s.api.call('runs.create', {
      game: 'carillon',
      seed: 11,
      levels: 1,
      name: '  spaced  ',
    });
    expect(run.name).toBe('spaced');
    await s.service.engine.waitFor(run.id);
  });

  it('cleans a picked file name into a label instead of refusing the import', () => {
    expect(fileNameLabel('pack\nwith\u0000odd\u202Ename.json', 120)).toBe('pack with odd name.json');
    expect(labelTextProblem(fileNameLabel('\u0007'.repeat(5) + 'x', 120))).toBeNull();
    expect(fileNameLabel('y'.repeat(300), 120)).toHaveLength(120);
  });
});
