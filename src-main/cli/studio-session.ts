/**
 * A CLI command's studio: the same service as the app, over the --db file, with a progress
 * bar. Commands call the API through localClient(service) (src-main/local-client.ts).
 */
import { startStudio } from '../studio';
import type { Service } from '../service';
import { progressBar, type Bar } from './progress-bar';

export function cliStudio(opts: { db: string; workers?: number }): Promise<Service> {
  return startStudio({ dbPath: opts.db, workers: opts.workers, transport: 'cli' });
}

/** Show a run's progress events as the CLI's bar; returns a function that stops it. */
export function showProgress(service: Service, runId: number, label: string): Bar {
  const bar = progressBar(label);
  const off = service.on('run.progress', (p) => {
    // The generate phase's rate and time left are the engine's (a resumed run's stored candidates are not speed).
    if (p.runId === runId && p.stage !== 'done')
      bar.update(
        p.stage,
        p.overall,
        p.done,
        p.total,
        p.stage === 'generate' ? { rate: p.rate, etaSeconds: p.etaSeconds } : undefined,
      );
  });
  return {
    update: bar.update,
    stop: () => {
      off();
      bar.stop();
    },
  };
}
