/**
 * Carillon's part of playtests: a move is a tapped dot, replayed through the timed chain
 * rules (./chain.ts). Fewest = the level's fewest taps; wasted = taps beyond them when
 * cleared, else every tap. Carillon has no loss.
 */
import type { PlaytestRules } from '../../game';
import { extraMoves, replaySegments } from '../../playtest/segments';
import { fullSet, has } from './bitset';
import { replaySolution } from './chain';
import type { CarillonLevel } from './model';
import { buildField } from './reach';
import type { CarillonRules } from './rules';

export const carillonPlaytest: PlaytestRules<CarillonLevel, CarillonRules> = {
  fewest: (level) => level.solution.length,
  solution: (level) => level.solution.slice(),
  replay: (level, rules, segments) => {
    const field = buildField(level.dots, rules);
    const r = replaySegments(
      segments,
      () => fullSet(field.n),
      (live, dot) => {
        if (!Number.isInteger(dot) || dot < 0 || dot >= field.n)
          return { refused: `dot ${dot} does not exist (the level has ${field.n})` };
        if (!has(live, dot)) return { refused: `dot ${dot} has already popped` };
        const step = replaySolution(field, [dot], live);
        const status = step.cleared ? 'cleared' : 'playing';
        return { state: step.live, effect: `popped ${step.chains[0]!.length}`, status, cost: 0 };
      },
    );
    return {
      effects: r.effects,
      refused: r.refused,
      status: r.status,
      wasted: extraMoves(r, level.solution.length),
    };
  },
};
