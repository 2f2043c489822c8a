/**
 * Bench `elsewhere` (issue 22, "live run list"): what SQLite's change signal costs the studio.
 * The built server (`out/main/server.js`) runs as a child over a database of 100 runs, and its
 * CPU time (user + system, from /proc, every thread of it) is read over a stretch of wall time:
 * idle, with only the half-second look at SQLite's change signal and the server's own timers,
 * and while another connection (this process) adds a run every 500 ms, so each look reads the
 * runs again and reports one. Beside them, one look's own cost in this process. Target: an
 * idle server under 1 % of a core.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gameById } from '../../src-shared/games/index';
import { ELSEWHERE_POLL_MS } from '../runs/runs-elsewhere';
import { openDatabase, type Db } from '../store/db';
import { otherWrites } from '../store/other-writes';
import { insertRun } from '../store/runs';
import type { BenchCase } from './cases';
import { timeMedian } from './cases';

/** Clock ticks per second of /proc's CPU times (Linux's USER_HZ). */
const TICKS_PER_S = 100;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The process's CPU seconds so far (all its threads), from /proc/<pid>/stat. */
function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command's closing parenthesis: state is the 3rd field, utime the 14th, stime the 15th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_S;
}

function addRun(db: Db, n: number): void {
  const game = gameById('carillon');
  insertRun(
    db,
    {
      game: game.id,
      seed: n,
      name: `bench run ${n}`,
      plan: game.defaultPlan,
      rules: game.defaultRules,
      status: 'done',
      levels: 1,
      candidatesTotal: 0,
    },
    new Date().toISOString(),
  );
}

async function startServer(dbPath: string): Promise<ChildProcess> {
  const entry = fileURLToPath(new URL('./server.js', import.meta.url));
  const child = spawn(process.execPath, [entry, '--db', dbPath, '--workers', '1'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      if (out.includes('Studio running at')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`the server ended (${code}) before it started: ${out}`)));
  });
  return child;
}

/** The child's share of one core over the next `ms` of wall time, in %. */
async function cpuShare(child: ChildProcess, ms: number): Promise<number> {
  const c0 = cpuSeconds(child.pid!);
  const t0 = performance.now();
  await sleep(ms);
  return ((cpuSeconds(child.pid!) - c0) / ((performance.now() - t0) / 1000)) * 100;
}

export const elsewhereBenchCases: BenchCase[] = [
  {
    name: 'elsewhere',
    run: async () => {
      const dir = mkdtempSync(join(tmpdir(), 'studio-bench-elsewhere-'));
      const dbPath = join(dir, 'bench.db');
      const db = openDatabase(dbPath);
      let child: ChildProcess | null = null;
      try {
        for (let i = 0; i < 100; i++) addRun(db, i);
        const look = otherWrites(db);
        const lookUs =
          (timeMedian(() => {
            for (let i = 0; i < 10_000; i++) look();
          }, 5) /
            10_000) *
          1000;
        child = await startServer(dbPath);
        // The server's start (workers, the first reads) settles before the stretch is measured.
        await sleep(3000);
        const idle = await cpuShare(child, 20_000);
        let n = 100;
        const writer = setInterval(() => addRun(db, n++), 500);
        let busy: number;
        try {
          busy = await cpuShare(child, 10_000);
        } finally {
          clearInterval(writer);
        }
        return [
          { name: 'one look at the change signal (PRAGMA data_version)', value: lookUs, unit: 'µs' },
          {
            name: `server idle CPU, change signal looked at every ${ELSEWHERE_POLL_MS} ms (100 runs)`,
            value: idle,
            unit: '% of a core',
            budget: '< 1 %',
          },
          {
            name: 'server CPU while another connection adds a run every 500 ms',
            value: busy,
            unit: '% of a core',
          },
        ];
      } finally {
        if (child && child.exitCode === null) {
          const gone = new Promise((r) => child!.once('exit', r));
          child.kill('SIGTERM');
          await gone;
        }
        db.close();
        rmSync(dir, { recursive: true, force: true });
      }
    },
  },
];
