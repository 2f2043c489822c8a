/**
 * One Carillon level from plain JSON, as the editor, the API and the CLI's `prove` receive it:
 * a pack's level object (or a stored level) whose claims (level, taps, bits, tutorial,
 * solution) may be left out, since the proof measures them. Bounded so a hostile object
 * cannot ask for hours of proving. Extra fields are allowed, as in packs.
 */
import { z } from 'zod';
import { parseLevelWith } from '../../proof';
import type { CarillonLevel } from './model';
import { DOT_SIZES } from './rules';
import { PLAN_MAX_DOTS, PLAN_MAX_LEVEL } from './plan';

/** Coordinates beyond this are refused outright (the field is at most 4000 units). */
const COORD_MAX = 100000;
const coord = z
  .number()
  .min(-COORD_MAX, `must be at least -${COORD_MAX}`)
  .max(COORD_MAX, `must be at most ${COORD_MAX}`);

const carillonLevelInputSchema = z.looseObject({
  level: z.number().int().min(1).max(PLAN_MAX_LEVEL).optional(),
  taps: z.number().int().min(0).optional(),
  bits: z.number().min(0).optional(),
  tutorial: z.boolean().optional(),
  dots: z
    .array(
      z.looseObject({
        x: coord,
        y: coord,
        size: z.enum(DOT_SIZES),
        color: z.number().int().min(0).max(1000),
      }),
    )
    .max(PLAN_MAX_DOTS, `must hold at most ${PLAN_MAX_DOTS} dots`),
  solution: z.array(z.number().int().min(0)).max(PLAN_MAX_DOTS).optional(),
});

export function parseCarillonLevel(json: unknown): CarillonLevel {
  const l = parseLevelWith(carillonLevelInputSchema, json, 'Carillon');
  return {
    taps: l.taps ?? 0,
    tutorial: l.tutorial ?? false,
    bits: l.bits ?? 0,
    dots: l.dots.map((d) => ({ x: d.x, y: d.y, size: d.size, color: d.color })),
    solution: l.solution ?? [],
  };
}
