/** The CLI's progress bar on stderr (cli-progress), fed by the engine's progress events. */
import cliProgress from 'cli-progress';
import { progressMeter } from '../../src-shared/progress';

export interface Bar {
  update(stage: string, done: number, total: number): void;
  stop(): void;
}

export function progressBar(label: string): Bar {
  const quiet = !process.stderr.isTTY && process.env['STUDIO_PROGRESS'] !== 'always';
  const bar = new cliProgress.SingleBar(
    {
      stream: process.stderr,
      format: `${label} {stage} [{bar}] {percentage}% | {value}/{total} | {rate}/s | eta {eta_s}`,
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
    update(stage, done, total) {
      if (stage !== lastStage) {
        meter = progressMeter(total, Date.now());
        lastStage = stage;
      }
      meter.setTotal(total);
      const snap = meter.update(done, Date.now());
      const payload = { stage: stage.padEnd(8), rate: snap.rate.toFixed(0), eta_s: snap.etaSeconds === null ? '?' : `${snap.etaSeconds.toFixed(0)}s` };
      if (!started) {
        bar.start(total, done, payload);
        started = true;
      } else {
        bar.setTotal(total);
        bar.update(done, payload);
      }
    },
    stop() {
      if (started) bar.stop();
    },
  };
}
