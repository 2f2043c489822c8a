/**
 * Does a stored run still come out of today's generator? (issue 21, item 12.) The run is made
 * again from its stored seed, plan and rules in a scratch database (a temporary file, removed
 * after), through the engine and its worker threads like any run, and the result is compared
 * with the stored one: every generated candidate (level and metrics, developer timings left out)
 * and the automatic pack, byte for byte. Hand-edited candidates are the designer's, not the
 * generator's: they are not compared.
 *
 * A run's top-ups are applied to the scratch run in the order they were applied to the run.
 *
 * The scratch run is stamped with the stored run's provenance before its pack is written, so
 * the two packs differ only where their levels, order or notes do; a generator that is not the
 * run's is reported in words beside the result.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ApiEnvelope, RunProgress } from '../../src-shared/api';
import type { AnyGame } from '../../src-shared/games/index';
import { gameById } from '../../src-shared/games/index';
import { candidateName } from '../../src-shared/vocabulary';
import { openDatabase, type Db } from '../store/db';
import { getRun, runMade } from '../store/runs';
import {
  candidateMetricsReader,
  generatedCandidatePage,
  runScopeText,
  stampMade,
  type GeneratedCandidateRow,
} from '../store/reproduce-rows';
import { loadOrdering } from '../store/orderings';
import { packFromStored } from './finish';
import { appliedTopUps } from '../store/top-ups';
import type {
  ReproduceCandidateDiff as CandidateDiff,
  ReproduceLevelDiff as LevelDiff,
  ReproduceReport,
} from '../../src-shared/reproduce-report';

export { reproduceLines, type ReproduceReport } from '../../src-shared/reproduce-report';

/** How many differing candidates and levels a report names. */
const FIRST = 5;

export class ReproduceError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ReproduceError';
  }
}

type StoredCandidate = GeneratedCandidateRow;

/** A candidate's metrics that the generator decides (a worker's build time is left out: it is the machine's). */
function generatorMetrics(game: AnyGame, text: string): Record<string, number> {
  const all = JSON.parse(text) as Record<string, number>;
  const out: Record<string, number> = {};
  for (const m of game.metrics) if (!m.developer && m.key in all) out[m.key] = all[m.key]!;
  return out;
}

/** Hands the thread back between chunks of a big run's work (the studio's API shares it). */
const yieldThread = (): Promise<void> => new Promise((r) => setImmediate(r));
const CHUNK = 500;

/** A run's generated candidates, read a page at a time with the thread given back between pages. */
async function readGenerated(db: Db, runId: number): Promise<StoredCandidate[]> {
  const out: StoredCandidate[] = [];
  for (;;) {
    const last = out[out.length - 1];
    const page = generatedCandidatePage(db, runId, last ? { slot: last.slot, idx: last.idx } : null, CHUNK);
    out.push(...page);
    if (page.length < CHUNK) return out;
    await yieldThread();
  }
}

async function compareCandidates(
  game: AnyGame,
  stored: StoredCandidate[],
  again: StoredCandidate[],
): Promise<{ diffs: CandidateDiff[]; count: number }> {
  const key = (c: StoredCandidate): string => `${c.slot}:${c.idx}`;
  const byKey = new Map(again.map((c) => [key(c), c]));
  const seen = new Set<string>();
  const diffs: CandidateDiff[] = [];
  let count = 0;
  const push = (d: CandidateDiff): void => {
    count++;
    if (diffs.length < FIRST) diffs.push(d);
  };
  for (const [i, s] of stored.entries()) {
    if (i % CHUNK === CHUNK - 1) await yieldThread();
    const k = key(s);
    seen.add(k);
    const a = byKey.get(k);
    const name = candidateName(s.slot, s.idx);
    const sm = generatorMetrics(game, s.metrics);
    if (!a) {
      push({ name, stored: sm, regenerated: null, what: 'missing' });
      continue;
    }
    const am = generatorMetrics(game, a.metrics);
    if (s.level !== a.level) push({ name, stored: sm, regenerated: am, what: 'level' });
    else if (JSON.stringify(sm) !== JSON.stringify(am))
      push({ name, stored: sm, regenerated: am, what: 'metrics' });
  }
  for (const a of again)
    if (!seen.has(key(a)))
      push({
        name: candidateName(a.slot, a.idx),
        stored: null,
        regenerated: generatorMetrics(game, a.metrics),
        what: 'extra',
      });
  return { diffs, count };
}

/** Per level of the automatic order: the shipped candidate's name and metrics. */
function shippedOf(
  db: Db,
  game: AnyGame,
  runId: number,
): { candidate: string | null; metrics: Record<string, number> | null }[] {
  const ordering = loadOrdering(db, runId, 'automatic');
  const get = candidateMetricsReader(db);
  return (ordering?.levels ?? []).map((l) => {
    const c = l.candidateId === null ? undefined : get(l.candidateId);
    return c
      ? { candidate: candidateName(c.slot, c.idx), metrics: generatorMetrics(game, c.metrics) }
      : { candidate: null, metrics: null };
  });
}

function packText(db: Db, game: AnyGame, runId: number): string | null {
  const run = getRun(db, runId)!;
  try {
    return packFromStored(db, game, run, 'automatic').text;
  } catch {
    return null;
  }
}

/** The run, if it can be reproduced: a finished run of this studio's generator over its whole plan; else why not. */
export function reproducibleRun(db: Db, runId: number): NonNullable<ReturnType<typeof getRun>> {
  const run = getRun(db, runId);
  if (!run) throw new ReproduceError(`run ${runId} does not exist`);
  if (run.dataProblem) throw new ReproduceError(run.dataProblem);
  if (run.status === 'imported')
    throw new ReproduceError(
      `run ${runId} is an imported pack: no generator run of this studio made it, so there is nothing to reproduce`,
    );
  if (run.status !== 'done')
    throw new ReproduceError(`run ${runId} is ${run.status}; only a finished run can be reproduced`);
  if (runScopeText(db, runId) !== null)
    throw new ReproduceError(
      `run ${runId} is an experiment's quick run (some level slots only); reproduce its experiment's whole-plan runs instead`,
    );
  return run;
}

/**
 * The scratch studio a run is made again in, as its caller opens it on a scratch database file
 * (the CLI with worker threads of its own, the studio on its own pool): only what reproduce uses.
 */
export interface ScratchStudio {
  dispatch(method: 'runs.create' | 'runs.topUp', args: unknown): Promise<ApiEnvelope<unknown>>;
  on(event: 'run.progress', listener: (p: RunProgress) => void): () => void;
  engine: {
    waitFor(runId: number): Promise<{ status: string; error: string | null }>;
    cancel(runId: number): Promise<void>;
  };
  close(): Promise<void>;
}

/**
 * Make run `runId` of `db` again in a scratch database and compare. `open`: opens the scratch
 * studio on a scratch database file; `onProgress`: the scratch run's progress, reported as
 * every run reports it.
 */
export async function reproduceRun(
  db: Db,
  runId: number,
  opts: {
    open: (scratchPath: string) => ScratchStudio;
    onProgress?: (p: RunProgress) => void;
    signal?: AbortSignal;
  },
): Promise<ReproduceReport> {
  const run = reproducibleRun(db, runId);
  const game = gameById(run.game);
  const tmp = mkdtempSync(join(tmpdir(), 'studio-reproduce-'));
  try {
    const scratchPath = join(tmp, 'scratch.db');
    const service = opts.open(scratchPath);
    let againId: number;
    try {
      const off = opts.onProgress ? service.on('run.progress', opts.onProgress) : () => {};
      const onAbort = (): void => void service.engine.cancel(againId);
      try {
        const created = await service.dispatch('runs.create', {
          game: run.game,
          seed: run.seed,
          name: `reproduce run ${runId}`,
          plan: run.plan,
          rules: run.rules,
          confirm: true,
        });
        if (!created.ok)
          throw new ReproduceError(`the run could not be made again: ${created.error.message}`);
        againId = (created.value as { id: number }).id;
        opts.signal?.addEventListener('abort', onAbort, { once: true });
        const done = await service.engine.waitFor(againId);
        if (done.status !== 'done')
          throw new ReproduceError(
            `the run made again ended ${done.status}${done.error ? `: ${done.error}` : ''}; nothing was compared`,
          );
        // The run's top-ups, applied again in the order they were (issue 23).
        for (const t of appliedTopUps(db, runId)) {
          const topUp = await service.dispatch('runs.topUp', {
            runId: againId,
            levels: t.levels,
            candidates: t.candidates,
            ...(t.untilNear !== undefined ? { untilNear: t.untilNear } : {}),
            confirm: true,
          });
          if (!topUp.ok)
            throw new ReproduceError(`top-up ${t.id} could not be made again: ${topUp.error.message}`);
          const topped = await service.engine.waitFor(againId);
          if (topped.status !== 'done')
            throw new ReproduceError(
              `top-up ${t.id} made again ended ${topped.status}${topped.error ? `: ${topped.error}` : ''}; nothing was compared`,
            );
        }
      } finally {
        opts.signal?.removeEventListener('abort', onAbort);
        off();
      }
    } finally {
      await service.close();
    }
    const scratch = openDatabase(scratchPath);
    try {
      // The regenerated pack says it was made as the stored run was, so only levels, order and notes can differ.
      const made = runMade(db, runId);
      stampMade(scratch, againId!, made?.studio ?? null, made ? JSON.stringify(made.generator) : null);
      const storedCandidates = await readGenerated(db, runId);
      const cands = await compareCandidates(game, storedCandidates, await readGenerated(scratch, againId!));
      const storedPack = packText(db, game, runId);
      const againPack = packText(scratch, game, againId!);
      const packEqual = storedPack !== null && storedPack === againPack;
      const levelDiffs: LevelDiff[] = [];
      let levelCount = 0;
      if (!packEqual) {
        const a = storedPack ? ((JSON.parse(storedPack) as { levels: unknown[] }).levels ?? []) : [];
        const b = againPack ? ((JSON.parse(againPack) as { levels: unknown[] }).levels ?? []) : [];
        const sa = shippedOf(db, game, runId);
        const sb = shippedOf(scratch, game, againId!);
        for (let i = 0; i < Math.max(a.length, b.length); i++) {
          if (JSON.stringify(a[i]) === JSON.stringify(b[i])) continue;
          levelCount++;
          if (levelDiffs.length < FIRST)
            levelDiffs.push({
              level: i + 1,
              stored: sa[i] ?? { candidate: null, metrics: null },
              regenerated: sb[i] ?? { candidate: null, metrics: null },
            });
        }
      }
      return {
        runId,
        game: game.id,
        equal: packEqual && cands.count === 0,
        candidatesCompared: storedCandidates.length,
        candidateDiffs: cands.count,
        firstCandidates: cands.diffs,
        packEqual,
        levelDiffs: levelCount,
        firstLevels: levelDiffs,
        generatorNote: run.generatorNote,
      };
    } finally {
      scratch.close();
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}
