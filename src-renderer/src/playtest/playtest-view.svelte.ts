/**
 * The studio's Playtest page (docs/playtests-studio.md, "Playtest sessions"): a session plays one
 * of a run's orders blind, level by level, for one tester, through the same blind player as the
 * offline page (./Player.svelte); every finished attempt goes to `playtests.record`. The client,
 * the game's blind board and the clock come in as arguments, so tests/unit/playtest-view.test.ts
 * gives fakes.
 */
import type { OrderingKind, OrderingView } from '../../../src-shared/api';
import { ORDER_KINDS, ORDER_WORDS } from '../../../src-shared/ordering/ships-now';
import type { AttemptTrace } from '../../../src-shared/playtest/types';
import { shippingKind } from '../export/export-text';
import type { BlindPlay } from '../games/game-view';
import { beginPlay, type Clock, type PlayerControls, type PlayerProgress } from './player-state';

/** What a session reads of an order: computed or not, and each level's candidate. */
export type SessionOrder = Pick<OrderingView, 'computedAt' | 'shortLevels'> & {
  levels: { level: number; candidateId: number | null }[];
};
export type Orders = Record<OrderingKind, SessionOrder | null>;

/** What a session needs of a game's blind board (BlindPlay has it; the Player gets the whole board). */
export interface SessionPlay {
  readRules(raw: unknown): unknown;
  game: {
    blindLevel?: { strip(level: never): unknown; read(raw: unknown, rules: never): unknown } | undefined;
  };
}

interface SessionClient {
  /** The run's stored orders (null: not computed). */
  orders(runId: number): Promise<Orders>;
  run(runId: number): Promise<{ game: string; rules: unknown }>;
  /** A candidate's level as stored. */
  level(candidateId: number): Promise<unknown>;
  record(args: {
    runId: number;
    kind: OrderingKind;
    tester: string;
    attempt: AttemptTrace;
  }): Promise<unknown>;
}

export interface SessionDeps<P extends SessionPlay> {
  client: SessionClient;
  /** The game's blind board, or a sentence saying why it has none. */
  blind(game: string): P | string;
  explain(e: unknown): string;
  clock?: Clock;
}

/** The session being played: its run, order and tester, and the levels read for it. */
export interface Session<P extends SessionPlay = BlindPlay> {
  runId: number;
  kind: OrderingKind;
  play: P;
  rules: unknown;
  /** The stored level of each 1-based level of the order. */
  levels: unknown[];
}

const noOrders = (): Orders => ({ automatic: null, approved: null, 'approved-first': null, steered: null });

/** Why an order cannot be played now, or null when it can. */
export function orderProblem(o: SessionOrder | null, kind: OrderingKind): string | null {
  if (!o?.computedAt) return `the ${ORDER_WORDS[kind]} order is not computed yet`;
  const empty = o.levels.filter((l) => l.candidateId === null).map((l) => l.level);
  if (o.levels.length === 0) return `the ${ORDER_WORDS[kind]} order has no levels`;
  if (empty.length > 0)
    return `the ${ORDER_WORDS[kind]} order has no candidate at level${empty.length > 1 ? 's' : ''} ${empty.join(', ')}`;
  return null;
}

export class PlaytestSession<P extends SessionPlay = BlindPlay> {
  /** The run whose orders are listed (the page's run picker). */
  runId = $state<number | null>(null);
  orders = $state.raw<Orders>(noOrders());
  ordersLoading = $state(false);
  /** The order to play: preselected as what ships now (as Export does); the designer may pick another. */
  kind = $state<OrderingKind>('automatic');
  /** The tester's name: asked when a session starts, kept for the next one (changeable). */
  tester = $state('');
  session = $state.raw<Session<P> | null>(null);
  progress = $state.raw<PlayerProgress | null>(null);
  starting = $state(false);
  /** Attempts stored this session, and the last refusal (a sentence). */
  recorded = $state(0);
  error = $state<string | null>(null);
  /** The player's commands while it is on screen (the page's keys). */
  controls = $state.raw<PlayerControls | null>(null);
  private asked = 0;
  private saving: Promise<void> = Promise.resolve();
  private read = new Map<number, unknown>();

  constructor(private readonly deps: SessionDeps<P>) {}

  get clock(): Clock {
    return this.deps.clock ?? { now: () => performance.now(), iso: () => new Date().toISOString() };
  }

  /** The run picked: its orders read, and what ships now preselected. */
  async choose(runId: number | null): Promise<void> {
    if (runId === this.runId && !this.ordersLoading) return;
    const ask = ++this.asked;
    this.runId = runId;
    this.orders = noOrders();
    this.error = null;
    if (runId === null) return;
    this.ordersLoading = true;
    try {
      const orders = await this.deps.client.orders(runId);
      if (ask !== this.asked) return;
      this.orders = orders;
      this.kind = shippingKind(orders);
    } catch (e) {
      if (ask === this.asked) this.error = this.deps.explain(e);
    } finally {
      if (ask === this.asked) this.ordersLoading = false;
    }
  }

  /** Each order with why it cannot be played (null: it can), in the order screens list them. */
  get choices(): { kind: OrderingKind; problem: string | null }[] {
    return ORDER_KINDS.map((kind) => ({ kind, problem: orderProblem(this.orders[kind], kind) }));
  }

  /** Why "Start the session" cannot run now, or null. */
  get startBlocked(): string | null {
    if (this.session) return 'a session is under way (end it or change the tester first)';
    if (this.starting) return 'the session is starting';
    if (this.runId === null) return 'pick a run, or play a pack file';
    if (this.ordersLoading) return "the run's orders are loading";
    const p = orderProblem(this.orders[this.kind], this.kind);
    if (p) return p;
    if (!this.tester.trim()) return "type the tester's name first";
    return null;
  }

  /** Start a session for the tester named: the order's levels read, its first level on screen. */
  async start(): Promise<boolean> {
    if (this.startBlocked !== null) {
      this.error = this.startBlocked;
      return false;
    }
    const runId = this.runId!;
    const kind = this.kind;
    const ids = this.orders[kind]!.levels.map((l) => l.candidateId!);
    this.starting = true;
    this.error = null;
    try {
      const run = await this.deps.client.run(runId);
      const play = this.deps.blind(run.game);
      if (typeof play === 'string') throw new Error(play);
      const levels = await Promise.all(ids.map((id) => this.deps.client.level(id)));
      if (this.runId !== runId) return false;
      this.read = new Map();
      this.session = { runId, kind, play, rules: play.readRules(run.rules), levels };
      this.recorded = 0;
      const tester = this.tester.trim();
      this.tester = tester;
      this.progress = beginPlay(
        tester,
        levels.map((_, i) => i + 1),
        this.clock,
      );
      return true;
    } catch (e) {
      this.error = this.deps.explain(e);
      return false;
    } finally {
      this.starting = false;
    }
  }

  /**
   * Level n as the tester's board gets it: stripped as the offline page holds it and read back
   * (the game's blindLevel), so the studio's session and the page play the same level data.
   */
  levelAt = (n: number): unknown => {
    const s = this.session!;
    if (!this.read.has(n)) {
      const raw = s.levels[n - 1];
      const blind = s.play.game.blindLevel;
      // The stored level and rules are the game's own (read from its run): the game's types.
      const strip = blind?.strip as ((l: unknown) => unknown) | undefined;
      const read = blind?.read as ((r: unknown, rules: unknown) => unknown) | undefined;
      this.read.set(n, strip && read ? read(strip(raw), s.rules) : raw);
    }
    return this.read.get(n);
  };

  setProgress = (p: PlayerProgress): void => {
    this.progress = p;
  };

  /** A finished attempt, stored (in the order they ended); a refusal is shown as its sentence. */
  attempt = (a: AttemptTrace): void => {
    const s = this.session;
    const tester = this.progress?.tester;
    if (!s || !tester) return;
    this.saving = this.saving.then(async () => {
      try {
        await this.deps.client.record({ runId: s.runId, kind: s.kind, tester, attempt: a });
        if (this.session === s) this.recorded++;
      } catch (e) {
        this.error = `the attempt at level ${a.level} was not stored: ${this.deps.explain(e)}`;
      }
    });
  };

  /** Every attempt sent so far has been answered (tests, and ending a session). */
  settled(): Promise<void> {
    return this.saving;
  }

  /**
   * End the session (to change the tester, or the order): the attempts finished are stored; the
   * one under way is not, as it has no outcome the tester chose. The name stays for the next one.
   */
  end(): void {
    this.session = null;
    this.progress = null;
    this.controls = null;
    this.read = new Map();
  }

  /** Pack-file mode: the pack imported as a run first (packs.import), then picked to play. */
  async playPack(
    importing: () => Promise<{ run: { id: number } } | null>,
    select: (runId: number) => void,
  ): Promise<boolean> {
    this.error = null;
    try {
      const res = await importing();
      if (!res) return false; // the open dialog was cancelled
      select(res.run.id);
      await this.choose(res.run.id);
      return true;
    } catch (e) {
      this.error = `the pack was not imported: ${this.deps.explain(e)}`;
      return false;
    }
  }
}
