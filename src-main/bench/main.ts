/**
 * `npm run bench [-- --only NAME] [--json FILE]`: speed figures as a table, saved as JSON
 * (default `bench-results/latest.json`; `--out FILE` is the older name of `--json`).
 * Speed is measured here, never asserted in tests.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { dirname, resolve } from 'node:path';
import { Command } from 'commander';
import { benchCases, type BenchRow } from './cases';
import { gameBenchCases } from './games';
import { setCpuBenchCases } from './set-cpu';
import { storeBenchCases } from './store';
import { browserBenchCases } from './browser';
import { editorBenchCases } from './editor';
import { qualityBenchCases } from './quality';
import { runBenchCases } from './runs';
import { importBenchCases } from './import';
import { playtestBenchCases } from './playtest';
import { proofBenchCases } from './proof';
import { steerBenchCases } from './steer';
import { topUpBenchCases } from './top-up';
import { experimentBenchCases } from './experiments';
import { deleteBenchCases } from './delete';
import { mainThreadBenchCases } from './main-thread';
import { mutationBenchCases } from './mutation';
import { rangeBenchCases } from './range';
import { playtestPageBenchCases } from './playtest-page';
import { elsewhereBenchCases } from './elsewhere';

const DEFAULT_JSON = 'bench-results/latest.json';

const program = new Command()
  .name('bench')
  .description("Measure the studio's speed budgets and save the figures as JSON")
  .option('--only <text>', 'run only cases whose name contains this text')
  .option('--json <file>', `where to save the JSON (default ${DEFAULT_JSON})`)
  .option('--out <file>', 'the older name of --json')
  .action(async (o: { only?: string; json?: string; out?: string }) => {
    if (o.json !== undefined && o.out !== undefined && resolve(o.json) !== resolve(o.out)) {
      throw new Error(
        `--json ${o.json} and --out ${o.out} name different files; --out is the older name of --json, give one`,
      );
    }
    const file = o.json ?? o.out ?? DEFAULT_JSON;
    const rows: BenchRow[] = [];
    const cases = [
      ...benchCases,
      ...gameBenchCases,
      ...setCpuBenchCases,
      ...proofBenchCases,
      ...storeBenchCases,
      ...importBenchCases,
      ...playtestBenchCases,
      ...browserBenchCases,
      ...editorBenchCases,
      ...qualityBenchCases,
      ...runBenchCases,
      ...steerBenchCases,
      ...topUpBenchCases,
      ...experimentBenchCases,
      ...mainThreadBenchCases,
      ...deleteBenchCases,
      ...mutationBenchCases,
      ...rangeBenchCases,
      ...playtestPageBenchCases,
      ...elsewhereBenchCases,
    ].filter((c) => !o.only || c.name.includes(o.only));
    for (const c of cases) {
      process.stderr.write(`bench: ${c.name}…\n`);
      try {
        rows.push(...(await c.run()));
      } catch (e) {
        // One failing case is reported in the table; the others still run.
        rows.push({
          name: `${c.name}: FAILED — ${e instanceof Error ? e.message.split('\n')[0] : String(e)}`,
          value: Number.NaN,
          unit: '',
        });
        process.exitCode = 1;
      }
    }
    const width = Math.max(...rows.map((r) => r.name.length), 4);
    console.log(`${'case'.padEnd(width)}  ${'value'.padStart(12)}  unit        budget`);
    for (const r of rows) {
      console.log(
        `${r.name.padEnd(width)}  ${formatValue(r.value).padStart(12)}  ${r.unit.padEnd(10)}  ${r.budget ?? ''}`,
      );
    }
    const out = resolve(file);
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(
      out,
      JSON.stringify(
        {
          date: new Date().toISOString(),
          node: process.versions.node,
          cpus: cpus().length,
          cpu: cpus()[0]?.model ?? '',
          rows,
        },
        null,
        2,
      ) + '\n',
    );
    console.log(`\nsaved ${out}`);
  });

function formatValue(v: number): string {
  return Math.abs(v) >= 100 ? v.toFixed(0) : Math.abs(v) >= 1 ? v.toFixed(2) : v.toFixed(4);
}

program.parseAsync().catch((e: unknown) => {
  console.error(`bench: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});
