/**
 * `playtests.stored` (src-shared/api/events.ts): sent with the run and the count whenever attempts
 * are stored, from the studio's blind sessions (playtests.record) and from an imported results
 * file, and not when nothing was added (the same attempt twice), so the screens that list
 * attempts read them again only when there is something new.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { carillonGame } from '../../src-shared/games/carillon/index';
import type { CarillonLevel } from '../../src-shared/games/carillon/model';
import type { CarillonRules } from '../../src-shared/games/carillon/rules';
import type { ApiEvents } from '../../src-shared/api';
import { buildTrace, type TraceLevel } from '../helpers/playtest-traces';
import { recordExport, resultsFile } from '../helpers/playtest-results';
import { useTestStudio } from '../helpers/studio';

const studio = useTestStudio({ workers: 1 });
let runId: number;
let levels: TraceLevel<CarillonLevel, CarillonRules>[];
const heard: ApiEvents['playtests.stored'][] = [];

/** Level n cleared in its fewest taps. */
const clean = (n: number, startedAt: string) => {
  const t = levels[n - 1]!;
  return buildTrace(
    t,
    t.level.solution.map((pick) => ({ kind: 'move' as const, pick, gap: 500 })),
    startedAt,
  );
};

beforeAll(async () => {
  const run = await studio.finishedRun({
    game: 'carillon',
    seed: 4,
    plan: [{ from: 1, to: 3, taps: 2, minDots: 8, maxDots: 12, tutorial: false }],
    rules: { poolSize: 3 },
  });
  runId = run.id;
  const pack = await studio.api.call('packs.export', { runId, kind: 'automatic' });
  const rules = (await studio.api.call('runs.get', { runId })).rules as CarillonRules;
  levels = carillonGame.packLevels(carillonGame.parsePack(JSON.parse(pack.text))).map((level, i) => ({
    rules: carillonGame.playtest,
    level,
    gameRules: rules,
    elements: level.dots.length,
    number: i + 1,
  }));
  studio.api.on('playtests.stored', (e) => heard.push(e));
});

describe('the playtests.stored event', () => {
  it('is sent for a recorded attempt, once, and for an imported file with its count', async () => {
    const a = clean(1, '2026-12-02T10:00:00.000Z');
    await studio.api.call('playtests.record', { runId, kind: 'automatic', tester: 'Ada', attempt: a });
    await studio.api.call('playtests.record', { runId, kind: 'automatic', tester: 'Ada', attempt: a });
    expect(heard).toEqual([{ runId, added: 1 }]);

    const exp = await recordExport(studio.api, studio.dbPath, runId, 'export-ev');
    const text = JSON.stringify(
      resultsFile(exp, 'Bo', [clean(1, '2026-12-02T11:00:00.000Z'), clean(2, '2026-12-02T11:01:00.000Z')]),
    );
    await studio.api.call('playtests.import', { text });
    await studio.api.call('playtests.import', { text });
    expect(heard).toEqual([
      { runId, added: 1 },
      { runId, added: 2 },
    ]);
  });
});
