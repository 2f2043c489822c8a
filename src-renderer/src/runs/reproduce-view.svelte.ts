/**
 * The Runs page's reproduce checks (runs.reproduce): the last job per run, kept up to date by
 * the `run.reproduce` events main pushes while a run is made again, so the page shows progress
 * and then the verdict (./reproduce-words.ts). The Reproduce action (runs-actions.ts) starts one.
 */
import type { ReproduceJob } from '../../../src-shared/api';
import { studio } from '../lib/studio.svelte';

/** The later of two states of one run's checks (a reply may come after the events it started). */
function later(a: ReproduceJob | undefined, b: ReproduceJob): ReproduceJob {
  if (!a || a.startedAt !== b.startedAt) return !a || b.startedAt >= a.startedAt ? b : a;
  if (a.state !== 'running') return a;
  return b.state !== 'running' || b.overall >= a.overall ? b : a;
}

class ReproduceUi {
  jobs = $state<Record<number, ReproduceJob>>({});
  private subscribed = false;

  private keep(job: ReproduceJob): void {
    this.jobs = { ...this.jobs, [job.runId]: later(this.jobs[job.runId], job) };
  }

  private subscribe(): void {
    if (this.subscribed) return;
    this.subscribed = true;
    studio.client.on('run.reproduce', (job) => this.keep(job));
  }

  /** The run's check under way, or its last one. */
  job(runId: number): ReproduceJob | null {
    return this.jobs[runId] ?? null;
  }

  running(runId: number): boolean {
    return this.jobs[runId]?.state === 'running';
  }

  /** Read the run's last check (the page opened, or a run was selected). */
  async load(runId: number): Promise<void> {
    this.subscribe();
    try {
      const job = await studio.client.call('runs.reproduction', { runId });
      if (job) this.keep(job);
    } catch (e) {
      studio.report(`Could not read the reproduce check of run ${runId}`, e);
    }
  }

  /** Make the run again and compare it with what is stored. */
  async start(runId: number): Promise<void> {
    this.subscribe();
    try {
      this.keep(await studio.client.call('runs.reproduce', { runId }));
    } catch (e) {
      studio.report(`Could not reproduce run ${runId}`, e);
    }
  }
}
export const reproduceUi = new ReproduceUi();
