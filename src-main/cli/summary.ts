/** The summary block printed after a run: the game's figures plus builds, rate, workers and time. */
import type { RunSummary } from '../../src-shared/api';
import type { Service } from '../service';

export function printSummary(service: Service, run: RunSummary, lines: { label: string; value: string }[], seconds: number): void {
  const stats = service.engine.runStats(run.id);
  const all = [
    ...lines,
    { label: 'run', value: `${run.id} (${run.game}, seed ${run.seed}, ${run.status})` },
    { label: 'candidates', value: `${stats.proven} proven${stats.failed ? `, ${stats.failed} jobs gave up` : ''}` },
    { label: 'builds', value: `${stats.tries} made, ${stats.tries && stats.genSeconds ? (stats.tries / stats.genSeconds).toFixed(0) : '—'} per second` },
    { label: 'near-duplicate pairs', value: `${stats.pairs} among candidates` },
    { label: 'workers', value: String(service.engine.workers) },
    { label: 'time', value: `${seconds.toFixed(2)} s` },
  ];
  const width = Math.max(...all.map((l) => l.label.length));
  for (const l of all) console.log(`${l.label.padEnd(width)}  ${l.value}`);
}
