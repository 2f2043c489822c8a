/**
 * A process whose main thread stalls past a lease keeps its runs (issue 21, item 3): it never
 * sweeps its own runs (a late heartbeat is a stall, not a death), and when another process
 * marked its run interrupted meanwhile, it takes the run back before its next write and
 * finishes it. The stall is the clock moved past the lease, as a 16 s prove would leave it.
 * Before, the studio's own runs.resume marked its running run interrupted, and a sweep by
 * another process stopped it for good.
 */
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { markInterrupted, LEASE_TIMING } from '../../src-main/store/leases';
import { openTestStudio, type TestStudio } from '../helpers/studio';
import { readRows } from '../helpers/rows';

let studio: TestStudio | null = null;
afterEach(async () => {
  await studio?.close();
  studio = null;
});

const STALE_MS = 2_000;
let skew = 0;
const open = (): TestStudio =>
  openTestStudio({
    workers: 1,
    prefix: 'studio-stall-',
    lease: { heartbeatMs: 200, staleMs: STALE_MS, now: () => Date.now() + skew },
  });

/** Resolves once the run has stored some candidates and is still generating. */
function generating(s: TestStudio, runId: number): Promise<void> {
  return new Promise((resolve) => {
    const off = s.service.on('run.progress', (p) => {
      if (p.runId === runId && p.stage === 'generate' && p.done > 0 && p.done < p.total) {
        off();
        resolve();
      }
    });
  });
}

const statusOf = (dbPath: string, runId: number): string =>
  readRows<{ status: string }>(dbPath, 'SELECT status FROM runs WHERE id = ?', runId)[0]!.status;

describe('a stall longer than a lease', () => {
  it('the studio never marks its own running run interrupted', async () => {
    skew = 0;
    studio = open();
    const run = await studio.api.call('runs.create', { game: 'carillon', seed: 3, levels: 6 });
    await generating(studio, run.id);
    // The main thread held past the lease: this process's own heartbeat looks stale to itself.
    skew += STALE_MS * 3;
    expect(studio.service.engine.sweep()).toEqual([]);
    expect(statusOf(studio.dbPath, run.id)).toBe('running');
    const done = await studio.service.engine.waitFor(run.id);
    expect(done.status).toBe('done');
  }, 180_000);

  it('a run another process marked interrupted during the stall is taken back and finishes', async () => {
    skew = 0;
    studio = open();
    const run = await studio.api.call('runs.create', { game: 'carillon', seed: 4, levels: 6 });
    await generating(studio, run.id);
    // Another process (its own connection, its clock past this one's lease) sweeps the run.
    const other = new Database(studio.dbPath);
    other.pragma('busy_timeout = 5000');
    const swept = markInterrupted(other, {
      ...LEASE_TIMING,
      staleMs: STALE_MS,
      now: () => Date.now() + STALE_MS * 3,
    });
    other.close();
    expect(swept).toEqual([run.id]);
    expect(statusOf(studio.dbPath, run.id)).toBe('interrupted');
    const changes: string[] = [];
    studio.service.on('run.changed', (c) => {
      if (c.runId === run.id) changes.push(c.status);
    });
    const done = await studio.service.engine.waitFor(run.id);
    expect(done.status).toBe('done');
    expect(done.error).toBeNull();
    expect(changes).toContain('running');
    const stored = readRows<{ n: number }>(
      studio.dbPath,
      'SELECT COUNT(*) AS n FROM candidates WHERE run_id = ?',
      run.id,
    )[0]!.n;
    expect(stored).toBe(done.candidatesTotal);
  }, 180_000);
});
