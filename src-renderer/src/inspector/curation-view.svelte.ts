/**
 * Curating from the inspector: the candidate on screen gets the same verdicts, note and tags
 * as in Pools (through the Pools state when that run is open there, so both show the change
 * and it lands in the run's one history), next/previous candidate of its pool, an optional
 * auto-advance after a verdict, and the run's shipped order (automatic or approved) as a
 * filmstrip to step through levels 1..N. After "Save as new candidate" in the editor, the bar
 * acts on the candidate just saved (the one the editor now shows), not on the one it was edited
 * from, and says so (`savedFrom`).
 */
import type { CandidateDetail, CurationChange, OrderingKind, Verdict } from '../../../src-shared/api';
import { candidateName } from '../../../src-shared/vocabulary';
import { studio } from '../lib/studio.svelte';
import { pool } from '../pools/pool-view.svelte';
import { parseJump, performJump } from '../lib/jump';
import { savedSwitch, saveSwitch } from '../lib/saved-switch';

/** The orders a filmstrip shows (the ones candidates.list can filter by). */
type StripKind = Extract<OrderingKind, 'automatic' | 'approved'>;

interface StripLevel {
  level: number;
  candidateId: number | null;
  slot: number | null;
  index: number | null;
  /** The game and rules the level belongs to: drawn with these, never with the candidate now on screen's. */
  game: string;
  rules: unknown;
  levelJson: unknown;
}

const STRIP_OPEN_KEY = 'studio-inspector-strip-open';

class InspectorCuration {
  /** Whether the filmstrip's thumbnails show (folded to its one-line heading otherwise), kept per user. */
  stripOpen = $state(savedSwitch(STRIP_OPEN_KEY, true));
  /** The stored candidate on screen (null for a pack file's level). */
  candidate = $state.raw<CandidateDetail | null>(null);
  /**
   * The editor saved the level on screen as another candidate: the one the inspector opened
   * (`from`, its name for the bar's header) and the one saved (`to`), which the bar acts on.
   */
  savedFrom = $state.raw<{ from: number; to: number; name: string } | null>(null);
  autoAdvance = $state(false);
  stripKind = $state<StripKind>('automatic');
  strip = $state.raw<StripLevel[]>([]);
  stripRunId = $state<number | null>(null);
  /**
   * The last action's message and the candidates it is about (the one acted on, and the one
   * auto-advance went on to): another candidate on screen, of this run or another run or
   * game, never shows it (`message` reads null there).
   */
  private said = $state.raw<{ text: string; about: readonly number[] } | null>(null);
  get message(): string | null {
    const s = this.said,
      c = this.candidate;
    return s && c && s.about.includes(c.id) ? s.text : null;
  }
  private say(text: string, about: number, next: number | null = null): void {
    this.said = { text, about: next === null ? [about] : [about, next] };
  }
  /** The pool's candidates in the order Pools shows them (or slot order), for next/previous. */
  private neighbours = $state.raw<{ id: number; failed: boolean }[]>([]);
  /**
   * Verdict keys act one after another, each once the candidate it acts on is on screen: A A
   * with auto-advance approves two candidates (the second A used to be dropped while the next
   * candidate loaded, and '.' '.' moved one).
   */
  private queue: Promise<void> = Promise.resolve();

  /** The stored candidate the inspector shows or is opening (its target), or null. */
  private targetId(): number | null {
    const t = studio.inspected;
    const id = t?.kind === 'candidate' ? t.candidateId : null;
    // The opened candidate was saved as another: the keys act on the one saved.
    return id !== null && this.savedFrom?.from === id ? this.savedFrom.to : id;
  }

  /** A stored candidate is open, or being opened (the keys then wait for it). */
  get opening(): boolean {
    return this.targetId() !== null;
  }

  /**
   * Wait until the candidate the inspector is opening is on screen (true), or the inspector
   * moves to another target first (false: the key waiting for it does nothing, so a key pressed
   * for a candidate that never loaded never lands on the next one).
   */
  private settled(): Promise<boolean> {
    const want = this.targetId();
    if (want === null) return Promise.resolve(false);
    return new Promise((resolve) => {
      let done = false;
      let stop: (() => void) | null = null;
      const settle = (shown: boolean): void => {
        if (done) return;
        done = true;
        resolve(shown);
        queueMicrotask(() => stop?.());
      };
      stop = $effect.root(() => {
        $effect(() => {
          const target = this.targetId();
          if (target !== want) settle(false);
          else if (this.candidate?.id === want) settle(true);
        });
      });
      if (done) stop();
    });
  }

  /** The candidate `opened` as curated here since (verdict, note, tags), or the one the editor saved it as. */
  curated(opened: CandidateDetail | null): CandidateDetail | null {
    if (!opened) return null;
    const want = this.savedFrom?.from === opened.id ? this.savedFrom.to : opened.id;
    return this.candidate?.id === want ? this.candidate : opened;
  }

  setStripOpen(open: boolean): void {
    this.stripOpen = open;
    saveSwitch(STRIP_OPEN_KEY, open);
  }

  /**
   * Show the candidate the inspector opened, or, once the editor has saved it as another
   * (`savedAs`: the candidate the board is stored as now), that one.
   */
  async show(c: CandidateDetail | null, savedAs: number | null = null): Promise<void> {
    if (c && savedAs !== null && savedAs !== c.id) {
      this.savedFrom = { from: c.id, to: savedAs, name: candidateName(c.slot, c.index) };
      try {
        const saved = await studio.client.call('candidates.get', { candidateId: savedAs });
        // The designer may have moved on (or undone the save) meanwhile.
        if (this.savedFrom?.to !== savedAs) return;
        c = saved;
      } catch (e) {
        studio.report(`Could not read the candidate just saved (#${savedAs})`, e);
        this.savedFrom = null;
      }
    } else this.savedFrom = null;
    this.candidate = c;
    // Said about other candidates: forgotten, so coming back later does not show it again.
    if (this.said && !(c && this.said.about.includes(c.id))) this.said = null;
    if (!c) return;
    // Another run's strip must not stay on screen beside this candidate (it may be another game).
    if (this.stripRunId !== c.runId) {
      this.strip = [];
      this.stripRunId = null;
    }
    await Promise.all([this.loadNeighbours(c), this.loadStrip(c.runId, this.stripKind)]);
  }

  private async loadNeighbours(c: CandidateDetail): Promise<void> {
    if (pool.runId === c.runId && pool.shown.some((r) => r.id === c.id)) {
      this.neighbours = pool.shown
        .filter((r) => r.slot === c.slot)
        .map((r) => ({ id: r.id, failed: r.failure !== null }));
      return;
    }
    try {
      const page = await studio.client.call('candidates.list', {
        runId: c.runId,
        slot: c.slot,
        limit: 2000,
        withLevels: false,
      });
      if (this.candidate?.id === c.id)
        this.neighbours = page.items.map((r) => ({ id: r.id, failed: r.failure !== null }));
    } catch (e) {
      studio.report("Could not read the candidate's pool", e);
    }
  }

  async loadStrip(runId: number, kind: StripKind): Promise<void> {
    if (this.stripRunId === runId && this.stripKind === kind && this.strip.length > 0) return;
    const owner = this.candidate;
    if (!owner || owner.runId !== runId) return;
    try {
      const view = await studio.client.call('orderings.get', { runId, kind });
      const ids = view.levels.map((l) => l.candidateId).filter((id): id is number => id !== null);
      const levels = new Map<number, { level: unknown; slot: number; index: number }>();
      if (ids.length) {
        const page = await studio.client.call('candidates.list', {
          runId,
          shipped: kind,
          limit: 2000,
          withLevels: true,
        });
        for (const r of page.items) levels.set(r.id, { level: r.level, slot: r.slot, index: r.index });
      }
      // The designer may have moved to another run's candidate meanwhile: drop this answer.
      if (this.candidate?.runId !== runId) return;
      const { game, rules } = owner;
      this.strip = view.levels.map((l) => {
        const got = l.candidateId === null ? undefined : levels.get(l.candidateId);
        return {
          level: l.level,
          candidateId: l.candidateId,
          slot: got?.slot ?? null,
          index: got?.index ?? null,
          game,
          rules,
          levelJson: got?.level ?? null,
        };
      });
      this.stripRunId = runId;
      this.stripKind = kind;
    } catch (e) {
      studio.report("Could not read the run's shipped order", e);
    }
  }

  /** Where the candidate on screen sits in the filmstrip (index), or -1. */
  stripIndex(): number {
    const id = this.candidate?.id;
    return id === undefined ? -1 : this.strip.findIndex((l) => l.candidateId === id);
  }

  showLevel(k: number): void {
    const l = this.strip[Math.max(0, Math.min(this.strip.length - 1, k))];
    if (l?.candidateId != null) studio.inspect({ kind: 'candidate', candidateId: l.candidateId });
  }

  /**
   * Jump to level N of the run on screen (in the filmstrip's order unless the text names one),
   * to a candidate of its pools ("L12 · c3") or to a database id ("#123"). Resolves to null, or
   * why nothing opened.
   */
  async jump(text: string): Promise<string | null> {
    const j = parseJump(text);
    if (!j) return 'type a level number (12), a candidate (L12 · c3) or a candidate id (#345)';
    try {
      return await performJump(j, this.candidate?.runId ?? null, this.stripKind);
    } catch (e) {
      studio.report('Could not jump', e);
      return 'the studio could not look it up (see the error panel)';
    }
  }

  /**
   * The next (+1) or previous (-1) candidate of the pool that has a level; null at the end.
   * Counted from the candidate being opened, so '.' pressed twice quickly moves two (and after a
   * save from the candidate it was edited from: the walk through the pool goes on).
   */
  neighbour(dir: 1 | -1): number | null {
    // From the candidate opened (after a save, not the saved one, which sits at the pool's end).
    const t = studio.inspected;
    const from = (t?.kind === 'candidate' ? t.candidateId : null) ?? this.candidate?.id ?? null;
    if (from === null) return null;
    const i = this.neighbours.findIndex((n) => n.id === from);
    if (i < 0) return null;
    for (let k = i + dir; k >= 0 && k < this.neighbours.length; k += dir)
      if (!this.neighbours[k]!.failed) return this.neighbours[k]!.id;
    return null;
  }

  step(dir: 1 | -1): void {
    const id = this.neighbour(dir);
    if (id !== null) studio.inspect({ kind: 'candidate', candidateId: id });
  }

  private absorb(res: CurationChange): void {
    const c = this.candidate;
    if (!c) return;
    let next = c;
    for (const ch of res.changes) {
      if (ch.target !== 'candidate' || ch.id !== c.id) continue;
      next = { ...next, [ch.field]: ch.after } as CandidateDetail;
    }
    this.candidate = next;
    this.say(res.entry ? res.entry.label : 'Nothing changed', c.id);
  }

  /** Give the candidate on screen (or being opened) a verdict, after the verdict keys pressed before. */
  setVerdict(verdict: Verdict): Promise<void> {
    const next = this.queue.then(async () => {
      if (await this.settled()) await this.setVerdictNow(verdict);
    });
    this.queue = next.catch(() => undefined);
    return next;
  }

  private async setVerdictNow(verdict: Verdict): Promise<void> {
    const c = this.candidate;
    if (!c) return;
    try {
      const res =
        pool.runId === c.runId
          ? await pool.curate('candidates.setVerdict', { candidateIds: [c.id], verdict })
          : await studio.client.call('candidates.setVerdict', { candidateIds: [c.id], verdict });
      if (!res) return;
      this.absorb(res);
      // Auto-advance from this candidate, unless the designer has moved on meanwhile.
      if (this.autoAdvance && this.targetId() === c.id) {
        const next = this.neighbour(1);
        if (next !== null) {
          // The verdict's message stays beside the next candidate: it says what the key just did.
          if (this.said) this.say(this.said.text, c.id, next);
          studio.inspect({ kind: 'candidate', candidateId: next });
        } else this.say(`${res.entry?.label ?? 'Done'} · the last candidate of pool L${c.slot + 1}`, c.id);
      }
    } catch (e) {
      studio.report(`Could not change the verdict of ${candidateName(c.slot, c.index)}`, e);
    }
  }

  async setNote(note: string): Promise<void> {
    const c = this.candidate;
    if (!c) return;
    try {
      const res =
        pool.runId === c.runId
          ? await pool.curate('candidates.setNote', { candidateId: c.id, note })
          : await studio.client.call('candidates.setNote', { candidateId: c.id, note });
      if (res) this.absorb(res);
    } catch (e) {
      studio.report('Could not save the note', e);
    }
  }

  async setTags(tags: string[], mode: 'add' | 'remove'): Promise<void> {
    const c = this.candidate;
    if (!c || tags.length === 0) return;
    try {
      const res =
        pool.runId === c.runId
          ? await pool.curate('candidates.setTags', { candidateIds: [c.id], tags, mode })
          : await studio.client.call('candidates.setTags', { candidateIds: [c.id], tags, mode });
      if (res) this.absorb(res);
    } catch (e) {
      studio.report('Could not change the tags', e);
    }
  }
}

export const inspectorCuration = new InspectorCuration();
