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
  /** Strong text on the board (labels, overlays). */
  ink: string;
  danger: string;
  ok: string;
  /** Seven element colours (e.g. notes 0..6 of a dot), tuned per theme to read on the field. */
  dots: string[];
  /** Label colour drawn on top of each dot colour. */
  dotText: string[];
  /** Arrow body colour when not coloured by round. */
  arrow: string;
  /** Round colours, round 1 first (cycled past the end). */
  rounds: string[];
  dark: boolean;
}

const DARK_DOTS = ['#ef6f68', '#f3a24a', '#e9d255', '#72c96f', '#4fc0cf', '#7b98f4', '#bd85ea'];
const LIGHT_DOTS = ['#d2443d', '#d9791f', '#b8980e', '#3a9a3f', '#1f93a4', '#4a68d4', '#8e4cc6'];
// Round 1 (free now) is green, deeper rounds move through blue and violet to red.
const DARK_ROUNDS = ['#6fd08f', '#5fc0e8', '#8d9cf5', '#c58af0', '#f08bc0', '#f39a62', '#ef6b6b', '#e7d35c'];
const LIGHT_ROUNDS = ['#23985a', '#1f86b8', '#4b5fd0', '#8b45c4', '#c23f8b', '#cf6a1c', '#c93c3c', '#9c8a10'];

/** Dark or light label for a fill colour, by relative luminance. */
function textOn(hex: string): string {
  const v = parseInt(hex.slice(1), 16);
  const r = (v >> 16) & 255,
    g = (v >> 8) & 255,
    b = v & 255;
  const lum = (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
  return lum > 0.55 ? '#15181f' : '#ffffff';
}

export function boardTheme(el: Element = document.documentElement): BoardTheme {
  const css = getComputedStyle(el);
  const v = (name: string, fallback: string): string => css.getPropertyValue(name).trim() || fallback;
  const dark = (el instanceof HTMLElement ? el.dataset['theme'] : undefined) !== 'light';
  const dots = dark ? DARK_DOTS : LIGHT_DOTS;
  return {
    bg: v('--board-bg', '#0f1116'),
    field: v('--board-field', '#161a22'),
    grid: v('--board-grid', '#222836'),
    line: v('--board-line', '#3a4356'),
    text: v('--muted', '#8b93a7'),
    accent: v('--accent', '#f2b84b'),
    accent2: v('--accent-2', '#5fb4f0'),
    sun: v('--board-sun', '#f2b84b'),
    ink: v('--text', '#e6e8ee'),
    danger: v('--danger', '#ef6b6b'),
    ok: v('--ok', '#6fcf97'),
    dots,
    dotText: dots.map(textOn),
    arrow: dark ? '#c9d1e3' : '#3b4458',
    rounds: dark ? DARK_ROUNDS : LIGHT_ROUNDS,
    dark,
  };
}

/** Colour of note c (any integer; cycles through the palette). */
export function dotColor(t: BoardTheme, c: number): string {
  const n = t.dots.length;
  return t.dots[((c % n) + n) % n]!;
}

/** Colour of round r (1-based); 0 (never clears) is the danger colour. */
export function roundColor(t: BoardTheme, r: number): string {
  if (r <= 0) return t.danger;
  return t.rounds[(r - 1) % t.rounds.length]!;
}
