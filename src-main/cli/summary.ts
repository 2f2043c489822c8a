/** The summary block printed after a run: the game's figures, builds, rate, workers and time, then the run's stored report. */
import type { RunSummary } from '../../src-shared/api';
import { reportLines } from '../../src-shared/run-report';
import { localClient } from '../local-client';
import type { Service } from '../service';

export async function printSummary(service: Service, run: RunSummary, lines: { label: string; value: string }[], seconds: number): Promise<void> {
  const stats = service.engine.runStats(run.id);
  const report = await localClient(service).call('runs.report', { runId: run.id });
  const all = [
    ...lines,
    { label: 'run', value: `${run.id} (${run.game}, seed ${run.seed}, ${run.status})` },
    { label: 'candidates', value: `${stats.proven} proven${stats.failed ? `, ${stats.failed} jobs gave up` : ''}` },
    { label: 'builds', value: `${stats.tries} made, ${stats.tries && stats.genSeconds ? (stats.tries / stats.genSeconds).toFixed(0) : '—'} per second` },
    { label: 'workers', value: String(service.engine.workers) },
    // A resumed run's wall time here is this process's; its report's phases add up every attempt.
    { label: 'time', value: `${seconds.toFixed(2)} s${report?.resumes ? ' in this process' : ''}` },
  ];
  if (report) all.push(...reportLines(report));
  const width = Math.max(...all.map((l) => l.label.length));
  for (const l of all) console.log(`${l.label.padEnd(width)}  ${l.value}`);
}
