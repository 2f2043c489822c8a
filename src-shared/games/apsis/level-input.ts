/**
 * One Apsis level from plain JSON, as the editor, the API and the CLI's `prove` receive it:
 * a pack's level object (or a stored level) whose claims (level, depth, free, reads, solution)
 * may be left out, since the proof measures them. Bounded so a hostile object cannot ask for
 * hours of proving. Extra fields are allowed, as in packs.
 */
import { z } from 'zod';
import { parseLevelWith } from '../../proof';
import type { ApsisLevel } from './model';
import { arrowSchema } from './model';
import { PLAN_MAX_LEVEL } from './plan';

/** Most arrows one level may hold (the plan's arrow counts stop at 60). */
const LEVEL_MAX_ARROWS = 60;

const apsisLevelInputSchema = z.looseObject({
  level: z.number().int().min(1).max(PLAN_MAX_LEVEL).optional(),
  orbits: z.number().int().min(1).max(12),
  depth: z.number().int().min(0).optional(),
  free: z.number().int().min(0).optional(),
  reads: z.number().int().min(0).optional(),
  arrows: z.array(arrowSchema).max(LEVEL_MAX_ARROWS, `must hold at most ${LEVEL_MAX_ARROWS} arrows`),
  solution: z.array(z.number().int().min(0)).max(LEVEL_MAX_ARROWS).optional(),
});

export function parseApsisLevel(json: unknown): ApsisLevel {
  const l = parseLevelWith(apsisLevelInputSchema, json, 'Apsis');
  return {
    orbits: l.orbits,
    arrows: l.arrows.map((a) => ({ orbit: a.orbit, angle: a.angle, heading: a.heading, length: a.length })),
  };
}
