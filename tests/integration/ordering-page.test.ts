/**
 * What the Ordering page reads through the API: every order of a run is drawn against the
 * same target line (the automatic one's); its rule breaks come from the game's curve rules with
 * where and by how much; the plan's landmarks; a level's swap list ranked by fit; and a steered
 * recompute runs on a worker, so other calls are answered while it runs.
 */
import Database from 'better-sqlite3';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PoolCandidate } from '../../src-shared/game';
import { carillonGame } from '../../src-shared/games/carillon/index';
import type { CarillonLevel } from '../../src-shared/games/carillon/model';
import { refusal } from '../helpers/refusal';
import { useTestStudio } from '../helpers/studio';

const studio = useTestStudio({ prefix: 'studio-ordering-page-' });
let runId: number;

beforeAll(async () => {
  runId = (await studio.finishedRun({ game: 'carillon', seed: 23, levels: 14 })).id;
}, 240_000);

describe('the Ordering page through the API', () => {
  it('an approved order of a few candidates is drawn against the automatic target line', async () => {
    const auto = await studio.api.call('orderings.get', { runId, kind: 'automatic' });
    // Approve only the first six levels' shipped candidates: the rest are short.
    await studio.api.call('candidates.setVerdict', {
      candidateIds: auto.levels.slice(0, 6).flatMap((l) => (l.candidateId === null ? [] : [l.candidateId])),
      verdict: 'approved',
    });
    const approved = await studio.api.call('orderings.computeApproved', { runId });
    expect(approved.shortLevels.length).toBeGreaterThan(0);
    expect(approved.levels.map((l) => l.target)).toEqual(auto.levels.map((l) => l.target));
    expect(auto.levels.every((l) => l.target !== null)).toBe(true);
    // Names: every filled level carries its pool and place ("L12 · c3").
    for (const l of approved.levels)
      if (l.candidateId !== null) expect([l.slot, l.index].every((x) => Number.isInteger(x))).toBe(true);
  });

  it('the game draws the line of a thin pool set from every proven candidate (Game.order targetPools)', () => {
    const db = new Database(studio.dbPath, { readonly: true });
    try {
      const run = db.prepare('SELECT plan, rules FROM runs WHERE id = ?').get(runId) as {
        plan: string;
        rules: string;
      };
      const plan = JSON.parse(run.plan),
        rules = JSON.parse(run.rules);
      const all: PoolCandidate<CarillonLevel>[][] = carillonGame.poolSizes(plan, rules).map(() => []);
      const thin: PoolCandidate<CarillonLevel>[][] = all.map(() => []);
      for (const c of db
        .prepare(
          'SELECT slot, idx, level, metrics, verdict FROM candidates WHERE run_id = ? AND level IS NOT NULL',
        )
        .all(runId) as { slot: number; idx: number; level: string; metrics: string; verdict: string }[]) {
        const p = {
          id: `${c.slot}:${c.idx}`,
          slot: c.slot,
          index: c.idx,
          level: JSON.parse(c.level),
          metrics: JSON.parse(c.metrics),
        };
        all[c.slot]!.push(p);
        if (c.verdict === 'approved') thin[c.slot]!.push(p);
      }
      const full = carillonGame.order({ rules, plan, pools: all });
      const own = carillonGame.order({ rules, plan, pools: thin });
      const aimed = carillonGame.order({ rules, plan, pools: thin, targetPools: all });
      // From its own thin pools the line was flat stretches well below (the staircase); given every candidate it is the automatic line.
      expect(own.targets).not.toEqual(full.targets);
      expect(aimed.targets).toEqual(full.targets);
    } finally {
      db.close();
    }
  });

  it("serves the rule breaks of the game's curve rules and the plan's landmarks", async () => {
    const auto = await studio.api.call('orderings.get', { runId, kind: 'automatic' });
    expect(auto.curveRules).toEqual({ maxStep: null, maxEqualRun: null });
    expect(auto.marks).toContainEqual({ level: 9, kind: 'tutorial-end', label: 'tutorial ends' });
    expect(auto.marks).toContainEqual({ level: 4, kind: 'mechanic', label: '2 taps' });
    // Force a fall: pin the hardest proven candidate to level 2; the steered order breaks "never falls" there.
    const page = await studio.api.call('candidates.list', { runId, limit: 2000, withLevels: false });
    const hardest = page.items
      .filter((c) => c.failure === null && c.slot < 9)
      .sort((a, b) => (b.metrics['bits'] ?? 0) - (a.metrics['bits'] ?? 0))[0]!;
    const r = await studio.api.call('orderings.steer', {
      runId,
      clear: true,
      pin: [{ level: 2, candidateId: hardest.id }],
    });
    const view = await studio.api.call('orderings.get', { runId, kind: 'steered' });
    expect(view.breaks).toEqual(r.breaks);
    const fell = view.breaks.find((b) => b.rule === 'fell');
    expect(fell).toBeDefined();
    expect(fell!.from).toBe(2);
    expect(fell!.to).toBe(3);
    expect(fell!.by).toBeCloseTo(view.levels[1]!.difficulty! - view.levels[2]!.difficulty!);
    expect(fell!.message).toMatch(/^difficulty fell from .* between levels 2 and 3 \(by .*\)$/);
  });

  it("ranks a level's pool by fit and leaves out what the steering may not ship", async () => {
    await studio.api.call('orderings.steer', { runId, clear: true });
    const steered = await studio.api.call('orderings.get', { runId, kind: 'steered' });
    const level = 6;
    const s = await studio.api.call('orderings.swapOptions', { runId, kind: 'steered', level });
    expect(s.current).toBe(steered.levels[level - 1]!.candidateId);
    expect(s.options.length).toBeGreaterThan(1);
    // The level's stage (levels 4–9 of this plan): its pools are what the level may hold.
    expect(s.stage).toEqual({ first: 4, last: 9 });
    expect(s.options.every((o) => o.slot >= 3 && o.slot <= 8 && o.level !== null)).toBe(true);
    expect(s.options.some((o) => o.slot !== level - 1)).toBe(true);
    expect(s.options.length).toBeLessThanOrEqual(41);
    // Best fit first: never more breaks than the next one.
    for (let i = 1; i < s.options.length; i++)
      expect(s.options[i]!.breaks.length).toBeGreaterThanOrEqual(s.options[i - 1]!.breaks.length);
    const first = s.options[0]!;
    expect(first.breaks).toEqual([]);
    // Excluding one leaves it out of the list and counts it.
    const victim = s.options[s.options.length - 1]!.candidateId;
    await studio.api.call('orderings.steer', { runId, exclude: [victim] });
    const again = await studio.api.call('orderings.swapOptions', { runId, kind: 'steered', level });
    expect(again.options.map((o) => o.candidateId)).not.toContain(victim);
    expect(again.leftOut).toBe(s.leftOut + 1);
    expect(again.options.length + again.more).toBe(s.options.length + s.more - 1);
    const bad = await refusal(
      studio.api.call('orderings.swapOptions', { runId, kind: 'steered', level: 99 }),
    );
    expect(bad.message).toBe('level 99 is not a level of the steered order (1–14)');
  });

  it('a recompute runs on a worker: the API answers meanwhile', async () => {
    const page = await studio.api.call('candidates.list', { runId, limit: 2000, withLevels: false });
    const spare = page.items.find((c) => c.failure === null && c.slot === 7)!;
    let steerDone = false;
    const steering = studio.api
      .call('orderings.steer', { runId, clear: true, pin: [{ level: 8, candidateId: spare.id }] })
      .then((r) => {
        steerDone = true;
        return r;
      });
    const info = await studio.api.call('app.info', {});
    expect(info.name).toBeTruthy();
    expect(steerDone).toBe(false);
    expect((await steering).ordering.levels[7]!.candidateId).toBe(spare.id);
  });
});
