/**
 * Progress that reads right (issue 22): the overall figure and the phase's count are named
 * apart ("overall 39 % · generate 1,672 / 1,920"), each phase's count sits under its own name
 * (during the near-duplicate pass the candidates stay candidates, the pass counts pools), and
 * the experiment's line reads the same way. src-shared/progress.ts,
 * src-renderer/src/runs/progress-text.ts, src-renderer/src/experiments/experiment-progress.ts.
 */
import { describe, expect, it } from 'vitest';
import type { RunProgress, RunSummary } from '../../src-shared/api';
import { overallText, phaseCountText, progressLabel } from '../../src-shared/progress';
import {
  candidatesShown,
  phaseRows,
  runPercent,
  runProgressText,
} from '../../src-renderer/src/runs/progress-text';
import { experimentProgressLine } from '../../src-renderer/src/experiments/experiment-progress';

function run(o: Partial<RunSummary> = {}): RunSummary {
  return {
    id: 3,
    game: 'carillon',
    seed: 7,
    name: '',
    status: 'running',
    levels: 120,
    candidatesDone: 1672,
    candidatesTotal: 1920,
    createdAt: '',
    startedAt: null,
    finishedAt: null,
    durationMs: null,
    error: null,
    experimentId: null,
    experiment: null,
    dataProblem: null,
    made: null,
    generatorNote: null,
    ...o,
  };
}

function live(o: Partial<RunProgress> = {}): RunProgress {
  return {
    runId: 3,
    status: 'running',
    stage: 'generate',
    done: 1672,
    total: 1920,
    overall: 0.392,
    phases: [
      { name: 'generate', state: 'running', ms: null },
      { name: 'order', state: 'waiting', ms: null },
      { name: 'near-duplicates', state: 'waiting', ms: null },
    ],
    rate: 45.2,
    etaSeconds: 40,
    stages: [],
    ...o,
  };
}

const duringNearDuplicates = live({
  stage: 'near-duplicates',
  done: 76,
  total: 1350,
  overall: 0.72,
  phases: [
    { name: 'generate', state: 'done', ms: 9100 },
    { name: 'order', state: 'done', ms: 400 },
    { name: 'near-duplicates', state: 'running', ms: null },
  ],
});

describe('the shared words', () => {
  it('names the overall figure and the phase count apart, with thousands grouped', () => {
    expect(progressLabel(0.392, 'generate', 1672, 1920)).toBe('overall 39 % · generate 1,672 / 1,920');
    expect(overallText(0.999)).toBe('overall 99 %');
    expect(overallText(1)).toBe('overall 100 %');
    expect(overallText(0)).toBe('overall 0 %');
    expect(phaseCountText('near-duplicates', 76, 1350)).toBe('near-duplicates 76 / 1,350 pools');
    expect(phaseCountText('order', 0, 1)).toBe('order');
  });
});

describe("a run's progress line", () => {
  it('while generating: overall figure, then the phase with its count, rate and time left', () => {
    const t = runProgressText(run(), live());
    expect(t).toEqual({ lead: 'overall 39 %', detail: 'generate 1,672 / 1,920 · 45/s · 40 s left' });
    expect(`${t.lead} · ${t.detail}`).toMatch(/^overall 39 % · generate 1,672 \/ 1,920/);
  });

  it('during the near-duplicate pass the count is of pools, and said so', () => {
    expect(runProgressText(run(), duringNearDuplicates)).toEqual({
      lead: 'overall 72 %',
      detail: 'near-duplicates 76 / 1,350 pools',
    });
  });

  it('the order phase, finished, queued, imported and a run working elsewhere', () => {
    expect(runProgressText(run(), live({ stage: 'order', done: 0, total: 1, overall: 0.45 })).detail).toBe(
      'order…',
    );
    expect(runProgressText(run({ status: 'done', candidatesDone: 1920 }), undefined)).toEqual({
      lead: '100 %',
      detail: '1,920 / 1,920 candidates',
    });
    // In a table cell a finished run's line leaves out what the Plan column says, so it is not cut.
    expect(runProgressText(run({ status: 'done', candidatesDone: 1920 }), undefined, true)).toEqual({
      lead: '100 %',
      detail: '1,920 candidates',
    });
    expect(runProgressText(run({ status: 'imported', levels: 40 }), undefined, true).detail).toBe(
      'read from a pack',
    );
    expect(runProgressText(run({ status: 'cancelled', candidatesDone: 960 }), undefined, true).detail).toBe(
      '960 / 1,920 candidates',
    );
    expect(runProgressText(run({ status: 'queued', candidatesDone: 0 }), undefined)).toEqual({
      lead: '0 %',
      detail: 'waiting for the worker pool',
    });
    expect(runProgressText(run({ status: 'imported', levels: 40 }), undefined).detail).toBe(
      '40 levels read from a pack',
    );
    // A run another process runs sends no events here: its stored candidates, named as such.
    expect(runProgressText(run({ candidatesDone: 960 }), undefined)).toEqual({
      lead: '50 %',
      detail: '960 / 1,920 candidates stored',
    });
    // A run's last event carries how it ended: it no longer reads as working.
    expect(
      runProgressText(run({ status: 'cancelled', candidatesDone: 960 }), live({ status: 'cancelled' })),
    ).toEqual({ lead: '50 %', detail: '960 / 1,920 candidates' });
  });

  it("the bar's figure: live overall while working, full when done, stored share otherwise", () => {
    expect(runPercent(run(), live())).toBe(39.2);
    expect(runPercent(run({ status: 'done' }), live({ status: 'done', overall: 1 }))).toBe(100);
    expect(runPercent(run({ status: 'cancelled', candidatesDone: 480 }), undefined)).toBe(25);
  });
});

describe("each phase's count under its own name", () => {
  it('during the near-duplicate pass: generate keeps its candidates, the pass its pools', () => {
    const rows = phaseRows(run({ candidatesDone: 1920 }), duringNearDuplicates);
    expect(rows.map((r) => [r.name, r.count])).toEqual([
      ['generate', '1,920 / 1,920 candidates'],
      ['order', 'done'],
      ['near-duplicates', '76 / 1,350 pools'],
    ]);
    expect(rows[0]!.title).toBe('generate: took 9.1 s');
  });

  it('while generating: the live count under generate, the later phases waiting', () => {
    expect(phaseRows(run({ candidatesDone: 1500 }), live()).map((r) => r.count)).toEqual([
      '1,672 / 1,920 candidates',
      'waiting',
      'waiting',
    ]);
  });

  it("the run's Candidates figure is never the pass's count of pools", () => {
    expect(candidatesShown(run({ candidatesDone: 1920 }), duringNearDuplicates)).toBe(1920);
    expect(candidatesShown(run({ candidatesDone: 1500 }), live())).toBe(1672);
    expect(candidatesShown(run({ status: 'done', candidatesDone: 1920 }), undefined)).toBe(1920);
  });
});

describe("an experiment's progress line", () => {
  const p = {
    experimentId: 1,
    status: 'running' as const,
    overall: 0.4,
    runsDone: 3,
    runsTotal: 8,
    candidatesDone: 1234,
    candidatesTotal: 5000,
    rate: 45,
    etaSeconds: 40,
  };
  it('runs and candidates, and while working the rate and time left', () => {
    expect(experimentProgressLine(p, true)).toBe('3 of 8 runs · 1,234 / 5,000 candidates · 45/s · 40 s left');
    expect(experimentProgressLine({ ...p, rate: 0, etaSeconds: null }, true)).toBe(
      '3 of 8 runs · 1,234 / 5,000 candidates · estimating…',
    );
    expect(experimentProgressLine(p, false)).toBe('3 of 8 runs · 1,234 / 5,000 candidates');
  });
});
