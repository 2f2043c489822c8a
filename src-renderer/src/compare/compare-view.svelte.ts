/** The Compare screen's choices (two runs, ordering kind, level) and the level stepping actions drive. */
import type { CompareView, OrderingKind } from '../../../src-shared/api';

class CompareScreen {
  a = $state<number | null>(null);
  b = $state<number | null>(null);
  kind = $state<OrderingKind>('automatic');
  level = $state(1);
  view = $state<CompareView | null>(null);

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
