/** How Carillon is played in the inspector (shared by its view and its inspector part). */
import type { PlayInfo } from '../game-view';

export const carillonPlay: PlayInfo = {
  move: 'tap',
  moves: 'taps',
  toggles: [
    { id: 'reach', key: 'V', label: 'Reach circles' },
    { id: 'starts', key: 'S', label: 'Chain starts' },
    { id: 'labels', key: 'N', label: 'Dot numbers' },
  ],
  input: 'hold',
  timeline: true,
  boardHelp: 'hold a dot to see what its ring touches, release to tap',
};
