/** Apsis's view: its system and arrows drawn large and small, its inspector, and how its pairs line up. */
import type Konva from 'konva';
import { apsisGame, type ApsisLevel, type ApsisRules } from '../../../../src-shared/games/apsis/index';
import { fitBox } from '../../boards/fit';
import type { GameView } from '../game-view';
import { drawApsisLevel } from './board';
import { drawEmptyBoard } from './empty-board';
import { drawThumbnail } from './thumbnail';
import { align, copyPairs, shareMeaning, type ApsisAlign } from './pairs';
import { readLevel, readRules } from './read';
import { apsisBlind } from './blind';
import Inspector from './Inspector.svelte';
import { apsisPlay } from './play';
import Editor from './Editor.svelte';
import { apsisEdit } from './edit-info';
import { emptyLevel } from '../../../../src-shared/games/apsis/edit';
import { levelCount, levelSpec, type ApsisPlan } from '../../../../src-shared/games/apsis/plan';

export const apsisView: GameView<ApsisLevel, ApsisRules, ApsisAlign> = {
  game: apsisGame,
  accent: 'var(--accent-2)',
  readRules,
  readLevel,
  elementCount: (level) => level.arrows.length,
  thumbnail: drawThumbnail,
  emptyBoard: drawEmptyBoard,
  drawLevel(parent, level, rules, W, H, theme, turn) {
    const R = rules.rimRadius;
    const board = drawApsisLevel(
      parent,
      level,
      rules,
      fitBox(2 * R, 2 * R, W, H, 12),
      theme,
      turn ? { transform: { delta: turn.delta, mirror: turn.mirror } } : {},
    );
    return {
      field: board.rim,
      pick: (target: Konva.Node) => {
        let n: Konva.Node | null = target;
        while (n && n !== parent) {
          const i = board.arrows.indexOf(n as Konva.Group);
          if (i >= 0) return i;
          n = n.getParent();
        }
        return null;
      },
      highlight: (o) =>
        board.update({ matched: o.matched, highlighted: o.outlined ?? undefined, labels: o.labels }),
      destroy: () => board.destroy(),
    };
  },
  pairs: { copyPairs, align, shareMeaning },
  Inspector,
  play: apsisPlay,
  editor: {
    info: apsisEdit,
    Editor,
    // The slot's orbit count from the plan (3 without one).
    newLevel: (_rules, plan, slot) =>
      emptyLevel(
        plan && slot < levelCount(plan as ApsisPlan) ? levelSpec(plan as ApsisPlan, slot + 1).orbits : 3,
      ),
  },
  blind: apsisBlind,
};
