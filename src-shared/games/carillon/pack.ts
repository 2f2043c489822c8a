/** The `carillon-pack` v1 format: schema, writer and reader. Extra fields are allowed. */
import { z } from 'zod';
import { packSchema, parseWithSchema } from '../../pack/pack-io';
import { DOT_SIZES, carillonRulesSchema } from './rules';
import type { CarillonRules } from './rules';
import { carillonPlanSchema } from './plan';
import type { CarillonPlan } from './plan';
import type { CarillonLevel } from './model';

const CARILLON_PACK_FORMAT = 'carillon-pack';
export const CARILLON_PACK_VERSION = 1;

const carillonPackDotSchema = z.looseObject({
  x: z.number(),
  y: z.number(),
  size: z.enum(DOT_SIZES),
  color: z.number().int().min(0),
});

const carillonPackLevelSchema = z.looseObject({
  level: z.number().int().min(1),
  taps: z.number().int().min(1),
  bits: z.number().min(0),
  tutorial: z.boolean(),
  dots: z.array(carillonPackDotSchema).min(1),
  solution: z.array(z.number().int().min(0)),
});

const carillonPackSchema = packSchema(
  CARILLON_PACK_FORMAT,
  CARILLON_PACK_VERSION,
  carillonRulesSchema,
  carillonPlanSchema,
  carillonPackLevelSchema,
);

export type CarillonPack = z.infer<typeof carillonPackSchema>;

/** Build the pack object in the spec's exact key order. */
export function toPack(args: {
  seed: number;
  rules: CarillonRules;
  plan: CarillonPlan;
  levels: CarillonLevel[];
}): CarillonPack {
  return {
    format: CARILLON_PACK_FORMAT,
    version: CARILLON_PACK_VERSION,
    seed: args.seed,
    rules: args.rules,
    plan: args.plan,
    levels: args.levels.map((l, i) => ({
      level: i + 1,
      taps: l.taps,
      bits: l.bits,
      tutorial: l.tutorial,
      dots: l.dots.map((d) => ({ x: d.x, y: d.y, size: d.size, color: d.color })),
      solution: l.solution.slice(),
    })),
  };
}

/** Parse and schema-check a pack; throws PackFormatError naming the level and field. */
export function parsePack(json: unknown): CarillonPack {
  return parseWithSchema(carillonPackSchema, json, CARILLON_PACK_FORMAT);
}

/** The levels of a pack as Level objects. */
export function packLevels(pack: CarillonPack): CarillonLevel[] {
  return pack.levels.map((l) => ({
    taps: l.taps,
    tutorial: l.tutorial,
    bits: l.bits,
    dots: l.dots.map((d) => ({ x: d.x, y: d.y, size: d.size, color: d.color })),
    solution: l.solution.slice(),
  }));
}
