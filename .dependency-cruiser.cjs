/**
 * The layer rules, checked on the real import graph (type-only imports included) by
 * `npm run deps`; `npm run deps:graph` draws the folder-level picture in docs/layers.svg.
 * docs/architecture.md explains each rule. tests/unit/dependency-rules.test.ts runs these
 * rules on the tree and on tests/fixtures/layers/, where each rule is broken once.
 *
 * Data flows one way: src-shared (pure contract, games, ordering) -> src-main (engine,
 * store, service, transports) and src-renderer (the UI), which meet only in src-shared.
 */

/** A game's own folder: its rules (src-shared), its view (src-renderer) or a test-only game. */
const GAME_FOLDER = '^(src-shared/games|src-renderer/src/games|tests/fixtures/games)/([^/]+)/';

module.exports = {
  forbidden: [
    {
      name: 'shared-imports-no-side',
      comment:
        'src-shared is what main and the renderer share: it imports nothing from either (a type both need lives in src-shared).',
      severity: 'error',
      from: { path: '^src-shared/' },
      to: { path: '^(src-main|src-renderer)/' },
    },
    {
      name: 'shared-is-pure',
      comment:
        'src-shared runs in the renderer and in worker threads alike and holds no I/O: no Node built-in (fs, path, worker_threads, …).',
      severity: 'error',
      from: { path: '^src-shared/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'games-are-separate',
      comment:
        "A game's folder imports no other game's folder (rules, view or test-only game): each game stands alone behind the Game contract.",
      severity: 'error',
      from: { path: GAME_FOLDER },
      to: {
        path: '^(src-shared/games|src-renderer/src/games|tests/fixtures/games)/[^/]+/',
        pathNot: '^(src-shared/games|src-renderer/src/games|tests/fixtures/games)/$2/',
      },
    },
    {
      name: 'game-internals-through-registry',
      comment:
        "Only the registries (src-shared/games/index.ts, src-renderer/src/games/index.ts, and the playtest page's src-renderer/src/games/blind-plays.ts) name a game's folder; everything else reaches a game through them. The bench is the one exception: it times named games' own solvers, as the tests do.",
      severity: 'error',
      from: {
        path: '^(src-main|src-shared|src-renderer|scripts)/',
        pathNot: [
          '^src-shared/games/index\\.ts$',
          '^src-renderer/src/games/index\\.ts$',
          '^src-renderer/src/games/blind-plays\\.ts$',
          GAME_FOLDER,
          '^src-main/bench/',
        ],
      },
      to: { path: '^(src-shared/games|src-renderer/src/games)/[^/]+/' },
    },
    {
      name: 'renderer-imports-no-main',
      comment:
        'The renderer talks to main only through the API (src-shared/api); it imports no src-main code, not even a type.',
      severity: 'error',
      from: { path: '^src-renderer/' },
      to: { path: '^src-main/' },
    },
    {
      name: 'main-imports-no-renderer',
      comment: 'Data flows one way, to the renderer: src-main imports nothing from src-renderer.',
      severity: 'error',
      from: { path: '^src-main/' },
      to: { path: '^src-renderer/' },
    },
    {
      name: 'sqlite-only-in-store',
      comment:
        "The studio's database is reached only through src-main/store/ (tests and the install scripts may open it to check it).",
      severity: 'error',
      from: { path: '^src-', pathNot: '^src-main/store/' },
      to: { path: '(^|/)node_modules/(@types/)?better-sqlite3/' },
    },
    {
      name: 'jobs-know-no-runs',
      comment:
        'The job runtime (src-main/jobs/) runs tasks; it knows nothing of the run use-cases (src-main/runs/).',
      severity: 'error',
      from: { path: '^src-main/jobs/' },
      to: { path: '^src-main/runs/' },
    },
    {
      name: 'app-imports-no-tests',
      comment:
        'The app never imports test code (the test-only games come in through package.json "imports" under the studio-test-games condition only).',
      severity: 'error',
      from: { path: '^(src-main|src-shared|src-renderer|scripts)/' },
      to: { path: '^tests/' },
    },
    {
      name: 'no-cycles',
      comment:
        'No import cycle, type-only ones included: a cycle means a type or a function lives in the wrong module.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'resolvable',
      comment: 'Every import resolves to a file or a package (a stale path fails here, not at run time).',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // tests/fixtures/layers/ breaks every rule on purpose; its test cruises it on its own.
    exclude: { path: '^(out|node_modules|reports)/|^tests/fixtures/layers/' },
    // Type-only imports are imports: a type cycle is a cycle.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      // The app's own build: `#extra-games` resolves to the empty default, not the test games.
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      exportsFields: ['exports'],
      mainFields: ['module', 'main', 'types', 'typings'],
      extensions: ['.ts', '.js', '.mjs', '.svelte', '.json'],
    },
    reporterOptions: {
      dot: {
        // The folder-level picture: src-main/<dir>, src-shared/<dir>, src-renderer/src/<dir>.
        collapsePattern: '^(src-main|src-shared|src-renderer/src)/[^/]+',
        theme: {
          graph: { rankdir: 'LR', splines: 'true', fontname: 'Helvetica', fontsize: '12' },
          node: { fontname: 'Helvetica', fontsize: '11' },
          edge: { color: '#00000055' },
          modules: [
            { criteria: { source: '^src-shared/' }, attributes: { fillcolor: '#d8ecd0' } },
            { criteria: { source: '^src-main/' }, attributes: { fillcolor: '#d6e4f5' } },
            { criteria: { source: '^src-renderer/' }, attributes: { fillcolor: '#f7e3c8' } },
          ],
        },
      },
    },
  },
};
