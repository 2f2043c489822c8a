import { describe, expect, it } from 'vitest';
import {
  HEADINGS,
  LENGTHS,
  arrowGeo,
  blocks,
  crossesSun,
  defaultApsisRules as rules,
  fitAloneProblem,
  segSegDist,
  type Arrow,
} from '../../../src-shared/games/apsis/index';
import { geoTable } from '../../../src-shared/games/apsis/geo-table';
import { streamFor } from '../../../src-shared/random/prng';

describe('the geometry table of a board', () => {
  it('gives every arrow of a board exactly what arrowGeo and the lone-arrow checks give', () => {
    for (const orbits of [3, 5]) {
      const table = geoTable(orbits, rules);
      let fits = 0,
        misfits = 0;
      for (let orbit = 0; orbit <= orbits; orbit++)
        for (let angle = 0; angle < 360; angle += 7)
          for (const heading of HEADINGS)
            for (const length of LENGTHS) {
              const a: Arrow = { orbit, angle, heading, length };
              const g = arrowGeo(a, orbits, rules);
              const alone = fitAloneProblem(g, rules) === null && !crossesSun(g, rules);
              // Asked twice: worked out, then read back.
              for (let k = 0; k < 2; k++) {
                const got = table.fitting(a);
                if (alone) expect(got).toEqual(g);
                else expect(got).toBeNull();
              }
              if (alone) fits++;
              else misfits++;
            }
      // Both answers occur (orbit 0 lies on the sun), so the comparison above covers each.
      expect(fits).toBeGreaterThan(100);
      expect(misfits).toBeGreaterThan(10);
    }
  });

  it('keeps boards with different rules apart', () => {
    const wide = { ...rules, rimRadius: rules.rimRadius + 40 };
    const a: Arrow = { orbit: 3, angle: 10, heading: 'cw-out', length: 'long' };
    expect(geoTable(3, wide).fitting(a)).toEqual(arrowGeo(a, 3, wide));
    expect(geoTable(3, rules).fitting(a)?.pathLen).not.toBe(geoTable(3, wide).fitting(a)?.pathLen);
  });

  it('works out arrows off the board afresh (not whole degrees)', () => {
    const a: Arrow = { orbit: 2, angle: 12.5, heading: 'cw', length: 'short' };
    const g = arrowGeo(a, 4, rules);
    expect(geoTable(4, rules).fitting(a)).toEqual(
      fitAloneProblem(g, rules) === null && !crossesSun(g, rules) ? g : null,
    );
  });
});

describe("blocks' strip test", () => {
  it('agrees with the exact path-to-body distance on many random pairs, near misses included', () => {
    const rng = streamFor(26, 1);
    let blocked = 0,
      near = 0;
    for (let t = 0; t < 20000; t++) {
      const orbits = rng.range(3, 7);
      const arrow = (): Arrow => ({
        orbit: rng.range(1, orbits),
        angle: rng.int(360),
        heading: rng.pick(HEADINGS),
        length: rng.pick(LENGTHS),
      });
      const a = arrowGeo(arrow(), orbits, rules),
        b = arrowGeo(arrow(), orbits, rules);
      const d = segSegDist(a.hx, a.hy, a.ex, a.ey, b.tx, b.ty, b.hx, b.hy);
      expect(blocks(b, a, rules)).toBe(d < rules.width);
      if (d < rules.width) blocked++;
      if (Math.abs(d - rules.width) < 3) near++;
    }
    expect(blocked).toBeGreaterThan(1000);
    expect(near).toBeGreaterThan(100);
  });
});
