/**
 * The inspector's play state (InspectorShell.svelte draws it and owns the stage): the move
 * clock of the last move's animation (play, pause, scrub, cut short), the moves made since
 * the start (what the play memory keeps, ./play-memory.ts), undo and restart, stepping and
 * "Play all" through the solution with its pause between moves, and why a command cannot run
 * right now. The clock and the pause go through `PlayDeps.frames`, so the unit tests
 * (tests/unit/play-view.test.ts) drive them by hand.
 */
import type { AnyGame } from '../../../src-shared/games/index';
import type { PlayInfo } from '../games/game-view';
import type { Command } from './bus.svelte';
import type { KeptPlay } from './play-memory';
import type { InspectorSession } from './session';
import { scaledGap, scaledStep } from './play-speed.svelte';

/** Pause between the moves of "Play all", after each animation ends. */
export const AUTOPLAY_GAP_MS = 250;

/** The browser's frames and timers (requestAnimationFrame, setTimeout), or a test's. */
export interface PlayFrames {
  frame(cb: (now: number) => void): number;
  cancelFrame(id: number): void;
  after(ms: number, cb: () => void): unknown;
  cancelAfter(handle: unknown): void;
  now(): number;
}

/** The browser's own. */
export const browserFrames: PlayFrames = {
  frame: (cb) => requestAnimationFrame(cb),
  cancelFrame: (id) => cancelAnimationFrame(id),
  after: (ms, cb) => setTimeout(cb, ms),
  cancelAfter: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
  now: () => performance.now(),
};

export interface PlayDeps {
  game: Pick<AnyGame, 'words'>;
  play: PlayInfo;
  session: InspectorSession;
  frames: PlayFrames;
  /** The clock (seconds into the last move's animation) and whether it runs: the shell's bound props. */
  clock: { t: number; playing: boolean };
  /** The play speed (./play-speed.svelte.ts): the clock and the pause between moves scale by it; 1 when absent. */
  speed?: () => number;
}

export class PlayView {
  /** "Play all" is under way: each move's end starts the next after a pause. */
  autoplay = $state(false);
  /** The elements moved on since the start position, in order (what the play memory keeps). */
  made = $state.raw<number[]>([]);
  private raf = 0;
  private lastFrame = 0;
  /** The pause before autoplay's next move: one at a time, dropped when autoplay stops and when the board goes. */
  private gap: unknown = null;

  constructor(private readonly deps: PlayDeps) {}

  get t(): number {
    return this.deps.clock.t;
  }
  set t(v: number) {
    this.deps.clock.t = v;
  }
  get playing(): boolean {
    return this.deps.clock.playing;
  }
  private set playing(on: boolean) {
    this.deps.clock.playing = on;
  }
  get moves(): number {
    return this.deps.session.moveCount;
  }
  /** How long the last move's animation runs (0 with no move yet). */
  get last(): number {
    return this.moves > 0 ? this.deps.session.duration() : 0;
  }
  /** The timeline's ticks of the last move (games with a timeline). */
  get ticks(): { at: number; title: string }[] {
    const { play, session } = this.deps;
    return play.timeline && this.moves > 0 && session.ticks ? session.ticks() : [];
  }
  /** The clock under the timeline: where the animation is, or what to do first. */
  get clockText(): string {
    return this.moves > 0
      ? `${this.t.toFixed(2)} / ${this.last.toFixed(2)} s`
      : `${this.deps.play.move} a ${this.deps.game.words.element}`;
  }

  // ---- the move clock ----
  private tick = (now: number): void => {
    const d = this.deps.session.duration();
    if (!this.playing || d <= 0) {
      this.raf = 0;
      return;
    }
    const dt = Math.min(0.05, (now - this.lastFrame) / 1000);
    this.lastFrame = now;
    this.t = Math.min(d, this.t + scaledStep(dt, this.deps.speed?.() ?? 1));
    if (this.t >= d) {
      this.playing = false;
      this.raf = 0;
      this.deps.session.settle?.();
      if (this.autoplay) this.nextAfterGap();
      return;
    }
    this.raf = this.deps.frames.frame(this.tick);
  };
  private nextAfterGap(): void {
    this.cancelGap();
    this.gap = this.deps.frames.after(scaledGap(AUTOPLAY_GAP_MS, this.deps.speed?.() ?? 1), () => {
      this.gap = null;
      this.continueAutoplay();
    });
  }
  private cancelGap(): void {
    if (this.gap !== null) this.deps.frames.cancelAfter(this.gap);
    this.gap = null;
  }
  /** Play the last move's animation (from the start once it has ended). */
  start(): void {
    const d = this.deps.session.duration();
    if (d <= 0) return;
    if (this.t >= d) this.t = 0;
    this.playing = true;
    this.lastFrame = this.deps.frames.now();
    if (!this.raf) this.raf = this.deps.frames.frame(this.tick);
  }
  pause(): void {
    this.playing = false;
  }
  togglePlay(): void {
    if (this.playing) this.pause();
    else this.start();
  }
  /** Cut a running animation short, its board in the final state. */
  private stop(): void {
    if (this.playing) {
      this.playing = false;
      this.deps.session.settle?.();
    }
  }
  /** The board goes: no frame or pause outlives it. */
  destroy(): void {
    this.cancelGap();
    if (this.raf) this.deps.frames.cancelFrame(this.raf);
    this.raf = 0;
  }

  // ---- moves, history, stepping ----
  move(i: number): void {
    const { play, session } = this.deps;
    if (!play.timeline) this.stop();
    const d = session.apply(i);
    if (d === null) return;
    this.made = [...this.made, i];
    this.t = 0;
    if (d > 0) this.start();
    else {
      session.settle?.();
      if (this.autoplay) this.nextAfterGap();
    }
  }
  undo(): void {
    this.autoplay = false;
    this.cancelGap();
    this.stop();
    this.deps.session.undo();
    this.made = this.made.slice(0, -1);
    // The position before shows the move that led to it as ended.
    this.t = this.deps.session.moveCount > 0 ? this.deps.session.duration() : 0;
  }
  restart(): void {
    this.autoplay = false;
    this.cancelGap();
    this.stop();
    this.deps.session.restart();
    this.made = [];
    this.t = 0;
  }
  /** Straight to the position after `moves` from the start, toggles kept (a tester's replay seeking, ./attempt-movie-view.svelte.ts). */
  showMoves(moves: readonly number[]): void {
    const toggled = this.keptNow().toggled;
    this.restart();
    this.restore({ moves: [...moves], toggled });
  }
  /** The next move of the solution. */
  step(): void {
    const n = this.deps.session.next();
    if (n !== null) this.move(n);
  }
  private continueAutoplay(): void {
    if (!this.autoplay) return;
    const n = this.deps.session.next();
    if (n === null) {
      this.autoplay = false;
      return;
    }
    this.move(n);
  }
  /** The whole solution, one move after another (from the start when the level is over). */
  playAll(): void {
    if (this.deps.session.over) this.restart();
    this.autoplay = true;
    if (!this.playing) this.continueAutoplay();
  }

  /** Why each of the board's commands cannot run right now (null: it can). */
  blocked(): Partial<Record<Command, string | null>> {
    const { play, session, game } = this.deps;
    const noMove = `no ${play.move} yet`;
    const none = session.moveCount === 0 ? noMove : null;
    return {
      undo: none,
      restart: none,
      togglePlay: session.moveCount > 0 ? null : `${noMove}: ${play.move} a ${game.words.element} first`,
      step: session.next() !== null ? null : session.whyNoNext(),
    };
  }

  // ---- the play memory ----
  /** The level as it was left: its moves replayed through the session (the last one ended) and its toggles. */
  restore(kept: KeptPlay | undefined): void {
    if (!kept) return;
    const { play, session } = this.deps;
    const done: number[] = [];
    for (const i of kept.moves) {
      if (session.apply(i) === null) break;
      session.settle?.();
      done.push(i);
    }
    this.made = done;
    this.t = done.length > 0 ? session.duration() : 0;
    for (const tg of play.toggles)
      if ((kept.toggled[tg.id] ?? false) !== (session.toggled[tg.id] ?? false)) session.toggle(tg.id);
  }

  /** What the play memory keeps of this level now. */
  keptNow(): KeptPlay {
    const { play, session } = this.deps;
    return {
      moves: this.made,
      toggled: Object.fromEntries(play.toggles.map((tg) => [tg.id, session.toggled[tg.id] ?? false])),
    };
  }
}
