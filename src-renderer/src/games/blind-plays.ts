/**
 * The games a playtest page can hold: each game's blind board (GameView.blind), imported from
 * its own module so the offline page bundles the boards and the rules without the studio's
 * inspector and client. A third game adds its `blind` here too (docs/adding-a-game.md).
 */
import type { BlindPlay } from './game-view';
import { carillonBlind } from './carillon/blind';
import { apsisBlind } from './apsis/blind';

export const blindPlays: readonly BlindPlay[] = [carillonBlind, apsisBlind];
