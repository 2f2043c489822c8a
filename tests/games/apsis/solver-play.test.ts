import { describe, expect, it } from 'vitest';
import {
  buildLevel,
  defaultApsisRules as rules,
  inspectArrow,
  launch,
  replay,
  roundsFromBlockers,
  solveRounds,
  startState,
  blockingGraph,
} from '../../../src-shared/games/apsis/index';
import type { ApsisLevel } from '../../../src-shared/games/apsis/index';
import { streamFor } from '../../../src-shared/random/prng';
import { chainLevel, cycleLevel } from './fixtures';

describe('solver by rounds', () => {
  it('a hand-made chain: B blocks A', () => {
    expect(blockingGraph(chainLevel, rules)).toEqual([[1], []]);
    const r = solveRounds(chainLevel, rules);
    expect(r).toMatchObject({ depth: 2, free: 1, reads: 3, cleared: true, solution: [1, 0], round: [2, 1] });
  });
  it('a level that cannot clear is reported as broken', () => {
    const r = solveRounds(cycleLevel, rules);
    expect(r.cleared).toBe(false);
    expect(r.stuck).toEqual([0, 1]);
  });
  it('rounds on an abstract graph: reads is the sum of rounds', () => {
    // 0 ← 1 ← 2, 3 free, 4 blocked by 0 and 3
    const r = roundsFromBlockers([[1], [2], [], [], [0, 3]]);
    expect(r.round).toEqual([3, 2, 1, 1, 4]);
    expect(r.depth).toBe(4);
    expect(r.free).toBe(2);
    expect(r.reads).toBe(11);
    expect(r.rounds).toEqual([[2, 3], [1], [0], [4]]);
  });
  it('generated levels: clear, replay without losing a heart, reads = Σ rounds, incremental rounds agree', () => {
    const specs = [
      { orbits: 3, arrows: 9, long: false, diagonal: false },
      { orbits: 5, arrows: 20, long: true, diagonal: true },
      { orbits: 6, arrows: 36, long: true, diagonal: true },
    ];
    for (const [k, spec] of specs.entries()) {
      for (let i = 0; i < 4; i++) {
        const b = buildLevel(spec, rules, streamFor(99, k, i));
        expect(b.level).not.toBeNull();
        const level = b.level as ApsisLevel;
        const r = solveRounds(level, rules);
        expect(r.cleared).toBe(true);
        expect(r.reads).toBe(r.round.reduce((a, x) => a + x, 0));
        expect(r.reads).toBe(r.rounds.reduce((a, list, j) => a + list.length * (j + 1), 0));
        const rep = replay(level, r.solution, rules);
        expect(rep).toMatchObject({ cleared: true, heartsLost: 0 });
        // the build order, measured by the solver, matches the builder's own bookkeeping
        const inBuildOrder = solveRounds({ orbits: spec.orbits, arrows: b.buildOrder }, rules);
        expect(inBuildOrder.round).toEqual(b.trackedRounds);
        // removing newest first always works
        const rev = b.buildOrder.map((_, j) => b.buildOrder.length - 1 - j);
        expect(replay({ orbits: spec.orbits, arrows: b.buildOrder }, rev, rules)).toMatchObject({
          cleared: true,
          heartsLost: 0,
        });
      }
    }
  });
});

describe('play rules', () => {
  const three: ApsisLevel = {
    orbits: 3,
    arrows: [
      { orbit: 2, angle: 0, heading: 'cw', length: 'short' },
      { orbit: 3, angle: 44, heading: 'cw', length: 'short' },
      { orbit: 2, angle: 30, heading: 'ccw', length: 'short' },
    ],
  };
  it('a free arrow is removed; clearing the last one clears the level', () => {
    let s = startState(chainLevel, rules);
    const r1 = launch(chainLevel, s, 1, rules);
    expect(r1).toMatchObject({ kind: 'removed', hearts: 3, cleared: false, lost: false });
    s = r1.state;
    expect(s.present).toEqual([true, false]);
    const r2 = launch(chainLevel, s, 0, rules);
    expect(r2).toMatchObject({ kind: 'removed', cleared: true });
    if (r2.kind === 'removed') {
      expect(Math.hypot(r2.exit.x, r2.exit.y)).toBeCloseTo(300, 9);
    }
  });
  it('a blocked arrow stops at its FIRST blocker along the path and costs a heart', () => {
    const r = launch(three, startState(three, rules), 0, rules);
    expect(r.kind).toBe('blocked');
    if (r.kind !== 'blocked') return;
    expect(r.blockers).toEqual([1, 2]);
    expect(r.blocker).toBe(2); // arrow 2 stands nearer the head than arrow 1
    expect(r.at.x).toBeCloseTo(170, 9);
    expect(r.at.y).toBeGreaterThan(22);
    expect(r.at.y).toBeLessThan(120);
    expect(r.hearts).toBe(2);
    expect(r.state.present).toEqual([true, true, true]);
  });
  it('inspecting a held arrow lists its blockers nearest first', () => {
    const ins = inspectArrow(three, 0, rules);
    expect(ins.blockers.map((b) => b.arrow)).toEqual([2, 1]);
    expect(ins.head).toEqual({ x: 170, y: 22 });
    expect(inspectArrow(three, 0, rules, [true, true, false]).blockers.map((b) => b.arrow)).toEqual([1]);
  });
  it('the level is lost at 0 hearts; further launches are refused', () => {
    let s = startState(three, rules);
    let last = launch(three, s, 0, rules);
    for (let k = 0; k < 2; k++) {
      s = last.state;
      last = launch(three, s, 0, rules);
    }
    expect(last).toMatchObject({ kind: 'blocked', hearts: 0, lost: true });
    expect(launch(three, last.state, 1, rules)).toMatchObject({ kind: 'invalid', lost: true });
  });
  it('launching an arrow that is gone is invalid and costs nothing', () => {
    const s = launch(chainLevel, startState(chainLevel, rules), 1, rules).state;
    expect(launch(chainLevel, s, 1, rules)).toMatchObject({ kind: 'invalid', hearts: 3 });
  });
  it('replaying a sequence that stops short counts the arrows left, in the singular for one', () => {
    expect(replay(chainLevel, [1], rules)).toMatchObject({
      cleared: false,
      message: '1 arrow is left after the sequence',
    });
    expect(replay(chainLevel, [], rules).message).toBe('2 arrows are left after the sequence');
  });
  it('replaying a wrong order loses a heart and names the launch', () => {
    const rep = replay(chainLevel, [0, 1, 0], rules);
    expect(rep.heartsLost).toBe(1);
    expect(rep.firstFault).toBe(0);
    expect(rep.message).toContain('blocked by arrow 1');
    expect(rep.cleared).toBe(true);
  });
});
