/**
 * The layer rules of .dependency-cruiser.cjs, run through dependency-cruiser's own API: the
 * tree breaks none, and tests/fixtures/layers/ (a small tree that breaks each rule once, with
 * the rules' allowed cases beside them) is reported rule by rule, file by file.
 */
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { cruise, type ICruiseResult, type IReporterOutput } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';

const root = join(import.meta.dirname, '..', '..');
const fixture = join(root, 'tests', 'fixtures', 'layers');

/** The folders `npm run deps` cruises (package.json). */
const TREE = ['src-main', 'src-shared', 'src-renderer', 'scripts', 'tests'];

async function run(paths: string[], baseDir?: string): Promise<ICruiseResult> {
  const options = await extractDepcruiseOptions(join(root, '.dependency-cruiser.cjs'));
  const tsConfig = extractTSConfig(join(root, 'tsconfig.json'));
  const reply: IReporterOutput = await cruise(
    paths,
    { ...options, ...(baseDir ? { baseDir } : {}), outputType: 'json' },
    {},
    { tsConfig },
  );
  return JSON.parse(reply.output as string) as ICruiseResult;
}

/** "rule: from -> to" for each violation (a cycle is reported once, from its first module). */
function violations(result: ICruiseResult): string[] {
  return result.summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`).sort();
}

describe('dependency rules (.dependency-cruiser.cjs)', () => {
  let tree: ICruiseResult;
  let broken: ICruiseResult;
  beforeAll(async () => {
    [tree, broken] = await Promise.all([
      run(TREE),
      run(['src-main', 'src-shared', 'src-renderer', 'tests'], fixture),
    ]);
  }, 240_000);

  it('the tree breaks no rule', () => {
    expect(violations(tree)).toEqual([]);
  });

  it('cruises the whole tree, Svelte components and type-only imports included', () => {
    const sources = new Set(tree.modules.map((m) => m.source));
    for (const file of [
      'src-main/service.ts',
      'src-main/store/db.ts',
      'src-shared/game.ts',
      'src-shared/games/index.ts',
      'src-renderer/src/App.svelte',
      'src-renderer/src/editor/EditorShell.svelte',
      'tests/fixtures/games/index.ts',
    ])
      expect(sources, file).toContain(file);
    expect([...sources].some((s) => s.startsWith('tests/fixtures/layers/'))).toBe(false);
    // A type-only import is an edge (the renderer reads the contract's types this way).
    const gameTs = tree.modules.find((m) => m.source === 'src-shared/games/index.ts')!;
    expect(gameTs.dependencies.find((d) => d.resolved === 'src-shared/game.ts')?.dependencyTypes).toContain(
      'type-only',
    );
    // The app build resolves #extra-games to its empty default, not to the test games.
    const registry = tree.modules.find((m) => m.source === 'src-shared/games/index.ts')!;
    expect(registry.dependencies.find((d) => d.module === '#extra-games')?.resolved).toBe(
      'src-shared/games/extra-games.ts',
    );
  });

  it('reports each deliberate break in the fixture, and nothing the rules allow', () => {
    expect(violations(broken)).toEqual(
      [
        'shared-imports-no-side: src-shared/leak.ts -> src-main/thing.ts',
        'shared-is-pure: src-shared/reads-disk.ts -> fs',
        'no-cycles: src-shared/cycle-a.ts -> src-shared/cycle-b.ts',
        'games-are-separate: src-shared/games/alpha/rules.ts -> src-shared/games/beta/rules.ts',
        'games-are-separate: src-renderer/src/games/alpha/view.ts -> src-shared/games/beta/rules.ts',
        'game-internals-through-registry: src-main/peek.ts -> src-shared/games/beta/rules.ts',
        'game-internals-through-registry: src-renderer/src/pages/page.ts -> src-renderer/src/games/alpha/view.ts',
        'renderer-imports-no-main: src-renderer/src/uses-main.ts -> src-main/contract-copy.ts',
        'main-imports-no-renderer: src-main/shows.ts -> src-renderer/src/pages/page.ts',
        'sqlite-only-in-store: src-main/runs/use-case.ts -> ' + sqlite(broken),
        'jobs-know-no-runs: src-main/jobs/pool.ts -> src-main/runs/use-case.ts',
        'app-imports-no-tests: src-main/uses-test.ts -> tests/helper.ts',
        'resolvable: src-main/stale.ts -> ./gone',
      ].sort(),
    );
  });

  it('breaks every rule of the config at least once in the fixture', () => {
    const config = new Set(broken.summary.ruleSetUsed!.forbidden!.map((r) => r.name));
    const reported = new Set(broken.summary.violations.map((v) => v.rule.name));
    expect([...reported].sort()).toEqual([...config].sort());
  });
});

/** Where better-sqlite3 resolved from the fixture's base (the repository's node_modules). */
function sqlite(result: ICruiseResult): string {
  const store = result.modules.find((m) => m.source === 'src-main/store/db.ts')!;
  const to = store.dependencies.find((d) => d.module === 'better-sqlite3')!.resolved;
  expect(to).toMatch(/node_modules\/better-sqlite3\//);
  return to;
}
