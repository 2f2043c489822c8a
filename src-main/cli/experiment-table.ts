/**
 * An experiment's results as the CLI prints them: per variant, what it changed (the plain diff),
 * then one row per figure — base and variant as median [range] over the seeds, the change (the
 * median of the per-seed changes, which is what the decision judges, marked * where the gap
 * between the two medians points the other way), and whether the paired per-seed test calls it
 * real (a wall-clock figure is never tested) — then each stage's median difficulty and pool
 * spread the same way; under it, what the change is and how "real" is decided. Pure: results
 * in, lines out.
 */
import type { ExperimentResults, FigureResult, MedianRange } from '../../src-shared/api';

const num = (v: number): string =>
  Number.isInteger(v)
    ? String(v)
    : Math.abs(v) >= 100
      ? v.toFixed(0)
      : Math.abs(v) >= 10
        ? v.toFixed(1)
        : v.toFixed(2);
const cell = (r: MedianRange | null): string =>
  r === null ? '—' : r.min === r.max ? num(r.median) : `${num(r.median)} [${num(r.min)}–${num(r.max)}]`;
const signed = (v: number): string => `${v > 0 ? '+' : ''}${num(v)}`;

/** The change column's heading: what the number is, not just "change". */
export const CHANGE_HEADING = 'median change per seed';

function row(f: FigureResult, label = f.label): string {
  const c = f.change;
  const d = f.decision;
  const verdict = f.untested
    ? `not tested (varies with load; ${d.higher}↑ ${d.lower}↓ ${d.ties}=)`
    : d.higher + d.lower + d.ties === 0
      ? '—'
      : d.real
        ? `real (${d.direction} on ${Math.max(d.higher, d.lower)}/${d.higher + d.lower + d.ties})`
        : `not real (${d.higher}↑ ${d.lower}↓ ${d.ties}=)`;
  const unit = f.unit && f.unit !== '%' ? ` (${f.unit})` : f.unit === '%' ? ' (%)' : '';
  const change = c === null ? '—' : `${signed(c.median)}${c.opposite ? '*' : ' '}`;
  return `  ${(label + unit).padEnd(46)} ${cell(f.base).padEnd(22)} ${cell(f.variant).padEnd(22)} ${change.padStart(CHANGE_HEADING.length + 1)}  ${verdict}`;
}

export function experimentTable(r: ExperimentResults, title: string): string[] {
  const lines = [
    title,
    `seeds ${r.seeds.join(', ')}${r.seedsDone.length < r.seeds.length ? ` (base done on ${r.seedsDone.length})` : ''} · ${r.scope.kind === 'plan' ? 'whole plan' : `level slots ${r.scope.slots.map((s) => s + 1).join(', ')} × ${r.scope.candidates} candidates`}`,
  ];
  let opposite = false;
  for (const v of r.variants) {
    lines.push('', `variant ${v.arm} "${v.name}" against the base`);
    for (const d of v.diff) lines.push(`  changes  ${d.text}`);
    lines.push(
      `  ${'figure'.padEnd(46)} ${'base'.padEnd(22)} ${'variant'.padEnd(22)} ${CHANGE_HEADING}   decision`,
    );
    const rows = [
      ...v.figures.map((f) => [f, f.label] as const),
      ...v.stages.flatMap((s) => [
        [s.median, `${s.stage}: median difficulty`] as const,
        [s.spread, `${s.stage}: pool spread`] as const,
      ]),
    ];
    for (const [f, label] of rows) {
      lines.push(row(f, label));
      if (f.change?.opposite) opposite = true;
    }
  }
  lines.push('', r.changeMeans);
  if (opposite)
    lines.push(
      '* Here the gap between the two medians points the other way: most seeds moved one way while the medians, taken over different seeds, moved the other.',
    );
  lines.push(r.decidedBy);
  return lines;
}
