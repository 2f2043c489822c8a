/**
 * One colour per arm of an experiment (the base grey, then each variant), the same in the
 * tables (CSS variables) and the plots (Plot needs real colour strings: plotColors()).
 */
import type { PlotColors } from '../plots/plot-kit';

/** The arm's colour as CSS, for swatches beside names. */
export function armCss(arm: number): string {
  return (
    ['var(--muted)', 'var(--accent-2)', 'var(--accent)', 'var(--arm-violet, #c58af0)'][arm] ?? 'var(--text)'
  );
}

/** The arms' colours for a Plot colour scale, base first. */
export function armRange(c: PlotColors): string[] {
  return [c.muted, c.accent2, c.accent, c.violet];
}
