/** Carillon's rules and plan fields in a designer's words, one plain line each (Game.fields). */
import type { FieldInfo } from '../../game';

export const carillonRuleFields: Record<string, FieldInfo> = {
  width: {
    label: 'Field width',
    explain: 'Width of the playing field in units; (0, 0) is its top-left corner.',
  },
  height: { label: 'Field height', explain: 'Height of the playing field in units.' },
  sizes: { label: 'Dot sizes', explain: 'Radius and ring reach of the small, normal and big dots.' },
  'sizes.small': { label: 'Small dot', explain: 'Radius and ring reach of a small dot.' },
  'sizes.normal': { label: 'Normal dot', explain: 'Radius and ring reach of a normal dot.' },
  'sizes.big': { label: 'Big dot', explain: 'Radius and ring reach of a big dot.' },
  'sizes.small.radius': { label: 'Radius', explain: 'How big a small dot is drawn, in units.' },
  'sizes.small.reach': {
    label: 'Ring reach',
    explain: 'How far a small dot’s ring grows before it fades, in units.',
  },
  'sizes.normal.radius': { label: 'Radius', explain: 'How big a normal dot is drawn, in units.' },
  'sizes.normal.reach': {
    label: 'Ring reach',
    explain: 'How far a normal dot’s ring grows before it fades, in units.',
  },
  'sizes.big.radius': { label: 'Radius', explain: 'How big a big dot is drawn, in units.' },
  'sizes.big.reach': {
    label: 'Ring reach',
    explain: 'How far a big dot’s ring grows before it fades, in units.',
  },
  ringSpeed: {
    label: 'Ring speed',
    explain: 'How fast a ring grows, in units per second (only the animation; no rule depends on it).',
  },
  spacing: { label: 'Dot spacing', explain: 'The least gap between two dots, edge to edge, in units.' },
  ringMargin: {
    label: 'Ring margin',
    explain:
      'A ring must clearly reach a dot or clearly miss it: no ring ends within this many units of a dot’s edge.',
  },
  rootSeparation: {
    label: 'Chain-start separation',
    explain: 'The least distance between the centres of two chain starts, in units.',
  },
  fairShare: {
    label: 'Fair share',
    explain: 'Each chain start must pop at least this share of an even split of the dots on its own.',
  },
  colors: { label: 'Colours', explain: 'How many dot colours (notes) a level may use.' },
  poolSize: { label: 'Candidates per level', explain: 'How many candidates are grown for each level slot.' },
  triesPerDotSize: {
    label: 'Placement tries',
    explain: 'Tries to place one dot at one size before trying one size smaller.',
  },
  fieldAttempts: {
    label: 'Field attempts',
    explain: 'Whole fields grown for one candidate before its job gives up.',
  },
  sizeMix: {
    label: 'Size mix',
    explain: 'How often each size is picked for dots that are not chain starts (relative weights).',
  },
  'sizeMix.small': { label: 'Small', explain: 'Relative weight of small dots.' },
  'sizeMix.normal': { label: 'Normal', explain: 'Relative weight of normal dots.' },
  'sizeMix.big': { label: 'Big', explain: 'Relative weight of big dots.' },
  sizeMixSpread: {
    label: 'Size mix spread',
    explain: 'Varies the share of small dots from field to field, for a more varied pool (0: no variation).',
  },
  easyLean: {
    label: 'Easy lean',
    explain: 'How strongly the first level of an easy-start stretch leans to easy fields (fewer small dots).',
  },
  orderStartStep: {
    label: 'Stretch start step',
    explain: 'Ordering: a stretch’s target line starts this many bits above the level before it.',
  },
  orderEndQuantile: {
    label: 'Stretch end quantile',
    explain:
      'Ordering: where a stretch’s line ends when the plan does not say, as a quantile of its last pool.',
  },
  orderSeamQuantile: {
    label: 'Seam quantile',
    explain:
      'Ordering: a stretch ends no higher than this quantile of the next stretch’s first pool, leaving an easy seam.',
  },
  orderDotPenalty: {
    label: 'Dot penalty',
    explain:
      'Ordering: bits charged per dot more than the level before, so dot counts do not race to their cap.',
  },
  orderMethod: {
    label: 'Ordering method',
    explain:
      'Path picks the whole sequence at once (small jumps, then near the target line); greedy fills the levels in turn, as the spec says.',
  },
  orderJumpLimit: {
    label: 'Jump limit (bits)',
    explain:
      'Ordering (path): the largest jump in bits between neighbouring levels; raised to the least possible when no sequence keeps within it.',
  },
  duplicateDistance: {
    label: 'Pairing distance',
    explain: 'Near-duplicates: two dots within this many units count as the same dot.',
  },
  pictureShare: {
    label: 'Same-picture share',
    explain: 'Near-duplicates: share of dots that must pair for two levels to look the same.',
  },
  answerShare: {
    label: 'Same-answer share',
    explain: 'Near-duplicates: share of the solution that must match for two levels to play the same.',
  },
  maxSources: {
    label: 'Most chain starts',
    explain: 'The most chain starts a level may have (the solver’s limit).',
  },
};

export const carillonPlanFields: Record<string, FieldInfo> = {
  from: { label: 'From level', explain: 'First level of the stretch.' },
  to: { label: 'To level', explain: 'Last level of the stretch.' },
  taps: { label: 'Fewest taps', explain: 'How many taps the levels of the stretch need at least.' },
  minDots: {
    label: 'Dots at start',
    explain: 'Dot count of the stretch’s first level; the count climbs in a straight line from here.',
  },
  maxDots: {
    label: 'Dots at end',
    explain: 'Dot count the line reaches at the stretch’s end (or at its dots-peak level).',
  },
  tutorial: {
    label: 'Tutorial',
    explain: 'Tutorial levels: every chain start is big and the field teaches one idea.',
  },
  endBits: {
    label: 'End difficulty (bits)',
    explain: 'Optional: the difficulty the ordering’s target line ends at for this stretch.',
  },
  easyStart: {
    label: 'Easy start',
    explain: 'Optional: the stretch’s first level grows easy candidates, so the seam into it stays small.',
  },
  lineTo: {
    label: 'Dots peak at level',
    explain: 'Optional: the level where the dot count reaches its end value (default: the last level).',
  },
};
