/**
 * Carillon played blind (playtests): the field and its dots, popped dots gone, and the
 * player's own preview while a dot is held: every live dot its ring touches outlined.
 * No reach circles, chain starts, numbers or solver.
 */
import {
  carillonGame,
  buildField,
  chainPops,
  fullSet,
  has,
  type CarillonLevel,
  type CarillonRules,
} from '../../../../src-shared/games/carillon/index';
import { fitBox } from '../../boards/fit';
import type { BlindPlay } from '../game-view';
import { readRules } from './read';
import { carillonPlay } from './play';
import { carillonBounds, drawCarillonLevel } from './board';

export const carillonBlind: BlindPlay<CarillonLevel, CarillonRules> = {
  game: carillonGame,
  readRules,
  input: carillonPlay.input,
  boardHelp: carillonPlay.boardHelp,
  draw(layer, level, rules, W, H, theme) {
    const field = buildField(level.dots, rules);
    const box = carillonBounds(rules);
    const board = drawCarillonLevel(layer, level, rules, fitBox(box.w, box.h, W, H, 20), theme, {
      labels: false,
    });
    let live = fullSet(field.n);
    return {
      pick: (target) => (target.name() === 'dot' ? (target.getAttr('index') as number) : null),
      show(moves, focus) {
        live = fullSet(field.n);
        for (const dot of moves)
          for (const e of chainPops(field, dot, live))
            live[e.dot >>> 5] = (live[e.dot >>> 5]! & ~(1 << (e.dot & 31))) >>> 0;
        const popped = new Set<number>();
        for (let i = 0; i < field.n; i++) if (!has(live, i)) popped.add(i);
        const outlined =
          focus !== null && has(live, focus) ? new Set(field.out[focus]!.filter((b) => has(live, b))) : null;
        board.update({ popped, outlined, focus: null, labels: false });
        board.clearRings();
        layer.batchDraw();
      },
      centres: () =>
        level.dots.map((_, i) => ({ ...board.group.getTransform().point(board.pos(i)), live: has(live, i) })),
      destroy: () => board.destroy(),
    };
  },
};
