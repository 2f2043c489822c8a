/**
 * The Experiments screen's state: the experiment list, the one on screen (its detail, progress
 * and results, kept fresh from the experiment.* events), the presets, and the page's handlers
 * (the form's submit) while it is on screen. Its actions are ./experiments-actions.ts.
 */ import type {
  ExperimentDetail,
  ExperimentProgress,
  ExperimentResults,
  ExperimentSummary,
  Preset,
} from '../../../src-shared/api';
import { latestAsk } from '../lib/latest-ask';
import { studio } from '../lib/studio.svelte';

export const ACTIVE = ['queued', 'running'];

interface ExperimentFormHandlers {
  submit(): void;
  readonly busy: boolean;
}

class ExperimentsUi {
  list = $state<ExperimentSummary[]>([]);
  presets = $state<Preset[]>([]);
  /** The experiment on screen; null shows the new-experiment form. */
  selectedId = $state<number | null>(null);
  detail = $state<ExperimentDetail | null>(null);
  results = $state<ExperimentResults | null>(null);
  /** Latest progress per experiment; `overall` only ever grows on screen. */
  progress = $state<Record<number, ExperimentProgress>>({});
  form = $state<ExperimentFormHandlers | null>(null);
  /** A cancel, resume, delete or adopt under way. */
  busy = $state(false);
  private subscribed = false;
  private resultsTimer: ReturnType<typeof setTimeout> | null = null;
  /** Only the last reload asked for shows: an older answer (an earlier refresh, or one for an experiment since closed) is dropped. */
  private asks = latestAsk();

  get selected(): ExperimentSummary | null {
    return this.list.find((e) => e.id === this.selectedId) ?? null;
  }

  /** Progress and status changes from main: the list, the open detail and its results follow them. */
  subscribe(): void {
    if (this.subscribed) return;
    this.subscribed = true;
    studio.client.on('experiment.progress', (p) => {
      const before = this.progress[p.experimentId];
      // One bar for the whole experiment, forward only: a late event, a cancel or a resume never pulls it back.
      this.progress = {
        ...this.progress,
        [p.experimentId]: { ...p, overall: Math.max(before?.overall ?? 0, p.overall) },
      };
      if (p.experimentId === this.selectedId && p.runsDone !== (before?.runsDone ?? -1)) this.refreshSoon();
    });
    studio.client.on('experiment.changed', (e) => {
      void this.loadList();
      if (e.experimentId === this.selectedId) this.refreshSoon();
    });
    // An experiment another process (the CLI's `experiment`) makes or runs: its runs change there.
    studio.client.on('runs.changedElsewhere', () => {
      void this.loadList();
      if (this.selectedId !== null) this.refreshSoon();
    });
  }

  async loadList(): Promise<void> {
    try {
      this.list = await studio.client.call('experiments.list', {});
    } catch (e) {
      studio.report('Could not load the experiments', e);
    }
  }

  async loadPresets(): Promise<void> {
    try {
      this.presets = await studio.client.call('presets.list', {});
    } catch (e) {
      studio.report('Could not load the presets', e);
    }
  }

  /** Show an experiment (null: the new-experiment form) and load it. */
  open(id: number | null): void {
    this.selectedId = id;
    this.detail = null;
    this.results = null;
    // Reopening the same experiment must not take an answer asked for before it was closed.
    this.asks.drop();
    if (id !== null) void this.refresh();
  }

  /** Reload the open experiment's detail and results (a run of it finished, or it changed state). */
  async refresh(): Promise<void> {
    const id = this.selectedId;
    if (id === null) return;
    const current = this.asks.ask();
    try {
      const [detail, results] = await Promise.all([
        studio.client.call('experiments.get', { experimentId: id }),
        studio.client.call('experiments.results', { experimentId: id }),
      ]);
      if (!current()) return;
      this.detail = detail;
      this.results = results;
      const before = this.progress[id];
      this.progress = {
        ...this.progress,
        [id]: { ...detail.progress, overall: Math.max(before?.overall ?? 0, detail.progress.overall) },
      };
    } catch (e) {
      if (current()) studio.report(`Could not load experiment #${id}`, e);
    }
  }

  /** Coalesce bursts of events (many runs finishing at once) into one reload. */
  refreshSoon(): void {
    if (this.resultsTimer !== null) return;
    this.resultsTimer = setTimeout(() => {
      this.resultsTimer = null;
      void this.refresh();
    }, 250);
  }

  async act(what: 'cancel' | 'resume'): Promise<void> {
    const e = this.selected;
    if (!e || this.busy) return;
    this.busy = true;
    try {
      await studio.client.call(what === 'cancel' ? 'experiments.cancel' : 'experiments.resume', {
        experimentId: e.id,
      });
      await this.loadList();
      await this.refresh();
    } catch (err) {
      studio.report(`Could not ${what} experiment #${e.id}`, err);
    } finally {
      this.busy = false;
    }
  }

  async remove(id: number): Promise<void> {
    this.busy = true;
    try {
      await studio.client.call('experiments.delete', { experimentId: id });
      if (this.selectedId === id) this.open(null);
      await this.loadList();
      await studio.loadRuns();
    } catch (err) {
      studio.report(`Could not delete experiment #${id}`, err);
    } finally {
      this.busy = false;
    }
  }
}

export const experimentsUi = new ExperimentsUi();
