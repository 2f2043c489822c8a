/**
 * Apsis's near-duplicate matches in a designer's words (Game.describeTransform): the stored
 * transform 'mirror+rot185' is "mirrored, turned 185°" (θ → −θ, a flip top to bottom, then a
 * clockwise turn: transformLevel's order), 'graph' is "same blocking graph".
 */
import type { MatchDescription } from '../../game';

const RULES: Record<string, string> = {
  copy: 'copy',
  'near-copy': 'near copy',
  redrawn: 'redrawn',
  'share-margin': 'shares too much',
};

const degrees = (x: number): string => `${Math.round(x * 100) / 100}°`;

export function describeApsisTransform(transform: string, rule: string): MatchDescription {
  const ruleName = RULES[rule] ?? rule.replace(/-/g, ' ');
  const graph = /^(mirror\+)?graph$/.exec(transform);
  if (graph) {
    const mirror = !!graph[1];
    return {
      rule: ruleName,
      name: mirror ? 'same blocking graph, mirrored' : 'same blocking graph',
      picture: { kind: 'graph', mirror },
    };
  }
  const turn = /^(mirror\+)?rot(\d+(?:\.\d+)?)$/.exec(transform);
  if (turn) {
    const mirror = !!turn[1];
    const d = Number(turn[2]) % 360;
    const name =
      d === 0
        ? mirror
          ? 'mirrored'
          : 'same picture'
        : `${mirror ? 'mirrored, turned' : 'turned'} ${degrees(d)}`;
    return { rule: ruleName, name, picture: { kind: 'turn', mirror, degrees: d } };
  }
  // Not a transform this game stores: say so rather than guess.
  return { rule: ruleName, name: `matched as “${transform}”`, picture: { kind: 'graph', mirror: false } };
}
