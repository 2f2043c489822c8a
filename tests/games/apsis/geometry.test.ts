import { describe, expect, it } from 'vitest';
import {
  COS_DEG,
  SIN_DEG,
  arrowGeo,
  blocks,
  bodiesClear,
  crossesSun,
  defaultApsisRules as rules,
  fitAloneProblem,
  firstContact,
  headingDirection,
  orbitRadius,
  pointSegDist,
  rayToCircle,
  segSegDist,
  segmentGeo,
} from '../../../src-shared/games/apsis/index';

const S = Math.SQRT1_2;
const close = (a: number, b: number, d = 1e-9): void => expect(Math.abs(a - b)).toBeLessThan(d);

describe('tables and directions', () => {
  it('cos/sin of whole degrees', () => {
    close(COS_DEG[0]!, 1);
    close(SIN_DEG[90]!, 1);
    close(COS_DEG[180]!, -1);
    close(SIN_DEG[270]!, -1);
    close(COS_DEG[60]!, 0.5);
  });
  it('orbit radii follow 40 + j·260/(m+1)', () => {
    expect(orbitRadius(rules, 3, 1)).toBe(105);
    expect(orbitRadius(rules, 3, 3)).toBe(235);
    close(orbitRadius(rules, 6, 6), 40 + (6 * 260) / 7);
  });
  it('the six headings at θ = 0 (u = +x, t = +y, screen y down)', () => {
    const d = (h: Parameters<typeof headingDirection>[1]) => headingDirection(0, h);
    close(d('cw')[0], 0);
    close(d('cw')[1], 1);
    close(d('ccw')[0], 0);
    close(d('ccw')[1], -1);
    close(d('cw-out')[0], S);
    close(d('cw-out')[1], S);
    close(d('ccw-out')[0], S);
    close(d('ccw-out')[1], -S);
    close(d('cw-in')[0], -S);
    close(d('cw-in')[1], S);
    close(d('ccw-in')[0], -S);
    close(d('ccw-in')[1], -S);
  });
  it('cw at θ = 90 points in −x', () => {
    const [x, y] = headingDirection(90, 'cw');
    close(x, -1);
    close(y, 0);
  });
});

describe('arrow body and path', () => {
  it('a short cw tangent arrow on orbit 2 of 3 at 0°', () => {
    const g = arrowGeo({ orbit: 2, angle: 0, heading: 'cw', length: 'short' }, 3, rules);
    close(g.cx, 170);
    close(g.cy, 0);
    close(g.hx, 170);
    close(g.hy, 22);
    close(g.tx, 170);
    close(g.ty, -22);
    // |(170, y)| = 300 → y = √(90000 − 28900)
    close(g.ey, Math.sqrt(61100));
    close(g.ex, 170);
    close(g.pathLen, Math.sqrt(61100) - 22);
  });
  it('a long ccw-in diagonal crosses the interior to the far rim', () => {
    const g = arrowGeo({ orbit: 1, angle: 0, heading: 'ccw-in', length: 'long' }, 3, rules);
    // centre (105, 0), d = (−1, −1)/√2, head = centre + 40 d
    close(g.hx, 105 - 40 * S);
    close(g.hy, -40 * S);
    close(Math.hypot(g.ex, g.ey), 300);
    // the path runs along d
    close((g.ex - g.hx) * S + (g.ey - g.hy) * -S, 0, 1e-6);
  });
  it('ray to circle solves |p + s·d| = R', () => {
    close(rayToCircle(0, 0, 1, 0, 300), 300);
    close(rayToCircle(100, 0, 0, 1, 300), Math.sqrt(80000));
  });
});

describe('distances', () => {
  it('point to segment', () => {
    close(pointSegDist(5, 3, 0, 0, 10, 0), 3);
    close(pointSegDist(13, 4, 0, 0, 10, 0), 5);
    close(pointSegDist(-3, -4, 0, 0, 10, 0), 5);
  });
  it('segment to segment: parallel, crossing, end to end, touching', () => {
    close(segSegDist(0, 0, 10, 0, 0, 5, 10, 5), 5);
    expect(segSegDist(0, 0, 10, 10, 0, 10, 10, 0)).toBe(0);
    close(segSegDist(0, 0, 1, 0, 4, 4, 5, 5), 5);
    close(segSegDist(0, 0, 10, 0, 5, 0, 5, 7), 0);
    close(segSegDist(0, 0, 10, 0, 5, 2, 5, 7), 2);
  });
});

describe('thresholds within 0.5 units on both sides', () => {
  it('gap between bodies: ≥ 18 fits', () => {
    const a = segmentGeo(100, 0, 144, 0, rules);
    expect(bodiesClear(a, segmentGeo(100, 17.6, 144, 17.6, rules), rules)).toBe(false);
    expect(bodiesClear(a, segmentGeo(100, 18.4, 144, 18.4, rules), rules)).toBe(true);
    // end caps: B starts 17.6 / 18.4 beyond A's head on the same line
    expect(bodiesClear(a, segmentGeo(161.6, 0, 205.6, 0, rules), rules)).toBe(false);
    expect(bodiesClear(a, segmentGeo(162.4, 0, 206.4, 0, rules), rules)).toBe(true);
  });
  it('rim: both ends within 294', () => {
    expect(fitAloneProblem(segmentGeo(249.6, 0, 293.6, 0, rules), rules)).toBeNull();
    expect(fitAloneProblem(segmentGeo(250.4, 0, 294.4, 0, rules), rules)).toBe('rim');
    // a diagonal tail out of the rim
    const r = 294.4 * S,
      q = 293.6 * S;
    expect(fitAloneProblem(segmentGeo(r, r, r - 30, r - 30, rules), rules)).toBe('rim');
    expect(fitAloneProblem(segmentGeo(q, q, q - 30, q - 30, rules), rules)).toBeNull();
  });
  it('sun: body at least 52 from the origin (tangent to the line)', () => {
    expect(fitAloneProblem(segmentGeo(-22, 51.6, 22, 51.6, rules), rules)).toBe('sun');
    expect(fitAloneProblem(segmentGeo(-22, 52.4, 22, 52.4, rules), rules)).toBeNull();
  });
  it('blocking: path within 12 of a body', () => {
    const a = segmentGeo(100, 0, 144, 0, rules); // path along +x from (144, 0) to (300, 0)
    expect(blocks(segmentGeo(200, 11.6, 200, 55.6, rules), a, rules)).toBe(true);
    expect(blocks(segmentGeo(200, 12.4, 200, 56.4, rules), a, rules)).toBe(false);
    // a body just past the rim end of the path does not block; one just before does
    expect(blocks(segmentGeo(311.6, -20, 311.6, 20, rules), a, rules)).toBe(true);
    expect(blocks(segmentGeo(312.4, -20, 312.4, 20, rules), a, rules)).toBe(false);
    // nothing behind the head blocks
    expect(blocks(segmentGeo(50, -20, 50, 20, rules), a, rules)).toBe(false);
  });
  it('blocking along a diagonal path', () => {
    // path along (1, 1)/√2 from (100, 100); a body perpendicular to it at offset 11.6 / 12.4
    const a = segmentGeo(80, 80, 100, 100, rules);
    const off = (d: number) => {
      const cx = 150 + d * S,
        cy = 150 - d * S; // shifted along the normal (1, −1)/√2
      return segmentGeo(cx, cy, cx + 30 * S, cy - 30 * S, rules);
    };
    expect(blocks(off(11.6), a, rules)).toBe(true);
    expect(blocks(off(12.4), a, rules)).toBe(false);
  });
  it('crossing the sun: a path passing within 46 of the origin', () => {
    expect(crossesSun(segmentGeo(-200, 45.6, -156, 45.6, rules), rules)).toBe(true);
    expect(crossesSun(segmentGeo(-200, 46.4, -156, 46.4, rules), rules)).toBe(false);
    // moving away from the sun never crosses it
    expect(crossesSun(segmentGeo(-156, 10, -200, 10, rules), rules)).toBe(false);
  });
  it('no default arrow path crosses the sun (inner diagonals pass at r/√2 ≥ 54)', () => {
    for (let m = 3; m <= 6; m++) {
      for (const heading of ['cw-in', 'ccw-in'] as const) {
        const g = arrowGeo({ orbit: 1, angle: 17, heading, length: 'long' }, m, rules);
        expect(crossesSun(g, rules)).toBe(false);
      }
    }
  });
  it('first contact is where the head first comes within 12 of the body', () => {
    const a = segmentGeo(100, 0, 144, 0, rules);
    const b = segmentGeo(200, 5, 200, 40, rules); // 5 off the path line
    const s = firstContact(a, b, rules)!;
    // head at (144 + s, 0) is 12 from (200, 5): 56 − s = √(144 − 25)
    close(s, 56 - Math.sqrt(119), 1e-6);
    expect(firstContact(a, segmentGeo(200, 13, 200, 40, rules), rules)).toBeNull();
  });
});
