/**
 * The source says what it passes: no `as never` or `as any` in src-main, src-renderer or
 * src-shared (a form's arguments as typed are AsTyped and go through StudioClient.submit; a
 * bench's game is generic over its level), and `as unknown as` only where the type is the
 * environment's or a library's to give, each named below with why.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path);
    return /\.(ts|svelte)$/.test(name) ? [path] : [];
  });
}

/** Every matching line of the source, as "file: text". */
function offending(pattern: RegExp): string[] {
  return ['src-main', 'src-renderer', 'src-shared'].flatMap((dir) =>
    files(join(root, dir)).flatMap((path) =>
      readFileSync(path, 'utf8')
        .split('\n')
        .flatMap((line) => (pattern.test(line) ? [`${relative(root, path)}: ${line.trim()}`] : [])),
    ),
  );
}

/** Where `as unknown as` stays: files, and why the type is not ours to fix. */
const DOUBLE_CASTS: Record<string, string> = {
  'src-renderer/src/editor/prove-worker.ts': "a worker's `self` under the renderer's DOM library types",
  'src-renderer/src/pages/PlotsPage.svelte':
    "Observable Plot's figure carries its pointer's `value`, which its types leave out",
  'src-renderer/src/pages/ComparePage.svelte':
    "Observable Plot's figure carries its pointer's `value`, which its types leave out",
  'src-shared/schema/designer-errors.ts':
    "zod's internal definition of a schema, which it does not type for readers",
};

describe('no casts hiding a type', () => {
  it('scans the source (not an empty folder)', () => {
    expect(files(join(root, 'src-renderer')).length).toBeGreaterThan(50);
    expect(files(join(root, 'src-main')).length).toBeGreaterThan(50);
  });

  it('has no `as never` and no `as any`', () => {
    expect(offending(/\bas (never|any)\b/)).toEqual([]);
  });

  it('has `as unknown as` only where the environment or a library leaves the type out', () => {
    const files = [...new Set(offending(/\bas unknown as\b/).map((l) => l.slice(0, l.indexOf(':'))))];
    expect(files.filter((f) => !(f in DOUBLE_CASTS))).toEqual([]);
  });

  it('would catch one that crept in', () => {
    expect(/\bas (never|any)\b/.test("studio.client.call('runs.create', args as never)")).toBe(true);
    expect(/\bas (never|any)\b/.test('const harmless = 1; // as nevertheless')).toBe(false);
  });
});
