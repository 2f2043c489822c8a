import { describe, expect, it } from 'vitest';
import {
  buildField,
  crossCheckSolvers,
  fewestByTheorem,
  replaySolution,
  solveSearch,
  sourceComponents,
  stronglyConnected,
  winningTaps,
  fullSet,
  has,
  setOf,
  type Field,
} from '../../../src-shared/games/carillon/index';
import { streamFor } from '../../../src-shared/random/prng';
import { dot, randomFields, rules, shipSubset } from './fixtures';

/** Mutant 1: drops "no arrow from outside the component" — counts every SCC. */
const countAllComponents = (f: Field): number => stronglyConnected(f).comps.length;
/** Mutant 2: counts sink components (no arrow going out) instead of sources. */
const countSinks = (f: Field): number => {
  const { comp, comps } = stronglyConnected(f);
  const leaves = new Uint8Array(comps.length);
  for (let v = 0; v < f.n; v++) for (const w of f.out[v]!) if (comp[w] !== comp[v]) leaves[comp[v]!] = 1;
  return comps.filter((_, c) => !leaves[c]).length;
};

describe('solvers agree', () => {
  const fields = randomFields(200, 12);

  it('has varied random fields (many with more than one tap, some with cycles)', () => {
    const taps = fields.map((f) => fewestByTheorem(f));
    expect(fields.length).toBeGreaterThanOrEqual(150);
    expect(taps.filter((t) => t >= 3).length).toBeGreaterThan(20);
    expect(fields.filter((f) => stronglyConnected(f).comps.some((c) => c.length > 1)).length).toBeGreaterThan(
      20,
    );
  });

  it('search (plain, as the spec describes it) equals the theorem on 200 random fields', () => {
    expect(crossCheckSolvers(fields, undefined, { pruneDominated: false })).toBeNull();
  });

  it('search (with dominance pruning) equals the theorem on 200 random fields', () => {
    expect(crossCheckSolvers(fields)).toBeNull();
  });

  it('MUTATION: a weakened theorem is caught by the same harness', () => {
    const a = crossCheckSolvers(fields, countAllComponents);
    expect(a).not.toBeNull();
    expect(a!.search).not.toBe(a!.theorem);
    expect(crossCheckSolvers(fields, countSinks)).not.toBeNull();
  });

  it('the search proves fewest−1 fails by exhausting positions', () => {
    for (const f of fields.slice(0, 50)) {
      const r = solveSearch(f);
      if (r.fewest > 0) expect(r.exhaustedPositions).toBeGreaterThan(0);
      expect(() => solveSearch(f, { maxTaps: r.fewest - 1 })).toThrow(/no solution/);
    }
  });

  it('winning taps are exactly the first taps after which fewest−1 taps suffice', () => {
    for (const f of fields.slice(0, 80)) {
      const k = solveSearch(f).fewest;
      const win = new Set(winningTaps(f));
      for (let v = 0; v < f.n; v++) {
        const live = fullSet(f.n);
        const rest = replaySolution(f, [v]).live;
        const after = solveSearch(f, { live: rest }).fewest;
        expect(win.has(v)).toBe(after === k - 1);
        expect(has(live, v)).toBe(true);
      }
    }
  });

  it('part-cleared positions (random live subsets): the theorem equals a search of the live dots alone', () => {
    // Gone dots send no rings, so a position plays as the field of its live dots. Arbitrary
    // subsets (not only what taps leave) make gone dots point into live ones, which is where a
    // theorem that still counted arrows from popped dots would go wrong.
    const rng = streamFor(2026, 10);
    let goneArrowsIn = 0,
      positions = 0;
    for (const f of fields) {
      for (let rep = 0; rep < 3; rep++) {
        const keep = Array.from({ length: f.n }, (_, i) => i).filter(() => rng.int(10) < 6);
        const live = setOf(f.n, keep);
        const alone = buildField(
          keep.map((i) => f.dots[i]!),
          rules,
        );
        expect(fewestByTheorem(f, live)).toBe(solveSearch(alone, { pruneDominated: false }).fewest);
        expect(winningTaps(f, live)).toEqual(winningTaps(alone).map((i) => keep[i]!));
        positions++;
        if (keep.some((w) => f.inn[w]!.some((v) => !has(live, v)))) goneArrowsIn++;
      }
    }
    expect(positions).toBe(600);
    expect(goneArrowsIn).toBeGreaterThan(100);
  });

  it('positions left by random taps: the theorem equals the search from that position', () => {
    const rng = streamFor(2026, 11);
    for (const f of fields) {
      let live = fullSet(f.n);
      for (let taps = 0; taps < 3; taps++) {
        const alive = Array.from({ length: f.n }, (_, i) => i).filter((i) => has(live, i));
        if (alive.length === 0) break;
        live = replaySolution(f, [rng.pick(alive)], live).live;
        expect(fewestByTheorem(f, live)).toBe(solveSearch(f, { live }).fewest);
      }
    }
  });

  it('every level of a generated set: search = theorem = taps, and the solution clears the field', () => {
    const { shipped } = shipSubset(30);
    const levels = shipped.filter((l) => l !== null);
    expect(levels.length).toBe(30);
    const fields = levels.map((l) => buildField(l.dots, rules));
    expect(crossCheckSolvers(fields)).toBeNull();
    expect(crossCheckSolvers(fields, undefined, { pruneDominated: false })).toBeNull();
    levels.forEach((l, i) => {
      expect(fewestByTheorem(fields[i]!)).toBe(l.taps);
      const r = replaySolution(fields[i]!, l.solution);
      expect(r.cleared && r.taps === l.taps && !r.error).toBe(true);
    });
    expect(crossCheckSolvers(fields, countAllComponents)).not.toBeNull();
  });

  it('source components of a small hand-made field', () => {
    // big → normal ↔ normal; plus a lone small dot far away.
    const f = buildField(
      [dot(100, 480, 'big'), dot(280, 480, 'normal'), dot(400, 480, 'normal'), dot(600, 900, 'small')],
      rules,
    );
    expect(sourceComponents(f)).toEqual([[0], [3]]);
    expect(solveSearch(f)).toMatchObject({ fewest: 2 });
  });
});
