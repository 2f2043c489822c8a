/**
 * The typed in-process client (src-main/local-client.ts): replies typed per method from the
 * API table, arguments checked by the service exactly as the transports check them, a
 * refusal rejected as an ApiError with its code, sentence and fields (and nothing stored),
 * and pushed events delivered until unsubscribed.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { GameInfo, RunDetail, RunStatus, RunSummary } from '../../src-shared/api';
import { games } from '../../src-shared/games/index';
import { refusal } from '../helpers/refusal';
import { useTestStudio } from '../helpers/studio';

const studio = useTestStudio({ workers: 1, prefix: 'studio-client-' });

describe('localClient', () => {
  it("answers with each method's own reply type", async () => {
    const list = studio.api.call('games.list', {});
    expectTypeOf(list).resolves.toEqualTypeOf<GameInfo[]>();
    expect((await list).map((g) => g.id)).toEqual(games.map((g) => g.id));
    // Checked by the type checker only (never called).
    expectTypeOf(() => studio.api.call('runs.get', { runId: 1 })).returns.resolves.toEqualTypeOf<RunDetail>();
    expectTypeOf(() => studio.api.call('runs.list', {})).returns.resolves.toEqualTypeOf<RunSummary[]>();
    expect(studio.api.transport).toBe('local');
  });

  it('rejects bad arguments as the transports do, naming the field, and stores nothing', async () => {
    const before = await studio.api.call('runs.list', {});
    const e = await refusal(studio.api.call('runs.create', { game: 'carillon', seed: -3 }));
    const env = await studio.service.dispatch('runs.create', { game: 'carillon', seed: -3 });
    expect(env.ok).toBe(false);
    if (env.ok) return;
    expect(e.code).toBe('bad-argument');
    expect(e.message).toBe(env.error.message);
    expect(e.fields).toEqual(env.error.fields);
    expect(e.fields?.map((f) => f.field)).toEqual(['seed']);
    expect(await studio.api.call('runs.list', {})).toEqual(before);
  });

  it('rejects a missing run with its code and sentence', async () => {
    const e = await refusal(studio.api.call('runs.get', { runId: 424_242 }));
    expect(e.code).toBe('not-found');
    expect(e.message).toMatch(/run 424242 does not exist/);
  });

  it('delivers pushed events until unsubscribed', async () => {
    const seen: { runId: number; status: RunStatus }[] = [];
    const off = studio.api.on('run.changed', (c) => seen.push(c));
    const run = await studio.api.call('runs.create', { game: 'carillon', seed: 3, levels: 1 });
    await studio.service.engine.waitFor(run.id);
    off();
    const statuses = seen.filter((c) => c.runId === run.id).map((c) => c.status);
    expect(statuses).toContain('running');
    expect(statuses[statuses.length - 1]).toBe('done');
    const count = seen.length;
    const again = await studio.api.call('runs.create', { game: 'carillon', seed: 4, levels: 1 });
    await studio.service.engine.waitFor(again.id);
    expect(seen).toHaveLength(count);
  });
});
