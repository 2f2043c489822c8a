/**
 * The top-up dialog's state and commands (issue 23), shared by the Ordering page, Pools and
 * the palette: which run and levels, how many candidates, the optional targeted stop; start it
 * through runs.topUp, follow the run's progress, say what it changed (the run's report) and
 * undo it (the run's history). A top-up left part-way (cancelled, the studio closed, failed)
 * is offered to resume or to drop (runs.dropTopUp). The fields are sent as typed: the API
 * names a bad one.
 */
import { studio } from '../lib/studio.svelte';
import { errorText } from '../lib/errors';
import { runPercent, runProgressText } from '../runs/progress-text';
import { overallText } from '../../../src-shared/progress';
import { outcomeText, readLevelList, topUpText, type TopUpSummary } from '../../../src-shared/top-up';
import { rangesText } from '../../../src-shared/ordering/level-ranges';

class TopUpDialog {
  runId = $state<number | null>(null);
  levelsText = $state('');
  candidates = $state('16');
  untilNear = $state('');
  /** What a drop did, in a sentence. */
  dropped = $state<string | null>(null);
  /** The top-up started from this dialog, while it runs and after. */
  started = $state<{ runId: number; id: number } | null>(null);
  /** What it changed, once done (the report's words). */
  outcome = $state<string | null>(null);
  error = $state<string | null>(null);
  busy = $state(false);
  /** The run's top-up left part-way, to resume or drop (null: none). */
  pending = $state<TopUpSummary | null>(null);

  get open(): boolean {
    return this.runId !== null;
  }

  /** Open the dialog for levels of a run. */
  show(runId: number, levels: readonly number[]): void {
    this.runId = runId;
    this.levelsText = rangesText(levels, '-');
    this.error = null;
    this.outcome = null;
    this.dropped = null;
    this.started = null;
    this.pending = null;
    void this.findPending(runId);
  }

  /** Read whether the run has a top-up left part-way (the panel then offers resume and drop). */
  private async findPending(runId: number): Promise<void> {
    try {
      const left = (await studio.client.call('runs.topUps', { runId })).find((t) => t.status === 'pending');
      if (this.runId === runId) this.pending = left ?? null;
    } catch {
      // The panel still starts a top-up; the API says why if the run cannot take one.
    }
  }

  /** Finish the top-up left part-way (the run's own resume), following it as a started one. */
  async resume(): Promise<void> {
    const t = this.pending;
    if (!t || this.busy) return;
    this.busy = true;
    this.error = null;
    try {
      await studio.client.call('runs.resume', { runId: t.runId });
      this.pending = null;
      this.started = { runId: t.runId, id: t.id };
      await studio.loadRuns();
      await this.waitDone(t.runId, t.id);
    } catch (e) {
      this.error = errorText(e);
    } finally {
      this.busy = false;
    }
  }

  /** Drop the top-up left part-way: its candidates go, the run is as before it (refused, named, while any carries work). */
  async drop(): Promise<void> {
    const t = this.pending;
    if (!t || this.busy) return;
    this.busy = true;
    this.error = null;
    try {
      const r = await studio.client.call('runs.dropTopUp', { runId: t.runId });
      this.pending = null;
      this.outcome = null;
      this.dropped = `Dropped the top-up of ${topUpText(r.topUp)}: ${r.removed} candidate${r.removed === 1 ? '' : 's'} removed, the run is as it was before it.`;
      await studio.loadRuns();
    } catch (e) {
      this.error = errorText(e);
    } finally {
      this.busy = false;
    }
  }

  close(): void {
    this.runId = null;
  }

  /** The running top-up's progress line, or null. */
  get progress(): { lead: string; detail: string; percent: number } | null {
    if (!this.started) return null;
    const run = studio.runs.find((r) => r.id === this.started!.runId);
    if (!run || (run.status !== 'queued' && run.status !== 'running')) return null;
    const live = studio.progress[this.started.runId];
    // Until the first event the run's stored share would show the old pool nearly full, then drop.
    if (!live) return { lead: overallText(0), detail: 'queued', percent: 0 };
    // The Runs page's own words, so a top-up's progress reads as a run's does.
    return { ...runProgressText(run, live), percent: runPercent(run, live) };
  }

  async start(): Promise<void> {
    const runId = this.runId;
    if (runId === null) return;
    const levels = readLevelList(this.levelsText);
    if (!levels.ok) {
      this.error = `Levels: ${levels.message}.`;
      return;
    }
    this.busy = true;
    this.error = null;
    this.outcome = null;
    try {
      const r = await studio.client.submit('runs.topUp', {
        runId,
        levels: levels.levels,
        candidates: asTyped(this.candidates),
        ...(this.untilNear.trim() !== '' ? { untilNear: asTyped(this.untilNear) } : {}),
      });
      this.started = { runId, id: r.topUp.id };
      await studio.loadRuns();
      await this.waitDone(runId, r.topUp.id);
    } catch (e) {
      this.error = errorText(e);
    } finally {
      this.busy = false;
    }
  }

  /** Wait for the top-up to end (the run done again), then read what it changed. */
  private async waitDone(runId: number, id: number): Promise<void> {
    for (;;) {
      const tops = await studio.client.call('runs.topUps', { runId });
      const t = tops.find((x) => x.id === id);
      if (!t) return;
      if (t.status === 'done' && t.outcome) {
        this.outcome = outcomeText(t.outcome);
        await studio.loadRuns();
        return;
      }
      const run = await studio.client.call('runs.get', { runId });
      if (run.status !== 'queued' && run.status !== 'running') {
        this.error = `The top-up stopped: the run is ${run.status}${run.error ? ` (${run.error})` : ''}.`;
        this.pending = t.status === 'pending' ? t : null;
        return;
      }
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}

/** A number field as typed: its number when it reads as one, else its text (the API names it then). */
function asTyped(text: string): number | string {
  const t = text.trim();
  return t !== '' && Number.isFinite(Number(t)) ? Number(t) : t;
}

export const topUpDialog = new TopUpDialog();
