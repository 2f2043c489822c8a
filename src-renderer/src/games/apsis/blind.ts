/**
 * Apsis played blind (playtests): the system and its arrows, launched arrows gone, the
 * hovered arrow outlined, and the hearts left. No paths, blockers, rounds or numbers.
 */
import {
  apsisGame,
  launch,
  startState,
  type ApsisLevel,
  type ApsisRules,
  type PlayState,
} from '../../../../src-shared/games/apsis/index';
import { fitBox } from '../../boards/fit';
import type { BlindPlay } from '../game-view';
import { readRules } from './read';
import { apsisPlay } from './play';
import { drawApsisLevel } from './board';

/** The position after `moves` (a refused launch leaves it as it was: the rules' replay refuses it too). */
function after(level: ApsisLevel, rules: ApsisRules, moves: readonly number[]): PlayState {
  let pos = startState(level, rules);
  for (const i of moves) {
    const r = launch(level, pos, i, rules);
    if (r.kind !== 'invalid') pos = r.state;
  }
  return pos;
}

export const apsisBlind: BlindPlay<ApsisLevel, ApsisRules> = {
  game: apsisGame,
  readRules,
  input: apsisPlay.input,
  boardHelp: apsisPlay.boardHelp,
  draw(layer, level, rules, W, H, theme) {
    const R = rules.rimRadius;
    const board = drawApsisLevel(layer, level, rules, fitBox(2 * R, 2 * R, W, H, 16), theme, {
      labels: false,
    });
    let present = level.arrows.map(() => true);
    return {
      pick(target) {
        const g = target.findAncestor('.arrow');
        return g ? (g.getAttr('index') as number) : null;
      },
      show(moves, focus) {
        present = after(level, rules, moves).present;
        const removed = new Set<number>();
        present.forEach((p, i) => {
          if (!p) removed.add(i);
        });
        board.update({ removed, focus: focus !== null && present[focus] ? focus : null, labels: false });
        layer.batchDraw();
      },
      centres: () =>
        board.geos.map((g, i) => ({
          ...board.group.getTransform().point({ x: g.cx, y: g.cy }),
          live: present[i]!,
        })),
      destroy: () => board.destroy(),
    };
  },
  feedback(level, rules, moves) {
    const hearts = after(level, rules, moves).hearts;
    return {
      text: '♥'.repeat(hearts) + '♡'.repeat(Math.max(0, rules.hearts - hearts)),
      label: `${hearts} of ${rules.hearts} hearts`,
    };
  },
};
