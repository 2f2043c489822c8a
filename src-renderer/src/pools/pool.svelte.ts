/**
 * The Pool browser's state: the candidates of one run (metrics and verdicts of every
 * candidate, fetched in pages of 2000 without levels; the level JSON only for what is on
 * screen), filters, sort, focus, multi-selection, and the curation calls (verdicts with
 * undo, notes, tags). One instance, so the action table and the page share it.
 */
import { SvelteSet } from 'svelte/reactivity';
import type { ApiArgs, CandidateRow, Verdict } from '../../../src-shared/api';
import type { GameId } from '../../../src-shared/game';
import { studio } from '../lib/studio.svelte';

export type ShippedFilter = '' | 'automatic' | 'approved' | 'any' | 'none';
export interface MetricRange { min: string; max: string }

/** A candidate row plus its rank in the server's answer (q) and within its slot (qs). */
export interface PoolRow extends CandidateRow {
  q: number;
  qs: number;
}

const PAGE = 2000;
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

  /** Index into `shown` of the focused card. */
  focus = $state(0);
  selected = new SvelteSet<number>();
  anchor = 0;
  undoable = $state(false);
  message = $state<string | null>(null);

  /** Level JSON by candidate id (immutable, so cached for the run). */
  private levels = new Map<number, unknown>();
  private pending = new Set<string>();
  levelsVersion = $state(0);
  private generation = 0;

  /** What the grid shows, in display order (grouped by slot when `group`). */
  shown = $derived.by((): PoolRow[] => {
    let list = this.rows;
    if (this.shipped === 'none') list = list.filter((r) => r.shippedAs.automatic === null && r.shippedAs.approved === null);
    if (this.group) list = [...list].sort((a, b) => a.slot - b.slot || a.qs - b.qs);
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
        filters.push({ metric, ...(min !== undefined && Number.isFinite(min) ? { min } : {}), ...(max !== undefined && Number.isFinite(max) ? { max } : {}) });
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
    this.undoable = false;
    this.message = null;
    this.levelsVersion++;
    if (runId === null) return;
    try {
      const run = await studio.client.call('runs.get', { runId });
      if (this.runId !== runId) return;
      this.game = run.game;
      this.rules = run.rules;
      this.readOnly = run.status === 'imported';
    } catch (e) {
      studio.report(`Could not open run ${runId}`, e);
      return;
    }
    await this.reload();
  }

  /** Fetch every matching candidate (no level JSON), 2000 at a time; keeps the focus index. */
  async reload(keepFocus = false): Promise<void> {
    if (this.runId === null) return;
    const gen = ++this.generation;
    const base = this.query();
    const focusId = keepFocus ? this.focused?.id : undefined;
    this.loading = true;
    try {
      const all: PoolRow[] = [];
      const perSlot = new Map<number, number>();
      let offset = 0;
      let total = 0;
      do {
        const page = await studio.client.call('candidates.list', { ...base, offset, limit: PAGE, withLevels: false });
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
    const want = indices.map((i) => this.shown[i]).filter((r): r is PoolRow => r !== undefined && r.failure === null && !this.levels.has(r.id));
    if (want.length === 0) return;
    // Spans of ranks in the server order: per slot when grouped, else global.
    const spans = new Map<string, { slot?: number; from: number; to: number }>();
    for (const r of want) {
      const key = this.group ? `s${r.slot}` : 'all';
      const rank = this.group ? r.qs : r.q;
      const s = spans.get(key);
      if (!s) spans.set(key, { ...(this.group ? { slot: r.slot } : {}), from: rank, to: rank });
      else { s.from = Math.min(s.from, rank); s.to = Math.max(s.to, rank); }
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
            .call('candidates.list', { ...base, ...(s.slot !== undefined ? { slot: s.slot } : {}), offset: from, limit, withLevels: true })
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

  async setVerdict(verdict: Verdict): Promise<void> {
    const ids = this.targets();
    if (ids.length === 0 || this.runId === null) return;
    if (this.readOnly) return this.refuse();
    try {
      const res = await studio.client.call('candidates.setVerdict', { candidateIds: ids, verdict });
      this.patch(new Set(ids), (r) => ({ ...r, verdict }));
      this.undoable = res.undoable;
      const what = verdict === 'approved' ? 'Approved' : verdict === 'rejected' ? 'Rejected' : 'Cleared';
      this.message = `${what} ${ids.length} candidate${ids.length === 1 ? '' : 's'}${res.undoable ? ' · Ctrl+Z undoes' : ''}`;
    } catch (e) {
      studio.report('Could not change the verdict', e);
    }
  }

  async undo(): Promise<void> {
    if (this.runId === null) return;
    if (this.readOnly) return this.refuse();
    try {
      const res = await studio.client.call('candidates.undo', { runId: this.runId });
      this.undoable = res.undoable;
      this.message = `Undid the last verdict change (${res.changed} candidate${res.changed === 1 ? '' : 's'})`;
      await this.reload(true);
    } catch (e) {
      studio.report('Nothing undone', e);
    }
  }

  async setNote(id: number, note: string): Promise<void> {
    if (this.readOnly) return this.refuse();
    try {
      const row = await studio.client.call('candidates.setNote', { candidateId: id, note });
      this.patch(new Set([id]), (r) => ({ ...r, note: row.note }));
      this.message = note ? 'Note saved' : 'Note removed';
    } catch (e) {
      studio.report('Could not save the note', e);
    }
  }

  async setTags(ids: number[], tags: string[], mode: 'add' | 'remove'): Promise<void> {
    if (ids.length === 0 || tags.length === 0) return;
    if (this.readOnly) return this.refuse();
    try {
      await studio.client.call('candidates.setTags', { candidateIds: ids, tags, mode });
      const set = new Set(tags);
      this.patch(new Set(ids), (r) => ({ ...r, tags: mode === 'add' ? [...new Set([...r.tags, ...tags])] : r.tags.filter((t) => !set.has(t)) }));
      this.message = `${mode === 'add' ? 'Tagged' : 'Untagged'} ${ids.length} candidate${ids.length === 1 ? '' : 's'}`;
    } catch (e) {
      studio.report('Could not change the tags', e);
    }
  }

  private refuse(): void {
    studio.report('This run is read-only', new Error('An imported pack is read-only: verdicts, notes and tags cannot change. Generate a run to curate its pools.'));
  }

  // ----- focus and selection -----

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
      if (this.selected.size === 0 && this.focused && this.focused.id !== r.id) this.selected.add(this.focused.id);
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
