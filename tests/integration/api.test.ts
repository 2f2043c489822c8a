/**
 * The API table and its dispatch on a real service: each bad argument named by field (in a
 * designer's words), bad arguments and unknown methods answered with an error envelope that
 * changes nothing, the games and runs methods over SQLite, app.info without a path, a handler
 * for every method, and candidates.list checking sort keys and filter metrics against the
 * run's game.
 */
import { dirname } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiMethodNames, parseArgs, ApiError, type CandidatePage } from '../../src-shared/api';
import { games } from '../../src-shared/games/index';
import { insertRun } from '../../src-main/store/runs';
import { insertCandidates } from '../../src-main/store/candidates';
import { useTestStudio } from '../helpers/studio';

const studio = useTestStudio({ workers: 1 });

describe('API validation', () => {
  it('names the offending field for each bad argument', () => {
    const cases: [Parameters<typeof parseArgs>[0], unknown, RegExp][] = [
      ['runs.get', { runId: 'seven' }, /runId: must be a number/],
      ['runs.get', { runId: -3 }, /runId: must be a positive run id/],
      ['runs.get', { runId: 1.5 }, /runId: must be a whole number/],
      ['runs.get', {}, /runId/],
      ['runs.list', { game: 'tetris' }, /game: /],
      ['runs.list', { status: 'sleeping' }, /status: /],
      ['games.list', { extra: 1 }, /extra: unknown field/],
    ];
    for (const [method, args, pattern] of cases) {
      try {
        parseArgs(method, args);
        expect.unreachable(`${method} accepted ${JSON.stringify(args)}`);
      } catch (e) {
        expect(e).toBeInstanceOf(ApiError);
        expect((e as ApiError).code).toBe('bad-argument');
        expect((e as Error).message).toMatch(pattern);
        expect((e as ApiError).fields?.length).toBeGreaterThan(0);
      }
    }
  });

  it('answers bad arguments and unknown methods with an error envelope and changes nothing', async () => {
    const before = await studio.service.dispatch('runs.list', {});
    const bad = await studio.service.dispatch('runs.get', { runId: 'x' });
    expect(bad).toMatchObject({ ok: false, error: { code: 'bad-argument', fields: [{ field: 'runId' }] } });
    const unknown = await studio.service.dispatch('runs.destroyAll', {});
    expect(unknown).toMatchObject({ ok: false, error: { code: 'unknown-method' } });
    const missing = await studio.service.dispatch('runs.get', { runId: 4242 });
    expect(missing).toMatchObject({
      ok: false,
      error: { code: 'not-found', message: 'run 4242 does not exist' },
    });
    const after = await studio.service.dispatch('runs.list', {});
    expect(after).toEqual(before);
  });
});

describe('API methods', () => {
  it('lists every registered game with its rules and default plan', async () => {
    const list = await studio.api.call('games.list', {});
    expect(list.map((g) => g.id)).toEqual(games.map((g) => g.id));
    const carillon = list.find((g) => g.id === 'carillon')!;
    const apsis = list.find((g) => g.id === 'apsis')!;
    expect(carillon.levelCount).toBe(120);
    expect(apsis.levelCount).toBe(150);
    expect(carillon.planRows.length).toBeGreaterThan(0);
    expect(apsis.planRows.length).toBeGreaterThan(0);
    expect(carillon.defaultRules).toEqual(games[0]!.defaultRules);
  });

  it('lists and gets runs from SQLite', async () => {
    const { openDatabase } = await import('../../src-main/store/db');
    const direct = openDatabase(studio.dbPath);
    const id = insertRun(
      direct,
      {
        game: 'apsis',
        seed: 11,
        plan: { p: 1 },
        rules: { q: 2 },
        status: 'done',
        levels: 5,
        candidatesTotal: 60,
      },
      '2026-11-29T10:00:00.000Z',
    );
    direct.close();
    const list = await studio.api.call('runs.list', { game: 'apsis' });
    expect(list.map((r) => r.id)).toContain(id);
    const got = await studio.service.dispatch('runs.get', { runId: id });
    expect(got).toMatchObject({
      ok: true,
      value: { id, game: 'apsis', seed: 11, plan: { p: 1 }, rules: { q: 2 } },
    });
  });

  it('app.info reports the transport, database and workers', async () => {
    const info = await studio.service.dispatch('app.info', {});
    expect(info).toMatchObject({ ok: true, value: { transport: 'server', dbName: 'studio.db', workers: 1 } });
    // No absolute path reaches the renderer: not the database's, nor any other.
    expect(JSON.stringify(info)).not.toContain(dirname(studio.dbPath));
  });

  it('has a handler for every method in the API table, and no others', () => {
    expect(Object.keys(studio.service.handlers).sort()).toEqual([...apiMethodNames].sort());
  });
});

describe("candidates.list checks sort keys and filter metrics against the run's game", () => {
  let runId = 0;
  beforeAll(async () => {
    const { openDatabase } = await import('../../src-main/store/db');
    const direct = openDatabase(studio.dbPath);
    runId = insertRun(
      direct,
      { game: 'carillon', seed: 3, plan: [], rules: {}, status: 'done', levels: 1, candidatesTotal: 3 },
      '2026-11-29T10:00:00.000Z',
    );
    const cand = (index: number, bits: number, dots: number) => ({
      slot: 0,
      index,
      level: { dots: [] },
      metrics: { bits, taps: 1, dots, jobMs: 5 },
      difficulty: bits,
      proof: {},
    });
    insertCandidates(direct, runId, [cand(0, 2.5, 4), cand(1, 0.5, 5), cand(2, 1.5, 3)]);
    direct.close();
  });

  it('an unknown sort key is a bad-argument naming sort.key and listing the valid keys', async () => {
    const env = await studio.service.dispatch('candidates.list', { runId, sort: { key: 'nonsense' } });
    expect(env.ok).toBe(false);
    if (env.ok) return;
    expect(env.error.code).toBe('bad-argument');
    expect(env.error.fields).toHaveLength(1);
    expect(env.error.fields![0]!.field).toBe('sort.key');
    const known = [
      'bits',
      'taps',
      'dots',
      'arrows',
      'winning',
      'bigDots',
      'bigStarts',
      'jobMs',
      'slot',
      'index',
      'id',
      'verdict',
      'level',
      'approvedLevel',
    ];
    expect(env.error.fields![0]!.message).toBe(
      `Carillon has no metric "nonsense" to sort by; known: ${known.join(', ')}`,
    );
    expect(env.error.message).toBe(
      `candidates.list: bad argument — sort.key: Carillon has no metric "nonsense" to sort by; known: ${known.join(', ')}`,
    );
  });

  it('an unknown filter metric is a bad-argument naming filters.<i>.metric and listing the metrics', async () => {
    const env = await studio.service.dispatch('candidates.list', {
      runId,
      filters: [
        { metric: 'bits', min: 0 },
        { metric: 'bogus', min: 1 },
      ],
    });
    expect(env).toMatchObject({
      ok: false,
      error: {
        code: 'bad-argument',
        fields: [
          {
            field: 'filters.1.metric',
            message:
              'Carillon has no metric "bogus"; known: bits, taps, dots, arrows, winning, bigDots, bigStarts, jobMs',
          },
        ],
      },
    });
    // A plain column is a sort key, not a metric to filter on.
    const column = await studio.service.dispatch('candidates.list', {
      runId,
      filters: [{ metric: 'slot', max: 3 }],
    });
    expect(column).toMatchObject({
      ok: false,
      error: { code: 'bad-argument', fields: [{ field: 'filters.0.metric' }] },
    });
    // Another game's metric is unknown here.
    const apsisMetric = await studio.service.dispatch('candidates.list', { runId, sort: { key: 'reads' } });
    expect(apsisMetric).toMatchObject({
      ok: false,
      error: { code: 'bad-argument', fields: [{ field: 'sort.key' }] },
    });
  });

  it('valid sorts and filters still work; an unknown run is still not-found', async () => {
    const ids = async (args: Record<string, unknown>): Promise<number[]> => {
      const env = await studio.service.dispatch('candidates.list', { runId, withLevels: false, ...args });
      if (!env.ok) throw new Error(env.error.message);
      return (env.value as CandidatePage).items.map((c) => c.index);
    };
    expect(await ids({ sort: { key: 'bits', dir: 'desc' } })).toEqual([0, 2, 1]);
    expect(await ids({ sort: { key: 'dots' } })).toEqual([2, 0, 1]);
    expect(await ids({ sort: { key: 'index', dir: 'desc' } })).toEqual([2, 1, 0]);
    // "Pool, candidate" descending turns the candidates round too (issue 22: "↓ desc" was ignored).
    expect(await ids({ sort: { key: 'slot', dir: 'desc' } })).toEqual([2, 1, 0]);
    expect(await ids({ sort: { key: 'slot', dir: 'asc' } })).toEqual([0, 1, 2]);
    expect(await ids({ sort: { key: 'jobMs' } })).toEqual([0, 1, 2]);
    expect(await ids({ filters: [{ metric: 'bits', min: 1 }], sort: { key: 'bits' } })).toEqual([2, 0]);
    const missing = await studio.service.dispatch('candidates.list', {
      runId: 987654,
      sort: { key: 'nonsense' },
    });
    expect(missing).toMatchObject({ ok: false, error: { code: 'not-found' } });
  });
});
