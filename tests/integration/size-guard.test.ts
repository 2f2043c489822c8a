/**
 * One size guard for new runs and experiments (src-main/runs/size-guard.ts): a request of
 * 50,000 candidates or more is held back, with its estimated time at the measured rate, and
 * nothing is stored until it is sent again confirmed; one just under the threshold starts. The
 * threshold itself asks (issue 21: a plan of exactly 50,000 skipped the question), for a run
 * and an experiment alike. A run is refused (a
 * conflict naming the field `confirm`), an experiment answers its question.
 */
import { describe, expect, it } from 'vitest';
import { CONFIRM_CANDIDATES } from '../../src-main/runs/size-guard';
import { refusal } from '../helpers/refusal';
import { useTestStudio } from '../helpers/studio';

const studio = useTestStudio({ prefix: 'studio-size-guard-' });

describe('the size guard', () => {
  it('holds a run past the threshold with its estimated time, stores nothing, and starts it confirmed', async () => {
    expect(CONFIRM_CANDIDATES).toBe(50_000);
    // 120 levels × 800 candidates each: under the 100,000 a run may hold, past the threshold.
    const big = { game: 'carillon' as const, seed: 3, rules: { poolSize: 800 } };
    const asked = await refusal(studio.api.call('runs.create', big));
    const question =
      /^this run makes 96,000 candidates \(120 levels\), at least 50,000; it would take about \d+ (s|min) at the measured rate\. Confirm to run it anyway\.$/;
    expect(asked.code).toBe('conflict');
    expect(asked.message).toMatch(question);
    expect(asked.fields).toEqual([{ field: 'confirm', message: asked.message }]);
    expect(await studio.api.call('runs.list', {})).toEqual([]);
    // Explicitly not confirmed: the same question.
    expect((await refusal(studio.api.call('runs.create', { ...big, confirm: false }))).message).toBe(
      asked.message,
    );

    const run = await studio.api.call('runs.create', { ...big, confirm: true });
    expect(run.candidatesTotal).toBe(96_000);
    expect(['queued', 'running']).toContain(run.status);
    expect((await studio.api.call('runs.cancel', { runId: run.id })).status).toBe('cancelled');
    await studio.api.call('runs.delete', { runId: run.id });
  });

  it('asks of a run of exactly the threshold, and lets one just under it start without asking', async () => {
    const exactly = { game: 'carillon' as const, seed: 4, levels: 100, rules: { poolSize: 500 } };
    const asked = await refusal(studio.api.call('runs.create', exactly));
    expect(asked.code).toBe('conflict');
    expect(asked.message).toMatch(/^this run makes 50,000 candidates \(100 levels\), at least 50,000; /);
    expect(await studio.api.call('runs.list', {})).toEqual([]);
    // 120 levels × 416 candidates = 49,920: under the threshold, no question.
    const run = await studio.api.call('runs.create', {
      game: 'carillon',
      seed: 4,
      levels: 120,
      rules: { poolSize: 416 },
    });
    expect(run.candidatesTotal).toBe(49_920);
    expect((await studio.api.call('runs.cancel', { runId: run.id })).status).toBe('cancelled');
    await studio.api.call('runs.delete', { runId: run.id });
  });

  it('asks of an experiment of exactly the threshold too', async () => {
    // 5 seeds × 100 levels × (16 candidates in the base + 84 in the variant) = exactly 50,000.
    const held = await studio.api.call('experiments.create', {
      base: { game: 'carillon', levels: 100 },
      variants: [{ changes: { 'rules.poolSize': 84 } }],
      seeds: [1, 2, 3, 4, 5],
    });
    if (held.experimentId !== null) throw new Error('an experiment of exactly 50,000 started without asking');
    expect(held.confirm).toMatchObject({ candidates: 50_000, threshold: 50_000 });
    expect(await studio.api.call('experiments.list', {})).toEqual([]);
  });

  it('asks the same of an experiment (the same threshold and words), storing nothing', async () => {
    // 2 arms × 14 seeds × 1,920 candidates = 53,760.
    const held = await studio.api.call('experiments.create', {
      base: { game: 'carillon' },
      variants: [{ changes: { 'rules.spacing': 20 } }],
      seeds: Array.from({ length: 14 }, (_, i) => i + 1),
    });
    if (held.experimentId !== null) throw new Error('the experiment started without asking');
    expect(held.confirm).toMatchObject({ candidates: 53_760, threshold: 50_000 });
    expect(held.confirm.message).toMatch(
      /^this experiment makes 53,760 candidates \(2 arms × 14 seeds\), at least 50,000; it would take about \d+ (s|min) at the measured rate\. Confirm to run it anyway\.$/,
    );
    expect(await studio.api.call('experiments.list', {})).toEqual([]);
    expect(await studio.api.call('runs.list', {})).toEqual([]);
  });

  it('a confirm that is not yes or no is refused naming the field', async () => {
    const bad = await refusal(
      studio.api.call('runs.create', { game: 'carillon', seed: 1, confirm: 'yes' as never }),
    );
    expect(bad.code).toBe('bad-argument');
    expect(bad.fields).toEqual([{ field: 'confirm', message: 'must be true or false' }]);
  });
});
