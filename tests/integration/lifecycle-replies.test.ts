/**
 * Lifecycle replies tell the truth off the happy path, against the real store: a cancel answers
 * the status the run (or every run of an experiment) ended with, never the 'running' it had when
 * asked; cancelling twice, cancelling a finished run, resuming a finished or running one,
 * deleting a running one, and calls on a deleted run are each refused in a sentence naming the
 * status, or answered with the true state. A run running again has no report (the last
 * attempt's would be stale), and one run of an experiment is not deleted on its own.
 */
import { describe, expect, it } from 'vitest';
import type { StudioClient } from '../../src-shared/api';
import { refusal } from '../helpers/refusal';
import { useTestStudio } from '../helpers/studio';

const studio = useTestStudio({ prefix: 'studio-lifecycle-' });

/** Resolve once the run has stored more than `n` candidates. */
function generated(runId: number, n: number): Promise<void> {
  return new Promise<void>((resolve) => {
    const off = studio.service.on('run.progress', (p) => {
      if (p.runId === runId && p.stage === 'generate' && p.done > n) {
        off();
        resolve();
      }
    });
  });
}

async function statusOf(client: StudioClient, runId: number): Promise<string> {
  return (await client.call('runs.get', { runId })).status;
}

describe('runs', () => {
  it('a cancel answers the stored status once the run has stopped (it said "running" before)', async () => {
    const run = await studio.api.call('runs.create', { game: 'carillon', seed: 31, levels: 40 });
    await generated(run.id, 20);
    const reply = await studio.api.call('runs.cancel', { runId: run.id });
    expect(reply.status).toBe('cancelled');
    expect(reply.candidatesDone).toBeGreaterThan(20);
    expect(reply.candidatesDone).toBeLessThan(reply.candidatesTotal);
    // What the reply says is what is stored, and nothing moves after it.
    const stored = await studio.api.call('runs.get', { runId: run.id });
    expect(stored).toMatchObject({ status: 'cancelled', candidatesDone: reply.candidatesDone });
    expect(studio.service.engine.isActive(run.id)).toBe(false);
    expect((await studio.api.call('runs.report', { runId: run.id }))?.status).toBe('cancelled');

    // A second cancel names the status; so does a resume of a run already queued.
    const again = await refusal(studio.api.call('runs.cancel', { runId: run.id }));
    expect(again).toMatchObject({
      code: 'conflict',
      message: `run ${run.id} is cancelled; only a queued or running run can be cancelled`,
    });
    const resumed = await studio.api.call('runs.resume', { runId: run.id });
    expect(['queued', 'running']).toContain(resumed.status);
    // Running again, it has no report yet (it answered the cancelled attempt's before).
    expect(await studio.api.call('runs.report', { runId: run.id })).toBeNull();
    expect(resumed.status).toBe(await statusOf(studio.api, run.id));
    const twice = await refusal(studio.api.call('runs.resume', { runId: run.id }));
    expect(twice.code).toBe('conflict');
    expect(twice.message).toMatch(
      new RegExp(
        `^run ${run.id} is (queued|running); only a cancelled, interrupted or failed run can be resumed$`,
      ),
    );
    const done = await studio.service.engine.waitFor(run.id);
    expect(done.status).toBe('done');
    expect((await refusal(studio.api.call('runs.resume', { runId: run.id }))).message).toBe(
      `run ${run.id} is done; only a cancelled, interrupted or failed run can be resumed`,
    );
    expect((await refusal(studio.api.call('runs.cancel', { runId: run.id }))).message).toBe(
      `run ${run.id} is done; only a queued or running run can be cancelled`,
    );
  });

  it('two cancels at once both answer the one end; a queued run is cancelled at once', async () => {
    // A whole plan first (1,920 candidates): a 40-level one finished generating on a clean CI machine
    // before the cancel, and the queued run had started (12 candidates).
    const first = await studio.api.call('runs.create', { game: 'carillon', seed: 32 });
    const second = await studio.api.call('runs.create', { game: 'carillon', seed: 33, levels: 40 });
    expect(second.status).toBe('queued');
    await generated(first.id, 10);
    const queuedReply = await studio.api.call('runs.cancel', { runId: second.id });
    expect(queuedReply).toMatchObject({ status: 'cancelled', candidatesDone: 0 });
    const [a, b] = await Promise.all([
      studio.api.call('runs.cancel', { runId: first.id }),
      studio.api.call('runs.cancel', { runId: first.id }),
    ]);
    expect(a.status).toBe('cancelled');
    expect(b).toEqual(a);
    expect(await statusOf(studio.api, first.id)).toBe('cancelled');
  });

  it('a running run is not deleted; once deleted, every call on it says it does not exist', async () => {
    const run = await studio.api.call('runs.create', { game: 'carillon', seed: 34, levels: 40 });
    await generated(run.id, 5);
    const busy = await refusal(studio.api.call('runs.delete', { runId: run.id }));
    expect(busy).toMatchObject({
      code: 'conflict',
      message: `run ${run.id} is queued or running; cancel it before deleting`,
    });
    expect(await statusOf(studio.api, run.id)).toBe('running');
    await studio.api.call('runs.cancel', { runId: run.id });
    expect(await studio.api.call('runs.delete', { runId: run.id })).toEqual({ deleted: 1 });
    for (const call of [
      studio.api.call('runs.get', { runId: run.id }),
      studio.api.call('runs.cancel', { runId: run.id }),
      studio.api.call('runs.resume', { runId: run.id }),
      studio.api.call('runs.delete', { runId: run.id }),
      studio.api.call('runs.report', { runId: run.id }),
    ]) {
      expect(await refusal(call)).toMatchObject({
        code: 'not-found',
        message: `run ${run.id} does not exist`,
      });
    }
  });
});

describe('experiments', () => {
  const args = {
    base: { game: 'carillon' as const, levels: 12 },
    variants: [{ changes: { 'rules.spacing': 22 } }],
    seeds: [5, 6, 7],
  };

  it('a cancel answers the status its runs ended with, and every run is stopped when it answers', async () => {
    const made = await studio.api.call('experiments.create', { ...args, name: 'cancel me' });
    if (made.experimentId === null) throw new Error(made.confirm.message);
    const id = made.experimentId;
    for (;;) {
      const e = await studio.api.call('experiments.get', { experimentId: id });
      if (e.progress.candidatesDone > 30) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    const reply = await studio.api.call('experiments.cancel', { experimentId: id });
    expect(reply.status).toBe('cancelled');
    const detail = await studio.api.call('experiments.get', { experimentId: id });
    expect(detail.status).toBe('cancelled');
    expect(detail.runsDone).toBe(reply.runsDone);
    for (const c of detail.runs) {
      expect(['cancelled', 'done']).toContain(c.status);
      expect(studio.service.engine.isActive(c.runId)).toBe(false);
    }
    expect((await refusal(studio.api.call('experiments.cancel', { experimentId: id }))).message).toBe(
      `experiment ${id} is cancelled; only a queued or running experiment can be cancelled`,
    );

    // Resumed: resuming again while it runs is refused; deleting it while it runs too.
    const resumed = await studio.api.call('experiments.resume', { experimentId: id });
    expect(['queued', 'running']).toContain(resumed.status);
    const twice = await refusal(studio.api.call('experiments.resume', { experimentId: id }));
    expect(twice.message).toMatch(
      new RegExp(
        `^experiment ${id} is (queued|running) already; only a cancelled, interrupted or failed experiment can be resumed$`,
      ),
    );
    expect((await refusal(studio.api.call('experiments.delete', { experimentId: id }))).message).toBe(
      `experiment ${id} is running; cancel it before deleting`,
    );
    // One of its runs is not deleted on its own: the experiment's results need every one.
    const one = detail.runs.find((c) => c.status === 'cancelled') ?? detail.runs[0]!;
    expect((await refusal(studio.api.call('runs.delete', { runId: one.runId }))).message).toBe(
      `run ${one.runId} is a run of experiment ${id} (“cancel me”); delete the experiment to remove its runs`,
    );
    const stopped = await studio.api.call('experiments.cancel', { experimentId: id });
    expect(stopped.status).toBe('cancelled');
    const runIds = detail.runs.map((c) => c.runId);
    expect(await studio.api.call('experiments.delete', { experimentId: id })).toEqual({
      deleted: 1,
      runs: runIds.length,
    });
    for (const runId of runIds)
      expect((await refusal(studio.api.call('runs.get', { runId }))).code).toBe('not-found');
    expect((await refusal(studio.api.call('experiments.resume', { experimentId: id }))).code).toBe(
      'not-found',
    );
    expect((await refusal(studio.api.call('experiments.cancel', { experimentId: id }))).code).toBe(
      'not-found',
    );
  });
});
