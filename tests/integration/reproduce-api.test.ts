/**
 * `runs.reproduce` (issue 21, item 12, "also on the Runs page"): the studio makes a stored run
 * again on its own workers, in a scratch database, and compares it with what is stored. The call
 * answers at once with the job; its progress (which only moves forward) and its verdict come as
 * `run.reproduce` events and from `runs.reproduction`. An untouched run reproduces; one whose
 * shipped level 7 was changed in the database does not, and the verdict names level 7 and its
 * candidate with both sides' metrics, and says an older generator made the run.
 */
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReproduceJob } from '../../src-shared/api';
import { reproduceVerdict } from '../../src-shared/reproduce-report';
import { localClient } from '../../src-main/local-client';
import type { Service } from '../../src-main/service';
import { openStudio } from '../../src-main/studio';
import { tempDir } from '../helpers/temp';

const t = tempDir('studio-reproduce-api-');
const dbPath = join(t.dir, 'studio.db');
let service: Service;
let runId: number;

beforeAll(async () => {
  service = openStudio({ dbPath, workers: 2, transport: 'cli' });
  runId = (await localClient(service).call('runs.create', { game: 'carillon', seed: 21, levels: 8 })).id;
  expect((await service.engine.waitFor(runId)).status).toBe('done');
}, 300_000);

afterAll(async () => {
  await service?.close();
  t.cleanup();
});

/** Start a check and follow its events to the end: every job pushed, and the last. */
async function reproduce(
  id: number,
): Promise<{ first: ReproduceJob; seen: ReproduceJob[]; last: ReproduceJob }> {
  const seen: ReproduceJob[] = [];
  let finish!: (j: ReproduceJob) => void;
  const ended = new Promise<ReproduceJob>((r) => (finish = r));
  const off = service.on('run.reproduce', (j) => {
    if (j.runId !== id) return;
    seen.push(j);
    if (j.state !== 'running') finish(j);
  });
  try {
    const first = await localClient(service).call('runs.reproduce', { runId: id });
    const last = await ended;
    return { first, seen, last };
  } finally {
    off();
  }
}

describe('runs.reproduce', () => {
  it('answers at once with a running job, and an untouched run reproduces, its progress only moving forward', async () => {
    const api = localClient(service);
    expect(await api.call('runs.reproduction', { runId })).toBeNull();
    const { first, seen, last } = await reproduce(runId);
    expect(first).toMatchObject({ runId, state: 'running', overall: 0, report: null, error: null });
    expect(last.state).toBe('done');
    expect(last.overall).toBe(1);
    expect(last.report).toMatchObject({
      runId,
      equal: true,
      packEqual: true,
      candidateDiffs: 0,
      levelDiffs: 0,
    });
    expect(last.report!.candidatesCompared).toBeGreaterThan(0);
    expect(reproduceVerdict(last.report!)).toBe(
      `run ${runId} reproduces: all ${last.report!.candidatesCompared} candidates and the automatic pack are the same, byte for byte`,
    );
    expect(last.report!.generatorNote).toBeNull();
    // Progress was pushed while it worked, and it never went back.
    const overall = seen.map((j) => j.overall);
    expect(seen.length).toBeGreaterThan(2);
    expect(overall).toEqual([...overall].sort((a, b) => a - b));
    expect(seen.some((j) => j.stage.startsWith('making the run again'))).toBe(true);
    // The last check is kept for the page.
    expect(await api.call('runs.reproduction', { runId })).toEqual(last);
    // The studio still answered meanwhile, and its own run is untouched.
    expect((await api.call('runs.get', { runId })).status).toBe('done');
    expect((await api.call('runs.list', {})).map((r) => r.id)).toEqual([runId]);
  }, 300_000);

  it('a run whose shipped level 7 was changed in the database: names level 7, its candidate and both metrics', async () => {
    const edit = new Database(dbPath);
    const shipped = edit
      .prepare(
        "SELECT c.id, c.slot, c.idx FROM ordering_levels o JOIN candidates c ON c.id = o.candidate_id WHERE o.run_id = ? AND o.kind = 'automatic' AND o.level = 7",
      )
      .get(runId) as { id: number; slot: number; idx: number };
    edit
      .prepare(
        "UPDATE candidates SET level = json_set(level, '$.dots[0].x', json_extract(level, '$.dots[0].x') + 3) WHERE id = ?",
      )
      .run(shipped.id);
    edit
      .prepare("UPDATE runs SET generator = json_set(generator, '$.hash', 'a0a0a0a0a0a0a0a0') WHERE id = ?")
      .run(runId);
    edit.close();
    const name = `L${shipped.slot + 1} · c${shipped.idx + 1}`;
    const { last } = await reproduce(runId);
    expect(last.state).toBe('done');
    const r = last.report!;
    expect(r.equal).toBe(false);
    expect(reproduceVerdict(r)).toBe(
      `run ${runId} does not reproduce: 1 of ${r.candidatesCompared} candidates differ; the automatic pack differs in 1 level`,
    );
    expect(r.firstLevels).toHaveLength(1);
    expect(r.firstLevels[0]).toMatchObject({
      level: 7,
      stored: { candidate: name },
      regenerated: { candidate: name },
    });
    expect(Object.keys(r.firstLevels[0]!.stored.metrics!)).toContain('bits');
    expect(Object.keys(r.firstLevels[0]!.regenerated.metrics!)).toContain('bits');
    expect(r.firstCandidates).toEqual([expect.objectContaining({ name, what: 'level' })]);
    expect(r.generatorNote).toMatch(/^made by an older Carillon generator \(/);
  }, 300_000);

  it('refuses a run that cannot be reproduced with a sentence, and a missing run as not found', async () => {
    const api = localClient(service);
    await expect(api.call('runs.reproduce', { runId: 999 })).rejects.toMatchObject({
      code: 'not-found',
      message: 'run 999 does not exist',
    });
    const running = (await api.call('runs.create', { game: 'carillon', seed: 3, levels: 40 })).id;
    await expect(api.call('runs.reproduce', { runId: running })).rejects.toMatchObject({
      code: 'conflict',
      message: expect.stringMatching(
        new RegExp(`^run ${running} is (queued|running); only a finished run can be reproduced$`),
      ),
    });
    await api.call('runs.cancel', { runId: running });
  }, 120_000);
});
