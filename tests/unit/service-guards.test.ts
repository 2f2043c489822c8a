/**
 * The service's shared guards (src-main/service/guards.ts) on a real database: each refuses
 * with the ApiError the designer reads (code, sentence, field) and changes nothing, and the two
 * shared writes (a curation change with its history entry, a queued run under the engine's
 * lease) store what they say.
 */
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiError, BadArgument, errorBodyFor } from '../../src-shared/api';
import { gameById } from '../../src-shared/games/index';
import { curationLabels } from '../../src-main/curation-labels';
import {
  checkListKeys,
  curate,
  curatedRun,
  experimentOf,
  gameOf,
  orderableRun,
  runOf,
  runSummary,
  storeRun,
  writableRun,
} from '../../src-main/service/guards';
import { insertCandidates, setVerdicts } from '../../src-main/store/candidates';
import { openDatabase, type Db } from '../../src-main/store/db';
import { listHistory } from '../../src-main/store/history';
import { leaseOf } from '../../src-main/store/leases';
import { insertRun } from '../../src-main/store/runs';
import { tempDir } from '../helpers/temp';
import { readRows } from '../helpers/rows';

let db: Db;
let dbPath: string;
let cleanup = (): void => undefined;
beforeEach(() => {
  const t = tempDir('service-guards-');
  cleanup = t.cleanup;
  dbPath = join(t.dir, 'studio.db');
  db = openDatabase(dbPath);
});
afterEach(() => {
  db.close();
  cleanup();
});

const carillon = gameById('carillon');
const apsis = gameById('apsis');

function run(status: 'done' | 'imported' | 'queued' = 'done', game = 'carillon'): number {
  return insertRun(
    db,
    // The game's defaults: stored settings are read back through the game's schemas (an empty plan is unreadable).
    {
      game,
      seed: 1,
      plan: gameById(game).defaultPlan,
      rules: gameById(game).defaultRules,
      status,
      levels: 1,
      candidatesTotal: 2,
    } as Parameters<typeof insertRun>[1],
    'now',
  );
}

/** Two candidates of the run; their ids. */
function candidates(runId: number): number[] {
  insertCandidates(db, runId, [
    { slot: 0, index: 0, level: { n: 1 }, metrics: {}, difficulty: 1, proof: {} },
    { slot: 0, index: 1, level: { n: 2 }, metrics: {}, difficulty: 2, proof: {} },
  ]);
  return readRows<{ id: number }>(
    dbPath,
    'SELECT id FROM candidates WHERE run_id = ? ORDER BY idx',
    runId,
  ).map((r) => r.id);
}

/** The ApiError `fn` throws. */
function thrown(fn: () => unknown): ApiError {
  try {
    fn();
  } catch (e) {
    if (e instanceof ApiError) return e;
    throw e;
  }
  throw new Error('nothing was thrown');
}

describe('run guards', () => {
  it('runOf answers the run, and not-found for one that does not exist', () => {
    const id = run();
    expect(runOf(db, id)).toMatchObject({
      id,
      game: 'carillon',
      status: 'done',
      plan: carillon.defaultPlan,
      rules: carillon.defaultRules,
      dataProblem: null,
    });
    expect(thrown(() => runOf(db, 4242)).toBody()).toEqual({
      code: 'not-found',
      message: 'run 4242 does not exist',
    });
  });

  it('runSummary leaves out plan and rules; gameOf names the run’s game', () => {
    const id = run('done', 'apsis');
    const s = runSummary(db, id);
    expect(s.id).toBe(id);
    expect('plan' in s || 'rules' in s).toBe(false);
    expect(gameOf(db, id)).toBe(apsis);
  });

  it('writableRun refuses an imported pack as read-only', () => {
    expect(() => writableRun(db, run('done'))).not.toThrow();
    const imported = run('imported');
    expect(thrown(() => writableRun(db, imported)).toBody()).toEqual({
      code: 'conflict',
      message: `run ${imported} is an imported pack and read-only`,
    });
    expect(thrown(() => writableRun(db, 999)).code).toBe('not-found');
  });

  it('orderableRun refuses an imported pack and a run still generating', () => {
    const done = run('done');
    const imported = run('imported');
    const idle = { isActive: () => false };
    expect(orderableRun(db, idle, done).id).toBe(done);
    expect(thrown(() => orderableRun(db, idle, imported)).toBody()).toEqual({
      code: 'conflict',
      message: `run ${imported} is an imported pack; it has no pools to order`,
    });
    expect(thrown(() => orderableRun(db, { isActive: (id) => id === done }, done)).toBody()).toEqual({
      code: 'conflict',
      message: `run ${done} is still generating; wait for it to finish`,
    });
  });
});

describe('curatedRun', () => {
  it('answers the one run all the candidates belong to', () => {
    const id = run();
    const ids = candidates(id);
    expect(curatedRun(db, ids)).toBe(id);
    expect(curatedRun(db, [ids[1]!])).toBe(id);
  });

  it('names candidates that do not exist (one, or several)', () => {
    const ids = candidates(run());
    expect(thrown(() => curatedRun(db, [ids[0]!, 9001])).toBody()).toEqual({
      code: 'not-found',
      message: 'candidate 9001 does not exist',
      fields: [{ field: 'candidateIds', message: 'unknown candidate id' }],
    });
    expect(thrown(() => curatedRun(db, [9001, 9002])).message).toBe('candidates 9001, 9002 do not exist');
  });

  it('refuses candidates of two runs, and the candidates of an imported pack', () => {
    const a = candidates(run());
    const b = candidates(run());
    expect(thrown(() => curatedRun(db, [a[0]!, b[0]!])).toBody()).toEqual({
      code: 'bad-argument',
      message: 'the candidates belong to different runs; change one run at a time',
      fields: [{ field: 'candidateIds', message: 'mixes runs' }],
    });
    const imported = run('imported');
    const c = candidates(imported);
    expect(thrown(() => curatedRun(db, c)).toBody()).toEqual({
      code: 'conflict',
      message: `run ${imported} is an imported pack and read-only`,
    });
  });
});

describe('experimentOf', () => {
  it('is not-found naming the field for an experiment that does not exist', () => {
    expect(thrown(() => experimentOf(db, 77)).toBody()).toEqual({
      code: 'not-found',
      message: 'experiment 77 does not exist',
      fields: [{ field: 'experimentId', message: 'no such experiment' }],
    });
  });
});

describe('checkListKeys', () => {
  const metricKeys = carillon.metrics.map((m) => m.key);

  it('accepts the game’s metrics, the job time and the plain columns', () => {
    expect(() =>
      checkListKeys(carillon, {
        sort: { key: metricKeys[0]! },
        filters: [{ metric: metricKeys[0]! }, { metric: 'jobMs' }],
      }),
    ).not.toThrow();
    expect(() => checkListKeys(carillon, { sort: { key: 'slot' } })).not.toThrow();
    expect(() => checkListKeys(carillon, {})).not.toThrow();
  });

  it('refuses an unknown sort key and filter metric as one bad argument, each field named', () => {
    const e = thrown(() =>
      checkListKeys(carillon, {
        sort: { key: 'nonsense' },
        filters: [{ metric: metricKeys[0]! }, { metric: 'reach' }],
      }),
    );
    expect(e).toBeInstanceOf(BadArgument);
    expect(e.fields?.map((f) => f.field)).toEqual(['sort.key', 'filters.1.metric']);
    expect(e.fields?.[0]?.message).toMatch(/^Carillon has no metric "nonsense" to sort by; known: /);
    expect(e.fields?.[1]?.message).toMatch(/^Carillon has no metric "reach"; known: /);
    // The guard does not know the method; the call's answer heads it with the name.
    expect(e.message).toMatch(/^bad argument — sort\.key: Carillon has no metric "nonsense"/);
    expect(errorBodyFor('candidates.list', e).message).toBe(`candidates.list: ${e.message}`);
  });
});

describe('the shared writes', () => {
  it('curate records the change in the run’s history and answers what changed', () => {
    const id = run();
    const ids = candidates(id);
    const change = curate(db, id, curationLabels.verdict('approved'), () => setVerdicts(db, ids, 'approved'));
    expect(change.changed).toBe(2);
    expect(change.undoable).toBe(true);
    expect(change.entry?.label).toMatch(/^Approved /);
    expect(listHistory(db, id, 10).entries.map((e) => e.id)).toEqual([change.entry!.id]);
    expect(readRows(dbPath, 'SELECT verdict FROM candidates WHERE run_id = ?', id)).toEqual([
      { verdict: 'approved' },
      { verdict: 'approved' },
    ]);
  });

  it('a curation that changes nothing records no entry', () => {
    const id = run();
    const ids = candidates(id);
    const change = curate(db, id, curationLabels.verdict('none'), () => setVerdicts(db, ids, 'none'));
    expect(change).toMatchObject({ changed: 0, entry: null, undoable: false });
    expect(listHistory(db, id, 10).entries).toEqual([]);
  });

  it('storeRun stores a queued run held by the engine’s lease', () => {
    const engine = { owner: 'test-owner', timing: { heartbeatMs: 1000, staleMs: 15000, now: () => 123_456 } };
    const id = storeRun(db, engine, {
      game: apsis,
      seed: 9,
      name: 'stored',
      plan: apsis.defaultPlan,
      rules: apsis.defaultRules,
      levels: 3,
      candidatesTotal: 30,
      scope: { slots: [0, 2], candidates: 5 },
    });
    expect(runOf(db, id)).toMatchObject({
      game: 'apsis',
      seed: 9,
      name: 'stored',
      status: 'queued',
      levels: 3,
      candidatesTotal: 30,
    });
    expect(leaseOf(db, id)).toMatchObject({ owner: 'test-owner', heartbeat: 123_456 });
    expect(readRows(dbPath, 'SELECT scope FROM runs WHERE id = ?', id)).toEqual([
      { scope: JSON.stringify({ slots: [0, 2], candidates: 5 }) },
    ]);
  });
});
