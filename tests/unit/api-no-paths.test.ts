/**
 * No API method takes a filesystem path (issue 9): the renderer, over IPC or the socket, can
 * never name a file for the studio to read or write. Every argument schema in the API table
 * is walked; a key named like a path (path, file, dir, folder, out, dest, target …) that
 * accepts free text fails the test. Enums (sort `dir: 'asc' | 'desc'`) are not paths.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { apiMethodNames, apiMethods } from '../../src-shared/api';

const PATHLIKE =
  /(^|[a-z_])(path|paths|file|files|filename|filepath|dir|dirs|directory|folder|out|output|outfile|dest|destination|target|location)$/i;

interface Def {
  type: string;
  shape?: Record<string, unknown>;
  innerType?: unknown;
  in?: unknown;
  out?: unknown;
  element?: unknown;
  options?: unknown[];
  keyType?: unknown;
  valueType?: unknown;
  items?: unknown[];
  rest?: unknown;
  left?: unknown;
  right?: unknown;
  getter?: () => unknown;
}

const defOf = (schema: unknown): Def => (schema as { _zod: { def: Def } })._zod.def;

/** Whether a schema accepts arbitrary text (a string that is not an enum or literal). */
function takesText(schema: unknown, seen = new Set<unknown>()): boolean {
  if (seen.has(schema)) return false;
  seen.add(schema);
  const d = defOf(schema);
  switch (d.type) {
    case 'string':
    case 'unknown':
    case 'any':
    case 'template_literal':
      return true;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return takesText(d.innerType, seen);
    case 'pipe':
      return takesText(d.in, seen);
    case 'array':
      return takesText(d.element, seen);
    case 'union':
      return (d.options ?? []).some((o) => takesText(o, seen));
    case 'intersection':
      return takesText(d.left, seen) || takesText(d.right, seen);
    case 'lazy':
      return takesText(d.getter?.(), seen);
    default:
      return false;
  }
}

/** Every "method.key.path" whose key is named like a path and takes text, at any depth. */
function pathArguments(name: string, schema: unknown, at = name, seen = new Set<unknown>()): string[] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const d = defOf(schema);
  const inner = (s: unknown, where = at) => pathArguments(name, s, where, seen);
  switch (d.type) {
    case 'object':
      return Object.entries(d.shape ?? {}).flatMap(([key, value]) => [
        ...(PATHLIKE.test(key) && takesText(value) ? [`${at}.${key}`] : []),
        ...inner(value, `${at}.${key}`),
      ]);
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return inner(d.innerType);
    case 'pipe':
      return [...inner(d.in), ...inner(d.out)];
    case 'array':
      return inner(d.element, `${at}[]`);
    case 'union':
      return (d.options ?? []).flatMap((o) => inner(o));
    case 'intersection':
      return [...inner(d.left), ...inner(d.right)];
    case 'record':
      return inner(d.valueType, `${at}{}`);
    case 'tuple':
      return [...(d.items ?? []), ...(d.rest ? [d.rest] : [])].flatMap((i) => inner(i));
    case 'lazy':
      return inner(d.getter?.());
    default:
      return [];
  }
}

describe('the API takes no filesystem path', () => {
  it('finds path-like arguments at any depth (the scanner itself)', () => {
    const probe = z
      .object({
        runId: z.number(),
        path: z.string().optional(),
        sort: z.object({ key: z.string(), dir: z.enum(['asc', 'desc']) }),
        nested: z.array(z.object({ outFile: z.string().min(1).default('x') })),
        either: z.union([z.object({ folder: z.string() }), z.object({ text: z.string() })]),
        name: z.string(),
      })
      .strict()
      .refine(() => true);
    expect(pathArguments('probe', probe).sort()).toEqual([
      'probe.either.folder',
      'probe.nested[].outFile',
      'probe.path',
    ]);
  });

  it('no method of src-shared/api.ts has one', () => {
    const found = apiMethodNames.flatMap((m) => pathArguments(m, apiMethods[m].args));
    expect(found).toEqual([]);
  });

  it('every method refuses an extra "path" argument by name (strict schemas)', () => {
    for (const m of apiMethodNames) {
      const schema = apiMethods[m].args as z.ZodType;
      const parsed = schema.safeParse({ path: '/etc/hostname' });
      const unknownKeys = parsed.success
        ? []
        : parsed.error.issues.flatMap((i) => (i.code === 'unrecognized_keys' ? i.keys : []));
      expect(unknownKeys, m).toContain('path');
    }
  });
});
