/**
 * Every source path a comment or a doc cites (`src-main/runs/packs.ts`, `src-renderer/src/App.svelte`)
 * exists: a file that moves takes its citations with it. Imports are checked by
 * dependency-cruiser (`resolvable`); this is the prose.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const SCANNED = ['src-main', 'src-shared', 'src-renderer', 'scripts', 'tests', 'docs'];
const ROOT_FILES = [
  'README.md',
  '.dependency-cruiser.cjs',
  'knip.jsonc',
  'electron.vite.config.ts',
  'vitest.config.ts',
];
const CODE = /\.(ts|mts|js|mjs|cjs|svelte)$/;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path);
    return CODE.test(name) || name.endsWith('.md') ? [path] : [];
  });
}

/** The comments of a code file (line, block and HTML comments), or the whole text of a doc. */
function prose(path: string, text: string): string[] {
  if (path.endsWith('.md')) return [text];
  return text.match(/\/\/[^\n]*|\/\*[\s\S]*?\*\/|<!--[\s\S]*?-->/g) ?? [];
}

/** A path from the repository's root to a source file (not one inside a longer path). */
const SOURCE_PATH = /(?<![\w./-])src-(?:main|shared|renderer)\/[\w./-]*?\.(?:svelte\.ts|ts|svelte|mjs)\b/g;

function cited(path: string, text: string): string[] {
  return prose(path, text).flatMap((p) => p.match(SOURCE_PATH) ?? []);
}

describe('paths cited in comments and docs', () => {
  const scanned = [
    ...SCANNED.flatMap((d) => files(join(root, d))),
    ...ROOT_FILES.map((f) => join(root, f)).filter((f) => existsSync(f)),
    // This file cites stale paths on purpose (in strings the comment scan cannot tell apart).
  ].filter((p) => p !== import.meta.filename);

  it('scans the code and the docs (not an empty folder)', () => {
    const names = scanned.map((p) => relative(root, p));
    expect(names).toContain('README.md');
    expect(names).toContain('docs/architecture.md');
    expect(names).toContain('src-shared/game.ts');
    expect(names).toContain('src-renderer/src/App.svelte');
    expect(scanned.flatMap((p) => cited(p, readFileSync(p, 'utf8'))).length).toBeGreaterThan(50);
  });

  it('every cited path exists', () => {
    const stale = scanned.flatMap((path) =>
      cited(path, readFileSync(path, 'utf8'))
        .filter((p) => !existsSync(join(root, p)))
        .map((p) => `${relative(root, path)}: ${p}`),
    );
    expect([...new Set(stale)]).toEqual([]);
  });

  it('would catch a stale path in a comment or a doc, and leaves code alone', () => {
    expect(cited('a.ts', '// written by src-main/engine/packs.ts (moved)')).toEqual([
      'src-main/engine/packs.ts',
    ]);
    expect(cited('a.ts', '/**\n * See src-shared/games/index.ts.\n */')).toEqual([
      'src-shared/games/index.ts',
    ]);
    expect(cited('a.svelte', '<!-- src-renderer/src/lib/old.svelte.ts -->')).toEqual([
      'src-renderer/src/lib/old.svelte.ts',
    ]);
    expect(cited('a.md', 'The store (`src-main/store/db.ts`) and src-renderer/src/App.svelte.')).toEqual([
      'src-main/store/db.ts',
      'src-renderer/src/App.svelte',
    ]);
    expect(cited('a.ts', "import { x } from '../../src-main/store/db';")).toEqual([]);
    expect(cited('a.ts', "const p = 'src-main/gone.ts';")).toEqual([]);
    expect(cited('a.md', 'tests/fixtures/layers/src-main/peek.ts')).toEqual([]);
    expect(cited('a.md', 'every src-shared/games/<id>/ folder')).toEqual([]);
  });
});
