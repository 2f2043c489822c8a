/** What Carillon's edit mode offers: its overlays and keys (the shared editor registers a command for each). */
import type { EditInfo } from '../../editor/edit-view';

export const carillonEdit: EditInfo = {
  toggles: [
    { id: 'chances', key: 'T', label: 'First-tap chances' },
    { id: 'graph', key: 'G', label: 'Reach graph' },
    { id: 'labels', key: 'N', label: 'Dot numbers' },
  ],
  keys: [
    { key: '1', label: 'small', needsSelection: false },
    { key: '2', label: 'normal', needsSelection: false },
    { key: '3', label: 'big', needsSelection: false },
    { key: 'K', label: 'next colour', needsSelection: false, shiftToo: true },
  ],
  legend:
    'Dashed gold rings: the chain starts (winning first taps). Red: a broken rule, where it is. Blue ring: the selected dot, with its reach.',
  grid: { steps: [5, 10, 20, 40], step: 10, unit: ' units' },
  boardHelp:
    'drag a dot to move it (Shift-click or a box on the empty field selects several, which move together), double-click the field to add one; arrow keys nudge the selected dots (Shift ×10)',
};
