/** settings.diff: what differs between two settings (runs, presets, a game's defaults, experiment arms). */
import { settingsDiff } from '../../src-shared/experiments/diff';
import { gameById } from '../../src-shared/games/index';
import { resolveSettings } from '../experiments/settings';
import type { HandlerContext, HandlersOf } from './context';

export function settingsHandlers({ db }: HandlerContext): HandlersOf<'settings'> {
  return {
    'settings.diff': ({ a, b }) => {
      const sa = resolveSettings(db, a, 'a'),
        sb = resolveSettings(db, b, 'b');
      if (sa.game !== sb.game) {
        const ga = gameById(sa.game).title,
          gb = gameById(sb.game).title;
        return {
          game: sa.game,
          a: sa.name,
          b: sb.name,
          same: false,
          lines: [
            {
              field: 'game',
              text: `Game: ${ga} → ${gb} (the settings of two games are not compared further)`,
              a: sa.game,
              b: sb.game,
            },
          ],
        };
      }
      const lines = settingsDiff(gameById(sa.game), sa, sb);
      return { game: sa.game, a: sa.name, b: sb.name, same: lines.length === 0, lines };
    },
  };
}
