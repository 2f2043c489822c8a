/**
 * A finished Carillon run's automatic order as the levels a tester plays (for buildTrace), and
 * a level cleared in its fewest taps: the setup the playtest import, guard and event tests share.
 */
import { carillonGame } from '../../src-shared/games/carillon/index';
import type { CarillonLevel } from '../../src-shared/games/carillon/model';
import type { CarillonRules } from '../../src-shared/games/carillon/rules';
import type { StudioClient } from '../../src-shared/api';
import type { AttemptTrace } from '../../src-shared/playtest/types';
import { buildTrace, type TraceLevel } from './playtest-traces';

export type CarillonTraceLevel = TraceLevel<CarillonLevel, CarillonRules>;

export async function carillonTraceLevels(api: StudioClient, runId: number): Promise<CarillonTraceLevel[]> {
  const pack = await api.call('packs.export', { runId, kind: 'automatic' });
  const rules = (await api.call('runs.get', { runId })).rules as CarillonRules;
  return carillonGame.packLevels(carillonGame.parsePack(JSON.parse(pack.text))).map((level, i) => ({
    rules: carillonGame.playtest,
    level,
    gameRules: rules,
    elements: level.dots.length,
    number: i + 1,
  }));
}

/** The level's solution tapped `gap` ms apart, started at `startedAt`. */
export function clearedInFewest(t: CarillonTraceLevel, gap: number, startedAt: string): AttemptTrace {
  return buildTrace(
    t,
    t.level.solution.map((pick) => ({ kind: 'move' as const, pick, gap })),
    startedAt,
  );
}
