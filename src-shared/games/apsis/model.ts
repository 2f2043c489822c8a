/**
 * Apsis data model: arrows and levels as plain JSON data.
 *
 * An arrow stands on orbit j (1 = innermost) at a whole-degree angle θ (0..359, clockwise
 * from +x with y downward), points along one of six headings, and is short or long.
 */
import { z } from 'zod';

export const HEADINGS = ['cw', 'ccw', 'cw-out', 'ccw-out', 'cw-in', 'ccw-in'] as const;
export type Heading = (typeof HEADINGS)[number];
export const LENGTHS = ['short', 'long'] as const;
export type ArrowLength = (typeof LENGTHS)[number];

export const TANGENT_HEADINGS: readonly Heading[] = ['cw', 'ccw'];
export const DIAGONAL_HEADINGS: readonly Heading[] = ['cw-out', 'ccw-out', 'cw-in', 'ccw-in'];

export interface Arrow {
  orbit: number;
  angle: number;
  heading: Heading;
  length: ArrowLength;
}

export interface ApsisLevel {
  /** Number of orbits m (3..6). */
  orbits: number;
  arrows: Arrow[];
}

const headingSchema = z.enum(HEADINGS);
const lengthSchema = z.enum(LENGTHS);

export const arrowSchema = z.object({
  orbit: z.number().int().min(1).max(12),
  angle: z.number().int().min(0).max(359),
  heading: headingSchema,
  length: lengthSchema,
});

export const levelSchema = z.object({
  orbits: z.number().int().min(1).max(12),
  arrows: z.array(arrowSchema),
});

/** Index of a heading in HEADINGS (0..5). */
export function headingIndex(h: Heading): number {
  return HEADINGS.indexOf(h);
}

/** Mirror (θ → −θ) swaps clockwise and counter-clockwise in every heading. */
export function mirrorHeading(h: Heading): Heading {
  switch (h) {
    case 'cw':
      return 'ccw';
    case 'ccw':
      return 'cw';
    case 'cw-out':
      return 'ccw-out';
    case 'ccw-out':
      return 'cw-out';
    case 'cw-in':
      return 'ccw-in';
    case 'ccw-in':
      return 'cw-in';
  }
}

/** Mirror of heading index (0..5) → heading index. */
export const MIRROR_HEADING_INDEX: readonly number[] = HEADINGS.map((h) => headingIndex(mirrorHeading(h)));

export function isDiagonal(h: Heading): boolean {
  return h !== 'cw' && h !== 'ccw';
}

/** Normalise any integer angle to 0..359. */
export function normAngle(a: number): number {
  const r = a % 360;
  return r < 0 ? r + 360 : r;
}

/** The level turned by `delta` degrees (clockwise) and optionally mirrored first (θ → −θ). */
export function transformLevel(level: ApsisLevel, delta: number, mirror: boolean): ApsisLevel {
  return {
    orbits: level.orbits,
    arrows: level.arrows.map((a) => ({
      orbit: a.orbit,
      angle: normAngle((mirror ? -a.angle : a.angle) + delta),
      heading: mirror ? mirrorHeading(a.heading) : a.heading,
      length: a.length,
    })),
  };
}
