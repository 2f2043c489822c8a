/**
 * The `apsis-pack` v1 format: schema, writer and reader.
 */
import { z } from 'zod';
import { packSchema, parseWithSchema } from '../../pack/pack-io';
import type { ApsisLevel } from './model';
import { arrowSchema } from './model';
import type { ApsisRules } from './rules';
import { apsisRulesSchema } from './rules';
import type { ApsisPlan } from './plan';
import { apsisPlanSchema } from './plan';
import { solveRounds } from './solver';

const APSIS_PACK_FORMAT = 'apsis-pack';
export const APSIS_PACK_VERSION = 1;

const apsisPackLevelSchema = z.looseObject({
  level: z.number().int().min(1),
  orbits: z.number().int().min(1).max(12),
  depth: z.number().int().min(0),
  free: z.number().int().min(0),
  reads: z.number().int().min(0),
  arrows: z.array(arrowSchema).min(1),
  solution: z.array(z.number().int().min(0)),
});

const apsisPackSchema = packSchema(
  APSIS_PACK_FORMAT,
  APSIS_PACK_VERSION,
  apsisRulesSchema,
  apsisPlanSchema,
  apsisPackLevelSchema,
);

export type ApsisPack = z.infer<typeof apsisPackSchema>;

/** Build the pack object (keys in the spec's order) from ordered levels. */
export function toPack(args: {
  seed: number;
  rules: ApsisRules;
  plan: ApsisPlan;
  levels: ApsisLevel[];
}): ApsisPack {
  const { seed, rules, plan, levels } = args;
  return {
    format: APSIS_PACK_FORMAT,
    version: APSIS_PACK_VERSION,
    seed,
    rules,
    plan,
    levels: levels.map((lv, i) => {
      const r = solveRounds(lv, rules);
      return {
        level: i + 1,
        orbits: lv.orbits,
        depth: r.depth,
        free: r.free,
        reads: r.reads,
        arrows: lv.arrows.map((a) => ({
          orbit: a.orbit,
          angle: a.angle,
          heading: a.heading,
          length: a.length,
        })),
        solution: r.solution,
      };
    }),
  };
}

/** Parse and schema-check a pack; throws PackFormatError naming level and field. */
export function parsePack(json: unknown): ApsisPack {
  return parseWithSchema(apsisPackSchema, json, APSIS_PACK_FORMAT);
}

export function packLevels(pack: ApsisPack): ApsisLevel[] {
  return pack.levels.map((l) => ({
    orbits: l.orbits,
    arrows: l.arrows.map((a) => ({ orbit: a.orbit, angle: a.angle, heading: a.heading, length: a.length })),
  }));
}
