/**
 * Runs made elsewhere (issue 22, "live run list"): SQLite's change signal (`PRAGMA
 * data_version`, store/other-writes.ts) fires for a commit by another connection and never for
 * the connection's own; a studio told by it reports the runs another process makes, runs and
 * deletes on the same database (`runs.changedElsewhere`, which the transports push to the page),
 * and never its own runs, which it reports itself. Idle cost is the bench's (`--only elsewhere`).
 */
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RunStatus } from '../../src-shared/api';
import { localClient } from '../../src-main/local-client';
import type { Service } from '../../src-main/service';
import { openDatabase } from '../../src-main/store/db';
import { otherWrites } from '../../src-main/store/other-writes';
import { openStudio } from '../../src-main/studio';
import { tempDir } from '../helpers/temp';

const t = tempDir('studio-elsewhere-');
afterAll(() => t.cleanup());

describe('the change signal', () => {
  it('fires after another connection commits, not after this connection commits', () => {
    const path = join(t.dir, 'signal.db');
    const db = openDatabase(path);
    const other = new Database(path);
    try {
      db.exec('CREATE TABLE probe (v INTEGER)');
      const changed = otherWrites(db);
      expect(changed()).toBe(false);
      // Its own commits, a schema change and a transaction of rows among them: no signal.
      db.prepare('INSERT INTO probe VALUES (1)').run();
      db.transaction(() => {
        for (let i = 0; i < 5; i++) db.prepare('INSERT INTO probe VALUES (?)').run(i);
      })();
      db.exec('CREATE INDEX probe_v ON probe (v)');
      expect(changed()).toBe(false);
      // Another connection's commit: the signal fires once, then is quiet again.
      other.prepare('INSERT INTO probe VALUES (2)').run();
      expect(changed()).toBe(true);
      expect(changed()).toBe(false);
      // A read by another connection is no change; its next commit is.
      other.prepare('SELECT count(*) FROM probe').get();
      expect(changed()).toBe(false);
      other.prepare('DELETE FROM probe WHERE v = 2').run();
      expect(changed()).toBe(true);
      db.prepare('DELETE FROM probe').run();
      expect(changed()).toBe(false);
    } finally {
      other.close();
      db.close();
    }
  });
});

describe('a studio hears about runs other processes change', () => {
  const dbPath = join(t.dir, 'studio.db');
  let here: Service;
  let there: Service;
  const heard: { runId: number; status: RunStatus | null }[] = [];
  beforeAll(() => {
    // The studio the page talks to (a server), and another process's studio (the CLI's) beside it.
    here = openStudio({ dbPath, workers: 1, transport: 'server', elsewhereMs: 50 });
    there = openStudio({ dbPath, workers: 1, transport: 'cli' });
    here.on('runs.changedElsewhere', ({ runs }) => heard.push(...runs));
  });
  afterAll(async () => {
    await Promise.all([here.close(), there.close()]);
  });

  const heardFor = (runId: number): (RunStatus | null)[] =>
    heard.filter((h) => h.runId === runId).map((h) => h.status);

  it('a run made, finished and deleted by another process is reported with each status', async () => {
    const api = localClient(there);
    const run = await api.call('runs.create', { game: 'carillon', seed: 5, levels: 2 });
    await vi.waitFor(() => expect(heardFor(run.id).length).toBeGreaterThan(0), { timeout: 10_000 });
    expect(['queued', 'running', 'done']).toContain(heardFor(run.id)[0]);
    expect((await there.engine.waitFor(run.id)).status).toBe('done');
    await vi.waitFor(() => expect(heardFor(run.id)).toContain('done'), { timeout: 10_000 });
    // What the page reloads on the event: the run is there, done.
    const listed = (await localClient(here).call('runs.list', {})).find((r) => r.id === run.id);
    expect(listed?.status).toBe('done');

    await api.call('runs.delete', { runId: run.id });
    await vi.waitFor(() => expect(heardFor(run.id)).toContain(null), { timeout: 10_000 });
  }, 60_000);

  it("the studio's own runs are never reported as made elsewhere, even when another process writes after them", async () => {
    heard.length = 0; // a deleted run's id may be given again
    const own = await localClient(here).call('runs.create', { game: 'carillon', seed: 6, levels: 2 });
    expect((await here.engine.waitFor(own.id)).status).toBe('done');
    // Another process commits after it: the studio looks again, and finds only that one's run.
    const other = await localClient(there).call('runs.create', { game: 'carillon', seed: 8, levels: 1 });
    await there.engine.waitFor(other.id);
    await vi.waitFor(() => expect(heardFor(other.id)).toContain('done'), { timeout: 10_000 });
    // Past the 2 s a grown count waits, another commit elsewhere: the own run's stored
    // candidates (grown since the studio last looked) are still not news from elsewhere.
    await new Promise((r) => setTimeout(r, 2200));
    await localClient(there).call('runs.delete', { runId: other.id });
    await vi.waitFor(() => expect(heardFor(other.id)).toContain(null), { timeout: 10_000 });
    expect(heardFor(own.id)).toEqual([]);
  }, 60_000);
});
