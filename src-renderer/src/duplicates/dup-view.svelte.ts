/** State of the Near-duplicates screen that its actions drive (pairs, alignment, labels, shared zoom). */
import type { DuplicatePairView } from '../../../src-shared/api';
import { NO_ZOOM, type BoardZoom } from '../boards/zoom';

class DupView {
  /** The pairs the list shows (after the rule filter); replaced, never mutated, so raw. */
  shown = $state.raw<DuplicatePairView[]>([]);
  selectedId = $state<number | null>(null);
  /** Draw B under the inverse of the matching transform so it lines up with A. */
  align = $state(true);
  labels = $state(false);
  /** The one zoom both boards of the pair share. */
  zoom = $state<BoardZoom>(NO_ZOOM);

  get selected(): DuplicatePairView | null {
    return this.shown.find((p) => p.id === this.selectedId) ?? null;
  }

  get index(): number {
    return this.shown.findIndex((p) => p.id === this.selectedId);
  }

  move(delta: number): void {
    if (this.shown.length === 0) return;
    const i = this.index;
    const next = i < 0 ? 0 : Math.min(this.shown.length - 1, Math.max(0, i + delta));
    this.selectedId = this.shown[next]!.id;
  }
}

export const dupView = new DupView();
