import { describe, expect, it } from 'vitest';
import {
  HEADINGS,
  LENGTHS,
  arrowGeo,
  blocks,
  defaultApsisRules as rules,
  segSegDist,
  type Arrow,
} from '../../../src-shared/games/apsis/index';
import { streamFor } from '../../../src-shared/random/prng';

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
