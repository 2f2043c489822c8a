/**
 * The Ordering screen's data and commands, kept outside the page so the action table (keys,
 * palette) runs them too: the run's automatic, approved and steered orders; the steering (pins,
 * locks, exclusions) and every steering action through orderings.steer, so each lands in the
 * run's history and Ctrl+Z undoes it; the level selection of the strip; a level's swap list;
 * computing the approved order; exporting the shown order (a steered order that breaks the
 * game's rules only after the designer confirms, which the pack records).
 */
import { blendArgs, blendLine, blendThreshold } from './blend-choice';
import { SvelteSet } from 'svelte/reactivity';
import type {
  HistoryState,
  OrderingKind,
  OrderingView,
  SteerResult,
  Steering,
  SwapOptions,
} from '../../../src-shared/api';
import { studio } from '../lib/studio.svelte';
import { StudioError, errorText, fullStop } from '../lib/errors';
import { exportPack, type ExportOutcome } from '../export/pack-files';
import { levelsText } from '../../../src-shared/ordering/level-ranges';
import { ORDER_WORDS, shipsNow } from '../../../src-shared/ordering/ships-now';
import { movedText } from './moved-text';

/** What a steered order may ship: every proven candidate, approved ones first, or approved ones only. */
export type SteerBase = 'all' | 'approved-first' | 'approved';

export function fmtNum(v: number): string {
  return Number.isInteger(v) ? String(v) : v.toFixed(2);
}

const emptySteering = (): Steering => ({ approved: false, pins: [], locks: [], excluded: [] });

/** A steering change as orderings.steer takes it (every field optional). */
interface SteerChange {
  approved?: boolean;
  approvedFirst?: boolean;
  pin?: { level: number; candidateId: number }[];
  unpin?: number[];
  lock?: number[];
  unlock?: number[];
  exclude?: number[];
  include?: number[];
  clear?: boolean;
}

class OrderingScreen {
  runId = $state<number | null>(null);
  automatic = $state.raw<OrderingView | null>(null);
  approved = $state.raw<OrderingView | null>(null);
  approvedFirst = $state.raw<OrderingView | null>(null);
  /** The curve draws every stored order of the run together (with a legend), not only the shown one and the automatic. */
  allOrders = $state(false);
  steered = $state.raw<OrderingView | null>(null);
  steering = $state.raw<Steering>(emptySteering());
  history = $state.raw<HistoryState | null>(null);
  approvedCount = $state<number | null>(null);
  /** Level JSON by candidate id, for the strip's thumbnails (immutable: kept for the run). */
  levels = $state.raw<Map<number, unknown>>(new Map());
  rules = $state.raw<unknown>(null);
  loading = $state(false);
  loadError = $state<string | null>(null);
  computing = $state(false);
  /** Recompute the approved order with players' observed difficulty blended in (off by default), and from how many testers. */
  blendOn = $state(false);
  blendMin = $state<string | number>(3);
  steeringNow = $state(false);
  /** What the last action did ("Pinned L12 · c3 to level 5 · Ctrl+Z undoes"), or why it was refused. */
  message = $state<string | null>(null);
  refusal = $state<string | null>(null);

  /** The strip's focused level (1-based) and the selected levels (lock acts on them). */
  focus = $state(1);
  selected = new SvelteSet<number>();
  /** A card picked up with the keyboard (M), to pin at the focused level: its candidate and level. */
  moving = $state<{ level: number; candidateId: number } | null>(null);

  swap = $state.raw<SwapOptions | null>(null);
  swapLoading = $state(false);
  /** Swap lists received (the list is read again after each steer; a test waits on the count). */
  swapAnswers = $state(0);

  exporting = $state(false);
  exported = $state<(ExportOutcome & { kind: OrderingKind; forced: number }) | null>(null);
  exportError = $state<string | null>(null);
  /** The rule breaks export refused to ship without the designer's confirmation. */
  exportBreaks = $state<string[] | null>(null);
  private seq = 0;
  private swapSeq = 0;
  /**
   * Steering, undo and redo run one after another, in the order their keys were pressed: a key
   * pressed while the last steer answered used to be dropped, and Ctrl+Z then undid the change
   * before it.
   */
  private queue: Promise<unknown> = Promise.resolve();
  /** Steering changes queued or answering (the Recompute button says so). */
  private steersWaiting = 0;

  private enqueue<T>(work: () => Promise<T>): Promise<T> {
    const next = this.queue.then(work);
    this.queue = next.catch(() => undefined);
    return next;
  }

  /** The order the strip shows and steering acts on: the one that ships now (src-shared/ordering/ships-now.ts). */
  get shownKind(): OrderingKind {
    const state = (v: OrderingView | null) =>
      v?.computedAt ? { computed: true, complete: v.shortLevels.length === 0 } : null;
    return (
      shipsNow({
        automatic: state(this.automatic),
        approved: state(this.approved),
        'approved-first': state(this.approvedFirst),
        steered: state(this.steered),
      }) ?? 'automatic'
    );
  }

  /** What steering may ship: as stored once steered, else as the order shown. */
  get basis(): SteerBase {
    if (this.steered?.computedAt)
      return this.steering.approved ? 'approved' : this.steering.approvedFirst ? 'approved-first' : 'all';
    const k = this.shownKind;
    return k === 'approved' ? 'approved' : k === 'approved-first' ? 'approved-first' : 'all';
  }

  /** Whether steering ships approved candidates only. */
  get basisApproved(): boolean {
    return this.basis === 'approved';
  }

  viewOf(k: OrderingKind): OrderingView | null {
    return k === 'steered'
      ? this.steered
      : k === 'approved'
        ? this.approved
        : k === 'approved-first'
          ? this.approvedFirst
          : this.automatic;
  }

  get shown(): OrderingView | null {
    return this.viewOf(this.shownKind);
  }

  /** The run's other stored orders the curve overlays when `allOrders` is on (besides the shown one and the automatic). */
  get overlays(): OrderingView[] {
    if (!this.allOrders) return [];
    return (['approved-first', 'approved', 'steered'] as const)
      .filter((k) => k !== this.shownKind)
      .flatMap((k) => {
        const v = this.viewOf(k);
        return v?.computedAt ? [v] : [];
      });
  }

  get readOnly(): boolean {
    return studio.selectedRun?.status === 'imported';
  }

  pinnedAt(level: number): number | null {
    return this.steering.pins.find((p) => p.level === level)?.candidateId ?? null;
  }

  lockedAt(level: number): number | null {
    return this.steering.locks.find((p) => p.level === level)?.candidateId ?? null;
  }

  async load(runId: number): Promise<void> {
    const mine = ++this.seq;
    this.loading = true;
    this.loadError = null;
    if (this.runId !== runId) {
      this.exported = null;
      this.exportError = null;
      this.exportBreaks = null;
      this.message = null;
      this.refusal = null;
      this.swap = null;
      this.moving = null;
      this.selected.clear();
      this.focus = 1;
      this.levels = new Map();
    }
    this.runId = runId;
    try {
      const [automatic, approved, approvedFirst, steered, steering, page, run, history] = await Promise.all([
        studio.client.call('orderings.get', { runId, kind: 'automatic' }),
        studio.client.call('orderings.get', { runId, kind: 'approved' }),
        studio.client.call('orderings.get', { runId, kind: 'approved-first' }),
        studio.client.call('orderings.get', { runId, kind: 'steered' }),
        studio.client.call('orderings.steering', { runId }),
        studio.client.call('candidates.list', { runId, verdict: 'approved', limit: 1, withLevels: false }),
        studio.client.call('runs.get', { runId }),
        studio.client.call('history.list', { runId, limit: 1 }),
      ]);
      if (mine !== this.seq) return;
      this.automatic = automatic;
      this.approved = approved;
      this.approvedFirst = approvedFirst;
      this.steered = steered;
      this.steering = steering;
      this.approvedCount = page.total;
      this.rules = run.rules;
      this.history = { runId, undo: history.undo, redo: history.redo };
      await this.loadLevels(runId);
    } catch (e) {
      if (mine !== this.seq) return;
      this.automatic = this.approved = this.approvedFirst = this.steered = null;
      this.loadError = errorText(e);
      studio.report(`Could not load the orderings of run ${runId}`, e);
    } finally {
      if (mine === this.seq) this.loading = false;
    }
  }

  /** The level JSON of every candidate the shown order ships that is not cached yet. */
  private async loadLevels(runId: number): Promise<void> {
    const want = (this.shown?.levels ?? []).flatMap((l) =>
      l.candidateId !== null && !this.levels.has(l.candidateId) ? [l.candidateId] : [],
    );
    if (want.length === 0) return;
    const kind = this.shownKind;
    const next = new Map(this.levels);
    const wanted = new Set(want);
    // Shipped candidates of the shown order come in one call per pool span; the steered and approved-first orders are not list filters, so their pools are read.
    const slots =
      kind === 'steered' || kind === 'approved-first'
        ? [
            ...new Set(
              (this.shown?.levels ?? [])
                .filter((l) => l.candidateId !== null && wanted.has(l.candidateId))
                .map((l) => l.slot!),
            ),
          ]
        : null;
    if (slots === null) {
      const page = await studio.client.call('candidates.list', {
        runId,
        shipped: kind as 'automatic' | 'approved',
        limit: 2000,
        withLevels: true,
      });
      for (const r of page.items) next.set(r.id, r.level);
    } else {
      for (let i = 0; i < slots.length; i++) {
        const page = await studio.client.call('candidates.list', {
          runId,
          slot: slots[i]!,
          limit: 2000,
          withLevels: true,
        });
        for (const r of page.items) if (wanted.has(r.id)) next.set(r.id, r.level);
      }
    }
    if (this.runId === runId) this.levels = next;
  }

  /** Why the approved ordering cannot be computed now (null: it can). */
  get computeBlocked(): string | null {
    if (this.runId === null) return 'no run is open';
    if (this.computing) return 'it is being computed';
    if (this.blendOn && blendThreshold(this.blendMin) === null)
      return 'the blend needs a whole number of testers from 1 to 1000';
    if (this.readOnly) return 'an imported pack has no pools to approve from';
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
      const blend = blendArgs(this.blendOn, this.blendMin);
      const approved = await studio.client.call('orderings.computeApproved', { runId, ...blend });
      // The approved-first order is computed with it.
      const approvedFirst = await studio.client.call('orderings.get', { runId, kind: 'approved-first' });
      // Another run opened meanwhile: this answer is not the one on screen.
      if (this.runId !== runId) return;
      this.approved = approved;
      this.approvedFirst = approvedFirst;
      this.exported = null;
      this.message = blendLine(blend.blend?.minTesters ?? null, approved);
      await this.loadLevels(runId);
    } catch (e) {
      studio.report(`Could not compute the approved ordering of run ${runId}`, e);
    } finally {
      this.computing = false;
    }
  }

  // ----- steering -----

  /** Why steering cannot act now (null: it can). */
  get steerBlocked(): string | null {
    if (this.runId === null) return 'no run is open';
    if (this.readOnly) return 'an imported pack has no pools to steer from';
    // No 'being recomputed' reason: a key pressed while a steer answers waits its turn.
    if (!this.automatic?.computedAt) return 'the run has no order yet';
    return null;
  }

  /**
   * One steering action: orderings.steer recomputes and records it in the run's history. It
   * waits for the steering, undo or redo before it; a change given as a function is worked out
   * when its turn comes (lock or unlock? from the locks as the steer before left them).
   */
  steer(change: SteerChange | (() => SteerChange)): Promise<boolean> {
    const runId = this.runId;
    if (runId === null || this.steerBlocked !== null) return Promise.resolve(false);
    this.steersWaiting++;
    this.steeringNow = true;
    return this.enqueue(() =>
      this.steerNow(runId, typeof change === 'function' ? change : () => change),
    ).finally(() => {
      this.steeringNow = --this.steersWaiting > 0;
    });
  }

  private async steerNow(runId: number, changeNow: () => SteerChange): Promise<boolean> {
    // The designer opened another run meanwhile: a key pressed on this one does not follow.
    if (this.runId !== runId) return false;
    const change = changeNow();
    this.refusal = null;
    // The order before the recompute, to say what else it moved.
    const before = this.shown?.levels ?? [];
    const baseBefore = this.basis;
    try {
      // The first steering acts on the order shown: over approved candidates when that is the approved order.
      const r: SteerResult = await studio.client.call('orderings.steer', {
        runId,
        approved: change.approved ?? this.basisApproved,
        // Unnamed, the server starts from approved first once anything is approved.
        ...(this.basis === 'approved-first' ? { approvedFirst: true } : {}),
        ...change,
      });
      if (this.runId !== runId) return false;
      this.steering = r.steering;
      this.steered = r.ordering;
      this.history = { runId, undo: r.undo, redo: r.redo };
      const placed = (change.pin ?? []).map((p) => p.level);
      // The server chose approved first unasked (issue 22's default once anything is approved): said here, once.
      const switched =
        change.approvedFirst === undefined &&
        baseBefore !== 'approved-first' &&
        r.steering.approvedFirst === true
          ? '; the base is now Approved first because candidates are approved (approved ones ship at their levels, the search fills the rest)'
          : '';
      this.message = r.entry
        ? `${r.entry.label}; ${movedText(before, r.ordering.levels, placed)}${switched} · Ctrl+Z undoes`
        : 'Nothing changed';
      this.exported = null;
      this.exportBreaks = null;
      this.moving = null;
      await this.loadLevels(runId);
      if (this.swap) void this.loadSwap(this.swap.level);
      return true;
    } catch (e) {
      // Impossible constraints: the server names the levels and the rule; nothing changed.
      if (e instanceof StudioError && e.body.code === 'conflict')
        this.refusal = fullStop(
          e.body.message.replace(/^these constraints cannot hold: /, 'These constraints cannot hold: '),
        );
      else studio.report(`Could not steer the order of run ${runId}`, e);
      return false;
    }
  }

  /** The level one card to the left (-1) or right (1) of `level`: a run of short levels is one card (its first level). */
  neighbour(level: number, dir: 1 | -1): number {
    const levels = this.shown?.levels ?? [];
    const short = (l: number): boolean => levels[l - 1]?.candidateId === null;
    let l = level;
    if (short(l)) while (short(l + dir)) l += dir;
    l = Math.max(1, Math.min(levels.length, l + dir));
    while (short(l) && short(l - 1)) l--;
    return l;
  }

  /** The selected levels, or the focused one when nothing is selected. */
  targets(): number[] {
    return this.selected.size ? [...this.selected].sort((a, b) => a - b) : [this.focus];
  }

  pin(level: number, candidateId: number): Promise<boolean> {
    return this.steer({ pin: [{ level, candidateId }] });
  }

  // The levels a key acts on are the ones targeted when it is pressed; what it does to them is
  // worked out when its turn comes (a second L on a level the first L is locking unlocks it).

  /** Lock the targeted levels, or unlock them when every one is locked already. */
  toggleLock(levels = this.targets()): Promise<boolean> {
    return this.steer(() => {
      const allLocked = levels.every((l) => this.lockedAt(l) !== null);
      return allLocked ? { unlock: levels } : { lock: levels.filter((l) => this.lockedAt(l) === null) };
    });
  }

  lockUpTo(k = this.focus): Promise<boolean> {
    return this.steer(() => ({
      lock: Array.from({ length: k }, (_, i) => i + 1).filter(
        (l) => this.lockedAt(l) === null && this.pinnedAt(l) === null,
      ),
    }));
  }

  /** Unpin and unlock the targeted levels (they go back to the search). */
  release(levels = this.targets()): Promise<boolean> {
    return this.steer(() => ({
      unpin: levels.filter((l) => this.pinnedAt(l) !== null),
      unlock: levels.filter((l) => this.lockedAt(l) !== null),
    }));
  }

  excludeAt(level = this.focus): Promise<boolean> {
    const id = this.shown?.levels[level - 1]?.candidateId ?? null;
    if (id === null) return Promise.resolve(false);
    return this.steer({ exclude: [id] });
  }

  include(candidateId: number): Promise<boolean> {
    return this.steer({ include: [candidateId] });
  }

  recompute(): Promise<boolean> {
    return this.steer({});
  }

  /** Steer over every candidate, approved ones first, or approved ones only. */
  setBase(base: SteerBase): Promise<boolean> {
    return this.steer({ approved: base === 'approved', approvedFirst: base === 'approved-first' });
  }

  /** Keyboard drag: pick the focused card up, or put the picked one down at the focused level. */
  async moveKey(): Promise<void> {
    const here = this.shown?.levels[this.focus - 1];
    if (!this.moving) {
      if (here?.candidateId != null) this.moving = { level: this.focus, candidateId: here.candidateId };
      return;
    }
    const m = this.moving;
    if (m.level === this.focus) {
      this.moving = null;
      return;
    }
    await this.pin(this.focus, m.candidateId);
  }

  // ----- undo / redo -----

  get undoable(): boolean {
    return this.history?.undo != null;
  }

  get redoable(): boolean {
    return this.history?.redo != null;
  }

  private async stepHistory(redo: boolean, runId: number): Promise<void> {
    if (this.runId !== runId) return;
    // A queued Ctrl+Z found nothing left (the ones before it undid it all): say so, change nothing.
    if (!(redo ? this.redoable : this.undoable)) {
      this.message = redo ? 'Nothing left to redo' : 'Nothing left to undo';
      return;
    }
    try {
      const step = await studio.client.call(redo ? 'history.redo' : 'history.undo', { runId });
      // Another run opened meanwhile: its page stays as it is (loading this one would switch back).
      if (this.runId !== runId) return;
      this.message = `${redo ? 'Redid' : 'Undid'}: ${step.entries.map((e) => e.label).join('; ')}`;
      this.refusal = null;
      await this.load(runId);
    } catch (e) {
      studio.report(redo ? 'Could not redo' : 'Could not undo', e);
    }
  }

  /** Undo the run's last change, after the steering and undo pressed before it. */
  undo(): Promise<void> {
    const runId = this.runId;
    return runId === null ? Promise.resolve() : this.enqueue(() => this.stepHistory(false, runId));
  }

  redo(): Promise<void> {
    const runId = this.runId;
    return runId === null ? Promise.resolve() : this.enqueue(() => this.stepHistory(true, runId));
  }

  // ----- swap list -----

  async loadSwap(level: number): Promise<void> {
    const runId = this.runId;
    if (runId === null) return;
    // Only the last list asked for is shown (S pressed on level 4, then on 5: 4's answer is dropped).
    const mine = ++this.swapSeq;
    this.swapLoading = true;
    try {
      const s = await studio.client.call('orderings.swapOptions', { runId, kind: this.shownKind, level });
      if (this.runId === runId && mine === this.swapSeq) {
        this.swap = s;
        this.swapAnswers++;
      }
    } catch (e) {
      if (mine === this.swapSeq) studio.report(`Could not list what level ${level} could swap to`, e);
    } finally {
      if (mine === this.swapSeq) this.swapLoading = false;
    }
  }

  closeSwap(): void {
    // A list still on its way stays closed too.
    this.swapSeq++;
    this.swapLoading = false;
    this.swap = null;
  }

  // ----- export -----

  /** Why the shown order cannot be exported now (null: it can). */
  get exportBlocked(): string | null {
    if (this.runId === null) return 'no run is open';
    if (this.exporting) return 'it is being exported';
    const v = this.shown;
    if (!v?.computedAt) return 'no order has been computed';
    if (v.shortLevels.length > 0)
      return `the ${ORDER_WORDS[v.kind]} order cannot fill ${levelsText(v.shortLevels)}`;
    return null;
  }

  get canExport(): boolean {
    return this.exportBlocked === null;
  }

  /**
   * Export the shown order. A steered order that breaks the game's rules is refused, naming
   * each break, until the designer confirms (`allowBreaks`), which the pack then records.
   */
  async exportShown(allowBreaks = false): Promise<void> {
    const runId = this.runId;
    if (runId === null || this.exporting) return;
    const kind = this.shownKind;
    this.exporting = true;
    this.exportError = null;
    try {
      const r = await exportPack(studio.client, {
        runId,
        kind,
        layout: 'file',
        ...(allowBreaks ? { allowBreaks: true } : {}),
      });
      if (r) this.exported = { ...r, kind, forced: allowBreaks ? (this.exportBreaks?.length ?? 0) : 0 };
      this.exportBreaks = null;
    } catch (e) {
      if (
        !allowBreaks &&
        e instanceof StudioError &&
        e.body.code === 'conflict' &&
        e.body.fields?.some((f) => f.field.startsWith('breaks.'))
      ) {
        this.exportBreaks = e.body.fields
          .filter((f) => f.field.startsWith('breaks.'))
          .map((f) => `${f.field.replace(/^breaks\.level /, 'level ')}: ${f.message}`);
      } else {
        this.exportError = errorText(e);
        studio.report(`Could not export the ${kind} pack of run ${runId}`, e);
      }
    } finally {
      this.exporting = false;
    }
  }

  /** The old palette entry: export the order shown (kept under its id). */
  exportApproved(): Promise<void> {
    return this.exportShown(false);
  }
}

export const orderingScreen = new OrderingScreen();
