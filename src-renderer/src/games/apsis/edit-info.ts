/** What Apsis's edit mode offers: its overlays and keys (the shared editor registers a command for each). */
import type { EditInfo } from '../../editor/edit-view';

export const apsisEdit: EditInfo = {
  toggles: [
    { id: 'graph', key: 'G', label: 'Blocking graph, longest chain' },
    { id: 'rounds', key: 'S', label: 'Rounds (reads per arrow)' },
    { id: 'labels', key: 'N', label: 'Arrow numbers' },
  ],
  keys: [
    { key: 'H', label: 'turn heading', needsSelection: true, shiftToo: true },
    { key: 'L', label: 'short/long', needsSelection: true },
    { key: 'M', label: 'more orbits (Shift: fewer)', needsSelection: false, shiftToo: true },
  ],
  legend:
    'Red: a broken rule, where it is. The selected arrow shows its path to the rim, stopped at its first blocker.',
  boardHelp:
    'drag an arrow round its orbit or onto another, double-click to add one; ← → turn the selected arrow round its orbit, ↑ ↓ move it out or in (Shift ×10)',
};
