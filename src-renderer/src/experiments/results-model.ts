/**
 * The side-by-side results as the Experiments page draws them: one column per arm (the base,
 * then each variant), one row per figure (median and range over the seeds; under a variant,
 * its change as the API gives it, the median of the per-seed changes; a `real` mark only where
 * the API's paired per-seed comparison says so), and the distributions per plan
 * row for the box plots. Pure: `resultsView` reads experiments.results into it, and the
 * page formats it with the helpers here.
 */
import type { BoxStats, ExperimentResults, FigureResult } from '../../../src-shared/experiments/types';

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
  /**
   * The variant's change: the median of the per-seed changes (variant minus base on the same
   * seed), as the API gives it — what the decision judges, not the gap between the two medians.
   */
  delta: number | null;
  /** The gap between the two medians, when it points the other way from `delta` (else null). */
  oppositeGap: number | null;
  /** Variant against base in the figure's own sense: better, worse, or neither. */
  verdict: 'better' | 'worse' | null;
  /** The API's decision in words ("higher on 8 of 8 seeds (sign test p = 0.008 ≤ 0.05)"); '' for the base. */
  why: string;
}

export interface FigureView {
  key: string;
  label: string;
  explain: string;
  integer: boolean;
  /** Which way is better, when one is (a cost or a count of problems: lower). */
  better: 'lower' | 'higher' | null;
  /** The unit the API names ("%", "/s", "bits"); '' for a plain count. */
  unit: string;
  /** Why the figure is shown but never called real (a wall-clock time), when it is not tested. */
  untested?: string;
  /** One cell per arm, in the arms' order. */
  cells: CellView[];
}

/** One plan row's difficulty over every candidate of every seed, per arm (box-plot figures). */
export interface StageView {
  stage: string;
  first: number;
  last: number;
  /** One box per arm, in the arms' order (null where the arm has no candidate there yet). */
  boxes: (BoxStats | null)[];
  /** The row's median difficulty and pool spread per arm, compared as the figures are. */
  median: FigureView;
  spread: FigureView;
}

export interface ResultsView {
  arms: ArmView[];
  figures: FigureView[];
  stages: StageView[];
  /** The difficulty metric's label ("bits", "reads"). */
  difficulty: string;
  /** How the API decides a difference is real, in plain words (shown beside the marks). */
  realRule: string;
  /** What a variant's change is, in plain words (the API's sentence; shown beside the marks). */
  changeMeans: string;
  /** Seeds whose base run is done, of all the experiment's seeds. */
  seedsDone: number;
  seeds: number;
}

function verdictOf(f: FigureResult): CellView['verdict'] {
  const d = f.decision.direction;
  if (f.better === null || d === 'same') return null;
  return d === f.better ? 'better' : 'worse';
}

function baseCell(f: FigureResult | undefined): CellView {
  const seeds = f ? f.perSeed.filter((p) => p.base !== null).length : 0;
  return {
    median: f?.base?.median ?? null,
    min: f?.base?.min ?? null,
    max: f?.base?.max ?? null,
    seeds,
    real: null,
    delta: null,
    oppositeGap: null,
    verdict: null,
    why: '',
  };
}

function variantCell(f: FigureResult | undefined): CellView {
  if (!f)
    return {
      median: null,
      min: null,
      max: null,
      seeds: 0,
      real: null,
      delta: null,
      oppositeGap: null,
      verdict: null,
      why: '',
    };
  return {
    median: f.variant?.median ?? null,
    min: f.variant?.min ?? null,
    max: f.variant?.max ?? null,
    seeds: f.perSeed.filter((p) => p.variant !== null).length,
    real: f.change === null ? null : f.decision.real,
    delta: f.change?.median ?? null,
    oppositeGap: f.change?.opposite ? f.change.mediansGap : null,
    verdict: verdictOf(f),
    why: f.decision.why,
  };
}

/** One figure across the arms: the base's column from the first variant's comparison (every variant has the same base). */
function figureRow(
  key: string,
  all: (FigureResult | undefined)[],
  integer: (f: FigureResult) => boolean,
  explain: (f: FigureResult) => string,
): FigureView {
  const first = all.find((f) => f !== undefined)!;
  return {
    key,
    label: first.label,
    explain: explain(first),
    integer: integer(first),
    better: first.better,
    unit: first.unit,
    ...(first.untested ? { untested: first.untested } : {}),
    cells: [baseCell(first), ...all.map(variantCell)],
  };
}

/**
 * experiments.results as the page's view: arms (base, then variants with their changes in
 * words), one row per figure, one entry per plan row. `metricInfo` gives a figure's
 * explanation and whether it is whole-numbered (by key), when the game declares it.
 */
export function resultsView(
  r: ExperimentResults,
  metricInfo: (key: string) => { explain: string; integer: boolean } | undefined = () => undefined,
): ResultsView {
  const arms: ArmView[] = [
    { name: 'base', isBase: true, changes: [] },
    ...r.variants.map((v) => ({ name: v.name, isBase: false, changes: v.diff.map((l) => l.text) })),
  ];
  const keys = [...new Set(r.variants.flatMap((v) => v.figures.map((f) => f.key)))];
  const integer = (f: FigureResult): boolean => metricInfo(f.key)?.integer ?? false;
  // The API says what each figure measures; a game metric's own explanation wins where one has the key.
  const explain = (f: FigureResult): string => metricInfo(f.key)?.explain || f.explain || '';
  const figures = keys.map((k) =>
    figureRow(
      k,
      r.variants.map((v) => v.figures.find((f) => f.key === k)),
      integer,
      explain,
    ),
  );
  const stageNames = [...new Set(r.variants.flatMap((v) => v.stages.map((s) => s.stage)))];
  const stages: StageView[] = stageNames.map((name) => {
    const per = r.variants.map((v) => v.stages.find((s) => s.stage === name));
    const first = per.find((s) => s !== undefined)!;
    return {
      stage: name,
      first: first.first,
      last: first.last,
      boxes: [first.base, ...per.map((s) => s?.variant ?? null)],
      median: figureRow(
        'median',
        per.map((s) => s?.median),
        () => false,
        (f) => f.explain ?? '',
      ),
      spread: figureRow(
        'spread',
        per.map((s) => s?.spread),
        () => false,
        (f) => f.explain ?? '',
      ),
    };
  });
  return {
    arms,
    figures,
    stages,
    difficulty: r.difficulty.label,
    realRule: r.decidedBy,
    changeMeans: r.changeMeans,
    seedsDone: r.seedsDone.length,
    seeds: r.seeds.length,
  };
}

/**
 * A figure's value for display: percentages (the API gives 0–100) and rates keep their unit
 * beside the number; other units (bits, builds, levels) are named once in the row's heading.
 */
export function formatValue(v: number | null, integer: boolean, unit = ''): string {
  if (v === null || !Number.isFinite(v)) return '—';
  if (unit === '%') return `${v === 0 || Math.abs(v) >= 10 ? v.toFixed(0) : v.toFixed(1)} %`;
  const n =
    integer || Number.isInteger(v)
      ? String(Math.round(v))
      : Math.abs(v) >= 100
        ? v.toFixed(0)
        : Math.abs(v) >= 10
          ? v.toFixed(1)
          : v.toFixed(2);
  return unit.endsWith('/s') ? `${n}/s` : n;
}

/** The unit a row's heading names ("bits" from "Difficulty (bits)"); '' when the cells carry it. */
export function unitWord(unit: string): string {
  if (unit === '' || unit === '%' || unit.endsWith('/s')) return '';
  const inner = /\(([^)]+)\)/.exec(unit);
  const word = inner ? inner[1]! : unit;
  return word.charAt(0).toLowerCase() + word.slice(1);
}

/** A label as a row heading: its first letter upper case. */
export function heading(label: string): string {
  return label ? label.charAt(0).toUpperCase() + label.slice(1) : label;
}

/** "12.4" with its range "10.1–15.0" (no range when every seed agrees or there is one seed). */
export function medianRange(c: CellView, integer: boolean, unit = ''): { median: string; range: string } {
  const median = formatValue(c.median, integer, unit);
  if (c.min === null || c.max === null || c.seeds < 2 || c.min === c.max) return { median, range: '' };
  return { median, range: `${formatValue(c.min, integer, unit)} – ${formatValue(c.max, integer, unit)}` };
}

/** "+1.2", "−0.4" (a real minus sign), with the figure's formatting; '' when it rounds to zero. */
export function formatDelta(d: number | null, integer: boolean, unit = ''): string {
  if (d === null || !Number.isFinite(d)) return '';
  const s = formatValue(Math.abs(d), integer && Number.isInteger(d), unit);
  // A difference that rounds to nothing is not shown at all.
  if (/^0(\.0+)?( %|\/s)?$/.test(s)) return '';
  return `${d > 0 ? '+' : '−'}${s}`;
}

/** The sentence a cell shows on hover: what moved, by how much, the API's decision, and how it decides. */
export function realExplanation(f: FigureView, c: CellView, arm: string, rule: string): string {
  const delta = formatDelta(c.delta, f.integer, f.unit);
  const gap = formatDelta(c.oppositeGap, f.integer, f.unit);
  // A gap that rounds to nothing is not worth a sentence (the cell shows no * for it either).
  const moved = delta
    ? ` Change against the base: ${delta}, the median of the per-seed changes.${gap ? ` The two medians differ by ${gap}, the other way: they come from different seeds, and the change is what the seeds say pair by pair.` : ''}`
    : '';
  const why = c.why ? ` ${c.why.charAt(0).toUpperCase()}${c.why.slice(1)}.` : '';
  if (f.untested)
    return `${arm}: ${f.label.toLowerCase()} is shown, never tested.${moved} ${f.untested.charAt(0).toUpperCase()}${f.untested.slice(1)}.`;
  if (c.real === true)
    return `${arm}: a real difference in ${f.label.toLowerCase()} — it holds across the seeds.${moved}${why} ${rule}`;
  if (c.real === false)
    return `${arm}: not a real difference in ${f.label.toLowerCase()} — it does not hold across the seeds.${moved}${why} ${rule}`;
  return `${arm}: not compared yet (no seed has finished on both sides). ${rule}`;
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
