/**
 * What an experiment's one progress bar says beside its overall figure: its runs and
 * candidates done, and while it works the rate and the time left ("3 of 8 runs · 1,234 / 5,000
 * candidates · 45/s · 40 s left"). Pure: unit-tested.
 */
import type { ExperimentProgress } from '../../../src-shared/api';
import { rateText, timeLeftText } from '../../../src-shared/progress';

export function experimentProgressLine(live: ExperimentProgress, active: boolean): string {
  const runs = `${live.runsDone} of ${live.runsTotal} runs`;
  const cands = `${live.candidatesDone.toLocaleString('en')} / ${live.candidatesTotal.toLocaleString('en')} candidates`;
  if (!active) return `${runs} · ${cands}`;
  const rate = live.rate > 0 ? ` · ${rateText(live.rate)}` : '';
  return `${runs} · ${cands}${rate} · ${timeLeftText(live.etaSeconds)}`;
}
