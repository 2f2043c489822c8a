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
  grid: { steps: [5, 10, 15, 30, 45], step: 10, unit: '°' },
  boardHelp:
    'drag an arrow round its orbit or onto another (Shift-click or a box on the empty board selects several, which turn and step together), double-click to add one; ← → turn the selected arrows round their orbits, ↑ ↓ move them out or in (Shift ×10)',
};
