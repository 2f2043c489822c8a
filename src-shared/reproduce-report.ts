/**
 * What `reproduce` finds when it makes a stored run again (src-main/runs/reproduce.ts), and the
 * same in words. The CLI prints the lines; the Runs page shows the first as its verdict and the
 * differing levels and candidates side by side. Plain data, so it crosses the API as it is.
 */
import { gameById } from './games/index';

export interface ReproduceCandidateDiff {
  /** "L7 · c3" */
  name: string;
  /** The stored and the regenerated candidate's metrics (null: there is no such candidate on that side). */
  stored: Record<string, number> | null;
  regenerated: Record<string, number> | null;
  /** What differs: 'level', 'metrics', 'missing' (only stored) or 'extra' (only regenerated). */
  what: 'level' | 'metrics' | 'missing' | 'extra';
}

/** One side of a differing level: the candidate it ships and that candidate's metrics. */
interface ShippedSide {
  candidate: string | null;
  metrics: Record<string, number> | null;
}

export interface ReproduceLevelDiff {
  /** 1-based level of the pack. */
  level: number;
  stored: ShippedSide;
  regenerated: ShippedSide;
}

export interface ReproduceReport {
  runId: number;
  game: string;
  /** Candidates and pack alike equal. */
  equal: boolean;
  candidatesCompared: number;
  candidateDiffs: number;
  /** The first differing candidates, in slot and index order. */
  firstCandidates: ReproduceCandidateDiff[];
  packEqual: boolean;
  levelDiffs: number;
  /** The first differing levels of the automatic pack. */
  firstLevels: ReproduceLevelDiff[];
  /** "made by an older Carillon generator …" when the run's generator is not today's. */
  generatorNote: string | null;
}

/** A side's metrics in words ("bits 1.22, taps 2"), or "(none)". */
export function metricsText(m: Record<string, number> | null): string {
  return m === null
    ? '(none)'
    : Object.entries(m)
        .map(([k, v]) => `${k} ${Number.isInteger(v) ? v : v.toFixed(2)}`)
        .join(', ');
}

/** The verdict in one sentence: the run reproduces, or how much of it does not. */
export function reproduceVerdict(r: ReproduceReport): string {
  if (r.equal)
    return `run ${r.runId} reproduces: all ${r.candidatesCompared} candidates and the automatic pack are the same, byte for byte`;
  return `run ${r.runId} does not reproduce: ${r.candidateDiffs} of ${r.candidatesCompared} candidates differ; the automatic pack ${r.packEqual ? 'is the same' : `differs in ${r.levelDiffs} level${r.levelDiffs === 1 ? '' : 's'}`}`;
}

/** How a differing candidate differs, in words. */
export const candidateDiffWords: Record<ReproduceCandidateDiff['what'], string> = {
  level: 'level differs',
  metrics: 'metrics differ',
  missing: 'not made again',
  extra: 'not stored',
};

/** The report in lines for the CLI: the verdict, then the first differences side by side. */
export function reproduceLines(r: ReproduceReport): string[] {
  const game = gameById(r.game);
  const lines: string[] = [];
  if (r.generatorNote) lines.push(`run ${r.runId} was ${r.generatorNote}`);
  lines.push(reproduceVerdict(r));
  if (r.equal) return lines;
  if (r.firstLevels.length) {
    lines.push(`first differing levels (stored | made again, ${game.title} metrics):`);
    for (const l of r.firstLevels)
      lines.push(
        `  level ${l.level}: ${l.stored.candidate ?? '(none)'} ${metricsText(l.stored.metrics)} | ${l.regenerated.candidate ?? '(none)'} ${metricsText(l.regenerated.metrics)}`,
      );
  }
  if (r.firstCandidates.length) {
    lines.push('first differing candidates (stored | made again):');
    for (const c of r.firstCandidates)
      lines.push(
        `  ${c.name} (${candidateDiffWords[c.what]}): ${metricsText(c.stored)} | ${metricsText(c.regenerated)}`,
      );
  }
  return lines;
}
