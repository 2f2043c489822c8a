import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiMethodNames, parseArgs, ApiError, type GameInfo, type RunSummary } from '../../src-shared/api';
import { games } from '../../src-shared/games/index';
import { insertRun } from '../../src-main/store/runs';
import type { Service } from '../../src-main/service';
import { testService } from '../helpers/service';

let ctx: ReturnType<typeof testService>;
let service: Service;
beforeAll(() => {
  ctx = testService(1);
  service = ctx.service;
});
afterAll(async () => ctx.dispose());

describe('API validation', () => {
  it('names the offending field for each bad argument', () => {
    const cases: [Parameters<typeof parseArgs>[0], unknown, RegExp][] = [
      ['runs.get', { runId: 'seven' }, /runId: must be a number/],
      ['runs.get', { runId: -3 }, /runId: must be a positive run id/],
      ['runs.get', { runId: 1.5 }, /runId: must be a whole number/],
      ['runs.get', {}, /runId/],
      ['runs.list', { game: 'tetris' }, /game: /],
      ['runs.list', { status: 'sleeping' }, /status: /],
      ['games.list', { extra: 1 }, /unknown field\(s\): extra/],
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
    const before = (await service.dispatch('runs.list', {})) as { ok: true; value: RunSummary[] };
    const bad = await service.dispatch('runs.get', { runId: 'x' });
    expect(bad).toMatchObject({ ok: false, error: { code: 'bad-argument', fields: [{ field: 'runId' }] } });
    const unknown = await service.dispatch('runs.destroyAll', {});
    expect(unknown).toMatchObject({ ok: false, error: { code: 'unknown-method' } });
    const missing = await service.dispatch('runs.get', { runId: 4242 });
    expect(missing).toMatchObject({ ok: false, error: { code: 'not-found', message: 'run 4242 does not exist' } });
    const after = await service.dispatch('runs.list', {});
    expect(after).toEqual(before);
  });
});

describe('API methods', () => {
  it('lists every registered game with its rules and default plan', async () => {
    const reply = (await service.dispatch('games.list', {})) as { ok: true; value: GameInfo[] };
    expect(reply.ok).toBe(true);
    expect(reply.value.map((g) => g.id)).toEqual(games.map((g) => g.id));
    const carillon = reply.value.find((g) => g.id === 'carillon')!;
    const apsis = reply.value.find((g) => g.id === 'apsis')!;
    expect(carillon.levelCount).toBe(120);
    expect(apsis.levelCount).toBe(150);
    expect(carillon.planRows.length).toBeGreaterThan(0);
    expect(apsis.planRows.length).toBeGreaterThan(0);
    expect(carillon.defaultRules).toEqual(games[0]!.defaultRules);
  });

  it('lists and gets runs from SQLite', async () => {
    const { openDatabase } = await import('../../src-main/store/db');
    const direct = openDatabase(ctx.dbPath);
    const id = insertRun(direct, { game: 'apsis', seed: 11, plan: { p: 1 }, rules: { q: 2 }, status: 'done', levels: 5, candidatesTotal: 60 }, '2026-11-29T10:00:00.000Z');
    direct.close();
    const list = (await service.dispatch('runs.list', { game: 'apsis' })) as { ok: true; value: RunSummary[] };
    expect(list.value.map((r) => r.id)).toContain(id);
    const got = await service.dispatch('runs.get', { runId: id });
    expect(got).toMatchObject({ ok: true, value: { id, game: 'apsis', seed: 11, plan: { p: 1 }, rules: { q: 2 } } });
  });

  it('app.info reports the transport, database and workers', async () => {
    const info = await service.dispatch('app.info', {});
    expect(info).toMatchObject({ ok: true, value: { transport: 'server', dbPath: ctx.dbPath, workers: 1 } });
  });

  it('has a handler for every method in the API table, and no others', () => {
    expect(Object.keys(service.handlers).sort()).toEqual([...apiMethodNames].sort());
  });
});
