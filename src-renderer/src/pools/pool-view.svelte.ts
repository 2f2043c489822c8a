/**
 * The Pool browser's state: the candidates of one run (metrics and verdicts of every
 * candidate, fetched in pages of 2000 without levels; the level JSON only for what is on
 * screen), filters, sort, focus, multi-selection, and the curation calls (verdicts, notes,
 * tags), each recorded in the run's history, which undo and redo replay exactly. One instance, so the action table and the page share it.
 */
import { SvelteSet } from 'svelte/reactivity';
import type {
  ApiArgs,
  CandidateRow,
  CurationChange,
  HistoryState,
  HistoryStep,
  RowChange,
  Verdict,
} from '../../../src-shared/api';
import type { GameId } from '../../../src-shared/games/index';
import { shipsView } from './ships-view.svelte';
import { studio } from '../lib/studio.svelte';

export type ShippedFilter = '' | 'automatic' | 'approved' | 'any' | 'none';
interface MetricRange {
  min: string;
  max: string;
}

/** A candidate row plus its rank in the server's answer (q) and within its slot (qs). */
export interface PoolRow extends CandidateRow {
  q: number;
  qs: number;
}

const PAGE = 2000;

/** Sort keys that are columns (the same in every game). */
const PLAIN_SORTS = ['slot', 'index', 'id', 'verdict', 'level', 'approvedLevel'];

/** "Fewest taps 3–3", "Dots ≥ 8", "Bits ≤ 2.5". */
function rangeText(label: string, r: MetricRange): string {
  const min = r.min.trim();
  const max = r.max.trim();
  return min && max ? `${label} ${min}–${max}` : min ? `${label} ≥ ${min}` : `${label} ≤ ${max}`;
}

/** Bumped on every change of the run's history, so the history panel reloads its list. */
export const historyVersion = $state({ n: 0 });
type ListArgs = ApiArgs<'candidates.list'>;

class PoolState {
  runId = $state<number | null>(null);
  game = $state<GameId | null>(null);
  rules = $state.raw<unknown>(null);
  readOnly = $state(false);
  rows = $state.raw<PoolRow[]>([]);
  loading = $state(false);
  /** Candidates the server matched (before the client-side "not shipped" filter). */
  matched = $state(0);

  sortKey = $state('slot');
  sortDir = $state<'asc' | 'desc'>('asc');
  verdict = $state<'' | Verdict>('');
  tag = $state('');
  shipped = $state<ShippedFilter>('');
  ranges = $state<Record<string, MetricRange>>({});
  group = $state(true);

  /** Filters dropped on the last switch to a run of another game, in words. */
  dropped = $state<string[]>([]);
  droppedFrom = $state<{ from: string; to: string } | null>(null);

  /** Index into `shown` of the focused card. */
  focus = $state(0);
  selected = new SvelteSet<number>();
  anchor = 0;
  /** What undo and redo would act on next (from the server's history of the run). */
  history = $state.raw<HistoryState | null>(null);
  get undoable(): boolean {
    return this.history?.undo != null;
  }
  get redoable(): boolean {
    return this.history?.redo != null;
  }
  message = $state<string | null>(null);

  /** Level JSON by candidate id (immutable, so cached for the run). */
  private levels = new Map<number, unknown>();
  private pending = new Set<string>();
  levelsVersion = $state(0);
  private generation = 0;
  /** Whether the reload in flight keeps the focus (a change landing meanwhile asks the same again). */
  private reloadKeepsFocus = false;
  private opening = false;

  /** What the grid shows, in display order (grouped by slot when `group`). */
  shown = $derived.by((): PoolRow[] => {
    let list = this.rows;
    if (this.shipped === 'none')
      list = list.filter((r) => r.shippedAs.automatic === null && r.shippedAs.approved === null);
    if (this.group) {
      // Pools in level order, unless the sort is by pool and descending (the server's order then).
      const dir = this.sortKey === 'slot' && this.sortDir === 'desc' ? -1 : 1;
      list = [...list].sort((a, b) => dir * (a.slot - b.slot) || a.qs - b.qs);
    }
    return list;
  });

  focused = $derived<PoolRow | undefined>(this.shown[this.focus]);

  /** The ids a verdict applies to: the selection, else the focused card. */
  targets(): number[] {
    if (this.selected.size > 0) return [...this.selected];
    const f = this.focused;
    return f ? [f.id] : [];
  }

  level(id: number): unknown {
    return this.levels.get(id);
  }

  /**
   * The query the last reload asked for, as `queryKey()` writes it: the page reloads on a change
   * of filters only when the query differs from it, so the filters a run switch drops (already
   * loaded by `open`) never reset the focus a moment later.
   */
  loadedQuery: string | null = null;

  /** The current query as one comparable string. */
  queryKey(): string {
    return JSON.stringify(this.query());
  }

  /** The server query the current filters and sort make (without paging). */
  private query(): Omit<ListArgs, 'offset' | 'limit' | 'withLevels'> {
    const q: Omit<ListArgs, 'offset' | 'limit' | 'withLevels'> = { runId: this.runId! };
    if (this.verdict) q.verdict = this.verdict;
    if (this.tag.trim()) q.tag = this.tag.trim();
    if (this.shipped && this.shipped !== 'none') q.shipped = this.shipped;
    const filters: { metric: string; min?: number; max?: number }[] = [];
    for (const [metric, r] of Object.entries(this.ranges)) {
      const min = r.min.trim() === '' ? undefined : Number(r.min);
      const max = r.max.trim() === '' ? undefined : Number(r.max);
      if ((min !== undefined && Number.isFinite(min)) || (max !== undefined && Number.isFinite(max))) {
        filters.push({
          metric,
          ...(min !== undefined && Number.isFinite(min) ? { min } : {}),
          ...(max !== undefined && Number.isFinite(max) ? { max } : {}),
        });
      }
    }
    if (filters.length) q.filters = filters;
    if (this.sortKey !== 'slot' || this.sortDir !== 'asc') q.sort = { key: this.sortKey, dir: this.sortDir };
    return q;
  }

  /** Open a run: its rules (for thumbnails) and every candidate's row. */
  async open(runId: number | null): Promise<void> {
    if (runId === this.runId) return;
    this.runId = runId;
    this.rows = [];
    this.levels = new Map();
    this.pending.clear();
    this.selected.clear();
    this.focus = 0;
    this.anchor = 0;
    this.history = null;
    this.message = null;
    this.levelsVersion++;
    if (runId === null) return;
    this.opening = true;
    try {
      const run = await studio.client.call('runs.get', { runId });
      if (this.runId !== runId) return;
      const before = this.game;
      this.game = run.game;
      this.rules = run.rules;
      this.readOnly = run.status === 'imported';
      this.keepFiltersOf(before, run.game);
      void this.loadHistory(runId);
    } catch (e) {
      studio.report(`Could not open run ${runId}`, e);
      return;
    } finally {
      if (this.runId === runId) this.opening = false;
    }
    await this.reload();
  }

  /**
   * Filters belong to a game: on switching to a run of another game, keep only the metric
   * ranges and the sort that mean the same there (same key and same label), and say which
   * were dropped (`dropped`), so a pool is never emptied by a filter the designer cannot see.
   */
  private keepFiltersOf(before: GameId | null, after: GameId): void {
    this.dropped = [];
    if (before === null || before === after) return;
    const oldInfo = studio.gameInfo(before);
    const newInfo = studio.gameInfo(after);
    const same = (key: string): boolean => {
      const a = oldInfo?.metrics.find((m) => m.key === key);
      const b = newInfo?.metrics.find((m) => m.key === key);
      return a !== undefined && b !== undefined && a.label === b.label;
    };
    const kept: Record<string, MetricRange> = {};
    for (const [key, r] of Object.entries(this.ranges)) {
      const active = r.min.trim() !== '' || r.max.trim() !== '';
      if (same(key)) kept[key] = r;
      else if (active)
        this.dropped.push(rangeText(oldInfo?.metrics.find((m) => m.key === key)?.label ?? key, r));
    }
    this.ranges = kept;
    if (!PLAIN_SORTS.includes(this.sortKey) && !same(this.sortKey)) {
      this.dropped.push(
        `sort by ${oldInfo?.metrics.find((m) => m.key === this.sortKey)?.label ?? this.sortKey}`,
      );
      this.sortKey = 'slot';
      this.sortDir = 'asc';
    }
    if (this.dropped.length)
      this.droppedFrom = { from: oldInfo?.title ?? before, to: newInfo?.title ?? after };
  }

  /** Every filter in force, in words ("Verdict: approved", "Fewest taps 3–3"), for the status line. */
  activeFilters(): string[] {
    const out: string[] = [];
    const metrics = studio.gameInfo(this.game ?? undefined)?.metrics ?? [];
    if (this.verdict) out.push(`verdict ${this.verdict === 'none' ? 'none' : this.verdict}`);
    if (this.tag.trim()) out.push(`tag “${this.tag.trim()}”`);
    if (this.shipped)
      out.push(
        this.shipped === 'none'
          ? 'not shipped'
          : this.shipped === 'any'
            ? 'shipped'
            : `ships in the ${this.shipped} order`,
      );
    for (const [key, r] of Object.entries(this.ranges)) {
      if (r.min.trim() === '' && r.max.trim() === '') continue;
      out.push(rangeText(metrics.find((m) => m.key === key)?.label ?? key, r));
    }
    return out;
  }

  /** Fetch every matching candidate (no level JSON), 2000 at a time; keeps the focus index. */
  async reload(keepFocus = false): Promise<void> {
    // While a run opens, its game (and so which filters apply) is not known yet.
    if (this.runId === null || this.opening) return;
    const gen = ++this.generation;
    this.reloadKeepsFocus = keepFocus;
    const base = this.query();
    this.loadedQuery = JSON.stringify(base);
    const focusId = keepFocus ? this.focused?.id : undefined;
    this.loading = true;
    try {
      const all: PoolRow[] = [];
      const perSlot = new Map<number, number>();
      let offset = 0;
      let total = 0;
      do {
        const page = await studio.client.call('candidates.list', {
          ...base,
          offset,
          limit: PAGE,
          withLevels: false,
        });
        if (gen !== this.generation) return;
        total = page.total;
        for (const item of page.items) {
          const qs = perSlot.get(item.slot) ?? 0;
          perSlot.set(item.slot, qs + 1);
          all.push({ ...item, level: null, q: all.length, qs });
        }
        offset += page.items.length;
        if (page.items.length === 0) break;
      } while (offset < total);
      this.rows = all;
      this.matched = total;
      const ids = new Set(all.map((r) => r.id));
      for (const id of [...this.selected]) if (!ids.has(id)) this.selected.delete(id);
      if (focusId !== undefined) {
        const i = this.shown.findIndex((r) => r.id === focusId);
        this.focus = i >= 0 ? i : Math.min(this.focus, Math.max(0, this.shown.length - 1));
      } else if (!keepFocus) this.focus = 0;
      else this.focus = Math.min(this.focus, Math.max(0, this.shown.length - 1));
      this.applyWantedSlot();
    } catch (e) {
      if (gen === this.generation) studio.report('Could not load the pool', e);
    } finally {
      if (gen === this.generation) this.loading = false;
    }
  }

  /** Make sure the levels of these shown cards are fetched (one call per contiguous span). */
  async ensureLevels(indices: number[]): Promise<void> {
    if (this.runId === null) return;
    const runId = this.runId;
    const want = indices
      .map((i) => this.shown[i])
      .filter((r): r is PoolRow => r !== undefined && r.failure === null && !this.levels.has(r.id));
    if (want.length === 0) return;
    // Spans of ranks in the server order: per slot when grouped, else global.
    const spans = new Map<string, { slot?: number; from: number; to: number }>();
    for (const r of want) {
      const key = this.group ? `s${r.slot}` : 'all';
      const rank = this.group ? r.qs : r.q;
      const s = spans.get(key);
      if (!s) spans.set(key, { ...(this.group ? { slot: r.slot } : {}), from: rank, to: rank });
      else {
        s.from = Math.min(s.from, rank);
        s.to = Math.max(s.to, rank);
      }
    }
    const base = this.query();
    const calls: Promise<void>[] = [];
    for (const s of spans.values()) {
      for (let from = s.from; from <= s.to; from += PAGE) {
        const limit = Math.min(PAGE, s.to - from + 1);
        const key = `${s.slot ?? 'all'}:${from}:${limit}:${JSON.stringify(base)}`;
        if (this.pending.has(key)) continue;
        this.pending.add(key);
        calls.push(
          studio.client
            .call('candidates.list', {
              ...base,
              ...(s.slot !== undefined ? { slot: s.slot } : {}),
              offset: from,
              limit,
              withLevels: true,
            })
            .then((page) => {
              if (this.runId !== runId) return;
              for (const item of page.items) if (item.level !== null) this.levels.set(item.id, item.level);
            })
            .finally(() => this.pending.delete(key)),
        );
      }
    }
    try {
      await Promise.all(calls);
    } catch (e) {
      studio.report('Could not load the thumbnails', e);
    }
    if (this.runId === runId && calls.length) this.levelsVersion++;
  }

  private patch(ids: Set<number>, change: (r: PoolRow) => PoolRow): void {
    this.rows = this.rows.map((r) => (ids.has(r.id) ? change(r) : r));
  }

  /** What undo and redo would act on (history lives in the database, so it survives a restart). */
  async loadHistory(runId: number): Promise<void> {
    try {
      const list = await studio.client.call('history.list', { runId, limit: 1 });
      if (this.runId === runId) this.history = { runId, undo: list.undo, redo: list.redo };
    } catch (e) {
      studio.report("Could not read the run's history", e);
    }
  }

  /** After a curation call: the rows it changed, the message naming it, and what undo/redo now act on. */
  private changed(res: CurationChange, nothing: string): void {
    if (res.runId !== this.runId) return;
    this.history = { runId: res.runId, undo: res.undo, redo: res.redo };
    // A big change's reply leaves most rows out (api/call-bounds.ts): read them again instead.
    if (res.changesLeftOut) void this.reload(true);
    else this.applyChanges(res.changes);
    this.message = res.entry ? `${res.entry.label} · Ctrl+Z undoes` : nothing;
    historyVersion.n++;
  }

  /** A change made on another page (duplicate triage, its undo) on this run: the rows and history here follow it. */
  follow(res: HistoryState & { changes: RowChange[] }): void {
    if (res.runId !== this.runId) return;
    this.history = { runId: res.runId, undo: res.undo, redo: res.redo };
    this.applyChanges(res.changes);
    historyVersion.n++;
  }

  /** Patch the loaded rows with what a change set (after values). */
  private applyChanges(changes: CurationChange['changes']): void {
    // A reload in flight may have read its pages before this change: its rows would put the old
    // verdicts back over the patched ones. Ask again; the older answer is dropped (its generation).
    if (this.loading && changes.length > 0) void this.reload(this.reloadKeepsFocus);
    const byId = new Map<number, Partial<PoolRow>>();
    for (const c of changes) {
      if (c.target !== 'candidate') continue;
      const patch = byId.get(c.id) ?? {};
      if (c.field === 'verdict') patch.verdict = c.after as Verdict;
      else if (c.field === 'tags') patch.tags = c.after as string[];
      else if (c.field === 'note') patch.note = c.after as string;
      byId.set(c.id, patch);
    }
    if (byId.size) this.rows = this.rows.map((r) => (byId.has(r.id) ? { ...r, ...byId.get(r.id) } : r));
  }

  /**
   * A curation call made elsewhere (the inspector) on this run: the rows, history and
   * message here follow it. Returns the change, or null when the run is read-only.
   */
  async curate<K extends 'candidates.setVerdict' | 'candidates.setNote' | 'candidates.setTags'>(
    method: K,
    args: ApiArgs<K>,
  ): Promise<CurationChange | null> {
    if (this.readOnly) {
      this.refuse();
      return null;
    }
    const res = (await studio.client.call(method, args)) as CurationChange;
    this.changed(res, 'Nothing changed');
    if (method === 'candidates.setVerdict' && res.changes.length > 0) shipsView.verdictChanged();
    return res;
  }

  async setVerdict(verdict: Verdict): Promise<void> {
    const ids = this.targets();
    if (ids.length === 0 || this.runId === null) return;
    if (this.readOnly) return this.refuse();
    try {
      const res = await studio.client.call('candidates.setVerdict', { candidateIds: ids, verdict });
      if (res.changes.length > 0) shipsView.verdictChanged();
      this.changed(
        res,
        `Nothing changed: ${ids.length === 1 ? 'the candidate already has' : 'every candidate already has'} that verdict`,
      );
    } catch (e) {
      studio.report('Could not change the verdict', e);
    }
  }

  /**
   * Undo, redo and jumps run one after another, in the order pressed: Ctrl+Z pressed again
   * before the last one answered used to ask for an undo the history no longer had, and the
   * studio reported it as an error.
   */
  private steps: Promise<void> = Promise.resolve();

  /** Undo, redo or jump back through the run's history; the rows are reloaded so filters stay true. */
  private stepHistory(
    call: () => Promise<HistoryStep>,
    verb: string,
    failTitle: string,
    left?: () => boolean,
  ): Promise<void> {
    const next = this.steps.then(() => this.stepNow(call, verb, failTitle, left));
    this.steps = next.catch(() => undefined);
    return next;
  }

  private async stepNow(
    call: () => Promise<HistoryStep>,
    verb: string,
    failTitle: string,
    left?: () => boolean,
  ): Promise<void> {
    if (this.runId === null) return;
    if (this.readOnly) return this.refuse();
    // Asked when its turn comes: the steps before it may have used the history up.
    if (left && !left()) {
      this.message = verb === 'Undid' ? 'Nothing left to undo' : 'Nothing left to redo';
      return;
    }
    const runId = this.runId;
    try {
      const res = await call();
      if (this.runId !== runId) return;
      this.history = { runId, undo: res.undo, redo: res.redo };
      // A verdict undone or redone changes what ships only after a recompute, like every other verdict.
      if (res.entries.some((e) => e.kind === 'verdict')) shipsView.verdictChanged();
      const names = res.entries.map((e) => `“${e.label}”`);
      this.message =
        names.length === 0
          ? 'Already there: nothing changed'
          : names.length === 1
            ? `${verb} ${names[0]}`
            : `${verb} ${names.length} changes`;
      historyVersion.n++;
      await this.reload(true);
    } catch (e) {
      studio.report(failTitle, e);
    }
  }

  undo(): Promise<void> {
    return this.stepHistory(
      () => studio.client.call('history.undo', { runId: this.runId! }),
      'Undid',
      'Nothing undone',
      () => this.undoable,
    );
  }

  redo(): Promise<void> {
    return this.stepHistory(
      () => studio.client.call('history.redo', { runId: this.runId! }),
      'Redid',
      'Nothing redone',
      () => this.redoable,
    );
  }

  /** Back (or forward) to the state right after one change (0: before the first). */
  jump(entryId: number): Promise<void> {
    return this.stepHistory(
      () => studio.client.call('history.jump', { runId: this.runId!, entryId }),
      'Went back over',
      'Could not go back',
    );
  }

  async setNote(id: number, note: string): Promise<void> {
    if (this.readOnly) return this.refuse();
    try {
      const res = await studio.client.call('candidates.setNote', { candidateId: id, note });
      this.changed(res, 'The note is unchanged');
    } catch (e) {
      studio.report('Could not save the note', e);
    }
  }

  async setTags(ids: number[], tags: string[], mode: 'add' | 'remove'): Promise<void> {
    if (ids.length === 0 || tags.length === 0) return;
    if (this.readOnly) return this.refuse();
    try {
      const res = await studio.client.call('candidates.setTags', { candidateIds: ids, tags, mode });
      this.changed(
        res,
        mode === 'add'
          ? 'Nothing changed: every candidate already has the tag'
          : 'Nothing changed: no candidate had the tag',
      );
    } catch (e) {
      studio.report('Could not change the tags', e);
    }
  }

  private refuse(): void {
    studio.report(
      'This run is read-only',
      new Error(
        'An imported pack is read-only: verdicts, notes and tags cannot change. Generate a run to curate its pools.',
      ),
    );
  }

  // ----- focus and selection -----

  /** A pool to bring into view once the run's rows are loaded (the Ordering page's "open those pools"). */
  private wantSlot: number | null = null;

  /** Focus the first card of pool `slot` of run `runId` (opening the run first if needed). */
  /**
   * Show only the candidates inside these metric ranges (an expressive-range cell from Plots):
   * the other filters are cleared so the pool holds exactly the cell's candidates.
   */
  showRanges(ranges: Record<string, MetricRange>): void {
    this.verdict = '';
    this.tag = '';
    this.shipped = '';
    this.ranges = { ...ranges };
  }

  async showSlot(runId: number, slot: number): Promise<void> {
    this.wantSlot = slot;
    if (this.runId !== runId) await this.open(runId);
    else if (!this.loading) this.applyWantedSlot();
  }

  private applyWantedSlot(): void {
    if (this.wantSlot === null) return;
    const i = this.shown.findIndex((r) => r.slot === this.wantSlot);
    this.wantSlot = null;
    if (i >= 0) this.moveTo(i, false);
  }

  moveTo(index: number, extend: boolean): void {
    const n = this.shown.length;
    if (n === 0) return;
    const i = Math.max(0, Math.min(n - 1, index));
    if (extend) {
      this.selectRange(this.anchor, i);
    } else {
      this.selected.clear();
      this.anchor = i;
    }
    this.focus = i;
  }

  selectRange(a: number, b: number): void {
    this.selected.clear();
    const [lo, hi] = a <= b ? [a, b] : [b, a];
    for (let k = lo; k <= hi; k++) {
      const r = this.shown[k];
      if (r) this.selected.add(r.id);
    }
  }

  click(index: number, e: { shiftKey: boolean; ctrlKey: boolean; metaKey: boolean }): void {
    const r = this.shown[index];
    if (!r) return;
    if (e.shiftKey) {
      this.selectRange(this.anchor, index);
    } else if (e.ctrlKey || e.metaKey) {
      // Ctrl+click starting from a lone focused card keeps it in the selection too.
      if (this.selected.size === 0 && this.focused && this.focused.id !== r.id)
        this.selected.add(this.focused.id);
      if (this.selected.has(r.id)) this.selected.delete(r.id);
      else this.selected.add(r.id);
      this.anchor = index;
    } else {
      this.selected.clear();
      this.anchor = index;
    }
    this.focus = index;
  }

  selectAll(): void {
    for (const r of this.shown) this.selected.add(r.id);
  }

  clearSelection(): void {
    this.selected.clear();
  }
}

export const pool = new PoolState();
