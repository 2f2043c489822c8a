/**
 * An experiment's one progress figure, sampled event by event through a start, a cancel, an
 * hour standing cancelled, a resume and the end, across its runs: the overall figure, the runs
 * done and the candidates stored never go back; while nothing runs there is no rate and no time
 * left; and the time left is the measured rate's (the overall figure's recent speed since the
 * resume: every phase of a run counts, the hour stood cancelled does not). The runner is driven
 * with a fake clock and the events the engine sends, over a real database.
 */
import { describe, expect, it } from 'vitest';
import type { RunProgress, RunStatus } from '../../src-shared/api';
import type { ExperimentProgress } from '../../src-shared/experiments/types';
import { gameById } from '../../src-shared/games/index';
import { overallProgress, type RunPhase } from '../../src-shared/progress';
import { createExperimentRunner, type RunQueue } from '../../src-main/experiments/runner';
import type { WorkerPool } from '../../src-main/jobs/pool';
import { insertCandidates } from '../../src-main/store/candidates';
import { openDatabase } from '../../src-main/store/db';
import { experimentRuns, insertExperiment } from '../../src-main/store/experiments';
import { insertRun, setRunStatus } from '../../src-main/store/runs';

const NOW = '2026-11-30T00:00:00.000Z';
const game = gameById('carillon');
const weights = game.phaseWeights!;
const PER_RUN = 10;
/** Simulated time a run takes over all its phases: each step lasts its share of the run's figure. */
const RUN_MS = 20_000;

describe("an experiment's progress through cancel and resume", () => {
  it("only moves forward, has no rate while stopped, and its time left is the measured rate's", async () => {
    const db = openDatabase(':memory:');
    const arms = [0, 1].map((arm) => ({
      arm,
      name: arm ? 'wide' : 'base',
      changes: arm ? { 'rules.spacing': 22 } : {},
      plan: game.defaultPlan,
      rules: game.defaultRules,
    }));
    const { id, runIds } = insertExperiment(
      db,
      {
        game: 'carillon',
        name: 'progress',
        baseRunId: null,
        arms,
        seeds: [1, 2],
        scope: { kind: 'slots', slots: [0], candidates: PER_RUN },
      },
      NOW,
      (arm, seed) =>
        insertRun(
          db,
          {
            game: 'carillon',
            seed,
            plan: arm.plan,
            rules: arm.rules,
            status: 'queued',
            levels: 1,
            candidatesTotal: PER_RUN,
          },
          NOW,
        ),
    );
    let t = 0;
    const active = new Set<number>();
    const events: { t: number; p: ExperimentProgress }[] = [];
    const runner = createExperimentRunner({
      db,
      pool: {} as WorkerPool, // a quick experiment's runs need no shipped figures
      now: () => t,
      onProgress: (p) => events.push({ t, p }),
      onChanged: () => undefined,
      engine: (): RunQueue => ({
        enqueue: (runId) => {
          active.add(runId);
          setRunStatus(db, runId, 'queued');
        },
        cancel: async (runId) => {
          active.delete(runId);
          setRunStatus(db, runId, 'cancelled');
          runner.onRunChanged(runId, 'cancelled');
        },
        isActive: (runId) => active.has(runId),
        heldElsewhere: () => null,
        sweep: () => [],
      }),
    });
    const status = (runId: number, s: RunStatus): void => {
      if (s !== 'running' && s !== 'queued') active.delete(runId);
      setRunStatus(db, runId, s);
      runner.onRunChanged(runId, s);
    };
    let figure = new Map<number, number>();
    /** One step of a run: time passes by the share of the run it covers, then the engine's event. */
    const step = (runId: number, phase: RunPhase, done: number, total: number): void => {
      const overall = overallProgress(phase, done, total, weights);
      t += (overall - (figure.get(runId) ?? 0)) * RUN_MS;
      figure.set(runId, overall);
      if (phase === 'generate')
        insertCandidates(db, runId, [
          { slot: 0, index: done - 1, level: { dots: [] }, metrics: {}, difficulty: 1, proof: { tries: 1 } },
        ]);
      const p: RunProgress = {
        runId,
        status: 'running',
        stage: phase,
        done,
        total,
        overall,
        phases: [],
        rate: phase === 'generate' ? PER_RUN / ((RUN_MS * weights.generate) / 1000) : 0,
        etaSeconds: null,
        stages: [],
      };
      runner.onRunProgress(p);
    };
    /** A run from where it stands to the end (or to `until` candidates stored). */
    const run = (runId: number, from = 0, until = PER_RUN): void => {
      status(runId, 'running');
      for (let k = from + 1; k <= until; k++) step(runId, 'generate', k, PER_RUN);
      if (until < PER_RUN) return;
      step(runId, 'order', 1, 1);
      for (let k = 1; k <= 4; k++) step(runId, 'near-duplicates', k, 4);
      status(runId, 'done');
    };

    runner.start(id);
    run(runIds[0]!);
    run(runIds[1]!, 0, 6);
    const before = runner.progress(id);
    expect(before.etaSeconds).not.toBeNull();
    await runner.cancel(id);
    expect(experimentRuns(db, id).map((c) => c.status)).toEqual([
      'done',
      'cancelled',
      'cancelled',
      'cancelled',
    ]);
    const stopped = runner.progress(id);
    // Nothing runs: no rate (the cancelled run's is gone), no time left; the figure stays.
    expect(stopped).toMatchObject({
      status: 'cancelled',
      rate: 0,
      etaSeconds: null,
      runsDone: 1,
      candidatesDone: 16,
    });
    expect(stopped.overall).toBeCloseTo(before.overall, 12);

    t += 3_600_000; // an hour standing cancelled
    runner.start(id);
    figure = new Map([[runIds[1]!, overallProgress('generate', 6, PER_RUN, weights)]]);
    run(runIds[1]!, 6);
    const checks: number[] = [];
    for (const r of runIds.slice(2)) {
      status(r, 'running');
      for (let k = 1; k <= PER_RUN; k++) {
        step(r, 'generate', k, PER_RUN);
        const p = runner.progress(id);
        // What is left of the experiment, at the simulated speed (one run's figure per RUN_MS).
        const trueLeft = ((1 - p.overall) * runIds.length * RUN_MS) / 1000;
        checks.push(p.etaSeconds! / trueLeft);
      }
      step(r, 'order', 1, 1);
      for (let k = 1; k <= 4; k++) step(r, 'near-duplicates', k, 4);
      status(r, 'done');
    }
    // The measured rate holds every phase and none of the hour: within 10 % of the true time left
    // (a candidates-only estimate would read about half; one from the first start, hours).
    expect(checks).toHaveLength(20);
    for (const ratio of checks) {
      expect(ratio).toBeGreaterThan(0.9);
      expect(ratio).toBeLessThan(1.1);
    }

    const end = runner.progress(id);
    expect(end).toMatchObject({ status: 'done', overall: 1, etaSeconds: 0, runsDone: 4, candidatesDone: 40 });
    // Every figure sent, in order: nothing goes back, through the cancel, the resume and across runs.
    const seq = events.map((e) => e.p).filter((p) => p.experimentId === id);
    expect(seq.length).toBeGreaterThan(20);
    for (const key of ['overall', 'runsDone', 'candidatesDone'] as const) {
      for (let i = 1; i < seq.length; i++)
        expect(seq[i]![key], `${key} at event ${i}`).toBeGreaterThanOrEqual(seq[i - 1]![key]);
    }
    expect(seq.at(-1)).toMatchObject({ overall: 1, etaSeconds: 0 });
    db.close();
  });
});
