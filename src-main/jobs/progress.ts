/**
 * Progress per run: the phase each event belongs to, when each phase started and ended, and
 * a weighted overall figure, which only moves forward (a resumed run starts from where it
 * was). Every event goes out through `onProgress`; the run report reads the phase times.
 * A phase's time adds up every attempt: what earlier processes stored (`prior`, given at
 * start), what this one spent in it, also in a phase a cancel or close stopped part way.
 */
import { performance } from 'node:perf_hooks';
import type { RunPhaseProgress, RunProgress, RunStatus } from '../../src-shared/api';
import { overallProgress, RUN_PHASES, type PhaseWeights } from '../../src-shared/progress';

/** Milliseconds spent in each phase (a phase never entered is left out). */
export type PhaseMs = Partial<Record<RunPhaseProgress['name'], number>>;

export interface RunProgressTracker {
  /**
   * A run (re)starts: its phases wait again; its overall figure stays where it was. `prior`:
   * the time earlier attempts spent in each phase (stored with the run), which this one adds to.
   */
  start(runId: number, weights: PhaseWeights | undefined, prior?: PhaseMs): void;
  /** One progress event; `stage` is a phase name, 'done', or an end status. */
  emit(
    runId: number,
    status: RunStatus,
    stage: string,
    done: number,
    total: number,
    rate: number,
    eta: number | null,
    stages: RunProgress['stages'],
  ): void;
  /** How long each phase took over every attempt so far, the running one up to now (null: never entered). */
  phaseTimes(runId: number): { name: RunPhaseProgress['name']; ms: number | null }[];
}

interface Track {
  overall: number;
  weights: PhaseWeights | undefined;
  phases: RunPhaseProgress[];
  current: RunPhaseProgress['name'] | null;
  startedAt: number;
  /** Earlier attempts' time plus this process's finished stretches, per phase. */
  spent: PhaseMs;
}

const workingPhases = RUN_PHASES.filter((p): p is RunPhaseProgress['name'] => p !== 'done');

export function createProgressTracker(onProgress: (p: RunProgress) => void): RunProgressTracker {
  const tracks = new Map<number, Track>();

  function start(runId: number, weights: PhaseWeights | undefined, prior: PhaseMs = {}): Track {
    const was = tracks.get(runId)?.overall ?? 0;
    const t: Track = {
      // A run that had finished starts again from nothing (a top-up); a resumed one carries on.
      overall: was >= 1 ? 0 : was,
      weights,
      phases: workingPhases.map((name) => ({ name, state: 'waiting', ms: null })),
      current: null,
      startedAt: 0,
      spent: { ...prior },
    };
    tracks.set(runId, t);
    return t;
  }

  /** Add the running phase's stretch to its time; returns the phase's time so far. */
  function closeStretch(t: Track, now: number): number {
    const name = t.current!;
    const ms = (t.spent[name] ?? 0) + (now - t.startedAt);
    t.spent[name] = ms;
    return ms;
  }

  /** Close the running phase (its time) and open `next` (null: the run ended). */
  function enterPhase(t: Track, next: RunPhaseProgress['name'] | null): void {
    if (t.current === next) return;
    const now = performance.now();
    const cur = t.phases.find((p) => p.name === t.current);
    if (cur) {
      cur.state = 'done';
      cur.ms = Math.round(closeStretch(t, now));
    }
    t.current = next;
    t.startedAt = now;
    const nxt = t.phases.find((p) => p.name === next);
    if (nxt) nxt.state = 'running';
  }

  function emit(
    runId: number,
    status: RunStatus,
    stage: string,
    done: number,
    total: number,
    rate: number,
    eta: number | null,
    stages: RunProgress['stages'],
  ): void {
    const t = tracks.get(runId) ?? start(runId, undefined);
    const phase = workingPhases.find((p) => p === stage);
    if (phase) {
      enterPhase(t, phase);
      t.overall = Math.max(t.overall, overallProgress(phase, done, total, t.weights));
    } else if (stage === 'done') {
      enterPhase(t, null);
      t.overall = 1;
    } else if (t.current !== null) {
      // Cancelled, failed or interrupted: the phase stops where it was (its time so far kept
      // for the next attempt); the figure stays.
      const cur = t.phases.find((p) => p.name === t.current)!;
      closeStretch(t, performance.now());
      cur.state = 'waiting';
      t.current = null;
    }
    onProgress({
      runId,
      status,
      stage,
      done,
      total,
      rate,
      etaSeconds: eta,
      stages,
      overall: t.overall,
      phases: t.phases.map((p) => ({ ...p })),
    });
  }

  return {
    start: (runId, weights, prior) => void start(runId, weights, prior),
    emit,
    phaseTimes: (runId) => {
      const t = tracks.get(runId);
      const now = performance.now();
      return workingPhases.map((name) => {
        const running = t !== undefined && t.current === name;
        const spent = t?.spent[name];
        if (spent === undefined && !running) return { name, ms: null };
        return { name, ms: Math.round((spent ?? 0) + (running ? now - t!.startedAt : 0)) };
      });
    },
  };
}
