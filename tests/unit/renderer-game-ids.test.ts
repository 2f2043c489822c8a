/**
 * The renderer outside src-renderer/src/games/ never names a game: no game id, the shipped
 * ones and the test-only ones (in any case, comments included, and inside a name such as
 * `carillonView` or `isApsis`). Every folder is scanned (pages, editor/, experiments/,
 * ordering/, ...). Pages and shared components reach a game only through its GameView
 * (src-renderer/src/games/index.ts). A name is text, not an import, so this is a text scan;
 * that no such file imports a game's folder is dependency-cruiser's rule
 * `game-internals-through-registry` (.dependency-cruiser.cjs).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { games } from '../../src-shared/games/index';
import { extraGames } from '../fixtures/games/index';

const root = join(import.meta.dirname, '..', '..');
const renderer = join(root, 'src-renderer');
const gamesDir = join(renderer, 'src', 'games');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (path === gamesDir) return [];
    if (statSync(path).isDirectory()) return files(path);
    return /\.(ts|js|mjs|svelte|css|html|json|svg)$/.test(name) ? [path] : [];
  });
}

/** Every line of the renderer outside games/ that matches, as "file:line: text". */
function offending(matches: RegExp | ((line: string) => boolean)): string[] {
  const test = typeof matches === 'function' ? matches : (line: string) => matches.test(line);
  return files(renderer).flatMap((path) =>
    readFileSync(path, 'utf8')
      .split('\n')
      .flatMap((line, i) => (test(line) ? [`${relative(root, path)}:${i + 1}: ${line.trim()}`] : [])),
  );
}

/** A game id as a word in any case, or as part of a name: `carillonView`, `isCarillon`, `CarillonLevel`. */
function naming(id: string): RegExp {
  const cap = id[0]!.toUpperCase() + id.slice(1);
  return new RegExp(`\\b${id}\\b|(?<![a-z])${id}[A-Z0-9_$]|${cap}`, 'u');
}
const wordIn = (id: string, text: string): boolean =>
  naming(id).test(text) || new RegExp(`\\b${id}\\b`, 'i').test(text);

const ids = [...new Set([...games, ...extraGames].map((g) => g.id))];

describe('the renderer outside games/ names no game', () => {
  it('scans the shared renderer code, every folder but games/ (not an empty folder)', () => {
    const scanned = files(renderer).map((p) => relative(renderer, p));
    expect(scanned).toContain('src/pages/InspectorPage.svelte');
    expect(scanned).toContain('src/duplicates/levels.ts');
    for (const folder of [
      'editor',
      'experiments',
      'ordering',
      'inspector',
      'pools',
      'runs',
      'lib',
      'boards',
      'components',
    ]) {
      expect(
        scanned.some((p) => p.startsWith(`src/${folder}/`)),
        folder,
      ).toBe(true);
    }
    expect(scanned.some((p) => p.startsWith('src/games/'))).toBe(false);
  });

  it('checks the shipped and the test-only games', () => {
    expect(ids).toEqual(expect.arrayContaining(['carillon', 'apsis', 'tally']));
  });

  it.each(ids)('holds no "%s"', (id) => {
    expect(offending((line) => wordIn(id, line))).toEqual([]);
  });

  it('would catch a game id if one crept in', () => {
    const id = games[0]!.id;
    const Id = id[0]!.toUpperCase() + id.slice(1);
    expect(wordIn(id, `if (run.game === '${id}') {`)).toBe(true);
    expect(wordIn(id, `// ${id.toUpperCase()} needs its own colours`)).toBe(true);
    expect(wordIn(id, `const view = ${id}View;`)).toBe(true);
    expect(wordIn(id, `const flag = is${Id}(run);`)).toBe(true);
    expect(wordIn(id, `import type { ${Id}Level } from '../lib/levels';`)).toBe(true);
    expect(wordIn('tally', 'totally unrelated')).toBe(false);
    expect(wordIn(id, 'const view = gameView(run.game);')).toBe(false);
  });
});
