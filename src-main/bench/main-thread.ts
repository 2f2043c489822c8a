/**
 * Bench `main-thread` (issue 21): the longest main-thread stall while each of the red team's
 * heavy calls runs, through the API as the transports call it. A 5 ms timer on the main thread
 * records the longest gap between its ticks (a stall is that gap less the timer's period), and
 * monitorEventLoopDelay's maximum is kept beside it. Target: under 100 ms for every call.
 *
 * The calls: prove and saveEdited of 18 lone dots in an 18-tap slot, six such proves at once,
 * swapOptions on a 50,000-candidate stretch, a jump back over 10,003 changes, and tags on
 * 9,600 candidates × 20 tags and 10,000 × 2 (written in steps). A call that is refused (a
 * bound) is measured the same way.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import type { ApiMethodName } from '../../src-shared/api';
import { localClient } from '../local-client';
import { setVerdicts } from '../store/candidates';
import { openDatabase, skipFsync } from '../store/db';
import { recordChange } from '../store/history';
import { openStudio } from '../studio';
import type { BenchCase, BenchRow } from './cases';
import { insertEighteenTapRun, insertStageRun, loneDotsLevel } from './heavy-fixtures';

const TICK_MS = 5;
const TARGET = '< 100 ms';

/** Run `work`; the longest stall of this thread meanwhile, in ms, and how the call ended. */
export async function stallDuring(
  work: () => Promise<unknown>,
): Promise<{ stallMs: number; loopMaxMs: number; ms: number; outcome: string }> {
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  let last = performance.now();
  let gap = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    gap = Math.max(gap, now - last);
    last = now;
  }, TICK_MS);
  const t0 = performance.now();
  let outcome = 'answered';
  try {
    await work();
  } catch (e) {
    outcome = `refused: ${e instanceof Error ? e.message.slice(0, 60) : String(e)}`;
  }
  const ms = performance.now() - t0;
  // One more tick, so a stall at the very end is counted.
  await new Promise((r) => setTimeout(r, TICK_MS * 2));
  clearInterval(timer);
  loop.disable();
  return { stallMs: Math.max(0, gap - TICK_MS), loopMaxMs: loop.max / 1e6, ms, outcome };
}

export const mainThreadBenchCases: BenchCase[] = [
  {
    name: 'main-thread',
    run: async () => {
      const dir = mkdtempSync(join(tmpdir(), 'studio-bench-main-thread-'));
      const dbPath = join(dir, 'bench.db');
      const service = openStudio({ dbPath, workers: 2, transport: 'cli' });
      const api = localClient(service);
      const rows: BenchRow[] = [];
      try {
        const db = openDatabase(dbPath);
        const heavyRun = insertEighteenTapRun(db);
        const big = insertStageRun(db, 50_000);
        db.close();
        const measure = async (label: string, work: () => Promise<unknown>): Promise<void> => {
          process.stderr.write(`bench: main-thread: ${label}…\n`);
          const r = await stallDuring(work);
          process.stderr.write(
            `  ${r.outcome} in ${Math.round(r.ms)} ms, stall ${Math.round(r.stallMs)} ms\n`,
          );
          rows.push(
            { name: `main-thread: ${label}: longest stall`, value: r.stallMs, unit: 'ms', budget: TARGET },
            { name: `main-thread: ${label}: event-loop delay max`, value: r.loopMaxMs, unit: 'ms' },
            {
              name: `main-thread: ${label}: call took (${r.outcome.split(':')[0]})`,
              value: r.ms,
              unit: 'ms',
            },
          );
        };
        const call = (m: ApiMethodName, args: unknown) => () =>
          service.dispatch(m, args).then((env) => {
            if (!env.ok) throw new Error(env.error.message);
            return env.value;
          });
        // The workers load the game's code once.
        await api.call('candidates.prove', {
          runId: heavyRun,
          slot: 0,
          level: { dots: loneDotsLevel.dots.slice(0, 2) },
        });

        // The floor: no call at all, for the same time a prove takes (a shared machine's own gaps).
        await measure('idle, no call (3 s)', () => new Promise((r) => setTimeout(r, 3000)));
        await measure(
          'candidates.prove (18 lone dots, 18 taps)',
          call('candidates.prove', { runId: heavyRun, slot: 0, level: loneDotsLevel }),
        );
        await measure(
          'candidates.saveEdited (18 lone dots, 18 taps)',
          call('candidates.saveEdited', { runId: heavyRun, slot: 0, level: loneDotsLevel }),
        );
        await measure('six candidates.prove at once', () =>
          Promise.all(
            Array.from({ length: 6 }, () =>
              call('candidates.prove', { runId: heavyRun, slot: 0, level: loneDotsLevel })(),
            ),
          ),
        );
        await measure(
          'orderings.swapOptions (50,000 candidates)',
          call('orderings.swapOptions', { runId: big.runId, kind: 'automatic', level: 20 }),
        );
        await measure(
          'candidates.setTags (9,600 ids × 20 tags)',
          call('candidates.setTags', {
            candidateIds: big.ids.slice(0, 9600),
            tags: Array.from({ length: 20 }, (_, i) => `tag-${i}`),
            mode: 'add',
          }),
        );
        // Written in steps of TAG_STEP_CANDIDATES, as one change.
        await measure(
          'candidates.setTags (10,000 ids × 2 tags)',
          call('candidates.setTags', {
            candidateIds: big.ids.slice(10_000, 20_000),
            tags: ['cap-a', 'cap-b'],
            mode: 'add',
          }),
        );
        // 10,003 changes, then one jump back before all of them.
        process.stderr.write('bench: main-thread: recording 10,003 changes…\n');
        // Recorded as the API records them (one entry each), on a fixture connection that skips fsync.
        const fx = openDatabase(dbPath);
        skipFsync(fx);
        const now = new Date().toISOString();
        for (let i = 0; i < 10_003; i++) {
          const verdict = i % 2 ? 'approved' : 'rejected';
          recordChange(fx, big.runId, now, { kind: 'verdict', label: (scope) => `${verdict} ${scope}` }, () =>
            setVerdicts(fx, [big.ids[i]!], verdict),
          );
        }
        fx.close();
        let replyBytes = 0;
        await measure('history.jump (over 10,003 changes)', async () => {
          const env = await service.dispatch('history.jump', { runId: big.runId, entryId: 0 });
          replyBytes = Buffer.byteLength(JSON.stringify(env));
          if (!env.ok) throw new Error(env.error.message);
        });
        rows.push({
          name: 'main-thread: history.jump (over 10,003 changes): reply',
          value: replyBytes / 1024,
          unit: 'KiB',
        });
        return rows;
      } finally {
        await service.close();
        rmSync(dir, { recursive: true, force: true });
      }
    },
  },
];
