/**
 * The inspector's play state (src-renderer/src/inspector/play-view.svelte.ts), without a board:
 * a move starts its animation and the clock runs to its end (then the board settles), the
 * timeline pauses and plays, undo and restart stop everything and put the clock where the
 * position says, Step plays the solution's next move, "Play all" plays it to the end with a
 * pause between moves (and stops when undone), the commands say why they cannot run, and the
 * play memory's moves are replayed (up to the first the level refuses) with its toggles.
 */
import { describe, expect, it } from 'vitest';
import type { AnyGame } from '../../src-shared/games/index';
import type { PlayInfo } from '../../src-renderer/src/games/game-view';
import type { InspectorSession } from '../../src-renderer/src/inspector/session';
import {
  AUTOPLAY_GAP_MS,
  PlayView,
  type PlayFrames,
} from '../../src-renderer/src/inspector/play-view.svelte';

/** A level of `size` elements whose solution is 0, 1, 2 …; each move's animation lasts `d` seconds. */
function fakeSession(size: number, d: number) {
  const made: number[] = [];
  const log = { settled: 0 };
  const toggled: Record<string, boolean> = {};
  const session = {
    get moveCount() {
      return made.length;
    },
    apply: (i: number) => {
      if (i >= size || made.includes(i)) return null;
      made.push(i);
      return d;
    },
    undo: () => void made.pop(),
    restart: () => void made.splice(0),
    next: () => (made.length < size ? made.length : null),
    whyNoNext: () => 'the level is cleared',
    get over() {
      return made.length === size;
    },
    duration: () => (made.length > 0 ? d : 0),
    settle: () => void log.settled++,
    toggled,
    toggle: (id: string) => void (toggled[id] = !toggled[id]),
  } as unknown as InspectorSession;
  return { session, made, log, toggled };
}

/** Frames and timers run by hand: `frame(ms)` advances the clock and runs the waiting frame. */
function manualFrames() {
  let now = 0;
  let frames: { id: number; cb: (now: number) => void }[] = [];
  let timers: { h: number; at: number; cb: () => void }[] = [];
  let ids = 0;
  const f: PlayFrames = {
    frame: (cb) => {
      frames.push({ id: ++ids, cb });
      return ids;
    },
    cancelFrame: (id) => void (frames = frames.filter((x) => x.id !== id)),
    after: (ms, cb) => {
      timers.push({ h: ++ids, at: now + ms, cb });
      return ids;
    },
    cancelAfter: (h) => void (timers = timers.filter((x) => x.h !== h)),
    now: () => now,
  };
  return {
    f,
    waiting: () => ({ frames: frames.length, timers: timers.length }),
    /** Run the frames waiting, `ms` after the last. */
    frame(ms: number) {
      now += ms;
      const run = frames;
      frames = [];
      for (const x of run) x.cb(now);
    },
    /** Let `ms` pass: timers due fire. */
    wait(ms: number) {
      now += ms;
      const due = timers.filter((x) => x.at <= now);
      timers = timers.filter((x) => x.at > now);
      for (const x of due) x.cb();
    },
  };
}

const play = (timeline: boolean): PlayInfo => ({
  move: 'tap',
  moves: 'taps',
  toggles: [{ id: 'labels', key: 'N', label: 'Numbers' }],
  input: 'click',
  timeline,
  boardHelp: '',
});
const game = { words: { element: 'dot' } } as unknown as AnyGame;

function setup(o: { size?: number; d?: number; timeline?: boolean; speed?: number } = {}) {
  const s = fakeSession(o.size ?? 3, o.d ?? 0.2);
  const clock = { t: 0, playing: false };
  const frames = manualFrames();
  const vm = new PlayView({
    game,
    play: play(o.timeline ?? true),
    session: s.session,
    frames: frames.f,
    clock,
    ...(o.speed !== undefined ? { speed: () => o.speed! } : {}),
  });
  return { vm, clock, frames, ...s };
}

describe('the move clock', () => {
  it('a move plays its animation to the end, then the board settles', () => {
    const { vm, clock, frames, log } = setup({ d: 0.1 });
    vm.move(0);
    expect([clock.t, clock.playing, vm.made]).toEqual([0, true, [0]]);
    // At most 50 ms of animation per frame, however long the frame took.
    frames.frame(200);
    expect(clock.t).toBeCloseTo(0.05);
    frames.frame(30);
    expect(clock.t).toBeCloseTo(0.08);
    frames.frame(40);
    expect([clock.t, clock.playing, log.settled]).toEqual([0.1, false, 1]);
    expect(frames.waiting()).toEqual({ frames: 0, timers: 0 });
    expect(vm.clockText).toBe('0.10 / 0.10 s');
  });

  it('pauses and plays again from where it was, and from the start once it ended', () => {
    const { vm, clock, frames } = setup({ d: 0.1 });
    vm.move(0);
    frames.frame(20);
    vm.togglePlay();
    expect(clock.playing).toBe(false);
    frames.frame(20);
    expect(clock.t).toBeCloseTo(0.02);
    vm.togglePlay();
    frames.frame(20);
    expect(clock.t).toBeCloseTo(0.04);
    clock.t = 0.1;
    vm.pause();
    vm.start();
    expect(clock.t).toBe(0);
  });

  it('a move with no animation settles at once; a refused move changes nothing', () => {
    const { vm, clock, log } = setup({ d: 0 });
    vm.move(1);
    expect([clock.playing, log.settled, vm.made]).toEqual([false, 1, [1]]);
    vm.move(1);
    expect(vm.made).toEqual([1]);
  });

  it('without a timeline, a new move cuts the running one short', () => {
    const { vm, log } = setup({ timeline: false });
    vm.move(0);
    vm.move(1);
    expect(log.settled).toBe(1);
    expect(vm.made).toEqual([0, 1]);
  });

  it('the board going leaves no frame or pause behind', () => {
    const { vm, frames } = setup({ d: 0.1 });
    vm.move(0);
    vm.destroy();
    expect(frames.waiting()).toEqual({ frames: 0, timers: 0 });
  });
});

describe('history and the solution', () => {
  it('undo stops the animation and shows the move before as ended; restart goes back to the start', () => {
    const { vm, clock, made, log } = setup({ d: 0.2 });
    vm.move(0);
    vm.move(1);
    vm.undo();
    expect([made, vm.made, clock.playing, clock.t, log.settled]).toEqual([[0], [0], false, 0.2, 1]);
    vm.undo();
    expect([clock.t, vm.moves, vm.last]).toEqual([0, 0, 0]);
    vm.move(2);
    vm.restart();
    expect([made, vm.made, clock.t, clock.playing]).toEqual([[], [], 0, false]);
  });

  it('Step plays the solution’s next move, and nothing once the level is cleared', () => {
    const { vm, made } = setup({ size: 2, d: 0 });
    vm.step();
    vm.step();
    vm.step();
    expect(made).toEqual([0, 1]);
    expect(vm.blocked().step).toBe('the level is cleared');
  });

  it('Play all plays the solution to the end with a pause after each animation', () => {
    const { vm, frames, made, clock } = setup({ size: 3, d: 0.05 });
    vm.playAll();
    expect(made).toEqual([0]);
    frames.frame(50);
    expect(clock.playing).toBe(false);
    expect(frames.waiting().timers).toBe(1);
    frames.wait(AUTOPLAY_GAP_MS - 1);
    expect(made).toEqual([0]);
    frames.wait(1);
    expect(made).toEqual([0, 1]);
    frames.frame(50);
    frames.wait(AUTOPLAY_GAP_MS);
    frames.frame(50);
    frames.wait(AUTOPLAY_GAP_MS);
    expect([made, vm.autoplay]).toEqual([[0, 1, 2], false]);
  });

  it('Play all at 4× runs each animation and each pause four times as fast (issue 22: 14 arrows took over 6 s)', () => {
    const { vm, frames, made, clock } = setup({ size: 3, d: 0.2, speed: 4 });
    vm.playAll();
    // 0.2 s of animation in 50 ms: one frame of 50 ms covers it all.
    frames.frame(50);
    expect([clock.t, clock.playing]).toEqual([0.2, false]);
    // The pause, a quarter of 250 ms (to the millisecond).
    frames.wait(Math.round(AUTOPLAY_GAP_MS / 4) - 1);
    expect(made).toEqual([0]);
    frames.wait(1);
    expect(made).toEqual([0, 1]);
    // At ½× the same animation takes 0.4 s of frames.
    const slow = setup({ size: 2, d: 0.2, speed: 0.5 });
    slow.vm.playAll();
    slow.frames.frame(50);
    expect(slow.clock.t).toBeCloseTo(0.025);
  });

  it('Play all on a cleared level starts over; undo during its pause stops it', () => {
    const { vm, frames, made } = setup({ size: 2, d: 0 });
    vm.step();
    vm.step();
    vm.playAll();
    expect(made).toEqual([0]);
    expect(frames.waiting().timers).toBe(1);
    vm.undo();
    expect([vm.autoplay, frames.waiting().timers]).toEqual([false, 0]);
    frames.wait(AUTOPLAY_GAP_MS);
    expect(made).toEqual([]);
  });

  it('says why a command cannot run yet, in the game’s words', () => {
    const { vm } = setup();
    expect(vm.blocked()).toEqual({
      undo: 'no tap yet',
      restart: 'no tap yet',
      togglePlay: 'no tap yet: tap a dot first',
      step: null,
    });
    expect(vm.clockText).toBe('tap a dot');
    vm.move(0);
    expect(vm.blocked()).toEqual({ undo: null, restart: null, togglePlay: null, step: null });
  });
});

describe('the play memory', () => {
  it('replays the kept moves up to the first the level refuses, ended, with the kept toggles', () => {
    const { vm, made, clock, toggled, log } = setup({ size: 3, d: 0.3 });
    vm.restore({ moves: [2, 0, 7, 1], toggled: { labels: true } });
    expect([made, vm.made, clock.t, clock.playing, log.settled]).toEqual([[2, 0], [2, 0], 0.3, false, 2]);
    expect(toggled).toEqual({ labels: true });
    expect(vm.keptNow()).toEqual({ moves: [2, 0], toggled: { labels: true } });
    vm.restore(undefined);
    expect(made).toEqual([2, 0]);
  });
});

describe("a tester's replay seeking", () => {
  it('shows the position after the given moves from the start, toggles kept, nothing animating', () => {
    const { vm, made, clock, toggled } = setup({ size: 4, d: 0.3 });
    vm.restore({ moves: [3], toggled: { labels: true } });
    vm.move(1);
    vm.showMoves([0, 2]);
    expect([made, vm.made, clock.t, clock.playing]).toEqual([[0, 2], [0, 2], 0.3, false]);
    expect(toggled).toEqual({ labels: true });
    vm.showMoves([]);
    expect([made, clock.t]).toEqual([[], 0]);
  });
});
