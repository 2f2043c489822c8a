/**
 * The Runs page's reproduce verdict in words (runs.reproduce): while it works, how far it is;
 * once done, one sentence (the run reproduces, or how much of it does not), the generator note
 * when an older generator made the run, and the first differing levels and candidates with
 * both sides' metrics, stored beside made again. Plain functions, unit-tested.
 */
import type { ReproduceJob } from '../../../src-shared/api';
import { candidateDiffWords, metricsText, reproduceVerdict } from '../../../src-shared/reproduce-report';

/** One differing level or candidate: what it is, then the stored side beside the side made again. */
interface ReproduceRow {
  label: string;
  stored: string;
  again: string;
}

export interface ReproduceWords {
  /** The verdict, or the progress, or why the check failed: one sentence. */
  sentence: string;
  tone: 'working' | 'equal' | 'differs' | 'failed';
  /** "This run was made by an older <game> generator (…)." */
  note: string | null;
  levels: ReproduceRow[];
  candidates: ReproduceRow[];
  /** More differ than are listed. */
  moreLevels: number;
  moreCandidates: number;
}

const side = (candidate: string | null, metrics: Record<string, number> | null): string =>
  candidate === null ? '(no level)' : `${candidate}: ${metricsText(metrics)}`;

const capital = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

export function reproduceWords(job: ReproduceJob): ReproduceWords {
  const none = { note: null, levels: [], candidates: [], moreLevels: 0, moreCandidates: 0 };
  if (job.state === 'running')
    return {
      ...none,
      tone: 'working',
      sentence: `Reproducing run #${job.runId}: ${job.stage}, ${Math.floor(job.overall * 100)}%.`,
    };
  if (job.state === 'failed' || !job.report)
    return {
      ...none,
      tone: 'failed',
      sentence: `Run #${job.runId} could not be reproduced: ${job.error ?? 'the check stopped'}.`,
    };
  const r = job.report;
  return {
    tone: r.equal ? 'equal' : 'differs',
    sentence: `${capital(reproduceVerdict(r).replace(/^run (\d+)/, 'run #$1'))}.`,
    note: r.generatorNote ? `This run was ${r.generatorNote}.` : null,
    levels: r.firstLevels.map((l) => ({
      label: `Level ${l.level}`,
      stored: side(l.stored.candidate, l.stored.metrics),
      again: side(l.regenerated.candidate, l.regenerated.metrics),
    })),
    candidates: r.firstCandidates.map((c) => ({
      label: `${c.name} (${candidateDiffWords[c.what]})`,
      stored: c.stored === null ? '(not stored)' : metricsText(c.stored),
      again: c.regenerated === null ? '(not made again)' : metricsText(c.regenerated),
    })),
    moreLevels: r.levelDiffs - r.firstLevels.length,
    moreCandidates: r.candidateDiffs - r.firstCandidates.length,
  };
}
