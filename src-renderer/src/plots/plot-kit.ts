/**
 * Small helpers shared by every Observable Plot figure of the studio: theme colours (Plot
 * needs real colour strings, not CSS variables), a render transform that tags each drawn
 * circle or rect with the id of its datum (so clicks and tests find the candidate behind a
 * mark), and mounting a figure into a host element.
 */
import type { RenderFunction } from '@observablehq/plot';

export interface PlotColors {
  text: string;
  muted: string;
  border: string;
  accent: string;
  accent2: string;
  danger: string;
  ok: string;
  panel: string;
  /** A third series colour (compare: run B). */
  violet: string;
}

/** Colours of the active theme, read from the CSS variables of the document. */
export function plotColors(): PlotColors {
  const css = getComputedStyle(document.documentElement);
  const v = (name: string, fallback: string): string => css.getPropertyValue(name).trim() || fallback;
  const light = document.documentElement.dataset['theme'] === 'light';
  return {
    text: v('--text', '#e6e8ee'),
    muted: v('--muted', '#8b93a7'),
    border: v('--border', '#2a2f3a'),
    accent: v('--accent', '#f2b84b'),
    accent2: v('--accent-2', '#5fb4f0'),
    danger: v('--danger', '#ef6b6b'),
    ok: v('--ok', '#6fcf97'),
    panel: v('--panel', '#181b22'),
    violet: light ? '#8b45c4' : '#c58af0',
  };
}

/** Verdict colours for pool points (keyed by `verdictLabel`). */
export function verdictRange(c: PlotColors): { domain: string[]; range: string[] } {
  return { domain: ['approved', 'rejected', 'no verdict'], range: [c.ok, c.danger, c.muted] };
}

/**
 * The verdict as a colour-scale key. Never the raw 'none': when every value of a channel is
 * a CSS colour, Plot paints them literally, and 'none' is one (the points would vanish).
 */
export function verdictLabel(v: string): string {
  return v === 'none' ? 'no verdict' : v;
}

/**
 * Render transform: after the mark draws, give its k-th circle/rect/path the attribute
 * `attr` = key(datum) of the datum it shows (Plot draws one element per index entry, in
 * index order).
 */
export function tagMarks<T>(
  data: readonly T[],
  key: (d: T) => string | number | null,
  attr = 'data-candidate',
): RenderFunction {
  return (index, scales, values, dimensions, context, next) => {
    const g = next ? next(index, scales, values, dimensions, context) : null;
    if (g) {
      const shapes = g.querySelectorAll('circle, rect, path');
      index.forEach((i, k) => {
        const el = shapes[k];
        const d = data[i];
        if (!el || d === undefined) return;
        const v = key(d);
        if (v !== null) el.setAttribute(attr, String(v));
      });
    }
    return g;
  };
}

/** Replace the host's content with a figure (an SVG or a figure element). */
export function mount(host: HTMLElement, figure: Element): void {
  host.replaceChildren(figure);
}

/** Deterministic horizontal jitter in [-w/2, w/2] so a pool's points spread around its level. */
export function jitter(index: number, w = 0.56): number {
  const f = (index * 0.6180339887498949) % 1;
  return (f - 0.5) * w;
}

/** A metric value for display: integers plain, others with two decimals. */
export function fmt(v: number | null | undefined, integer = false): string {
  if (v === null || v === undefined || Number.isNaN(v)) return '—';
  return integer || Number.isInteger(v) ? String(v) : v.toFixed(2);
}

/** Common style for every figure: transparent, themed text, the studio's font. */
export function plotStyle(c: PlotColors): Partial<CSSStyleDeclaration> {
  return {
    background: 'transparent',
    color: c.text,
    fontSize: '12px',
    fontFamily: 'system-ui, sans-serif',
    overflow: 'visible',
  };
}
