/**
 * The CLI's progress bar on stderr (cli-progress), fed by the engine's progress events: the
 * bar and percentage are the run's overall figure (it never goes back), the counts and rate
 * belong to the current phase (the run's generate phase and an experiment pass the rate and
 * time left the engine measured). Phases are named generate → order → near-duplicates, and
 * the time left reads as on the Runs page (timeLeftText).
 */
import cliProgress from 'cli-progress';
import { progressMeter, rateText, timeLeftText } from '../../src-shared/progress';

export interface Bar {
  /**
   * `overall` is the run's 0..1 figure; done/total count the phase's own work. `measured`: the
   * rate and time left as the caller measured them (an experiment's, over all its phases),
   * shown instead of the bar's own (the phase's done over time).
   */
  update(
    stage: string,
    overall: number,
    done: number,
    total: number,
    measured?: { rate: number; etaSeconds: number | null },
  ): void;
  stop(): void;
}

export function progressBar(label: string): Bar {
  const quiet = !process.stderr.isTTY && process.env['STUDIO_PROGRESS'] !== 'always';
  const bar = new cliProgress.SingleBar(
    {
      stream: process.stderr,
      format: `${label} {stage} [{bar}] {percentage}% | {phaseDone}/{phaseTotal} | {rate} | {left}`,
      hideCursor: true,
      noTTYOutput: !quiet,
      notTTYSchedule: 1000,
      etaBuffer: 50,
    },
    cliProgress.Presets.shades_classic,
  );
  const start = Date.now();
  let meter = progressMeter(0, start);
  let started = false;
  let lastStage = '';
  return {
    update(stage, overall, done, total, measured) {
      if (stage !== lastStage) {
        meter = progressMeter(total, Date.now());
        lastStage = stage;
      }
      meter.setTotal(total);
      const snap = measured ?? meter.update(done, Date.now());
      // The time left in the Runs page's words: "estimating…" only until a rate is measured.
      // A phase of one step (the order) has no rate to measure: it says so instead of estimating for ever.
      const single = total <= 1 && !measured;
      const payload = single
        ? {
            stage: stage.padEnd(15),
            phaseDone: done,
            phaseTotal: total,
            rate: 'one step',
            left: done >= total ? 'finishing' : 'working…',
          }
        : {
            stage: stage.padEnd(15),
            phaseDone: done,
            phaseTotal: total,
            rate: rateText(snap.rate),
            left: timeLeftText(snap.etaSeconds),
          };
      const value = Math.round(overall * 1000);
      if (!started) {
        bar.start(1000, value, payload);
        started = true;
      } else {
        bar.update(value, payload);
      }
    },
    stop() {
      if (started) bar.stop();
    },
  };
}
