/**
 * Ordering curves as the API serves them: level → candidate (with its name's slot and index),
 * difficulty, target, step; the rules the curve breaks (the game's curve rules, the same the
 * steered order and verify keep), the plan's landmarks and the near-duplicate pairs it ships on
 * purpose.
 *
 * One target line per run: every order of a run (automatic, approved, steered) is shown against
 * the line its automatic order aims at, drawn from every proven candidate. An order of a few
 * approved candidates drew its own line from its thin pools (a staircase far below the curve).
 */
import type { OrderingKind, OrderingLevel, OrderingView } from '../../src-shared/api';
import type { AnyGame } from '../../src-shared/games/index';
import { curveBreaks } from '../../src-shared/ordering/curve-rules';
import type { Db } from '../store/db';
import { loadOrdering } from '../store/orderings';
import { packObservedBlend, type ObservedBlend } from '../../src-shared/ordering/observed-blend';
import { curvePoints } from '../store/candidate-lookup';
import { getRun } from '../store/runs';
import { draftsOf } from '../store/edited-candidates';
import { loadSteering } from '../store/steering';
import { candidateName } from '../../src-shared/vocabulary';
import { keptLine, keptPairs } from './kept-pairs';

/**
 * The ordering's word on each draft of its pools (a hand-edited level breaking a hard rule
 * never ships; finish.ts and steer.ts skip them): one problem per draft, on its slot's level.
 * Read with the view, so a draft saved after the order was computed is named too.
 */
function draftProblems(db: Db, runId: number, onlyApproved: boolean): { level: number; message: string }[] {
  return draftsOf(db, runId, onlyApproved).map((d) => ({
    level: d.slot + 1,
    message: `${candidateName(d.slot, d.index)} is a draft${d.broken.length ? ` (it breaks ${d.broken.join(', ')})` : ''} and never ships: the ordering skips it`,
  }));
}

export function orderingView(db: Db, game: AnyGame, runId: number, kind: OrderingKind): OrderingView {
  const stored = loadOrdering(db, runId, kind);
  const run = getRun(db, runId);
  const line = kind === 'automatic' ? null : loadOrdering(db, runId, 'automatic');
  const lineAt = new Map((line?.levels ?? []).map((l) => [l.level, l.target]));
  const storedLevels = stored?.levels ?? [];
  const points = curvePoints(
    db,
    storedLevels.flatMap((l) => (l.candidateId === null ? [] : [l.candidateId])),
  );
  const levels: OrderingLevel[] = [];
  let prev: number | null = null;
  for (const l of storedLevels) {
    const c = l.candidateId === null ? undefined : points.get(l.candidateId);
    const difficulty = c?.difficulty ?? null;
    levels.push({
      level: l.level,
      candidateId: l.candidateId,
      slot: c?.slot ?? null,
      index: c?.index ?? null,
      difficulty,
      target: line ? (lineAt.get(l.level) ?? l.target) : l.target,
      step: difficulty !== null && prev !== null ? difficulty - prev : null,
      metrics: c ? c.metrics : {},
    });
    prev = difficulty;
  }
  const curveRules = (run && game.curveRules?.(run.rules)) ?? { maxStep: null, maxEqualRun: null };
  return {
    runId,
    kind,
    computedAt: stored?.computedAt ?? null,
    difficulty: game.difficulty,
    levels,
    problems: [
      ...(stored?.problems ?? []),
      ...draftProblems(
        db,
        runId,
        kind === 'approved' || (kind === 'steered' && (loadSteering(db, runId)?.approved ?? false)),
      ),
    ],
    shortLevels: levels.filter((l) => l.candidateId === null).map((l) => l.level),
    breaks: curveBreaks(
      levels.map((l) => l.difficulty),
      curveRules,
    ).map((b) => ({ ...b })),
    curveRules,
    marks: run && game.planMarks ? game.planMarks(run.plan) : [],
    keptOnPurpose: keptPairs(db, runId, storedLevels).map(keptLine),
    observedBlend: stored?.observedBlend ? blendView(stored.observedBlend, storedLevels) : null,
  };
}

function blendView(
  blend: ObservedBlend,
  levels: readonly { level: number; candidateId: number | null }[],
): OrderingView['observedBlend'] {
  const { minTesters, candidates, levels: shipped } = packObservedBlend(blend, levels);
  return {
    minTesters,
    candidates,
    levels: shipped.map(({ level, model, blended, testers }) => ({ level, model, blended, testers })),
  };
}
