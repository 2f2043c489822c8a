import { describe, expect, it } from 'vitest';
import {
  afterTap,
  buildField,
  chainPops,
  fullSet,
  members,
  poppedBy,
  reachGraph,
  replaySolution,
  setOf,
  solveSearch,
  fewestByTheorem,
} from '../../../src-shared/games/carillon/index';
import { dot, randomDots, randomFields, rules } from './fixtures';

describe('reach graph', () => {
  it('draws an arrow A→B exactly when dist(A,B) − radius(B) ≤ reach(A)', () => {
    // big reach 240: a normal dot (radius 26) at distance 266 is reached, at 267 it is not.
    const f = buildField([dot(100, 100, 'big'), dot(366, 100, 'normal'), dot(100, 367, 'normal')], rules);
    expect(f.out[0]).toEqual([1]);
    expect(f.inn[1]).toEqual([0]);
    expect(f.out[1]).toEqual([]);
    expect(reachGraph(f).out).toEqual([[1], [], []]);
    expect(f.arrows).toBe(1);
  });
});

describe('timed chain', () => {
  it('reproduces the worked example: 0.2167 s and 0.4125 s (from the near dot, not 0.4667 s)', () => {
    const f = buildField([dot(100, 480, 'big'), dot(230, 480, 'normal'), dot(350, 480, 'normal')], rules);
    const ev = chainPops(f, 0);
    expect(ev.map((e) => e.dot)).toEqual([0, 1, 2]);
    expect(ev[0]).toEqual({ dot: 0, t: 0, from: -1 });
    expect(ev[1]!.t).toBeCloseTo(0.2167, 4);
    expect(ev[1]!.from).toBe(0);
    expect(ev[2]!.t).toBeCloseTo(0.4125, 4);
    expect(ev[2]!.from).toBe(1);
    expect(ev[2]!.t).toBeLessThan(224 / 480);
  });
  it('breaks ties by lower dot index, and a dot reached by two rings pops once', () => {
    // Two normals at the same distance from a big dot, mirrored: equal times.
    const f = buildField(
      [dot(300, 300, 'big'), dot(300, 450, 'normal'), dot(300, 150, 'normal'), dot(420, 300, 'normal')],
      rules,
    );
    const ev = chainPops(f, 0);
    expect(ev.map((e) => e.dot).sort()).toEqual([0, 1, 2, 3]);
    const t1 = ev.find((e) => e.dot === 1)!,
      t2 = ev.find((e) => e.dot === 2)!;
    expect(t1.t).toBe(t2.t);
    expect(ev.indexOf(t1)).toBeLessThan(ev.indexOf(t2));
    expect(new Set(ev.map((e) => e.dot)).size).toBe(ev.length);
  });
  it('a dot reached by two rings at the same instant keeps the ring of the dot that popped first', () => {
    // Left and right normals pop at the same instant (mirror images); both rings reach the dot
    // below at the same instant. The lower index pops first, whichever side it is on.
    for (const [l, r] of [
      [1, 2],
      [2, 1],
    ] as const) {
      const dots = [
        dot(320, 240, 'normal'),
        dot(0, 0, 'normal'),
        dot(0, 0, 'normal'),
        dot(320, 420, 'normal'),
      ];
      dots[l] = dot(240, 330, 'normal');
      dots[r] = dot(400, 330, 'normal');
      const ev = chainPops(buildField(dots, rules), 0);
      expect(ev.map((e) => [e.dot, e.from])).toEqual([
        [0, -1],
        [1, 0],
        [2, 0],
        [3, 1],
      ]);
      expect(ev[1]!.t).toBe(ev[2]!.t);
    }
  });

  it('a tie between rings of dots that popped at different times: the earlier popper, even with a higher index', () => {
    // Ring speed 512 keeps every time exact. Dot 2 pops at 49/512 s, dot 1 at 99/512 s; both
    // rings reach dot 3 at 148/512 s. Its ring is dot 2's.
    const exact = { ...rules, ringSpeed: 512 };
    const f = buildField(
      [dot(200, 300, 'normal'), dot(100, 225, 'normal'), dot(200, 225, 'normal'), dot(100, 150, 'normal')],
      exact,
    );
    const ev = chainPops(f, 0);
    expect(ev.map((e) => [e.dot, e.t * 512, e.from])).toEqual([
      [0, 0, -1],
      [2, 49, 0],
      [1, 99, 0],
      [3, 148, 2],
    ]);
  });

  it('animates a chain in a position with some dots already gone', () => {
    const f = buildField([dot(100, 480, 'big'), dot(230, 480, 'normal'), dot(350, 480, 'normal')], rules);
    const live = setOf(3, [0, 2]); // the near dot is gone: the far one pops from the big ring
    const ev = chainPops(f, 0, live);
    expect(ev.map((e) => [e.dot, e.from])).toEqual([
      [0, -1],
      [2, 0],
    ]);
    expect(ev[1]!.t).toBeCloseTo(224 / 480, 10);
    expect(chainPops(f, 1, live)).toEqual([]);
  });
  it('a tap pops exactly its closure AND-NOT what is gone, in any position', () => {
    for (const f of randomFields(60, 14, 1)) {
      const full = fullSet(f.n);
      let live = full;
      for (let v = 0; v < f.n; v += 2) {
        if (((live[v >>> 5]! >>> (v & 31)) & 1) === 0) continue;
        const popped = chainPops(f, v, live)
          .map((e) => e.dot)
          .sort((a, b) => a - b);
        expect(popped).toEqual(members(poppedBy(f.closure, f.W, v, live)));
        live = afterTap(f.closure, f.W, v, live);
      }
    }
  });
  it('bit sets work past 64 dots (3 words): closures, chains, both solvers, replay', () => {
    const f = buildField(randomDots(99, 90, 900), rules);
    expect(f.W).toBe(3);
    for (let v = 0; v < f.n; v += 7)
      expect(
        chainPops(f, v)
          .map((e) => e.dot)
          .sort((a, b) => a - b),
      ).toEqual(members(poppedBy(f.closure, f.W, v, fullSet(f.n))));
    const s = solveSearch(f);
    expect(s.fewest).toBe(fewestByTheorem(f));
    expect(replaySolution(f, s.solution).cleared).toBe(true);
  });

  it('replay reports taps on popped dots and dots left standing', () => {
    const f = buildField([dot(100, 480, 'big'), dot(280, 480, 'normal'), dot(400, 480, 'normal')], rules);
    expect(replaySolution(f, [0])).toMatchObject({ cleared: true, taps: 1 });
    expect(replaySolution(f, [1])).toMatchObject({ cleared: false, taps: 1 });
    expect(replaySolution(f, [0, 1]).error).toMatch(/already popped/);
    expect(replaySolution(f, [7]).error).toMatch(/does not exist/);
  });
});
