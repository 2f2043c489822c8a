/**
 * The Ordering screen's data and commands (compute the approved ordering, export the approved
 * pack), kept outside the page component so the command palette can run them too.
 */
import type { OrderingLevel, OrderingView } from '../../../src-shared/api';
import { studio } from '../lib/studio.svelte';
import { exportPack, type ExportOutcome } from '../export/pack-files';

export interface RuleBreak {
  level: number;
  kind: 'easier' | 'jump';
  message: string;
}

/** Rule breaks read off a curve: a level easier than the one before, or a jump far past the target's step. */
export function ruleBreaks(levels: readonly OrderingLevel[]): RuleBreak[] {
  const out: RuleBreak[] = [];
  for (let i = 1; i < levels.length; i++) {
    const l = levels[i]!, p = levels[i - 1]!;
    if (l.difficulty === null || p.difficulty === null) continue;
    const step = l.difficulty - p.difficulty;
    if (step < -1e-9) out.push({ level: l.level, kind: 'easier', message: `easier than level ${p.level} (${fmtNum(step)})` });
    else if (l.target !== null && p.target !== null) {
      const want = l.target - p.target;
      if (want > 0 && step > 2 * want + 1e-9) out.push({ level: l.level, kind: 'jump', message: `jumps ${fmtNum(step)}, more than twice the target’s step (${fmtNum(want)})` });
    }
  }
  return out;
}

export function fmtNum(v: number): string {
  return Number.isInteger(v) ? String(v) : v.toFixed(2);
}


class OrderingScreen {
  runId = $state<number | null>(null);
  automatic = $state<OrderingView | null>(null);
  approved = $state<OrderingView | null>(null);
  approvedCount = $state<number | null>(null);
  loading = $state(false);
  loadError = $state<string | null>(null);
  computing = $state(false);
  exporting = $state(false);
  exported = $state<ExportOutcome | null>(null);
  exportError = $state<string | null>(null);
  private seq = 0;

  async load(runId: number): Promise<void> {
    const mine = ++this.seq;
    this.loading = true;
    this.loadError = null;
    if (this.runId !== runId) {
      this.exported = null;
      this.exportError = null;
    }
    this.runId = runId;
    try {
      const [automatic, approved, page] = await Promise.all([
        studio.client.call('orderings.get', { runId, kind: 'automatic' }),
        studio.client.call('orderings.get', { runId, kind: 'approved' }),
        studio.client.call('candidates.list', { runId, verdict: 'approved', limit: 1, withLevels: false }),
      ]);
      if (mine !== this.seq) return;
      this.automatic = automatic;
      this.approved = approved;
      this.approvedCount = page.total;
    } catch (e) {
      if (mine !== this.seq) return;
      this.automatic = this.approved = null;
      this.loadError = e instanceof Error ? e.message : String(e);
      studio.report(`Could not load the orderings of run ${runId}`, e);
    } finally {
      if (mine === this.seq) this.loading = false;
    }
  }

  /** Why the approved ordering cannot be computed now (null: it can). */
  get computeBlocked(): string | null {
    if (this.runId === null) return 'no run is open';
    if (this.computing) return 'it is being computed';
    if (studio.selectedRun?.status === 'imported') return 'an imported pack has no pools to approve from';
    if (this.approvedCount === null) return 'the run is loading';
    if (this.approvedCount === 0) return 'nothing is approved in this run yet';
    return null;
  }

  get canCompute(): boolean {
    return this.computeBlocked === null;
  }

  async compute(): Promise<void> {
    const runId = this.runId;
    if (runId === null || this.computing) return;
    this.computing = true;
    try {
      this.approved = await studio.client.call('orderings.computeApproved', { runId });
      this.exported = null;
    } catch (e) {
      studio.report(`Could not compute the approved ordering of run ${runId}`, e);
    } finally {
      this.computing = false;
    }
  }

  /** Why the approved pack cannot be exported now (null: it can). */
  get exportBlocked(): string | null {
    if (this.runId === null) return 'no run is open';
    if (this.exporting) return 'it is being exported';
    if (!this.approved?.computedAt) return 'the approved ordering has not been computed';
    const short = this.approved.shortLevels;
    if (short.length > 0) return `the approved ordering cannot fill level${short.length === 1 ? '' : 's'} ${short.join(', ')}`;
    return null;
  }

  get canExport(): boolean {
    return this.exportBlocked === null;
  }

  async exportApproved(): Promise<void> {
    const runId = this.runId;
    if (runId === null || this.exporting) return;
    this.exporting = true;
    this.exportError = null;
    try {
      const r = await exportPack(studio.client, { runId, kind: 'approved', layout: 'file' });
      if (r) this.exported = r;
    } catch (e) {
      this.exportError = e instanceof Error ? e.message : String(e);
      studio.report(`Could not export the approved pack of run ${runId}`, e);
    } finally {
      this.exporting = false;
    }
  }
}

export const orderingScreen = new OrderingScreen();
