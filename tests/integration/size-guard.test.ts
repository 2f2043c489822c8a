/**
 * One size guard for new runs and experiments (src-main/runs/size-guard.ts): a request past
 * 50,000 candidates is held back, with its estimated time at the measured rate, and nothing is
 * stored until it is sent again confirmed; one at the threshold starts. A run is refused (a
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
      /^this run makes 96,000 candidates \(120 levels\), more than 50,000; it would take about \d+ (s|min) at the measured rate\. Confirm to run it anyway\.$/;
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

  it('lets a run of exactly the threshold start without asking', async () => {
    const run = await studio.api.call('runs.create', {
      game: 'carillon',
      seed: 4,
      levels: 100,
      rules: { poolSize: 500 },
    });
    expect(run.candidatesTotal).toBe(50_000);
    expect((await studio.api.call('runs.cancel', { runId: run.id })).status).toBe('cancelled');
    await studio.api.call('runs.delete', { runId: run.id });
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
      /^this experiment makes 53,760 candidates \(2 arms × 14 seeds\), more than 50,000; it would take about \d+ (s|min) at the measured rate\. Confirm to run it anyway\.$/,
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
