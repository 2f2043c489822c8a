/**
 * The CLI's progress on stderr, fed by the engine's progress events: the overall figure is
 * the run's (it never goes back), the counts and rate belong to the current phase (the run's
 * generate phase and an experiment pass the rate and time left the engine measured). Phases
 * are named generate → order → near-duplicates, and the time left reads as on the Runs page
 * (timeLeftText). On a terminal it is a bar (cli-progress) redrawn in place; elsewhere (a
 * pipe, a script, a CI log) it is plain lines: one when a phase begins and one every ~5 s,
 * in the Runs page's words ("overall 39 % · generate 1,672 / 1,920 · 45/s · 3 s left").
 */
import cliProgress from 'cli-progress';
import {
  overallText,
  phaseCountText,
  progressMeter,
  rateText,
  RUN_PHASES,
  timeLeftText,
} from '../../src-shared/progress';

/** How often a plain progress line is printed while a phase goes on (off a terminal). */
export const LINE_EVERY_MS = 5000;

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

/** Progress as plain lines for a log: one as each phase (or an experiment's run count) begins, then one every `everyMs`. */
export function progressLines(
  label: string,
  write: (line: string) => void = (line) => void process.stderr.write(`${line}\n`),
  now: () => number = Date.now,
  everyMs = LINE_EVERY_MS,
): Bar {
  let meter = progressMeter(0, now());
  let lastStage = '';
  let printedAt = -Infinity;
  return {
    update(stage, overall, done, total, measured) {
      const t = now();
      const fresh = stage !== lastStage;
      if (fresh) {
        meter = progressMeter(total, t);
        lastStage = stage;
      }
      meter.setTotal(total);
      const snap = measured ?? meter.update(done, t);
      if (!fresh && t - printedAt < everyMs) return;
      printedAt = t;
      const phase = (RUN_PHASES as readonly string[]).includes(stage)
        ? phaseCountText(stage, done, total)
        : `${stage} · ${done.toLocaleString('en')} / ${total.toLocaleString('en')}`;
      // A phase's first line has no pace measured yet; a one-step phase (the order) has none to give.
      const pace =
        fresh || (total <= 1 && !measured)
          ? ''
          : ` · ${rateText(snap.rate)} · ${timeLeftText(snap.etaSeconds)}`;
      write(`${label}: ${overallText(overall)} · ${phase}${pace}`);
    },
    stop() {},
  };
}

export function progressBar(label: string): Bar {
  // Off a terminal the bar would print nothing (or redraw into a log): lines instead.
  // STUDIO_PROGRESS=always keeps the bar, printed as cli-progress does for a non-terminal.
  const always = process.env['STUDIO_PROGRESS'] === 'always';
  if (!process.stderr.isTTY && !always) return progressLines(label);
  const bar = new cliProgress.SingleBar(
    {
      stream: process.stderr,
      format: `${label} {stage} [{bar}] {percentage}% | {phaseDone}/{phaseTotal} | {rate} | {left}`,
      hideCursor: true,
      noTTYOutput: always,
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
