/** presets.*: save, list and delete a game's named rule and plan sets. */
import { ApiError } from '../../src-shared/api';
import { gameById } from '../../src-shared/games/index';
import { checkRunInput } from '../runs/run-input';
import { deletePreset, listPresets, presetByName, savePreset } from '../store/presets';
import type { HandlerContext, HandlersOf } from './context';

export function presetHandlers({ db }: HandlerContext): HandlersOf<'presets'> {
  return {
    'presets.save': ({ game: gameId, name, plan, rules, replace }) => {
      const game = gameById(gameId);
      const checked = checkRunInput(game, { plan, rules });
      if (!replace && presetByName(db, game.id, name))
        throw new ApiError(
          'conflict',
          `a ${game.title} preset named "${name}" exists already; replace it or choose another name`,
          [{ field: 'name', message: 'taken' }],
        );
      return savePreset(
        db,
        { game: game.id, name, plan: checked.plan, rules: checked.rules },
        new Date().toISOString(),
      );
    },
    'presets.list': ({ game }) => listPresets(db, game),
    'presets.delete': ({ presetId }) => {
      const deleted = deletePreset(db, presetId);
      if (deleted === 0)
        throw new ApiError('not-found', `preset ${presetId} does not exist`, [
          { field: 'presetId', message: 'no such preset' },
        ]);
      return { deleted };
    },
  };
}
