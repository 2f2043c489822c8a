/**
 * The renderer's game table: one GameView per registered game, in the registry's order.
 * A third game adds one folder under games/ and one line here (docs/adding-a-game.md).
 * `#extra-game-views` (package.json "imports") is empty in every build but the test build,
 * which adds the views of tests/fixtures/games/.
 */
import { extraGameViews } from '#extra-game-views';
import type { GameView } from './game-view';
import { carillonView } from './carillon/index';
import { apsisView } from './apsis/index';

export type { GameView, LevelBoardHandle } from './game-view';

export const gameViews: readonly GameView[] = [carillonView, apsisView, ...extraGameViews];

/** The view of a game; throws naming the game when the renderer has none. */
export function gameView(id: string): GameView {
  const view = gameViews.find((v) => v.game.id === id);
  if (!view)
    throw new Error(
      `the studio cannot show game "${id}" (it shows ${gameViews.map((v) => v.game.id).join(', ')})`,
    );
  return view;
}
