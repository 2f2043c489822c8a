/**
 * The top-up dialog's state and commands (issue 23), shared by the Ordering page, Pools and
 * the palette: which run and levels, how many candidates, the optional targeted stop; start it
 * through runs.topUp, follow the run's progress, say what it changed (the run's report) and
 * undo it (the run's history). The fields are sent as typed: the API names a bad one.
 */
import { studio } from '../lib/studio.svelte';
import { errorText } from '../lib/errors';
import { runPercent, runProgressText } from '../runs/progress-text';
import { overallText } from '../../../src-shared/progress';
import { outcomeText, readLevelList } from '../../../src-shared/top-up';
import { rangesText } from '../../../src-shared/ordering/level-ranges';

class TopUpDialog {
  runId = $state<number | null>(null);
  levelsText = $state('');
  candidates = $state('16');
  untilNear = $state('');
  /** The top-up started from this dialog, while it runs and after. */
  started = $state<{ runId: number; id: number } | null>(null);
  /** What it changed, once done (the report's words). */
  outcome = $state<string | null>(null);
  error = $state<string | null>(null);
  busy = $state(false);

  get open(): boolean {
    return this.runId !== null;
  }

  /** Open the dialog for levels of a run. */
  show(runId: number, levels: readonly number[]): void {
    this.runId = runId;
    this.levelsText = rangesText(levels, '-');
    this.error = null;
    this.outcome = null;
    this.started = null;
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
        this.error = `The top-up stopped: the run is ${run.status}${run.error ? ` (${run.error})` : ''}. Resume the run on the Runs page to finish it.`;
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
