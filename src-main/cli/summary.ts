/** The summary block printed after a run: the pack's figures, builds, rate, workers and time, then the run's stored report in the words the Runs page shows it (reportLines). */
import type { RunSummary } from '../../src-shared/api';
import { reportLines } from '../../src-shared/run-report';
import { localClient } from '../local-client';
import type { Service } from '../service';

export async function printSummary(
  service: Service,
  run: RunSummary,
  lines: { label: string; value: string }[],
  seconds: number,
): Promise<void> {
  const stats = service.engine.runStats(run.id);
  const report = await localClient(service).call('runs.report', { runId: run.id });
  const reported = report ? reportLines(report) : [];
  // A figure the report gives (the largest step) is printed once, in the report's words.
  const said = new Set(reported.map((l) => l.label));
  const all = [
    ...lines.filter((l) => !said.has(l.label)),
    { label: 'Run', value: `${run.id} (${run.game}, seed ${run.seed}, ${run.status})` },
    {
      label: 'Candidates',
      value: `${stats.proven} proven${stats.failed ? `, ${stats.failed} gave up` : ''}`,
    },
    {
      label: 'Builds',
      value: `${stats.tries} made, ${stats.tries && stats.genSeconds ? (stats.tries / stats.genSeconds).toFixed(0) : '—'} per second`,
    },
    { label: 'Workers', value: String(service.engine.workers) },
    // A resumed run's wall time here is this process's; its report's phases add up every attempt.
    { label: 'Time', value: `${seconds.toFixed(2)} s${report?.resumes ? ' in this process' : ''}` },
    ...reported,
  ];
  const width = Math.max(...all.map((l) => l.label.length));
  for (const l of all) console.log(`${l.label.padEnd(width)}  ${l.value}`);
}
