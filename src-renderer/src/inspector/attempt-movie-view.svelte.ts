/**
 * The inspector's replay of one tester's attempt (docs/playtests-studio.md): step by step, back
 * and forth, or played at the tester's own pace (a long think cut to LONGEST_WAIT_MS), on the
 * inspector's board. The board and the timer come in as `MovieDeps`, so the unit tests
 * (tests/unit/attempt-movie-view.test.ts) drive them by hand.
 */
import type { GameWords } from '../../../src-shared/game';
import type { StoredAttempt } from '../../../src-shared/playtest/types';
import {
  attemptLine,
  clockText,
  movieSteps,
  waitBefore,
  type MovieBoard,
  type MovieStep,
} from './attempt-movie';
import type { PlayFrames } from './play-view.svelte';

export interface MovieDeps {
  board: MovieBoard;
  frames: Pick<PlayFrames, 'after' | 'cancelAfter'>;
  /** Times the tester's pace (the inspector's play speed); 1 when absent. */
  speed?: () => number;
}

export class AttemptMovie {
  attempt = $state.raw<StoredAttempt | null>(null);
  steps = $state.raw<MovieStep[]>([]);
  /** The step shown (-1: the start position). */
  index = $state(-1);
  playing = $state(false);
  private timer: unknown = null;

  constructor(private readonly deps: MovieDeps) {}

  load(attempt: StoredAttempt, words: GameWords): void {
    this.pause();
    this.attempt = attempt;
    this.steps = movieSteps(attempt.events, words);
    this.index = -1;
    this.deps.board.show([]);
  }

  close(): void {
    this.pause();
    this.attempt = null;
    this.steps = [];
    this.index = -1;
  }

  get title(): string {
    return this.attempt ? attemptLine(this.attempt) : '';
  }
  /** The shown step's line, or the start's. */
  get line(): string {
    const s = this.steps[this.index];
    if (s) return s.line;
    return this.steps.length ? `0:00.0 · the start · ${this.steps.length} steps` : '0:00.0 · no moves';
  }
  /** "0:12.4 / 0:41.0" */
  get clock(): string {
    const at = this.steps[this.index]?.at ?? 0;
    return `${clockText(at)} / ${clockText(this.attempt?.ms ?? 0)}`;
  }
  get atEnd(): boolean {
    return this.index >= this.steps.length - 1;
  }

  /** The next step, as the tester made it (a move animated, a restart back to the start). */
  next(): boolean {
    const s = this.steps[this.index + 1];
    if (!s) return false;
    this.index++;
    if (s.kind === 'move') this.deps.board.move(s.element!);
    else if (s.kind === 'restart') this.deps.board.show([]);
    return true;
  }

  prev(): void {
    if (this.index < 0) return;
    this.pause();
    this.seek(this.index - 1);
  }

  /** Straight to step `i` (-1: the start). */
  seek(i: number): void {
    const to = Math.max(-1, Math.min(this.steps.length - 1, Math.trunc(i)));
    this.index = to;
    this.deps.board.show(this.steps[to]?.board ?? []);
  }

  play(): void {
    if (!this.attempt || this.playing) return;
    if (this.atEnd) this.seek(-1);
    this.playing = true;
    this.schedule();
  }

  pause(): void {
    this.playing = false;
    if (this.timer !== null) this.deps.frames.cancelAfter(this.timer);
    this.timer = null;
  }

  toggle(): void {
    if (this.playing) this.pause();
    else this.play();
  }

  private schedule(): void {
    const wait = waitBefore(this.steps, this.index + 1, this.deps.speed?.() ?? 1);
    this.timer = this.deps.frames.after(wait, () => {
      this.timer = null;
      if (!this.playing) return;
      if (!this.next() || this.atEnd) this.playing = false;
      else this.schedule();
    });
  }
}
