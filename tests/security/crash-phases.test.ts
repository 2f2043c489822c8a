/**
 * The server killed with SIGKILL in each phase of a run (generate, order, near-duplicates),
 * then started again on the same database: it opens, the run reads interrupted (its lease
 * aged in the file, as 15 s without a heartbeat would), resume finishes it, and its pack is
 * byte for byte the pack of the same run left alone. (tests/integration/crash-resume.test.ts
 * kills the CLI while it generates; this kills the server in every phase.)
 */
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import { tempDir } from '../helpers/temp';
import { apiPost, authedSocket, startChildStudio, waitForAsync, type ChildStudio } from './harness';

const t = tempDir('studio-crash-phases-');
afterAll(() => t.cleanup());

const RUN = { game: 'apsis' as const, seed: 90210, levels: 30 };

type Envelope<T> = { ok: true; value: T } | { ok: false; error: { code: string; message: string } };
async function post<T>(s: ChildStudio, method: string, args: unknown): Promise<Envelope<T>> {
  return (await (await apiPost(s, method, args)).json()) as Envelope<T>;
}
const value = <T>(e: Envelope<T>): T => {
  if (!e.ok) throw new Error(e.error.message);
  return e.value;
};

async function finish(s: ChildStudio, runId: number): Promise<string> {
  let status = '';
  await waitForAsync(
    async () => {
      status = value(await post<{ status: string }>(s, 'runs.get', { runId })).status;
      return !['running', 'queued'].includes(status);
    },
    `run ${runId} to stop`,
    240_000,
  );
  return status;
}

const exported = async (s: ChildStudio, runId: number): Promise<string> =>
  value(await post<{ text: string }>(s, 'packs.export', { runId, kind: 'automatic' })).text;

/** Resolves with the progress seen when the server was killed in `phase`. */
function killIn(s: ChildStudio, ws: WebSocket, phase: string): Promise<string> {
  return new Promise((resolve, reject) => {
    ws.on('message', (d) => {
      const m = JSON.parse(String(d)) as {
        event?: string;
        payload?: { stage: string; status: string; done: number; total: number };
      };
      if (m.event !== 'run.progress' || !m.payload) return;
      const p = m.payload;
      if (p.stage === phase && p.done < p.total && s.alive()) {
        s.proc.kill('SIGKILL');
        resolve(`${p.stage} ${p.done}/${p.total}`);
      } else if (p.status === 'done')
        reject(new Error(`the run finished before its ${phase} phase was seen`));
    });
  });
}

let reference: string;

describe('the server killed mid-run, in each phase', () => {
  it.each(['generate', 'order', 'near-duplicates'])(
    'killed in %s: reopens, reads interrupted, resumes to the bytes of a run left alone',
    async (phase) => {
      const dbPath = join(t.dir, `${phase}.db`);
      const first = await startChildStudio({ dbPath, workers: 2 });
      const ws = await authedSocket(first);
      const runId = value(await post<{ id: number }>(first, 'runs.create', RUN)).id;
      const at = await killIn(first, ws, phase);
      ws.terminate();
      await waitForAsync(async () => !first.alive(), 'the killed server to exit');
      expect(at).toMatch(new RegExp(`^${phase} `));

      // As 15 s without a heartbeat would: the lease goes stale.
      const raw = new Database(dbPath);
      expect(raw.pragma('integrity_check', { simple: true })).toBe('ok');
      raw.prepare('UPDATE runs SET heartbeat_at = heartbeat_at - 20000').run();
      raw.close();

      const second = await startChildStudio({ dbPath, workers: 2 });
      try {
        expect(value(await post<{ status: string }>(second, 'runs.get', { runId })).status).toBe(
          'interrupted',
        );
        value(await post(second, 'runs.resume', { runId }));
        expect(await finish(second, runId)).toBe('done');
        const text = await exported(second, runId);
        if (!reference) {
          // The same run left alone, once for the file.
          const straight = value(await post<{ id: number }>(second, 'runs.create', RUN)).id;
          expect(await finish(second, straight)).toBe('done');
          reference = await exported(second, straight);
        }
        expect(text === reference).toBe(true);
      } finally {
        await second.stop();
      }
    },
  );
});
