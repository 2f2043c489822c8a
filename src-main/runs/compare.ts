/**
 * Two runs of one game side by side, each in its own order (two orders of one run too, e.g.
 * automatic against steered): both curves on one level axis, per-level pairs, summary figures.
 */
import { ApiError, type CompareView, type OrderingKind } from '../../src-shared/api';
import { gameById } from '../../src-shared/games/index';
import { ORDER_WORDS } from '../../src-shared/ordering/ships-now';
import type { Db } from '../store/db';
import { getRun } from '../store/runs';
import { packFromStored } from './finish';
import { orderingView } from './ordering-view';

export function compareRuns(
  db: Db,
  aId: number,
  bId: number,
  kind: OrderingKind,
  kindB: OrderingKind = kind,
): CompareView {
  const a = getRun(db, aId);
  const b = getRun(db, bId);
  if (!a) throw new ApiError('not-found', `run ${aId} does not exist`);
  if (!b) throw new ApiError('not-found', `run ${bId} does not exist`);
  if (a.game !== b.game)
    throw new ApiError(
      'bad-argument',
      `runs ${aId} (${a.game}) and ${bId} (${b.game}) are different games; compare runs of one game`,
      [{ field: 'b', message: `must be a ${a.game} run` }],
    );
  const game = gameById(a.game);
  const va = orderingView(db, game, aId, kind);
  const vb = orderingView(db, game, bId, kindB);
  const n = Math.max(va.levels.length, vb.levels.length);
  const pairs: CompareView['pairs'] = [];
  for (let i = 0; i < n; i++) {
    const la = va.levels[i],
      lb = vb.levels[i];
    const da = la?.difficulty ?? null,
      dbv = lb?.difficulty ?? null;
    pairs.push({
      level: i + 1,
      a: la?.candidateId ?? null,
      b: lb?.candidateId ?? null,
      difference: da !== null && dbv !== null ? dbv - da : null,
    });
  }
  const figures = (run: typeof a, k: OrderingKind): Map<string, string> => {
    try {
      const { pack } = packFromStored(db, game, run, k);
      return new Map(game.summarize(pack).map((l) => [l.label, l.value]));
    } catch (e) {
      return new Map([['Pack', (e as Error).message]]);
    }
  };
  const fa = figures(a, kind),
    fb = figures(b, kindB);
  const labels = [...new Set([...fa.keys(), ...fb.keys()])];
  const summary = [
    ...(aId === bId ? [{ label: 'Run', a: `#${aId}`, b: `#${bId}` }] : []),
    { label: 'Seed', a: String(a.seed), b: String(b.seed) },
    { label: 'Order', a: ORDER_WORDS[kind], b: ORDER_WORDS[kindB] },
    { label: 'Status', a: a.status, b: b.status },
    ...labels.map((label) => ({ label, a: fa.get(label) ?? '—', b: fb.get(label) ?? '—' })),
  ];
  return {
    game: a.game,
    difficulty: game.difficulty,
    a: { run: a, kind, levels: va.levels },
    b: { run: b, kind: kindB, levels: vb.levels },
    pairs,
    summary,
  };
}
