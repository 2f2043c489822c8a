/**
 * The order that ships now for the open pool (src-shared/ordering/ships-now.ts): which
 * candidate ships at which level, for the pools' headings, and the recompute Pools offers,
 * since a verdict changes what ships only after one: the approved and approved-first orders
 * (orderings.computeApproved), and the steered order when the run is steered (one steer with
 * no change, in the run's history as "Recomputed the steered order"). That verdicts changed
 * since is kept per run across a reload or restart (./stale-marks.ts).
 */
import type { OrderingKind, OrderingView } from '../../../src-shared/api';
import { ORDER_KINDS, ORDER_WORDS, shipsNow } from '../../../src-shared/ordering/ships-now';
import { studio } from '../lib/studio.svelte';
import type { ShipsNowMap } from './ships-text';
import { isMarked, mark, unmark, type MarkStore } from './stale-marks';

/** Where the "verdicts changed since" marks are kept (none where storage is refused). */
function markStore(): MarkStore | undefined {
  try {
    return globalThis.localStorage ?? undefined;
  } catch {
    return undefined;
  }
}

class ShipsNowView {
  runId = $state<number | null>(null);
  now = $state.raw<ShipsNowMap | null>(null);
  /** Whether the run is steered (the recompute then steers again too). */
  steered = $state(false);
  /** A verdict changed here since the order that ships now was computed (kept for next time). */
  stale = $state(false);
  recomputing = $state(false);
  /** What the last recompute did. */
  message = $state<string | null>(null);
  private seq = 0;
  /** When the order that ships now was computed (a recompute elsewhere, the Ordering page, clears `stale`). */
  private computedAt: string | null = null;

  async load(runId: number | null): Promise<void> {
    const mine = ++this.seq;
    if (runId !== this.runId) {
      // Another run: its own mark is read below.
      this.stale = false;
      this.message = null;
      this.computedAt = null;
    }
    this.runId = runId;
    if (runId === null) {
      this.now = null;
      return;
    }
    try {
      const views = await Promise.all(
        ORDER_KINDS.map((kind) => studio.client.call('orderings.get', { runId, kind })),
      );
      if (mine !== this.seq) return;
      const byKind = new Map<OrderingKind, OrderingView>(views.map((v) => [v.kind, v]));
      const state = (v: OrderingView | undefined) =>
        v?.computedAt ? { computed: true, complete: v.shortLevels.length === 0 } : null;
      const kind = shipsNow(Object.fromEntries(ORDER_KINDS.map((k) => [k, state(byKind.get(k))])));
      this.steered = !!byKind.get('steered')?.computedAt;
      const v = kind ? byKind.get(kind) : undefined;
      const at = v?.computedAt ?? null;
      // Kept from before (this session or the last): void once the order that ships is recomputed.
      this.stale = isMarked(markStore(), runId, at);
      this.computedAt = at;
      this.now =
        kind && v
          ? {
              kind,
              levelOf: new Map(
                v.levels.flatMap((l) => (l.candidateId === null ? [] : [[l.candidateId, l.level] as const])),
              ),
            }
          : null;
    } catch (e) {
      if (mine === this.seq) studio.report(`Could not read what run ${runId} ships now`, e);
    }
  }

  /** A verdict changed in the pool: what ships follows only after a recompute. */
  verdictChanged(): void {
    this.stale = true;
    this.message = null;
    if (this.runId !== null) mark(markStore(), this.runId, this.computedAt);
  }

  get recomputeBlocked(): string | null {
    if (this.runId === null) return 'no run is open in the pool';
    if (this.recomputing) return 'it is being recomputed';
    if (this.now === null) return 'the run has no order yet';
    return null;
  }

  async recompute(): Promise<void> {
    const runId = this.runId;
    if (runId === null || this.recomputeBlocked !== null) return;
    this.recomputing = true;
    try {
      await studio.client.call('orderings.computeApproved', { runId });
      if (this.steered) await studio.client.call('orderings.steer', { runId });
      unmark(markStore(), runId);
      if (this.runId !== runId) return;
      this.stale = false;
      await this.load(runId);
      this.message = `Recomputed: ${this.now ? `the ${ORDER_WORDS[this.now.kind]} order ships now` : 'no order ships yet'}.`;
    } catch (e) {
      studio.report(`Could not recompute what run ${runId} ships`, e);
    } finally {
      this.recomputing = false;
    }
  }
}

export const shipsView = new ShipsNowView();
