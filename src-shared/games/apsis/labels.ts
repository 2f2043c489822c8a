/** Apsis's rules and plan fields in a designer's words, one plain line each (Game.fields). */
import type { FieldInfo } from '../../game';

export const apsisRuleFields: Record<string, FieldInfo> = {
  sunRadius: {
    label: 'Sun radius',
    explain: 'Radius of the sun at the centre, in units; no arrow may touch it.',
  },
  rimRadius: { label: 'Rim radius', explain: 'Radius of the rim; an arrow that passes it has left.' },
  orbitBase: { label: 'Innermost orbit', explain: 'Radius of the space inside the first orbit, in units.' },
  orbitSpan: {
    label: 'Orbit span',
    explain: 'How far the orbits spread outwards from the innermost one, in units.',
  },
  shortLength: { label: 'Short arrow length', explain: 'Length of a short arrow, in units.' },
  longLength: { label: 'Long arrow length', explain: 'Length of a long arrow, in units.' },
  width: { label: 'Arrow width', explain: 'Drawn width of an arrow’s body, in units.' },
  gap: {
    label: 'Clear gap',
    explain: 'The least gap between two arrows, and between an arrow and the rim or the sun.',
  },
  hearts: { label: 'Hearts', explain: 'Wrong taps a player may make in one level.' },
  validCandidates: {
    label: 'Choices per arrow',
    explain: 'Valid places the builder collects before picking where a new arrow goes.',
  },
  maxTries: {
    label: 'Tries per arrow',
    explain: 'Tries for one new arrow before the builder gives up on it.',
  },
  maxBuilds: {
    label: 'Builds per candidate',
    explain: 'Whole builds a candidate may restart before its job gives up.',
  },
  aimShare: {
    label: 'Aimed share',
    explain: 'Share of new arrows placed in a free arrow’s path, so they block it.',
  },
  longChance: {
    label: 'Long arrow chance',
    explain: 'Chance a new arrow is long, once the plan allows long arrows.',
  },
  diagonalChance: {
    label: 'Diagonal chance',
    explain: 'Chance a new arrow flies diagonally, once the plan allows diagonals.',
  },
  scoreDepth: {
    label: 'Depth weight',
    explain: 'Builder score: how much a deeper level (more rounds) counts.',
  },
  scoreFree: {
    label: 'Free-arrow weight',
    explain: 'Builder score: how much each arrow free at the start costs.',
  },
  scoreSpread: { label: 'Crowding weight', explain: 'Builder score: how much an overfull orbit costs.' },
  scoreReads: { label: 'Reads weight', explain: 'Builder score: a small tie-break towards more reads.' },
  aimDepth: {
    label: 'Aim at a depth',
    explain: 'Optional: build towards a target depth per level instead of the deepest.',
  },
  aimDepthBase: { label: 'Target depth base', explain: 'Optional: the target depth line’s start.' },
  aimDepthPerArrow: {
    label: 'Target depth per arrow',
    explain: 'Optional: how much the target depth grows per arrow.',
  },
  maxEqualRun: {
    label: 'Equal levels in a row',
    explain: 'Ordering: the most levels in a row that may read the same.',
  },
  nearDistance: {
    label: 'Pairing distance',
    explain: 'Near-duplicates: arrows whose centres are this close count as the same arrow.',
  },
  orderMaxShare: {
    label: 'Closest shipped share',
    explain:
      'Optional: the ordering ships no two levels sharing more than this share of arrows (stricter than the near-copy share).',
  },
  nearShare: {
    label: 'Near-copy share',
    explain: 'Near-duplicates: share of the larger level’s arrows that must pair.',
  },
};

export const apsisPlanFields: Record<string, FieldInfo> = {
  stage: { label: 'Stage', explain: 'Name of the stage.' },
  first: { label: 'First level', explain: 'First level of the stage.' },
  last: { label: 'Last level', explain: 'Last level of the stage.' },
  orbits: { label: 'Orbits', explain: 'How many orbits every level of the stage has.' },
  arrows: { label: 'Arrows per level', explain: 'Planned arrow count of each level, first to last.' },
  long: { label: 'Long arrows', explain: 'Whether long arrows may appear in this stage.' },
  diagonal: { label: 'Diagonals', explain: 'Whether arrows may fly diagonally in this stage.' },
  poolSize: {
    label: 'Candidates per level',
    explain: 'How many candidates are built for each level of the stage.',
  },
};
