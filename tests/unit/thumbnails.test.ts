/**
 * Pool thumbnails stay readable (src-renderer/src/games/<id>/thumbnail.ts): a Carillon field
 * fills its card's box, its three dot sizes are drawn clearly apart at 120 px, and Apsis
 * arrows are drawn thick enough to read, never closing the gap between neighbours.
 */
import { describe, expect, it } from 'vitest';
import { defaultCarillonRules, type CarillonRules } from '../../src-shared/games/carillon/index';
import { defaultApsisRules } from '../../src-shared/games/apsis/index';
import {
  carillonThumbnailAspect,
  carillonThumbnailFit,
  carillonThumbnailRadii,
} from '../../src-renderer/src/games/carillon/thumbnail';
import { apsisThumbnailStrokes } from '../../src-renderer/src/games/apsis/thumbnail';

describe('Carillon thumbnails', () => {
  it('fill a box of the field’s shape to within the frame’s margin', () => {
    const r = defaultCarillonRules;
    for (const w of [100, 120, 200, 320]) {
      const h = Math.round(w / carillonThumbnailAspect(r));
      const { s } = carillonThumbnailFit(r, w, h);
      expect((r.width * s) / w).toBeGreaterThan(0.96);
      expect((r.height * s) / h).toBeGreaterThan(0.96);
    }
  });

  it('draw small, normal and big dots at least 2 px apart in radius at 120 px, in the rules’ order', () => {
    const w = 120;
    const { s } = carillonThumbnailFit(
      defaultCarillonRules,
      w,
      Math.round(w / carillonThumbnailAspect(defaultCarillonRules)),
    );
    const r = carillonThumbnailRadii(defaultCarillonRules, s, w);
    expect(r.small).toBeGreaterThanOrEqual(2.4);
    expect(r.normal - r.small).toBeGreaterThanOrEqual(2.4);
    expect(r.big - r.normal).toBeGreaterThanOrEqual(2.4);
    // Never smaller than the true radius (a big card shows the true sizes).
    const big = carillonThumbnailRadii(defaultCarillonRules, 0.5, 320);
    expect(big.big).toBeGreaterThanOrEqual(defaultCarillonRules.sizes.big.radius * 0.5);
    // Rules with near-equal sizes still draw three distinct sizes, ranked as the rules rank them.
    const close: CarillonRules = {
      ...defaultCarillonRules,
      sizes: {
        small: { radius: 30, reach: 60 },
        normal: { radius: 26, reach: 112 },
        big: { radius: 31, reach: 240 },
      },
    };
    const c = carillonThumbnailRadii(close, s, w);
    expect(c.normal).toBeLessThan(c.small);
    expect(c.small).toBeLessThan(c.big);
    expect(c.big - c.normal).toBeGreaterThanOrEqual(2 * 2.4);
  });
});

describe('Apsis thumbnails', () => {
  it('draw arrow bodies thicker than true width at 120 px, heads wider than the body, and leave a gap', () => {
    const r = defaultApsisRules;
    for (const w of [100, 120, 200, 320]) {
      const s = (w * 0.98) / (2 * r.rimRadius);
      const k = apsisThumbnailStrokes(r, s, w);
      expect(k.body).toBeGreaterThanOrEqual(r.width * s);
      // Two neighbours at the least distance (width + gap apart, centre to centre) stay apart.
      expect(k.body).toBeLessThan((r.width + r.gap) * s);
      expect(2 * k.headHalf).toBeGreaterThan(2 * k.body);
      // A head never takes more than half a short arrow.
      expect(k.headLength(r.shortLength * s)).toBeLessThanOrEqual(r.shortLength * s * 0.5);
    }
    const at120 = apsisThumbnailStrokes(r, (120 * 0.98) / (2 * r.rimRadius), 120);
    expect(at120.body).toBeGreaterThanOrEqual(3);
  });
});
