/**
 * Carillon: tap a dot, its ring pops every dot it reaches, and theirs pop on. Clear the field
 * in the fewest taps. This file wires the engine into the studio's `Game` interface and
 * re-exports the lower-level functions for the inspector, the CLI and the bench.
 */
import type { Game } from '../../game';
import { CARILLON_DATA_VERSION, migrateCarillon } from './migrate';
import { carillonRulesSchema, defaultCarillonRules } from './rules';
import type { CarillonRules } from './rules';
import {
  carillonPlanSchema,
  defaultCarillonPlan,
  describePlan,
  planMarks,
  levelCount,
  truncatePlan,
} from './plan';
import type { CarillonPlan } from './plan';
import type { CarillonLevel } from './model';
import type { CarillonPack } from './pack';
import { packLevels, parsePack, toPack } from './pack';
import { generateCandidate } from './generator';
import { carillonMetrics, levelMetrics } from './metrics';
import { orderPools } from './ordering';
import { closestPair, duplicatePairs, nearDuplicate } from './near-duplicates';
import { verifyPack } from './verify';
import { summarizePack } from './summary';
import { carillonPlanFields, carillonRuleFields } from './labels';
import { proveCarillon } from './prove';
import { explainCarillon } from './explain';
import { parseCarillonLevel } from './level-input';
import { describeCarillonTransform } from './match-names';
import { carillonPlaytest } from './playtest';
import { carillonBlindLevel } from './blind-level';

export * from './rules';
export * from './plan';
export type * from './model';
export * from './bitset';
export * from './reach';
export * from './closure';
export * from './chain';
export * from './solver-search';
export * from './solver-theorem';
export * from './cross-check';
export * from './difficulty';
export * from './fairness';
export * from './generator';
export * from './metrics';
export * from './ordering';
export * from './ordering-path';
export * from './quality';
export * from './transforms';
export * from './near-duplicates';
export * from './pack';
export * from './migrate';
export * from './verify';
export * from './summary';
export * from './prove';
export * from './explain';
export * from './level-input';

export const carillonGame: Game<CarillonRules, CarillonPlan, CarillonLevel, CarillonPack, 'carillon'> = {
  id: 'carillon',
  dataVersion: CARILLON_DATA_VERSION,
  migrate: migrateCarillon,
  title: 'Carillon',
  words: { stage: 'stretch', stages: 'stretches', element: 'dot', elements: 'dots' },
  blurb:
    'Tap a dot: its ring pops every dot it reaches, and their rings pop on. Clear the field in the fewest taps. ' +
    'Fields are grown from hidden chain starts, proven by a search and a theorem, measured in bits and ordered along a rising curve.',
  rulesSchema: carillonRulesSchema,
  planSchema: carillonPlanSchema,
  defaultRules: defaultCarillonRules,
  defaultPlan: defaultCarillonPlan,
  truncatePlan,
  describePlan,
  levelCount,
  // Seed 7, 2 workers, from the stored run report (phase times).
  fields: { rules: carillonRuleFields, plan: carillonPlanFields },
  phaseWeights: { generate: 0.45, order: 0.05, 'near-duplicates': 0.5 },
  planMarks,
  stages: (plan) => plan.map((s) => ({ first: s.from, last: s.to })),
  poolSizes: (plan, rules) => new Array<number>(levelCount(plan)).fill(rules.poolSize),
  crossCheck: (plan, rules) =>
    // A level's difficulty walks 2^taps positions, bounded by maxSources.
    plan.flatMap((s, i) =>
      s.taps > rules.maxSources
        ? [
            {
              field: `plan.${i}.taps`,
              message: `stretch ${i + 1} asks for ${s.taps} taps, more than rules.maxSources (${rules.maxSources}) allows`,
            },
          ]
        : [],
    ),
  metrics: carillonMetrics,
  difficulty: 'bits',
  generate: (args) => {
    const { grown: _grown, ...candidate } = generateCandidate(args);
    return candidate;
  },
  measure: (level, rules) => levelMetrics(level, rules),
  prove: (level, rules, ctx) => proveCarillon(level, rules, ctx),
  explain: (level, rules) => explainCarillon(level, rules),
  parseLevel: (json) => parseCarillonLevel(json),
  // verify's curve rule on bits: never fall (orderJumpLimit is the search's aim, raised when
  // no sequence keeps within it, so it is no hard rule).
  curveRules: () => ({ maxStep: null, maxEqualRun: null }),
  order: (args) => orderPools(args),
  nearDuplicate: (a, b, rules) => nearDuplicate(a, b, rules),
  describeTransform: describeCarillonTransform,
  duplicatePairs: (levels, rules, include) =>
    duplicatePairs(levels, rules, include).flatMap((p) =>
      p.duplicate ? [{ a: p.a, b: p.b, duplicate: p.duplicate }] : [],
    ),
  closestPair: (levels, rules) => {
    const top = closestPair(levels, rules);
    return top ? { a: top.a, b: top.b, share: top.share } : null;
  },
  toPack: (args) => toPack(args),
  parsePack: (json) => parsePack(json),
  verifyPack: (pack, onLevel) => verifyPack(pack, onLevel),
  packLevels: (pack) => packLevels(pack),
  summarize: (pack) => summarizePack(pack),
  playtest: carillonPlaytest,
  blindLevel: carillonBlindLevel,
};
