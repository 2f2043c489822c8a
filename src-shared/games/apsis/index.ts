/**
 * Apsis: clear a solar system of arrows, each launched along its heading to leave the rim.
 */
import type { Game, MetricInfo } from '../../game';
import { APSIS_DATA_VERSION, migrateApsis } from './migrate';
import { apsisPlanFields, apsisRuleFields } from './labels';
import type { ApsisRules } from './rules';
import { apsisRulesSchema, defaultApsisRules } from './rules';
import type { ApsisPlan } from './plan';
import {
  apsisPlanSchema,
  defaultApsisPlan,
  describePlan,
  planMarks,
  levelSpec,
  levelCount,
  poolSizes,
  truncatePlan,
} from './plan';
import type { ApsisLevel } from './model';
import type { ApsisPack } from './pack';
import { packLevels, parsePack, toPack } from './pack';
import { generateCandidate } from './generator';
import { levelMetrics } from './solver';
import { orderPools } from './ordering';
import { closestPairs, duplicatePairs, nearDuplicate } from './near-duplicates';
import { summarizePack, verifyPack } from './verify';
import { proveApsis } from './prove';
import { explainApsis } from './explain';
import { parseApsisLevel } from './level-input';
import { describeApsisTransform } from './match-names';
import { apsisPlaytest } from './playtest';
import { apsisBlindLevel } from './blind-level';

export * from './model';
export * from './rules';
export * from './plan';
export * from './geometry';
export * from './solver';
export * from './play';
export * from './generator';
export * from './ordering';
export * from './near-duplicates';
export * from './pack';
export * from './migrate';
export * from './verify';
export * from './quality';
export * from './prove';
export * from './explain';
export * from './level-input';

const apsisMetrics: MetricInfo[] = [
  {
    key: 'reads',
    label: 'Reads',
    unit: 'reads',
    integer: true,
    explain:
      'Each arrow counts its round (free at once: 1, freed by those: 2, …); the sum is how much reading a level takes.',
  },
  { key: 'arrows', label: 'Arrows', integer: true, explain: 'How many arrows stand on the orbits.' },
  { key: 'orbits', label: 'Orbits', integer: true, explain: 'How many orbits the system has.' },
  {
    key: 'depth',
    label: 'Depth',
    integer: true,
    explain: 'Rounds of taps it takes at least: an arrow leaves only once the arrows in its way have left.',
  },
  {
    key: 'free',
    short: 'Free',
    label: 'Free at start',
    integer: true,
    explain: 'Arrows that can leave at once, with nothing in their way.',
  },
  {
    key: 'tries',
    label: 'Builds',
    integer: true,
    cost: true,
    explain: 'How many builds the generator made for this candidate (a cost, not a difficulty).',
  },
];

export const apsisGame: Game<ApsisRules, ApsisPlan, ApsisLevel, ApsisPack, 'apsis'> = {
  id: 'apsis',
  dataVersion: APSIS_DATA_VERSION,
  migrate: migrateApsis,
  title: 'Apsis',
  words: {
    stage: 'stage',
    stages: 'stages',
    element: 'arrow',
    elements: 'arrows',
    // The spec's order (docs/apsis.md, "Level 1 need not come from pool L1"): the least largest
    // step first, any candidate of a stage at any of its levels, no two levels copies.
    orderStart:
      'an Apsis order keeps the largest step in reads smallest first and may ship any candidate of a stage at any of its levels, so it need not start with the easiest',
  },
  blurb:
    'Arrows stand on the orbits of a small solar system; tap one and it flies along its heading until it leaves the rim, ' +
    'unless another arrow is in its way. Levels are built backwards so every one clears, measured in rounds (reads), ' +
    'and ordered so reads, arrows and depth never fall.',
  rulesSchema: apsisRulesSchema,
  planSchema: apsisPlanSchema,
  defaultRules: defaultApsisRules,
  defaultPlan: defaultApsisPlan,
  truncatePlan,
  describePlan,
  levelCount,
  planMarks,
  stages: (plan) => plan.map((s) => ({ first: s.first, last: s.last })),
  poolSizes: (plan) => poolSizes(plan),
  metrics: apsisMetrics,
  difficulty: 'reads',
  generate: (args) => {
    const c = generateCandidate(args);
    return c.failure !== undefined
      ? { level: c.level, metrics: c.metrics, tries: c.tries, failure: c.failure }
      : { level: c.level, metrics: c.metrics, tries: c.tries };
  },
  // The declared metrics only, as a generated candidate carries them (the solver also says
  // whether the level clears, which verify checks, not a column).
  measure: (level, rules) => {
    const m = levelMetrics(level, rules);
    return Object.fromEntries(apsisMetrics.flatMap((k) => (k.key in m ? [[k.key, m[k.key]!]] : [])));
  },
  prove: (level, rules, ctx) => proveApsis(level, rules, ctx),
  explain: (level, rules) => explainApsis(level, rules),
  parseLevel: (json) => parseApsisLevel(json),
  // verify's curve rules on reads: never fall, at most maxEqualRun equal in a row.
  curveRules: (rules) => ({ maxStep: null, maxEqualRun: rules.maxEqualRun }),
  order: (args) => orderPools(args),
  nearDuplicate: (a, b, rules) => nearDuplicate(a, b, rules),
  describeTransform: describeApsisTransform,
  duplicatePairs: (levels, rules, include) => duplicatePairs(levels, rules, undefined, include),
  // A stage's pool ships anywhere in the stage, so a candidate meets the rest of its stage.
  // Seed 7, 2 workers, from the stored run report (phase times).
  fields: { rules: apsisRuleFields, plan: apsisPlanFields },
  phaseWeights: { generate: 0.35, order: 0.15, 'near-duplicates': 0.5 },
  dedupSlotsAhead: (plan, slot) => Math.max(2, levelSpec(plan, slot + 1).stage.last - (slot + 1)),
  closestPair: (levels, rules) => {
    const top = closestPairs(levels, rules, 1)[0];
    return top ? { a: top.a, b: top.b, share: top.share } : null;
  },
  toPack: (args) => toPack(args),
  parsePack: (json) => parsePack(json),
  verifyPack: (pack, onLevel) => verifyPack(pack, onLevel),
  packLevels: (pack) => packLevels(pack),
  summarize: (pack) => summarizePack(pack),
  playtest: apsisPlaytest,
  blindLevel: apsisBlindLevel,
};
