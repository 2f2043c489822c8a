/**
 * Game views added beyond the shipped ones: none. This is what `#extra-game-views` resolves
 * to in every build; the test build resolves it to tests/fixtures/games/views.ts instead
 * (package.json "imports", condition `studio-test-games`).
 */
import type { GameView } from './game-view';

export const extraGameViews: readonly GameView[] = [];
