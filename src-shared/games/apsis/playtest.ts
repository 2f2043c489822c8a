/**
 * Apsis's part of playtests: a move is a launched arrow, replayed through the play rules
 * (./play.ts): it flies, or hits its first blocker and costs a heart; at 0 hearts the level
 * is lost. Fewest = the arrows; wasted = hearts lost over the whole attempt.
 */
import type { PlaytestRules } from '../../game';
import { replaySegments } from '../../playtest/segments';
import { levelGeo } from './geometry';
import type { ApsisLevel } from './model';
import { launch, startState } from './play';
import type { ApsisRules } from './rules';
import { solveRounds } from './solver';

export const apsisPlaytest: PlaytestRules<ApsisLevel, ApsisRules> = {
  fewest: (level) => level.arrows.length,
  solution: (level, rules) => solveRounds(level, rules).solution,
  replay: (level, rules, segments) => {
    const geos = levelGeo(level.arrows, level.orbits, rules);
    const n = level.arrows.length;
    const r = replaySegments(
      segments,
      () => startState(level, rules),
      (state, arrow) => {
        if (!Number.isInteger(arrow) || arrow < 0 || arrow >= n)
          return { refused: `arrow ${arrow} does not exist (the level has ${n})` };
        const step = launch(level, state, arrow, rules, geos);
        if (step.kind === 'invalid') return { refused: `arrow ${arrow} has already flown` };
        if (step.kind === 'removed')
          return { state: step.state, effect: 'flew', status: step.cleared ? 'cleared' : 'playing', cost: 0 };
        return {
          state: step.state,
          effect: `hit ${step.blocker}`,
          status: step.lost ? 'failed' : 'playing',
          cost: 1,
        };
      },
    );
    return { effects: r.effects, refused: r.refused, status: r.status, wasted: r.cost };
  },
};
