/** Settings (game, plan, rules) named by a run, a preset, a game's defaults or an experiment's arm, with a plain name. */
import { ApiError } from '../../src-shared/api';
import { gameById, type GameId } from '../../src-shared/games/index';
import type { SettingsRef } from '../../src-shared/experiments/types';
import type { Db } from '../store/db';
import { getRun } from '../store/runs';
import { getPreset } from '../store/presets';
import { getExperiment } from '../store/experiments';

export interface NamedSettings {
  game: GameId;
  name: string;
  plan: unknown;
  rules: unknown;
}

export function resolveSettings(db: Db, ref: SettingsRef, field: string): NamedSettings {
  if ('runId' in ref) {
    const run = getRun(db, ref.runId);
    if (!run)
      throw new ApiError('not-found', `run ${ref.runId} does not exist`, [
        { field: `${field}.runId`, message: 'no such run' },
      ]);
    if (run.dataProblem)
      throw new ApiError('conflict', run.dataProblem, [
        { field: `${field}.runId`, message: run.dataProblem },
      ]);
    return {
      game: run.game,
      name: `run ${run.id}${run.name ? ` (${run.name})` : ''}`,
      plan: run.plan,
      rules: run.rules,
    };
  }
  if ('presetId' in ref) {
    const p = getPreset(db, ref.presetId);
    if (!p)
      throw new ApiError('not-found', `preset ${ref.presetId} does not exist`, [
        { field: `${field}.presetId`, message: 'no such preset' },
      ]);
    if (p.dataProblem)
      throw new ApiError('conflict', p.dataProblem, [{ field: `${field}.presetId`, message: p.dataProblem }]);
    return { game: p.game, name: `preset "${p.name}"`, plan: p.plan, rules: p.rules };
  }
  if ('experimentId' in ref) {
    const e = getExperiment(db, ref.experimentId);
    if (!e)
      throw new ApiError('not-found', `experiment ${ref.experimentId} does not exist`, [
        { field: `${field}.experimentId`, message: 'no such experiment' },
      ]);
    if (e.dataProblem)
      throw new ApiError('conflict', e.dataProblem, [
        { field: `${field}.experimentId`, message: e.dataProblem },
      ]);
    const arm = e.arms[ref.arm];
    if (!arm)
      throw new ApiError(
        'bad-argument',
        `experiment ${e.id} has arms 0-${e.arms.length - 1} (0 = the base)`,
        [{ field: `${field}.arm`, message: `must be 0-${e.arms.length - 1}` }],
      );
    return {
      game: e.game,
      name: arm.arm === 0 ? `experiment ${e.id}'s base` : `variant "${arm.name}"`,
      plan: arm.plan,
      rules: arm.rules,
    };
  }
  const game = gameById(ref.game);
  return {
    game: game.id,
    name: `${game.title}'s defaults`,
    plan: game.defaultPlan,
    rules: game.defaultRules,
  };
}
