/** How Apsis is played in the inspector (shared by its view and its inspector part). */
import type { PlayInfo } from '../game-view';

export const apsisPlay: PlayInfo = {
  move: 'launch',
  moves: 'launches',
  toggles: [
    { id: 'rounds', key: 'S', label: 'Colour by round' },
    { id: 'paths', key: 'V', label: 'All paths' },
    { id: 'labels', key: 'N', label: 'Arrow numbers' },
  ],
  input: 'click',
  timeline: false,
  boardHelp: 'hover an arrow to see its path, click to launch',
};
