/**
 * Progress per run: the phase each event belongs to, when each phase started and ended, and
 * a weighted overall figure, which only moves forward (a resumed run starts from where it
 * was). Every event goes out through `onProgress`; the run report reads the phase times.
 */
import { performance } from 'node:perf_hooks';
import type { RunPhaseProgress, RunProgress, RunStatus } from '../../src-shared/api';
import { overallProgress, RUN_PHASES, type PhaseWeights } from '../../src-shared/progress';

export interface RunProgressTracker {
  /** A run (re)starts: its phases wait again; its overall figure stays where it was. */
  start(runId: number, weights: PhaseWeights | undefined): void;
  /** One progress event; `stage` is a phase name, 'done', or an end status. */
  emit(runId: number, status: RunStatus, stage: string, done: number, total: number, rate: number, eta: number | null, stages: RunProgress['stages']): void;
  /** How long each phase took in this process (for the run report). */
  phaseTimes(runId: number): { name: RunPhaseProgress['name']; ms: number | null }[];
}

interface Track {
  overall: number;
  weights: PhaseWeights | undefined;
  phases: RunPhaseProgress[];
  current: RunPhaseProgress['name'] | null;
  startedAt: number;
}

const workingPhases = RUN_PHASES.filter((p): p is RunPhaseProgress['name'] => p !== 'done');

export function createProgressTracker(onProgress: (p: RunProgress) => void): RunProgressTracker {
  const tracks = new Map<number, Track>();

  function start(runId: number, weights: PhaseWeights | undefined): Track {
    const t: Track = { overall: tracks.get(runId)?.overall ?? 0, weights, phases: workingPhases.map((name) => ({ name, state: 'waiting', ms: null })), current: null, startedAt: 0 };
    tracks.set(runId, t);
    return t;
  }

  /** Close the running phase (its time) and open `next` (null: the run ended). */
  function enterPhase(t: Track, next: RunPhaseProgress['name'] | null): void {
    if (t.current === next) return;
    const now = performance.now();
    const cur = t.phases.find((p) => p.name === t.current);
    if (cur) {
      cur.state = 'done';
      cur.ms = Math.round(now - t.startedAt);
    }
    t.current = next;
    t.startedAt = now;
    const nxt = t.phases.find((p) => p.name === next);
    if (nxt) nxt.state = 'running';
  }

  function emit(runId: number, status: RunStatus, stage: string, done: number, total: number, rate: number, eta: number | null, stages: RunProgress['stages']): void {
    const t = tracks.get(runId) ?? start(runId, undefined);
    const phase = workingPhases.find((p) => p === stage);
    if (phase) {
      enterPhase(t, phase);
      t.overall = Math.max(t.overall, overallProgress(phase, done, total, t.weights));
    } else if (stage === 'done') {
      enterPhase(t, null);
      t.overall = 1;
    } else if (t.current !== null) {
      // Cancelled, failed or interrupted: the phase stops where it was; the figure stays.
      const cur = t.phases.find((p) => p.name === t.current)!;
      cur.state = 'waiting';
      t.current = null;
    }
    onProgress({ runId, status, stage, done, total, rate, etaSeconds: eta, stages, overall: t.overall, phases: t.phases.map((p) => ({ ...p })) });
  }

  return {
    start: (runId, weights) => void start(runId, weights),
    emit,
    phaseTimes: (runId) => (tracks.get(runId)?.phases ?? []).map((p) => ({ name: p.name, ms: p.ms })),
  };
}
