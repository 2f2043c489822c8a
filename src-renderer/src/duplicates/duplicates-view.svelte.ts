/**
 * State of the Duplicates screen that its page and its actions share: every pair of the open
 * run (any triage state, read against one stored order), the filters (rule, how many ship,
 * triage) and what they show, the selected pair, triage decisions with their undo, and the
 * recompute that makes the order honour the triage. Alignment, labels and the shared zoom too.
 */
import type {
  DuplicatePairView,
  DuplicateShipsFilter,
  DuplicateTriageFilter,
  HistoryState,
  HistoryStep,
  OrderingKind,
  RowChange,
  TriageDecision,
  Verdict,
} from '../../../src-shared/api';
import { errorText } from '../lib/errors';
import type { PairTriageValue } from '../../../src-shared/history';
import { pairShown, shipsNeither } from '../../../src-shared/duplicate-filter';
import { NO_ZOOM, type BoardZoom } from '../boards/zoom';
import { studio } from '../lib/studio.svelte';
import { pool } from '../pools/pool-view.svelte';

/** The API's own cap on `duplicates.list`; a run holds a few thousand pairs, so this is every pair. */
export const PAIR_LIMIT = 100000;

export const SHIPS_OPTIONS: { value: DuplicateShipsFilter; label: string }[] = [
  { value: 'any', label: 'Any' },
  { value: 'both', label: 'Both ship' },
  { value: 'one', label: 'One ships' },
  { value: 'none', label: 'Neither ships' },
];
export const TRIAGE_OPTIONS: { value: DuplicateTriageFilter; label: string }[] = [
  { value: 'open', label: 'Not marked fine' },
  { value: 'unresolved', label: 'Unresolved' },
  { value: 'fine', label: 'Marked fine' },
  { value: 'all', label: 'All pairs' },
];

/** A pair's sides after verdict changes (a rejection touches every pair its candidate is in). */
function withVerdicts(p: DuplicatePairView, verdicts: ReadonlyMap<number, Verdict>): DuplicatePairView {
  const a = verdicts.get(p.a.id),
    b = verdicts.get(p.b.id);
  if (a === undefined && b === undefined) return p;
  return {
    ...p,
    a: a === undefined ? p.a : { ...p.a, verdict: a },
    b: b === undefined ? p.b : { ...p.b, verdict: b },
  };
}

class DupView {
  /** Every pair of the run, any triage state; replaced, never mutated, so raw. */
  all = $state.raw<DuplicatePairView[]>([]);
  loadedFor = $state<number | null>(null);
  loading = $state(false);
  loadError = $state<string | null>(null);
  /** The order "ships" was read against (the one shipping now unless `orderChoice` names one). */
  order = $state<OrderingKind | null>(null);
  /** '' = whichever order ships now (steered, else approved, else automatic). */
  orderChoice = $state<OrderingKind | ''>('');
  rule = $state('');
  ships = $state<DuplicateShipsFilter>('any');
  triage = $state<DuplicateTriageFilter>('open');
  /**
   * Show the pairs that ship neither level. Off by default: such a pair cannot put two alike
   * levels into the pack (most are small tutorial levels alike by nature), so it is folded away
   * with its count until asked for.
   */
  showNeither = $state(false);
  selectedId = $state<number | null>(null);
  /** Draw B under the inverse of the matching transform so it lines up with A. */
  align = $state(true);
  labels = $state(false);
  /** The one zoom both boards of the pair share. */
  zoom = $state<BoardZoom>(NO_ZOOM);
  /** A decision, undo, redo or recompute in flight (the ones pressed after it wait their turn). */
  busy = $state(false);
  /** Decisions, undo, redo and recompute run one after another, in the order they were asked for. */
  private queue: Promise<void> = Promise.resolve();
  recomputing = $state(false);
  /** What the last decision did, in words. */
  message = $state<string | null>(null);
  /** What undo and redo act on now (the run's one history). */
  history = $state<HistoryState | null>(null);
  /** Triage decisions made here since the order was last read: the order does not know them yet. */
  sinceOrder = $state(0);
  private loadSeq = 0;

  /** The pairs the rule, ships and triage filters keep. */
  private matching = $derived.by(() =>
    this.all.filter(
      (p) => (this.rule === '' || p.rule === this.rule) && pairShown(p, this.ships, this.triage),
    ),
  );

  /**
   * The pairs that ship neither level are folded away: unless shown, and unless no order is
   * stored yet (then nothing ships) or the ships filter asks for some shipping (it already
   * keeps them out) or for none shipping (it asks for exactly them).
   */
  folding = $derived(!this.showNeither && this.order !== null && this.ships === 'any');

  /** The pairs the list shows: the filters' pairs, less those folded away. */
  shown = $derived.by(() => (this.folding ? this.matching.filter((p) => !shipsNeither(p)) : this.matching));

  /** How many of the filters' pairs ship neither level (folded away while `folding`). */
  neither = $derived(this.matching.filter(shipsNeither).length);

  /** How many pairs each ships option and each triage option would show, the other filters as they are. */
  counts = $derived.by(() => {
    const byRule = this.rule === '' ? this.all : this.all.filter((p) => p.rule === this.rule);
    const ships = Object.fromEntries(
      SHIPS_OPTIONS.map((o) => [o.value, byRule.filter((p) => pairShown(p, o.value, this.triage)).length]),
    ) as Record<DuplicateShipsFilter, number>;
    const triage = Object.fromEntries(
      TRIAGE_OPTIONS.map((o) => [o.value, byRule.filter((p) => pairShown(p, this.ships, o.value)).length]),
    ) as Record<DuplicateTriageFilter, number>;
    return { ships, triage };
  });

  /** Rejected candidates that still ship in the order read: the order has not been recomputed since. */
  rejectedShipping = $derived.by(() => {
    const ids = new Set<number>();
    for (const p of this.all)
      for (const s of [p.a, p.b]) if (s.verdict === 'rejected' && s.ships !== null) ids.add(s.id);
    return ids.size;
  });

  get selected(): DuplicatePairView | null {
    return this.shown.find((p) => p.id === this.selectedId) ?? null;
  }

  get index(): number {
    return this.shown.findIndex((p) => p.id === this.selectedId);
  }

  move(delta: number): void {
    if (this.shown.length === 0) return;
    const i = this.index;
    const next = i < 0 ? 0 : Math.min(this.shown.length - 1, Math.max(0, i + delta));
    this.selectedId = this.shown[next]!.id;
  }

  /** Keep a pair selected when the filters change: the same one if shown, else the first. */
  keepSelection(): void {
    const list = this.shown;
    if (list.length && !list.some((p) => p.id === this.selectedId)) this.selectedId = list[0]!.id;
  }

  /** Load every pair of a run (and what undo would act on); `select` picks a pair once loaded. */
  async load(runId: number | null, select?: (pairs: DuplicatePairView[]) => number | null): Promise<void> {
    const seq = ++this.loadSeq;
    if (runId === null) {
      this.all = [];
      this.loadedFor = null;
      this.history = null;
      return;
    }
    if (this.loadedFor !== runId) {
      this.sinceOrder = 0;
      this.message = null;
    }
    this.loading = true;
    this.loadError = null;
    try {
      const [pairs, history] = await Promise.all([
        studio.client.call('duplicates.list', {
          runId,
          limit: PAIR_LIMIT,
          triage: 'all',
          ...(this.orderChoice ? { order: this.orderChoice } : {}),
        }),
        studio.client.call('history.list', { runId, limit: 1 }),
      ]);
      if (seq !== this.loadSeq) return;
      this.all = pairs;
      this.order = pairs[0]?.order ?? null;
      this.loadedFor = runId;
      this.history = { runId, undo: history.undo, redo: history.redo };
      const want = select?.(pairs) ?? null;
      if (want !== null) this.selectedId = want;
      this.keepSelection();
    } catch (e) {
      if (seq !== this.loadSeq) return;
      this.all = [];
      this.loadError = errorText(e);
      studio.report(`Could not load the near-duplicate pairs of run ${runId}`, e);
    } finally {
      if (seq === this.loadSeq) this.loading = false;
    }
  }

  /** Pair rows after a history step: verdicts and fine marks as the changes left them. */
  private applyChanges(changes: readonly RowChange[]): void {
    const verdicts = new Map<number, Verdict>();
    const marks: PairTriageValue[] = [];
    for (const c of changes) {
      if (c.target === 'candidate' && c.field === 'verdict') verdicts.set(c.id, c.after as Verdict);
      if (c.target === 'run' && c.field === 'pair-triage') marks.push(c.after as PairTriageValue);
    }
    if (verdicts.size === 0 && marks.length === 0) return;
    this.all = this.all.map((p) => {
      let q = withVerdicts(p, verdicts);
      const lo = Math.min(p.a.id, p.b.id),
        hi = Math.max(p.a.id, p.b.id);
      const m = marks.find((v) => v.a === lo && v.b === hi);
      if (m) q = { ...q, fine: m.fine };
      return q;
    });
  }

  /**
   * Reject A or B, or mark the selected pair fine (or take the mark off), then move to the pair
   * that followed it in the list (which now holds whatever the filters keep).
   */
  decide(decision: TriageDecision): Promise<void> {
    return this.enqueue(() => this.decideNow(decision));
  }

  /**
   * Queue one key's work behind the ones in flight: Ctrl+Z pressed three times quickly undoes three
   * changes (a key pressed while the last change was still answering used to be dropped).
   */
  private enqueue(work: () => Promise<void>): Promise<void> {
    const next = this.queue.then(work);
    this.queue = next.catch(() => undefined);
    return next;
  }

  private async decideNow(decision: TriageDecision): Promise<void> {
    const p = this.selected;
    const runId = this.loadedFor;
    if (!p || runId === null) return;
    const before = this.shown;
    const at = before.findIndex((x) => x.id === p.id);
    this.busy = true;
    try {
      const res = await studio.client.call('duplicates.triage', { pairId: p.id, decision });
      if (this.loadedFor !== runId) return;
      this.applyChanges(res.changes);
      this.all = this.all.map((x) => (x.id === p.id ? res.pair : x));
      // The Pools page shows the same verdicts: it follows the change.
      pool.follow(res);
      this.history = { runId, undo: res.undo, redo: res.redo };
      if (res.entry) this.sinceOrder++;
      this.message = res.entry
        ? `${res.entry.label} · Ctrl+Z undoes`
        : decision === 'fine'
          ? 'Already marked fine: nothing changed'
          : decision === 'not-fine'
            ? 'Not marked fine: nothing changed'
            : 'Already rejected: nothing changed';
      // The next pair: the one after it, counted in the list as it is now.
      const now = this.shown;
      const stays = now.findIndex((x) => x.id === p.id);
      const next = stays >= 0 ? (now[stays + 1] ?? now[stays]) : now[Math.min(at, now.length - 1)];
      this.selectedId = next?.id ?? null;
    } catch (e) {
      studio.report('Could not triage the pair', e);
    } finally {
      this.busy = false;
    }
  }

  /** Undo or redo the run's last change (whatever page made it); the pair it touched is selected. */
  private async step(call: () => Promise<HistoryStep>, verb: string, failTitle: string): Promise<void> {
    const runId = this.loadedFor;
    if (runId === null) return;
    this.busy = true;
    try {
      const res = await call();
      pool.follow(res);
      if (this.loadedFor !== runId) return;
      this.history = { runId, undo: res.undo, redo: res.redo };
      this.message =
        res.entries.length === 1
          ? `${verb} “${res.entries[0]!.label}”`
          : `${verb} ${res.entries.length} changes`;
      if (res.entries.some((e) => e.kind === 'triage' || e.kind === 'verdict'))
        this.sinceOrder = Math.max(0, this.sinceOrder + (verb === 'Undid' ? -1 : 1));
      // A recompute undone or redone changes where pairs ship: read them again.
      const touched = (pairs: DuplicatePairView[]): number | null => {
        for (const c of res.changes) {
          if (c.target === 'run' && c.field === 'pair-triage') {
            const v = c.after as PairTriageValue;
            const hit = pairs.find(
              (p) => Math.min(p.a.id, p.b.id) === v.a && Math.max(p.a.id, p.b.id) === v.b,
            );
            if (hit) return hit.id;
          }
          if (c.target === 'candidate' && c.field === 'verdict') {
            const sel =
              pairs.find((p) => p.id === this.selectedId && (p.a.id === c.id || p.b.id === c.id)) ??
              pairs.find((p) => p.a.id === c.id || p.b.id === c.id);
            if (sel) return sel.id;
          }
        }
        return null;
      };
      this.busy = false;
      await this.load(runId, (pairs) => {
        const id = touched(pairs);
        // An undone pair may be hidden by the filters: show every pair so it can be seen.
        if (
          id !== null &&
          !pairs.some(
            (p) =>
              p.id === id &&
              pairShown(p, this.ships, this.triage) &&
              (this.rule === '' || p.rule === this.rule) &&
              !(this.folding && shipsNeither(p)),
          )
        ) {
          this.ships = 'any';
          this.triage = 'all';
          this.rule = '';
          this.showNeither = true;
        }
        return id;
      });
    } catch (e) {
      studio.report(failTitle, e);
    } finally {
      this.busy = false;
    }
  }

  undo(): Promise<void> {
    return this.enqueue(() =>
      this.history?.undo
        ? this.step(
            () => studio.client.call('history.undo', { runId: this.loadedFor! }),
            'Undid',
            'Nothing undone',
          )
        : this.nothing('undo'),
    );
  }

  redo(): Promise<void> {
    return this.enqueue(() =>
      this.history?.redo
        ? this.step(
            () => studio.client.call('history.redo', { runId: this.loadedFor! }),
            'Redid',
            'Nothing redone',
          )
        : this.nothing('redo'),
    );
  }

  /** A queued undo or redo found nothing left to act on: say so, change nothing. */
  private async nothing(what: 'undo' | 'redo'): Promise<void> {
    this.message = what === 'undo' ? 'Nothing left to undo' : 'Nothing left to redo';
  }

  /**
   * Recompute the steered order (orderings.steer: the game's search around the run's pins and
   * locks), which honours the triage: rejected candidates leave, fine pairs may both ship. It
   * takes its turn with the decisions: a key pressed while it computes waits for it (it used to
   * be dropped, the recompute keeping the list 'busy').
   */
  recompute(): Promise<void> {
    return this.enqueue(() => this.recomputeNow());
  }

  private async recomputeNow(): Promise<void> {
    const runId = this.loadedFor;
    if (runId === null) return;
    this.busy = this.recomputing = true;
    try {
      const res = await studio.client.call('orderings.steer', {
        runId,
        ...(this.order === 'approved' ? { approved: true } : {}),
      });
      if (this.loadedFor !== runId) return;
      this.sinceOrder = 0;
      this.orderChoice = '';
      this.busy = false;
      await this.load(runId);
      const shipped = res.ordering.levels.filter((l) => l.candidateId !== null).length;
      this.message = `${res.entry?.label ?? 'Recomputed the steered order'}: ${shipped} of ${res.ordering.levels.length} levels filled${res.breaks.length ? `, ${res.breaks.length} rule break${res.breaks.length === 1 ? '' : 's'}` : ''} · Ctrl+Z undoes`;
    } catch (e) {
      studio.report('Could not recompute the steered order', e);
    } finally {
      this.busy = this.recomputing = false;
    }
  }
}

export const dupView = new DupView();
