/**
 * Progress per run: the phases each event belongs to, when each phase started and ended, and
 * a weighted overall figure, which only moves forward (a resumed run starts from where it
 * was). Every event goes out through `onProgress`; the run report reads the phase times.
 * A phase's time adds up every attempt: what earlier processes stored (`prior`, given at
 * start), what this one spent in it, also in a phase a cancel or close stopped part way.
 *
 * Phases may overlap (a run's pipeline, runs/phase-graph.ts, starts the near-duplicate pass
 * during generation): a run started `overlapping` keeps each phase running from its first
 * event until `endPhase`, its overall figure is every phase's weighted share added up, and
 * each event leads with the earliest phase still running (its count, rate and stages), so
 * the line shown never jumps back and forth between two phases; every phase's own count rides
 * in `phases`. A run not started so (a top-up) goes phase by phase: an event of one phase ends
 * the one before.
 */
import { performance } from 'node:perf_hooks';
import type { RunPhaseProgress, RunProgress, RunStatus } from '../../src-shared/api';
import { overallProgress, PHASE_WEIGHTS, RUN_PHASES, type PhaseWeights } from '../../src-shared/progress';

/** Milliseconds spent in each phase (a phase never entered is left out). */
export type PhaseMs = Partial<Record<RunPhaseProgress['name'], number>>;

export interface RunProgressTracker {
  /**
   * A run (re)starts: its phases wait again; its overall figure stays where it was. `prior`:
   * the time earlier attempts spent in each phase (stored with the run), which this one adds to.
   * `overlapping`: its phases may run at once, each ended by `endPhase`.
   */
  start(runId: number, weights: PhaseWeights | undefined, prior?: PhaseMs, overlapping?: boolean): void;
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
  /** An overlapping run's phase has finished (its time stops; it counts whole in the figure). */
  endPhase(runId: number, phase: RunPhaseProgress['name']): void;
  /** How long each phase took over every attempt so far, the running ones up to now (null: never entered). */
  phaseTimes(runId: number): { name: RunPhaseProgress['name']; ms: number | null }[];
}

type PhaseName = RunPhaseProgress['name'];

/** A phase's latest event: what an event led by it says. */
interface PhaseEvent {
  done: number;
  total: number;
  rate: number;
  eta: number | null;
  stages: RunProgress['stages'];
}

interface Track {
  overall: number;
  weights: PhaseWeights | undefined;
  overlapping: boolean;
  phases: RunPhaseProgress[];
  /** When each running phase's current stretch began. */
  since: Map<PhaseName, number>;
  latest: Map<PhaseName, PhaseEvent>;
  /** The phase the events lead with (it only moves forward). */
  lead: PhaseName | null;
  /** Earlier attempts' time plus this process's finished stretches, per phase. */
  spent: PhaseMs;
}

const workingPhases = RUN_PHASES.filter((p): p is PhaseName => p !== 'done');

export function createProgressTracker(onProgress: (p: RunProgress) => void): RunProgressTracker {
  const tracks = new Map<number, Track>();

  function start(
    runId: number,
    weights: PhaseWeights | undefined,
    prior: PhaseMs = {},
    overlapping = false,
  ): Track {
    const was = tracks.get(runId)?.overall ?? 0;
    const t: Track = {
      // A run that had finished starts again from nothing (a top-up); a resumed one carries on.
      overall: was >= 1 ? 0 : was,
      weights,
      overlapping,
      phases: workingPhases.map((name) => ({ name, state: 'waiting', ms: null })),
      since: new Map(),
      latest: new Map(),
      lead: null,
      spent: { ...prior },
    };
    tracks.set(runId, t);
    return t;
  }

  const phaseOf = (t: Track, name: PhaseName): RunPhaseProgress => t.phases.find((p) => p.name === name)!;

  /** Add a running phase's stretch to its time; returns the phase's time so far. */
  function closeStretch(t: Track, name: PhaseName, now: number): number {
    const ms = (t.spent[name] ?? 0) + (now - t.since.get(name)!);
    t.spent[name] = ms;
    t.since.delete(name);
    return ms;
  }

  function finish(t: Track, name: PhaseName, now: number): void {
    if (!t.since.has(name)) return;
    const p = phaseOf(t, name);
    p.state = 'done';
    p.ms = Math.round(closeStretch(t, name, now));
  }

  function open(t: Track, name: PhaseName, now: number): void {
    const p = phaseOf(t, name);
    if (p.state !== 'waiting') return;
    p.state = 'running';
    t.since.set(name, now);
  }

  /** The figure from every phase's share (done phases whole), as the weights split the bar. */
  function overlappingOverall(t: Track): number {
    const w = t.weights ?? PHASE_WEIGHTS;
    const sum = w.generate + w.order + w['near-duplicates'];
    let got = 0;
    for (const p of t.phases) {
      const e = t.latest.get(p.name);
      const share =
        p.state === 'done' ? 1 : e && e.total > 0 ? Math.min(1, Math.max(0, e.done / e.total)) : 0;
      got += w[p.name] * share;
    }
    return Math.min(1, got / sum);
  }

  /** The earliest running phase, never one before the lead so far. */
  function leadOf(t: Track): PhaseName | null {
    const from = t.lead === null ? 0 : workingPhases.indexOf(t.lead);
    for (let i = from; i < workingPhases.length; i++)
      if (phaseOf(t, workingPhases[i]!).state === 'running') return workingPhases[i]!;
    return t.lead;
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
    const now = performance.now();
    let out: { stage: string } & PhaseEvent = { stage, done, total, rate, eta, stages };
    if (phase) {
      if (!t.overlapping) for (const name of [...t.since.keys()]) if (name !== phase) finish(t, name, now);
      open(t, phase, now);
      t.latest.set(phase, { done, total, rate, eta, stages });
      if (t.overlapping) {
        t.overall = Math.max(t.overall, overlappingOverall(t));
        t.lead = leadOf(t);
        const lead = t.lead ? t.latest.get(t.lead) : undefined;
        if (t.lead && lead) out = { stage: t.lead, ...lead };
      } else t.overall = Math.max(t.overall, overallProgress(phase, done, total, t.weights));
    } else if (stage === 'done') {
      for (const name of [...t.since.keys()]) finish(t, name, now);
      t.overall = 1;
    } else {
      // Cancelled, failed or interrupted: the running phases stop where they were (their time
      // so far kept for the next attempt); the figure stays.
      for (const name of [...t.since.keys()]) {
        closeStretch(t, name, now);
        phaseOf(t, name).state = 'waiting';
      }
    }
    onProgress({
      runId,
      status,
      stage: out.stage,
      done: out.done,
      total: out.total,
      rate: out.rate,
      etaSeconds: out.eta,
      stages: out.stages,
      overall: t.overall,
      phases: t.phases.map((p) => {
        const e = t.latest.get(p.name);
        return e && p.state !== 'waiting' ? { ...p, done: e.done, total: e.total } : { ...p };
      }),
    });
  }

  return {
    start: (runId, weights, prior, overlapping) => void start(runId, weights, prior, overlapping),
    emit,
    endPhase: (runId, phase) => {
      const t = tracks.get(runId);
      if (!t) return;
      finish(t, phase, performance.now());
      t.overall = Math.max(t.overall, overlappingOverall(t));
    },
    phaseTimes: (runId) => {
      const t = tracks.get(runId);
      const now = performance.now();
      return workingPhases.map((name) => {
        const since = t?.since.get(name);
        const spent = t?.spent[name];
        if (spent === undefined && since === undefined) return { name, ms: null };
        return { name, ms: Math.round((spent ?? 0) + (since !== undefined ? now - since : 0)) };
      });
    },
  };
}
