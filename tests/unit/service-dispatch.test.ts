/**
 * dispatch (src-main/service/dispatch.ts) over stand-in handlers: it checks the method name and
 * the arguments, and heads a bad argument with the method's name whoever found it (the schema
 * or a handler's own check), so no handler types the name; other errors pass as thrown, and
 * anything that is not an ApiError is answered as internal. It never throws.
 */
import { describe, expect, it } from 'vitest';
import { ApiError, BadArgument, type ApiHandlers } from '../../src-shared/api';
import { dispatcher } from '../../src-main/service/dispatch';

function handlersWith(overrides: Partial<ApiHandlers>): ApiHandlers {
  return new Proxy(overrides as ApiHandlers, {
    get: (target, name: string) =>
      (target as Record<string, unknown>)[name] ??
      (() => {
        throw new Error(`${name} was not expected`);
      }),
  });
}

describe('dispatch', () => {
  it('answers the handler’s value with parsed arguments (defaults filled in)', async () => {
    const seen: unknown[] = [];
    const dispatch = dispatcher(
      handlersWith({
        'history.list': (args) => {
          seen.push(args);
          return { runId: args.runId, entries: [], total: 0, undo: null, redo: null };
        },
      }),
    );
    expect(await dispatch('history.list', { runId: 3 })).toEqual({
      ok: true,
      value: { runId: 3, entries: [], total: 0, undo: null, redo: null },
    });
    expect(seen).toEqual([{ runId: 3, limit: 200 }]);
  });

  it('heads a schema’s bad argument with the method’s name', async () => {
    const dispatch = dispatcher(handlersWith({}));
    const env = await dispatch('runs.get', { runId: 'x' });
    expect(env).toEqual({
      ok: false,
      error: {
        code: 'bad-argument',
        message: 'runs.get: bad argument — runId: must be a number',
        fields: [{ field: 'runId', message: 'must be a number' }],
      },
    });
  });

  it('heads a handler’s own bad argument with the method that was called', async () => {
    const refuse = () => {
      throw new BadArgument([{ field: 'rules.width', message: 'must be at least 200' }]);
    };
    const dispatch = dispatcher(handlersWith({ 'runs.create': refuse, 'presets.save': refuse }));
    const run = await dispatch('runs.create', { game: 'carillon', seed: 1 });
    const preset = await dispatch('presets.save', { game: 'carillon', name: 'p' });
    expect(run).toMatchObject({
      ok: false,
      error: {
        code: 'bad-argument',
        message: 'runs.create: bad argument — rules.width: must be at least 200',
      },
    });
    expect(preset).toMatchObject({
      ok: false,
      error: {
        code: 'bad-argument',
        message: 'presets.save: bad argument — rules.width: must be at least 200',
      },
    });
  });

  it('passes any other ApiError as thrown, unheaded, and answers anything else as internal', async () => {
    const dispatch = dispatcher(
      handlersWith({
        'runs.get': () => {
          throw new ApiError('not-found', 'run 4 does not exist');
        },
        'runs.delete': () => {
          throw new ApiError('bad-argument', 'the runs are of different games', [
            { field: 'b', message: 'must be a carillon run' },
          ]);
        },
        'runs.list': () => {
          throw new TypeError('boom');
        },
      }),
    );
    expect(await dispatch('runs.get', { runId: 4 })).toEqual({
      ok: false,
      error: { code: 'not-found', message: 'run 4 does not exist' },
    });
    expect(await dispatch('runs.delete', { runId: 4 })).toEqual({
      ok: false,
      error: {
        code: 'bad-argument',
        message: 'the runs are of different games',
        fields: [{ field: 'b', message: 'must be a carillon run' }],
      },
    });
    expect(await dispatch('runs.list', {})).toEqual({
      ok: false,
      error: { code: 'internal', message: 'boom' },
    });
  });

  it('refuses an unknown method by its name, quoted and cut', async () => {
    const dispatch = dispatcher(handlersWith({}));
    expect(await dispatch('runs.destroyAll', {})).toEqual({
      ok: false,
      error: { code: 'unknown-method', message: 'unknown API method "runs.destroyAll"' },
    });
    const long = await dispatch('x'.repeat(10_000), {});
    expect(long.ok === false && long.error.message).toBe(`unknown API method "${'x'.repeat(80)}"`);
  });
});
