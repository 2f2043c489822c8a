/** The Compare screen's choices (two runs, ordering kind, level, shared zoom) that its actions drive. */
import type { CompareView, OrderingKind } from '../../../src-shared/api';
import { NO_ZOOM, type BoardZoom } from '../boards/zoom';

class CompareScreen {
  a = $state<number | null>(null);
  b = $state<number | null>(null);
  kind = $state<OrderingKind>('automatic');
  level = $state(1);
  view = $state<CompareView | null>(null);
  /** The one zoom both side-by-side boards share. */
  zoom = $state<BoardZoom>(NO_ZOOM);

  /** Candidate ids of the current level on side A and B (null: that run has no such level). */
  get pair(): { a: number | null; b: number | null } | null {
    return this.view?.pairs[this.level - 1] ?? null;
  }

  get levelCount(): number {
    return this.view?.pairs.length ?? 0;
  }

  step(delta: number): void {
    const n = this.levelCount;
    if (n === 0) return;
    this.level = Math.min(n, Math.max(1, this.level + delta));
  }

  swap(): void {
    const a = this.a;
    this.a = this.b;
    this.b = a;
  }
}

export const compareScreen = new CompareScreen();
