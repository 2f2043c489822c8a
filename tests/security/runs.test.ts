/**
 * Issue 9, the runs part, replayed against the real service (and the real CLI): misspelt and
 * unbounded rules and plans, non-finite numbers, a database from a newer studio, a bad --db;
 * runs owned by a lease (PID reuse, zombies, owners on other machines, takeover, delete under
 * a live CLI). Every refusal names the field, the file or the run in a sentence.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrations } from '../../src-main/store/migrations';
import { openDatabase } from '../../src-main/store/db';
import { insertRun } from '../../src-main/store/runs';
import { createPool, type WorkerPool } from '../../src-main/jobs/pool';
import { studioService } from '../../src-main/service';
import { openStudio } from '../../src-main/studio';
import type { RunDetail, RunSummary } from '../../src-shared/api';
import { gameById } from '../../src-shared/games/index';
import type { Service } from '../../src-main/service';
import { testService } from '../helpers/service';
import { tempDir } from '../helpers/temp';

const root = join(import.meta.dirname, '..', '..');
const cliArgs = ['--import', 'tsx', join(root, 'src-main/cli/main.ts')];
const files = tempDir('studio-sec-runs-');
let ctx: ReturnType<typeof testService>;
let service: Service;

beforeAll(() => {
  ctx = testService(2);
  service = ctx.service;
});
afterAll(async () => {
  await ctx.dispose();
  files.cleanup();
});

/** Row counts of every table and the integrity check: "nothing changed" means this stays equal. */
function snapshot(path: string): Record<string, number | string> {
  const db = new Database(path, { readonly: true });
  try {
    const out: Record<string, number | string> = {
      integrity: db.pragma('integrity_check', { simple: true }) as string,
    };
    const tables = db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
      .pluck()
      .all() as string[];
    for (const t of tables) {
      out[t] = (db.prepare(`SELECT COUNT(*) AS n FROM ${t}`).get() as { n: number }).n;
    }
    return out;
  } finally {
    db.close();
  }
}

describe('misspelt keys, unbounded plans and non-finite numbers are refused by name', () => {
  const cases: [string, unknown, string, RegExp][] = [
    [
      'a misspelt rule (poolsize)',
      { game: 'carillon', seed: 1, rules: { poolsize: 2 } },
      'rules.poolsize',
      /^is not a rule of Carillon; did you mean poolSize\?$/,
    ],
    [
      'a misspelt nested rule',
      { game: 'carillon', seed: 1, rules: { sizes: { small: { radus: 9 } } } },
      'rules.sizes.small.radus',
      /did you mean radius\?/,
    ],
    [
      'a misspelt Apsis rule',
      { game: 'apsis', seed: 1, rules: { heart: 2 } },
      'rules.heart',
      /^is not a rule of Apsis; did you mean hearts\?$/,
    ],
    [
      'a misspelt plan field (tutorail)',
      {
        game: 'carillon',
        seed: 1,
        plan: [{ from: 1, to: 3, taps: 1, minDots: 3, maxDots: 5, tutorail: true }],
      },
      'plan.0.tutorail',
      /did you mean tutorial\?/,
    ],
    [
      'a misspelt Apsis plan field',
      {
        game: 'apsis',
        seed: 1,
        plan: [
          {
            stage: 1,
            first: 1,
            last: 1,
            orbits: 3,
            arrows: [3],
            long: false,
            diagonal: false,
            poolsize: 4,
            poolSize: 4,
          },
        ],
      },
      'plan.0.poolsize',
      /did you mean poolSize\?/,
    ],
    [
      'minDots 5000 and poolSize 10000',
      {
        game: 'carillon',
        seed: 1,
        plan: [{ from: 1, to: 1, taps: 1, minDots: 5000, maxDots: 5000 }],
        rules: { poolSize: 10000 },
      },
      'plan.0.minDots',
      /^must be at most 200$/,
    ],
    [
      'taps beyond any field',
      { game: 'carillon', seed: 1, plan: [{ from: 1, to: 1, taps: 99, minDots: 3, maxDots: 5 }] },
      'plan.0.taps',
      /^must be at most 24$/,
    ],
    [
      'endBits beyond any level',
      {
        game: 'carillon',
        seed: 1,
        plan: [{ from: 1, to: 1, taps: 1, minDots: 3, maxDots: 5, endBits: 1e9 }],
      },
      'plan.0.endBits',
      /^must be at most 64$/,
    ],
    [
      'a level past any run',
      { game: 'carillon', seed: 1, plan: [{ from: 1, to: 1e6, taps: 1, minDots: 3, maxDots: 5 }] },
      'plan.0.to',
      /^must be at most 1000$/,
    ],
    [
      'an Apsis stage past any run',
      {
        game: 'apsis',
        seed: 1,
        plan: [
          {
            stage: 1,
            first: 1,
            last: 5000,
            orbits: 3,
            arrows: [3],
            long: false,
            diagonal: false,
            poolSize: 4,
          },
        ],
      },
      'plan.0.last',
      /^must be at most 1000$/,
    ],
    [
      'Infinity in a rule',
      { game: 'carillon', seed: 1, rules: { ringSpeed: Infinity } },
      'rules.ringSpeed',
      /^must be a finite number$/,
    ],
    [
      'Infinity in a plan',
      { game: 'carillon', seed: 1, plan: [{ from: 1, to: 1, taps: 1, minDots: 3, maxDots: Infinity }] },
      'plan.0.maxDots',
      /^must be a finite number$/,
    ],
    ['Infinity as the seed', { game: 'carillon', seed: Infinity }, 'seed', /^must be a finite number$/],
    ['NaN as the level count', { game: 'apsis', seed: 1, levels: NaN }, 'levels', /^must be a number$/],
    ['a misspelt argument', { game: 'apsis', seed: 1, levls: 3 }, 'levls', /did you mean levels\?/],
    // JSON.parse makes "__proto__" an own key; merged onto the defaults it used to become the
    // rules' prototype and vanish, so the run was created with the key silently dropped.
    [
      'a "__proto__" rule (as JSON sends it)',
      JSON.parse('{"game":"carillon","seed":1,"levels":1,"rules":{"__proto__":{"poolSize":1}}}'),
      'rules.__proto__',
      /^is not a rule of Carillon/,
    ],
    [
      'a nested "__proto__" rule',
      JSON.parse(
        '{"game":"carillon","seed":1,"levels":1,"rules":{"sizes":{"small":{"__proto__":{"radius":1}}}}}',
      ),
      'rules.sizes.small.__proto__',
      /^is not a rule of Carillon/,
    ],
  ];
  it.each(cases)('%s', async (_name, args, field, message) => {
    const before = snapshot(ctx.dbPath);
    const env = await service.dispatch('runs.create', args);
    expect(env.ok).toBe(false);
    if (env.ok) return;
    expect(env.error.code).toBe('bad-argument');
    const named = env.error.fields?.find((f) => f.field === field);
    expect(named, JSON.stringify(env.error)).toBeDefined();
    expect(named!.message).toMatch(message);
    // zod's own wording never reaches the designer.
    expect(env.error.message).not.toMatch(/Invalid input|expected number|received|Unrecognized/);
    expect(snapshot(ctx.dbPath)).toEqual(before);
  });

  it('a JSON 1e999 (Infinity) over the wire gives the same sentence', async () => {
    const args = JSON.parse('{"game":"apsis","seed":1,"rules":{"gap":1e999}}') as unknown;
    const env = await service.dispatch('runs.create', args);
    expect(env).toMatchObject({
      ok: false,
      error: { fields: [{ field: 'rules.gap', message: 'must be a finite number' }] },
    });
  });

  it('a partial nested rule keeps the defaults of the keys left out (as the form promises)', async () => {
    const env = await service.dispatch('runs.create', {
      game: 'carillon',
      seed: 3,
      levels: 1,
      rules: { sizes: { small: { radius: 15 } }, sizeMix: { big: 0.2 } },
    });
    expect(env.ok, JSON.stringify(env)).toBe(true);
    if (!env.ok) return;
    const runId = (env.value as { id: number }).id;
    const run = await service.dispatch('runs.get', { runId });
    expect(run).toMatchObject({
      ok: true,
      value: {
        rules: {
          sizes: { small: { radius: 15, reach: 60 }, normal: { radius: 26, reach: 112 } },
          sizeMix: { small: 0.35, normal: 0.5, big: 0.2 },
        },
      },
    });
    await service.engine.waitFor(runId);
  });
});

describe('the database file', () => {
  it('a database from a newer studio is refused, naming the file, and its bytes are unchanged', () => {
    const path = join(files.dir, 'newer.db');
    const raw = new Database(path);
    raw.exec('CREATE TABLE t (x)');
    raw.pragma(`user_version = ${migrations.length + 3}`);
    raw.close();
    const before = readFileSync(path);
    expect(() => openDatabase(path)).toThrow(
      new RegExp(
        `cannot open the database ${path}: its schema version ${migrations.length + 3} is newer than this studio knows`,
      ),
    );
    expect(readFileSync(path).equals(before)).toBe(true);
    // Not even a WAL file was started beside it.
    expect(() => readFileSync(`${path}-wal`)).toThrow();
  });

  it('the CLI names the --db file it cannot use', () => {
    const junk = join(files.dir, 'junk.db');
    writeFileSync(junk, 'not a database, just text long enough to have a header'.repeat(4));
    for (const [db, why] of [
      [junk, /not a studio database/],
      [files.dir, /it is not a file/],
      [join(files.dir, 'missing', 'x.db'), /its folder .* does not exist/],
    ] as const) {
      const r = spawnSync(process.execPath, [...cliArgs, 'runs', '--db', db], {
        cwd: root,
        encoding: 'utf8',
        timeout: 120_000,
      });
      expect(r.status).not.toBe(0);
      expect(r.stderr).toContain(`cannot open the database ${db}`);
      expect(r.stderr).toMatch(why);
    }
    expect(readFileSync(junk, 'utf8')).toMatch(/^not a database/);
  });
});

/** A service on `dbPath` whose lease clock the test moves by hand (heartbeats every 20 ms of real time). */
function leasedStudio(dbPath: string, clock: { now: number }, staleMs = 15_000): Service {
  return openStudio({
    dbPath,
    workers: 1,
    transport: 'server',
    lease: { heartbeatMs: 20, staleMs, now: () => clock.now },
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function nextStatus(s: Service, runId: number, status: string): Promise<void> {
  return new Promise((resolve) => {
    const off = s.on('run.changed', (e) => {
      if (e.runId === runId && e.status === status) {
        off();
        resolve();
      }
    });
  });
}

/** A real zombie: a child whose parent (sh, exec'd into sleep) never reaps it. */
async function zombiePid(): Promise<{ pid: number; stop: () => void }> {
  const parent = spawn('sh', ['-c', 'sleep 0.05 & echo $!; exec sleep 60'], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const pid = await new Promise<number>((resolve) =>
    parent.stdout!.once('data', (d: Buffer) => resolve(Number(String(d).trim()))),
  );
  for (let i = 0; i < 200; i++) {
    if (/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'))) break;
    await sleep(10);
  }
  return { pid, stop: () => parent.kill() };
}

describe('runs are owned by a lease, not a PID', () => {
  it('a live owner is never marked interrupted whatever its PID; a dead one is, within the stale time, reused PID or zombie', async () => {
    const t = tempDir('studio-lease-');
    const dbPath = join(t.dir, 'studio.db');
    const clock = { now: 1_700_000_000_000 };
    const s = leasedStudio(dbPath, clock);
    const raw = openDatabase(dbPath);
    const zombie = await zombiePid();
    try {
      expect(readFileSync(`/proc/${zombie.pid}/stat`, 'utf8')).toMatch(/^\d+ \(.*\) Z/);
      // kill(pid, 0) succeeds on both of these, which fooled the PID check.
      expect(process.kill(zombie.pid, 0)).toBe(true);
      const fake = (owner: string): number =>
        insertRun(
          raw,
          {
            game: 'apsis',
            seed: 1,
            plan: [],
            rules: {},
            status: 'running',
            levels: 1,
            candidatesTotal: 1,
            lease: { owner, heartbeat: clock.now },
          },
          'now',
        );
      const remote = fake(`0000000000000001@other-host:4194303:1`); // a PID this machine does not have
      const reused = fake(`0000000000000002@${hostname()}:${process.pid}:1`); // the PID now belongs to this test
      const zombied = fake(`0000000000000003@${hostname()}:${zombie.pid}:1`);
      const statuses = () =>
        [remote, reused, zombied].map(
          (id) => (raw.prepare('SELECT status FROM runs WHERE id = ?').get(id) as { status: string }).status,
        );

      // Many heartbeats later, on a clock that has not moved: every lease is live, all stay running.
      await sleep(200);
      expect(statuses()).toEqual(['running', 'running', 'running']);
      // A live lease held elsewhere: resume, delete and cancel are refused in a sentence.
      for (const method of ['runs.resume', 'runs.delete', 'runs.cancel']) {
        const env = await s.dispatch(method, { runId: remote });
        expect(env).toMatchObject({
          ok: false,
          error: {
            code: 'conflict',
            message: expect.stringMatching(
              /run \d+ is being generated by another studio or CLI process \(it renewed its lease 0 s ago\)/,
            ),
          },
        });
      }

      // The remote owner keeps renewing; the other two stop. Just before the stale time, nothing changes.
      clock.now += 14_999;
      raw.prepare('UPDATE runs SET heartbeat_at = ? WHERE id = ?').run(clock.now, remote);
      await sleep(200);
      expect(statuses()).toEqual(['running', 'running', 'running']);
      // At 15 s the heartbeat marks the dead ones interrupted, and says so.
      const marked = Promise.all([
        nextStatus(s, reused, 'interrupted'),
        nextStatus(s, zombied, 'interrupted'),
      ]);
      clock.now += 1;
      await marked;
      expect(statuses()).toEqual(['running', 'interrupted', 'interrupted']);
      // Once the remote owner is silent for 15 s too, it is dead as well, and its run can be deleted.
      const remoteMarked = nextStatus(s, remote, 'interrupted');
      clock.now += 15_000;
      await remoteMarked;
      expect(await s.dispatch('runs.delete', { runId: remote })).toEqual({ ok: true, value: { deleted: 1 } });
    } finally {
      zombie.stop();
      raw.close();
      await s.close();
      t.cleanup();
    }
  });

  it('a stale lease is taken over by another process, and the old owner stops without writing more', async () => {
    const t = tempDir('studio-takeover-');
    const dbPath = join(t.dir, 'studio.db');
    const clockA = { now: Date.now() };
    const clockB = { now: clockA.now };
    const a = leasedStudio(dbPath, clockA);
    const b = leasedStudio(dbPath, clockB);
    try {
      const made = await a.dispatch('runs.create', { game: 'apsis', seed: 9, levels: 20 });
      expect(made.ok).toBe(true);
      const run = (made as { value: RunSummary }).value;
      const aOutcome = a.engine.waitFor(run.id).then(
        (r) => `resolved ${r.status}`,
        (e: Error) => e.message,
      );
      // While A renews its lease, B may neither resume nor delete the run.
      expect(await b.dispatch('runs.resume', { runId: run.id })).toMatchObject({
        ok: false,
        error: { code: 'conflict', message: expect.stringContaining('cannot resume') },
      });
      expect(await b.dispatch('runs.delete', { runId: run.id })).toMatchObject({
        ok: false,
        error: { code: 'conflict', message: expect.stringContaining('cannot delete') },
      });
      // A freezes (its clock stops while B's runs on): to B, A's lease is 15 s old. B marks the
      // run interrupted and resumes it in the same turn, while A is still frozen (a stalled
      // owner that finds its run swept but unclaimed takes it back: lease-stall.test.ts).
      clockB.now += 15_000;
      expect(b.engine.sweep()).toEqual([run.id]);
      const atTakeover = b.dispatch('runs.get', { runId: run.id });
      const resumed = b.dispatch('runs.resume', { runId: run.id });
      expect(((await atTakeover) as { value: RunSummary }).value.status).toBe('interrupted');
      expect(await resumed).toMatchObject({ ok: true });
      expect(await aOutcome).toMatch(
        new RegExp(`run ${run.id} was taken over by another studio or CLI process`),
      );
      const done = await b.engine.waitFor(run.id);
      expect(done.status).toBe('done');
      expect(done.candidatesDone).toBe(done.candidatesTotal);
      // A never claims it back, even on its own next heartbeats.
      await sleep(100);
      expect(a.engine.isActive(run.id)).toBe(false);
    } finally {
      await a.close();
      await b.close();
      t.cleanup();
    }
  });

  it('delete during a CLI run: refused while its lease is live; a row removed under it anyway makes the CLI exit non-zero without a pack', async () => {
    const t = tempDir('studio-cli-delete-');
    const dbPath = join(t.dir, 'studio.db');
    const out = join(t.dir, 'pack.json');
    const child = spawn(
      process.execPath,
      [
        ...cliArgs,
        'generate',
        '--game',
        'apsis',
        '--seed',
        '4',
        '--levels',
        '60',
        '--workers',
        '1',
        '--db',
        dbPath,
        '--out',
        out,
      ],
      { cwd: root, stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let stderr = '';
    child.stderr!.on('data', (d: Buffer) => (stderr += String(d)));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      let stored = 0;
      for (let i = 0; i < 2400 && stored < 8; i++) {
        await sleep(25);
        try {
          const d = new Database(dbPath, { readonly: true, fileMustExist: true });
          stored = (d.prepare('SELECT COUNT(*) AS n FROM candidates').get() as { n: number }).n;
          d.close();
        } catch {
          // not created yet
        }
      }
      expect(stored).toBeGreaterThan(0);
      const studio = openStudio({ dbPath, workers: 1, transport: 'server' });
      try {
        const env = await studio.dispatch('runs.delete', { runId: 1 });
        expect(env).toMatchObject({
          ok: false,
          error: {
            code: 'conflict',
            message: expect.stringMatching(
              /^cannot delete: run 1 is being generated by another studio or CLI process/,
            ),
          },
        });
        expect(await studio.dispatch('runs.resume', { runId: 1 })).toMatchObject({
          ok: false,
          error: { code: 'conflict' },
        });
        expect((await studio.dispatch('runs.get', { runId: 1 })).ok).toBe(true);
      } finally {
        await studio.close();
      }
      // Removed under it all the same (another tool, a hand-run DELETE).
      const raw = new Database(dbPath);
      raw.pragma('foreign_keys = ON');
      raw.prepare('DELETE FROM runs WHERE id = 1').run();
      raw.close();
      const code = await exited;
      expect(code).not.toBe(0);
      expect(stderr).toMatch(/error: run 1 was deleted from the database while it was being generated/);
      expect(existsSync(out)).toBe(false);
    } finally {
      child.kill('SIGKILL');
      t.cleanup();
    }
  });
});

/** A real service over its own database and a pool the test can watch (and count the jobs sent to). */
function watchedService(
  dir: string,
  workers: number,
  budgetMs?: number,
): { service: Service; pool: WorkerPool; sent: string[] } {
  const real = createPool({ workers, ...(budgetMs ? { budgetMs: () => budgetMs } : {}) });
  const sent: string[] = [];
  const pool: WorkerPool = {
    size: real.size,
    run: (task, signal, budgetMs) => {
      if (task.kind === 'generate') sent.push(...task.jobs.map((j) => `${j.slot}:${j.index}`));
      return real.run(task, signal, budgetMs);
    },
    close: () => real.close(),
    threadIds: () => real.threadIds(),
    get stopped() {
      return real.stopped;
    },
  };
  const dbPath = join(dir, 'studio.db');
  const service = studioService({
    db: openDatabase(dbPath),
    dbPath,
    pool,
    transport: 'server',
    version: 'test',
  });
  return { service, pool, sent };
}

function progressAtLeast(s: Service, runId: number, done: number): Promise<void> {
  return new Promise((resolve) => {
    const off = s.on('run.progress', (p) => {
      if (p.runId === runId && p.stage === 'generate' && p.done >= done) {
        off();
        resolve();
      }
    });
  });
}

describe('cancel frees the pool', () => {
  it('after cancelling a pathological (in-bounds) run, its stuck workers are terminated and a new run finishes', async () => {
    const t = tempDir('studio-cancel-');
    const { service: s, pool } = watchedService(t.dir, 2);
    const stray: unknown[] = [];
    const onUncaught = (e: unknown): void => void stray.push(e);
    process.on('uncaughtException', onUncaught);
    try {
      // Every field at its bound: one candidate takes tens of seconds, a batch minutes.
      const heavy = await s.dispatch('runs.create', {
        game: 'apsis',
        seed: 1,
        plan: [
          {
            stage: 1,
            first: 1,
            last: 4,
            orbits: 3,
            arrows: [60, 60, 60, 60],
            long: true,
            diagonal: true,
            poolSize: 100,
          },
        ],
        rules: { validCandidates: 1000, maxTries: 100000, maxBuilds: 100 },
      });
      expect(heavy.ok, JSON.stringify(heavy)).toBe(true);
      const run = (heavy as { value: RunSummary }).value;
      // The run starts at once (its 'running' event fired inside runs.create); let the workers take their batches.
      expect(((await s.dispatch('runs.get', { runId: run.id })) as { value: RunSummary }).value.status).toBe(
        'running',
      );
      await sleep(300);
      const busy = pool.threadIds();
      expect(busy).toHaveLength(2);
      expect(pool.stopped).toBe(0);
      expect(await s.dispatch('runs.cancel', { runId: run.id })).toMatchObject({ ok: true });
      expect((await s.engine.waitFor(run.id)).status).toBe('cancelled');

      const small = await s.dispatch('runs.create', { game: 'carillon', seed: 2, levels: 1 });
      expect(small.ok).toBe(true);
      const finished = await s.engine.waitFor((small as { value: RunSummary }).value.id);
      expect(finished.status).toBe('done');
      // Both workers were still building when the deadline passed: terminated and replaced.
      expect(pool.stopped).toBe(2);
      expect(pool.threadIds()).toHaveLength(2);
      expect(pool.threadIds().filter((id) => busy.includes(id))).toEqual([]);
      expect(stray).toEqual([]);
    } finally {
      process.off('uncaughtException', onUncaught);
      await s.close();
      t.cleanup();
    }
  });
});

describe('every job has a time budget', () => {
  it('a batch past its budget has its worker stopped and the run fails with a sentence naming the level', async () => {
    const t = tempDir('studio-budget-');
    // A budget of 1 s stands in for the real 120 s per candidate, so the test need not wait.
    const { service: s, pool } = watchedService(t.dir, 1, 1_000);
    try {
      const heavy = await s.dispatch('runs.create', {
        game: 'apsis',
        seed: 1,
        plan: [
          { stage: 1, first: 1, last: 1, orbits: 3, arrows: [60], long: true, diagonal: true, poolSize: 4 },
        ],
        rules: { validCandidates: 1000, maxTries: 100000, maxBuilds: 100 },
      });
      const run = (heavy as { value: RunSummary }).value;
      const failed = await s.engine.waitFor(run.id);
      expect(failed.status).toBe('failed');
      expect(failed.error).toMatch(
        /^building 4 candidates of level 1 ran past its time budget of 1 s and was stopped; the plan or rules ask for more work/,
      );
      expect(failed.candidatesDone).toBe(0);
      expect(pool.stopped).toBeGreaterThanOrEqual(1);
    } finally {
      await s.close();
      t.cleanup();
    }
  });
});

describe('resume', () => {
  it('sends only the missing (slot, index) jobs to the pool', async () => {
    const t = tempDir('studio-resume-');
    const { service: s, sent } = watchedService(t.dir, 2);
    try {
      const made = await s.dispatch('runs.create', { game: 'apsis', seed: 12, levels: 30 });
      const run = (made as { value: RunSummary }).value;
      await progressAtLeast(s, run.id, 40);
      await s.dispatch('runs.cancel', { runId: run.id });
      const cancelled = await s.engine.waitFor(run.id);
      expect(cancelled.status).toBe('cancelled');
      const raw = new Database(join(t.dir, 'studio.db'), { readonly: true });
      const stored = new Set(
        raw
          .prepare('SELECT slot, idx FROM candidates WHERE run_id = ?')
          .all(run.id)
          .map((r) => `${(r as { slot: number }).slot}:${(r as { idx: number }).idx}`),
      );
      raw.close();
      expect(stored.size).toBeGreaterThanOrEqual(40);
      expect(stored.size).toBeLessThan(cancelled.candidatesTotal);

      sent.length = 0;
      expect(await s.dispatch('runs.resume', { runId: run.id })).toMatchObject({ ok: true });
      const done = await s.engine.waitFor(run.id);
      expect(done.status).toBe('done');
      const detail = ((await s.dispatch('runs.get', { runId: run.id })) as { value: RunDetail }).value;
      const sizes = gameById('apsis').poolSizes(detail.plan, detail.rules);
      const all = sizes.flatMap((size, slot) =>
        Array.from({ length: size }, (_, index) => `${slot}:${index}`),
      );
      expect(all).toHaveLength(done.candidatesTotal);
      const missing = all.filter((k) => !stored.has(k));
      // Exactly the missing jobs, each once: nothing stored is grown again.
      expect([...sent].sort()).toEqual(missing.sort());
      expect(done.candidatesDone).toBe(done.candidatesTotal);
    } finally {
      await s.close();
      t.cleanup();
    }
  });
});
