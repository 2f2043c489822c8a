/**
 * Two processes on one database (issue 21, item 4): a curation change waits while another
 * process holds the write lock (its transaction begins IMMEDIATE, so SQLite's busy timeout
 * applies), and past the timeout it is refused as 'busy' in a sentence, never 'internal',
 * with nothing changed; tried again, it succeeds. Before, a transaction that read first failed
 * at once with "database is locked" as an internal error.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUSY_MESSAGE } from '../../src-main/store/busy';
import { openTestStudio, type TestStudio } from '../helpers/studio';
import { seedBigRun } from '../helpers/big-run';
import { holdWriteLock } from '../helpers/lock-holder';
import { readRows } from '../helpers/rows';

let studio: TestStudio;
let ids: number[];
beforeAll(() => {
  studio = openTestStudio({ workers: 1, prefix: 'studio-busy-' });
  const runId = seedBigRun(studio.dbPath, 40);
  ids = readRows<{ id: number }>(
    studio.dbPath,
    'SELECT id FROM candidates WHERE run_id = ? ORDER BY id',
    runId,
  ).map((r) => r.id);
});
afterAll(() => studio.close());

const verdictOf = (id: number): string =>
  readRows<{ verdict: string }>(studio.dbPath, 'SELECT verdict FROM candidates WHERE id = ?', id)[0]!.verdict;

describe('a database busy in another process', () => {
  it('a curation change waits for another process’s write and then lands', async () => {
    const lock = holdWriteLock(studio.dbPath, 1_500);
    await lock.held;
    const t0 = performance.now();
    const r = await studio.api.call('candidates.setVerdict', {
      candidateIds: [ids[0]!],
      verdict: 'approved',
    });
    expect(performance.now() - t0).toBeGreaterThan(500);
    expect(r.changed).toBe(1);
    expect(verdictOf(ids[0]!)).toBe('approved');
    // Undo reads the history, then writes: it waits the same way.
    const again = holdWriteLock(studio.dbPath, 1_000);
    await again.held;
    const runId = readRows<{ run_id: number }>(
      studio.dbPath,
      'SELECT run_id FROM candidates WHERE id = ?',
      ids[0]!,
    )[0]!.run_id;
    await studio.api.call('history.undo', { runId });
    expect(verdictOf(ids[0]!)).toBe('none');
    await lock.done;
    await again.done;
  }, 30_000);

  it('past the busy timeout the call is refused as busy, changes nothing, and succeeds when tried again', async () => {
    const lock = holdWriteLock(studio.dbPath, 7_000);
    await lock.held;
    const reply = await studio.service.dispatch('candidates.setVerdict', {
      candidateIds: [ids[1]!],
      verdict: 'rejected',
    });
    expect(reply).toEqual({ ok: false, error: { code: 'busy', message: BUSY_MESSAGE } });
    expect(verdictOf(ids[1]!)).toBe('none');
    await lock.done;
    const r = await studio.api.call('candidates.setVerdict', {
      candidateIds: [ids[1]!],
      verdict: 'rejected',
    });
    expect(r.changed).toBe(1);
    expect(verdictOf(ids[1]!)).toBe('rejected');
  }, 30_000);
});

describe('write transactions', () => {
  it('every transaction in the studio’s code begins IMMEDIATE (through writeTransaction)', () => {
    const root = join(import.meta.dirname, '..', '..', 'src-main');
    const files = (dir: string): string[] =>
      readdirSync(dir).flatMap((f) => {
        const p = join(dir, f);
        return statSync(p).isDirectory() ? files(p) : p.endsWith('.ts') ? [p] : [];
      });
    const deferred = files(root)
      .filter((p) => !p.endsWith('write-transaction.ts') && !p.includes(`${join('src-main', 'bench')}`))
      .filter((p) => /\.transaction\(/.test(readFileSync(p, 'utf8')));
    expect(deferred).toEqual([]);
  });
});
