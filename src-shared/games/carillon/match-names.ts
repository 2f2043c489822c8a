/**
 * Carillon's near-duplicate matches in a designer's words (Game.describeTransform): the eight
 * turns and mirrors of the field (transforms.ts, screen axes) and "same reach graph" for a
 * same-chains pair, whose stored transform is only the best picture overlap.
 */
import type { MatchDescription, MatchPicture } from '../../game';
import { TRANSFORMS, type TransformName } from './transforms';

const RULES: Record<string, string> = {
  'same-picture': 'same picture',
  'same-answer': 'same answer',
  'same-chains': 'same chains',
};

/** Each transform as a flip top to bottom (or none) then a clockwise turn, and its name. */
const NAMES: Record<TransformName, { name: string; mirror: boolean; degrees: number }> = {
  identity: { name: 'same picture', mirror: false, degrees: 0 },
  rot90: { name: 'turned 90° clockwise', mirror: false, degrees: 90 },
  rot180: { name: 'turned 180°', mirror: false, degrees: 180 },
  rot270: { name: 'turned 90° anticlockwise', mirror: false, degrees: 270 },
  'mirror-y': { name: 'mirrored top to bottom', mirror: true, degrees: 0 },
  'mirror-x': { name: 'mirrored left to right', mirror: true, degrees: 180 },
  'mirror-diag': { name: 'mirrored across the diagonal', mirror: true, degrees: 90 },
  'mirror-anti': { name: 'mirrored across the other diagonal', mirror: true, degrees: 270 },
};

export function describeCarillonTransform(transform: string, rule: string): MatchDescription {
  const ruleName = RULES[rule] ?? rule.replace(/-/g, ' ');
  if (rule === 'same-chains' || transform === 'graph')
    return { rule: ruleName, name: 'same reach graph', picture: { kind: 'graph', mirror: false } };
  if ((TRANSFORMS as readonly string[]).includes(transform)) {
    const n = NAMES[transform as TransformName];
    const picture: MatchPicture = { kind: 'turn', mirror: n.mirror, degrees: n.degrees };
    return { rule: ruleName, name: n.name, picture };
  }
  return { rule: ruleName, name: `matched as “${transform}”`, picture: { kind: 'graph', mirror: false } };
}
