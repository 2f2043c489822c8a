/**
 * The renderer outside src-renderer/src/games/ never names a game: no registered game id
 * (in any case, comments included) and no import of a game's own folder under
 * src-shared/games/<id>/. Pages and shared components reach a game only through its
 * GameView (src-renderer/src/games/index.ts).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { games } from '../../src-shared/games/index';

const root = join(import.meta.dirname, '..', '..');
const renderer = join(root, 'src-renderer');
const gamesDir = join(renderer, 'src', 'games');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (path === gamesDir) return [];
    if (statSync(path).isDirectory()) return files(path);
    return /\.(ts|svelte|css|html|json)$/.test(name) ? [path] : [];
  });
}

/** Every line of the renderer outside games/ that matches `pattern`, as "file:line: text". */
function offending(pattern: RegExp): string[] {
  return files(renderer).flatMap((path) =>
    readFileSync(path, 'utf8')
      .split('\n')
      .flatMap((line, i) => (pattern.test(line) ? [`${relative(root, path)}:${i + 1}: ${line.trim()}`] : [])),
  );
}

describe('the renderer outside games/ names no game', () => {
  it('scans the shared renderer code (not an empty folder)', () => {
    const scanned = files(renderer).map((p) => relative(renderer, p));
    expect(scanned).toContain('src/pages/InspectorPage.svelte');
    expect(scanned).toContain('src/duplicates/levels.ts');
    expect(scanned.some((p) => p.startsWith('src/games/'))).toBe(false);
  });

  it.each(games.map((g) => g.id))('holds no "%s"', (id) => {
    expect(offending(new RegExp(`\\b${id}\\b`, 'i'))).toEqual([]);
  });

  it("imports no game's own folder under src-shared/games/", () => {
    expect(offending(/src-shared\/games\/[^'"/]+\//)).toEqual([]);
  });

  it('would catch a game id or a game import if one crept in', () => {
    const id = games[0]!.id;
    expect(new RegExp(`\\b${id}\\b`, 'i').test(`if (run.game === '${id}') {`)).toBe(true);
    expect(/src-shared\/games\/[^'"/]+\//.test(`import { x } from '../../../src-shared/games/${id}/rules';`)).toBe(true);
    expect(/src-shared\/games\/[^'"/]+\//.test(`import { games } from '../../../src-shared/games/index';`)).toBe(false);
  });
});
