/** Board colours from the active theme's CSS variables, so boards stay readable in both themes. */
export interface BoardTheme {
  bg: string;
  field: string;
  grid: string;
  line: string;
  text: string;
  accent: string;
  accent2: string;
  sun: string;
}

export function boardTheme(el: Element = document.documentElement): BoardTheme {
  const css = getComputedStyle(el);
  const v = (name: string, fallback: string): string => css.getPropertyValue(name).trim() || fallback;
  return {
    bg: v('--board-bg', '#0f1116'),
    field: v('--board-field', '#161a22'),
    grid: v('--board-grid', '#222836'),
    line: v('--board-line', '#3a4356'),
    text: v('--muted', '#8b93a7'),
    accent: v('--accent', '#f2b84b'),
    accent2: v('--accent-2', '#5fb4f0'),
    sun: v('--board-sun', '#f2b84b'),
  };
}
