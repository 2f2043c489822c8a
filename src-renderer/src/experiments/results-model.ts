/**
 * The side-by-side results as the Experiments page draws them: one column per arm (the base,
 * then each variant), one row per figure (median and range over the seeds, a `real` mark
 * only where the API's paired per-seed comparison says so), and the distributions per plan
 * row for the box plots. Pure: the page fills it from experiments.results and formats it here.
 */

export interface ArmView {
  /** The arm's name as the API names it ("base" or the variant's name). */
  name: string;
  isBase: boolean;
  /** The variant's changes in plain words ("Dot spacing: 16 → 18"); empty for the base. */
  changes: string[];
}

export interface CellView {
  median: number | null;
  min: number | null;
  max: number | null;
  /** Seeds the figure was measured on. */
  seeds: number;
  /**
   * For a variant: the API's verdict on the difference to the base (true: it holds across the
   * seeds; false: it does not; null: not compared, e.g. too few seeds or the base's own column).
   */
  real: boolean | null;
  /** Median of the per-seed differences to the base, when the API gives it. */
  delta: number | null;
  /** Variant against base in the figure's own sense: better, worse, or neither. */
  verdict: 'better' | 'worse' | null;
}

export interface FigureView {
  key: string;
  label: string;
  explain: string;
  integer: boolean;
  /** Which way is better, when one is (a cost or a count of problems: lower). */
  better: 'lower' | 'higher' | null;
  /** Formats the value (percentages, rates); plain numbers when absent. */
  unit: '' | '%' | '/s' | 's';
  /** One cell per arm, in the arms' order. */
  cells: CellView[];
}

export interface DistributionView {
  /** The measured metric ("bits", "reads"), the game's own label. */
  metric: string;
  label: string;
  /** One value per candidate or per shipped level, tagged with its arm and plan row. */
  rows: { arm: string; stage: string; value: number }[];
}

export interface ResultsView {
  arms: ArmView[];
  figures: FigureView[];
  distributions: DistributionView[];
  /** How the API decides a difference is real, in plain words (shown on hover). */
  realRule: string;
  /** Seeds with finished runs in every arm (the comparison's pairs). */
  pairedSeeds: number;
}

/** A figure's value for display: integers plain, others to two or three significant places. */
export function formatValue(v: number | null, integer: boolean, unit: FigureView['unit'] = ''): string {
  if (v === null || !Number.isFinite(v)) return '—';
  if (unit === '%') return `${(v * 100).toFixed(v * 100 >= 10 || v === 0 ? 0 : 1)} %`;
  const n = integer || Number.isInteger(v) ? String(Math.round(v)) : Math.abs(v) >= 100 ? v.toFixed(0) : Math.abs(v) >= 10 ? v.toFixed(1) : v.toFixed(2);
  return unit === '/s' ? `${n}/s` : unit === 's' ? `${n} s` : n;
}

/** "12.4" with its range "10.1–15.0" (no range when every seed agrees or there is one seed). */
export function medianRange(c: CellView, integer: boolean, unit: FigureView['unit'] = ''): { median: string; range: string } {
  const median = formatValue(c.median, integer, unit);
  if (c.min === null || c.max === null || c.seeds < 2 || c.min === c.max) return { median, range: '' };
  return { median, range: `${formatValue(c.min, integer, unit)} – ${formatValue(c.max, integer, unit)}` };
}

/** "+1.2", "−0.4" (a real minus sign), with the figure's formatting. */
export function formatDelta(d: number | null, integer: boolean, unit: FigureView['unit'] = ''): string {
  if (d === null || !Number.isFinite(d) || d === 0) return d === 0 ? '±0' : '';
  const s = formatValue(Math.abs(d), integer && Number.isInteger(d), unit);
  return `${d > 0 ? '+' : '−'}${s}`;
}

/** The sentence a real mark shows on hover: what moved, by how much, and how that was decided. */
export function realExplanation(f: FigureView, c: CellView, arm: string, rule: string): string {
  const delta = formatDelta(c.delta, f.integer, f.unit);
  const moved = delta ? ` (${delta} against the base, median of the per-seed differences)` : '';
  if (c.real === true) return `${arm}: ${f.label.toLowerCase()} differs from the base on every reading of the seeds${moved}. ${rule}`;
  if (c.real === false) return `${arm}: not a real difference — it does not hold across the seeds${moved}. ${rule}`;
  return `${arm}: not compared. ${rule}`;
}

/**
 * The variant to offer for adopting: the one with the most real improvements, less real
 * worsenings (ties: the first); null when no variant improves anything for real.
 */
export function suggestWinner(view: ResultsView): string | null {
  let best: { name: string; score: number } | null = null;
  view.arms.forEach((arm, i) => {
    if (arm.isBase) return;
    let score = 0;
    for (const f of view.figures) {
      const c = f.cells[i];
      if (!c || c.real !== true) continue;
      if (c.verdict === 'better') score++;
      else if (c.verdict === 'worse') score--;
    }
    if (score > 0 && (best === null || score > best.score)) best = { name: arm.name, score };
  });
  return (best as { name: string; score: number } | null)?.name ?? null;
}
