/** Carillon's view: its field and dots drawn large and small, its inspector, and how its pairs line up. */
import type Konva from 'konva';
import {
  carillonGame,
  type CarillonLevel,
  type CarillonRules,
  type TransformName,
} from '../../../../src-shared/games/carillon/index';
import { fitBox } from '../../boards/fit';
import type { GameView } from '../game-view';
import { carillonBounds, drawCarillonLevel } from './board';
import { drawEmptyBoard } from './empty-board';
import { carillonThumbnailAspect, drawThumbnail } from './thumbnail';
import { align, copyPairs, shareMeaning } from './pairs';
import { readLevel, readRules } from './read';
import { carillonBlind } from './blind';
import Inspector from './Inspector.svelte';
import { carillonPlay } from './play';
import Editor from './Editor.svelte';
import { carillonEdit } from './edit-info';
import { emptyLevel } from '../../../../src-shared/games/carillon/edit';
import { stretchOf, type CarillonPlan } from '../../../../src-shared/games/carillon/plan';

export const carillonView: GameView<CarillonLevel, CarillonRules, TransformName> = {
  game: carillonGame,
  accent: 'var(--accent)',
  readRules,
  readLevel,
  elementCount: (level) => level.dots.length,
  thumbnail: drawThumbnail,
  thumbnailAspect: carillonThumbnailAspect,
  emptyBoard: drawEmptyBoard,
  drawLevel(parent, level, rules, W, H, theme, turn) {
    const name = turn ?? 'identity';
    const box = carillonBounds(rules, name);
    const board = drawCarillonLevel(parent, level, rules, fitBox(box.w, box.h, W, H, 16), theme, {
      transform: name,
    });
    return {
      field: board.field,
      pick: (target: Konva.Node) => {
        const i = board.dots.indexOf(target as Konva.Circle);
        return i >= 0 ? i : null;
      },
      highlight: (o) =>
        board.update({ matched: o.matched, outlined: o.outlined ?? undefined, labels: o.labels }),
      destroy: () => board.destroy(),
    };
  },
  pairs: { copyPairs, align, shareMeaning },
  Inspector,
  play: carillonPlay,
  editor: {
    info: carillonEdit,
    Editor,
    newLevel: (_rules, plan, slot) =>
      emptyLevel(plan ? (stretchOf(plan as CarillonPlan, slot + 1)?.tutorial ?? false) : false),
  },
  blind: carillonBlind,
};
