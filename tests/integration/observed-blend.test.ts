/**
 * The approved order recomputed with players' observed difficulty blended in
 * (orderings.computeApproved `blend`, src-main/runs/finish.ts), on real runs of both games:
 * off by default (the same pack, byte for byte); on, the game's own order runs on the blended
 * figures, its curve rules hold on them, the pack records the blend (`studio.observedBlend`),
 * and the game's verify still judges the pack on the model's figures: an order the players
 * turned against the model is refused for export without allow-breaks, one they agree with
 * exports and verifies clean.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { gameById } from '../../src-shared/games/index';
import { curveBreaks } from '../../src-shared/ordering/curve-rules';
import { readPack } from '../../src-shared/data-version';
import type { OrderingView } from '../../src-shared/api';
import { readRows } from '../helpers/rows';
import { storeAttempts } from '../helpers/playtest-rows';
import { refusal } from '../helpers/refusal';
import { useTestStudio } from '../helpers/studio';

const studio = useTestStudio({ prefix: 'studio-observed-blend-' });
const runs: Record<string, number> = {};
const GAMES = [
  { game: 'carillon', seed: 23, levels: 9 },
  { game: 'apsis', seed: 5, levels: 9 },
] as const;

beforeAll(async () => {
  for (const g of GAMES) runs[g.game] = (await studio.finishedRun(g)).id;
  for (const g of GAMES) {
    const ids = readRows<{ id: number }>(
      studio.dbPath,
      'SELECT id FROM candidates WHERE run_id = ? AND level IS NOT NULL',
      runs[g.game],
    ).map((r) => r.id);
    await studio.api.call('candidates.setVerdict', { candidateIds: ids, verdict: 'approved' });
  }
}, 480_000);

/** The figure each level's candidate ran on: blended where the blend lists it, else the model's. */
const ranOn = (v: OrderingView) => {
  const b = new Map(v.observedBlend?.levels.map((l) => [l.level, l.blended]));
  return v.levels.map((l) => b.get(l.level) ?? l.difficulty);
};

describe('the approved order with observed difficulty blended in', () => {
  for (const { game } of GAMES) {
    it(`${game}: off by default, on request the order runs on blended figures and the pack says so`, async () => {
      const runId = runs[game]!;
      const g = gameById(game);
      const plain = await studio.api.call('orderings.computeApproved', { runId });
      expect(plain.observedBlend).toBeNull();
      const before = await studio.api.call('packs.export', { runId, kind: 'approved', layout: 'file' });
      expect(JSON.parse(before.text).studio?.observedBlend).toBeUndefined();

      // Players who agree with the model (harder = slower): the order and its rules are the model's.
      storeAttempts(studio.dbPath, runId, (_id, model) => 10 + model * 5);
      const agree = await studio.api.call('orderings.computeApproved', { runId, blend: { minTesters: 3 } });
      expect(agree.observedBlend).not.toBeNull();
      expect(agree.observedBlend!.minTesters).toBe(3);
      expect(agree.observedBlend!.candidates).toBeGreaterThan(1);
      expect(agree.levels.map((l) => l.candidateId)).toEqual(plain.levels.map((l) => l.candidateId));
      const agreed = await studio.api.call('packs.export', { runId, kind: 'approved', layout: 'file' });
      const pack = JSON.parse(agreed.text);
      expect(pack.studio.observedBlend).toMatchObject({
        minTesters: 3,
        weight: 'testers / (testers + minTesters)',
      });
      expect(pack.studio.observedBlend.levels.length).toBe(agree.levels.length);
      // One observed figure: each blended level's is the Players report's for that level.
      const report = await studio.api.call('playtests.report', { runId, kind: 'approved' });
      for (const l of pack.studio.observedBlend.levels as { level: number; observed: number }[])
        expect(l.observed).toBeCloseTo(report.levels[l.level - 1]!.observed!, 6);
      expect(g.verifyPack(readPack(g, pack))).toEqual([]);
      // The blend is the only difference: the game's fields are the same bytes.
      const { studio: s1, ...game1 } = JSON.parse(before.text);
      const { studio: s2, ...game2 } = pack;
      expect(game2).toEqual(game1);
      expect({ ...s2, observedBlend: undefined }).toEqual({ ...s1, observedBlend: undefined });

      // Players who find the model's hardest levels the quickest: the blend turns the order.
      storeAttempts(studio.dbPath, runId, (_id, model) => 200 / (1 + model));
      const turned = await studio.api.call('orderings.computeApproved', { runId, blend: { minTesters: 3 } });
      expect(turned.levels.map((l) => l.candidateId)).not.toEqual(plain.levels.map((l) => l.candidateId));
      // The game's own rules hold on the figures it ran on, except where the game itself says
      // its order restarts (Apsis: arrows and depth, which are not blended, may not fall either).
      const restarts = new Set(turned.problems.map((p) => p.level));
      const fell = curveBreaks(ranOn(turned), turned.curveRules).filter((b) => b.rule === 'fell');
      expect(fell.filter((b) => !restarts.has(b.to))).toEqual([]);
      // Judged on the model's figures, it falls somewhere: export asks for allow-breaks, naming the blend.
      const refused = await refusal(
        studio.api.call('packs.export', { runId, kind: 'approved', layout: 'file' }),
      );
      expect(refused.message).toMatch(/^the order blended with players' difficulty breaks the game's rules/);
      const forced = await studio.api.call('packs.export', {
        runId,
        kind: 'approved',
        layout: 'file',
        allowBreaks: true,
      });
      const fp = JSON.parse(forced.text);
      expect(fp.studio.order).toBe('approved');
      expect(fp.studio.forcedBreaks.length).toBeGreaterThan(0);
      expect(fp.studio.observedBlend.minTesters).toBe(3);

      // A threshold no candidate reaches blends nothing: the model's order, and no record.
      const none = await studio.api.call('orderings.computeApproved', { runId, blend: { minTesters: 4 } });
      expect(none.observedBlend).toBeNull();
      expect(none.levels.map((l) => l.candidateId)).toEqual(plain.levels.map((l) => l.candidateId));
      // And off again: the pack is the first one, byte for byte.
      await studio.api.call('orderings.computeApproved', { runId });
      const after = await studio.api.call('packs.export', { runId, kind: 'approved', layout: 'file' });
      expect(after.text).toBe(before.text);
    }, 240_000);
  }

  it('refuses a threshold below 1 in words, changing nothing', async () => {
    const runId = runs.carillon!;
    const r = await refusal(
      studio.api.call('orderings.computeApproved', { runId, blend: { minTesters: 0 } } as never),
    );
    expect(r.message).toMatch(/minTesters/);
  });
});
