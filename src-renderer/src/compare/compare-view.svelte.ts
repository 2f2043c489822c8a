/**
 * The Compare screen's choices (two runs, each side's order, level, shared zoom) that its
 * actions drive. B may be run A itself in another order (automatic against steered).
 */
import type { CompareView, OrderingKind } from '../../../src-shared/api';
import { NO_ZOOM, type BoardZoom } from '../boards/zoom';

class CompareScreen {
  a = $state<number | null>(null);
  b = $state<number | null>(null);
  /** A's order (and B's, unless `kindB` names another). */
  kind = $state<OrderingKind>('automatic');
  /** B's order: 'same' follows A's. */
  kindB = $state<OrderingKind | 'same'>('same');
  level = $state(1);
  view = $state<CompareView | null>(null);
  /** The one zoom both side-by-side boards share. */
  zoom = $state<BoardZoom>(NO_ZOOM);

  /** Candidate ids of the current level on side A and B (null: that run has no such level). */
  get pair(): { a: number | null; b: number | null } | null {
    return this.view?.pairs[this.level - 1] ?? null;
  }

  /** The order B shows. */
  get orderB(): OrderingKind {
    return this.kindB === 'same' ? this.kind : this.kindB;
  }

  /** A and B are the same order of the same run: nothing to compare. */
  get sameSides(): boolean {
    return this.a !== null && this.a === this.b && this.kind === this.orderB;
  }

  get levelCount(): number {
    return this.view?.pairs.length ?? 0;
  }

  step(delta: number): void {
    const n = this.levelCount;
    if (n === 0) return;
    this.level = Math.min(n, Math.max(1, this.level + delta));
  }

  /** A and B change places, each with its order. */
  swap(): void {
    const a = this.a;
    this.a = this.b;
    this.b = a;
    if (this.kindB !== 'same') [this.kind, this.kindB] = [this.kindB, this.kind];
  }
}

export const compareScreen = new CompareScreen();
