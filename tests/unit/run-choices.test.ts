/**
 * What a run picker offers (src-renderer/src/lib/run-choices.ts): the designer's own runs at
 * top level; experiments' runs grouped under their experiment, folded unless shown, the
 * selected one kept; labels "Spacing 18 · seed 3"; the first run and Compare's partner.
 */
import { describe, expect, it } from 'vitest';
import type { RunSummary } from '../../src-shared/api';
import {
  comparePartner,
  experimentGroupLabel,
  experimentRunLabel,
  firstRun,
  offeredRuns,
  ownRunLabel,
  runChoices,
  runLabel,
  sideName,
} from '../../src-renderer/src/lib/run-choices';

let nextId = 1;
function run(
  o: Partial<RunSummary> & { exp?: { id: number; arm: number; variant: string; name?: string } } = {},
): RunSummary {
  const { exp, ...rest } = o;
  const id = rest.id ?? nextId++;
  return {
    id,
    game: 'g1' as RunSummary['game'],
    seed: 7,
    name: '',
    status: 'done',
    levels: 4,
    candidatesDone: 8,
    candidatesTotal: 8,
    createdAt: '',
    startedAt: null,
    finishedAt: null,
    durationMs: null,
    error: null,
    dataProblem: null,
    made: null,
    generatorNote: null,
    experimentId: exp?.id ?? null,
    experiment: exp
      ? { id: exp.id, arm: exp.arm, variant: exp.variant, name: exp.name ?? 'experiment: spacing 18' }
      : null,
    ...rest,
  };
}

/** An experiment's runs, as runs.list gives them (newest first: the last variant's last seed first). */
function experiment(
  id: number,
  variants: string[],
  seeds: number[],
  name = `experiment: ${variants.join(' / ')}`,
): RunSummary[] {
  const out: RunSummary[] = [];
  ['base', ...variants].forEach((variant, arm) =>
    seeds.forEach((seed) => out.push(run({ seed, exp: { id, arm, variant, name } }))),
  );
  return out.reverse();
}

describe('run choices', () => {
  const mine = [run({ seed: 41, name: 'my run' }), run({ seed: 42 })];
  const exp = experiment(3, ['spacing 18', 'spacing 22'], [1, 2, 3, 4, 5, 6, 7, 8]);
  const all = [...exp, ...mine].sort((a, b) => b.id - a.id);

  it('lists only the designer’s own runs at top level, experiments’ runs folded and counted', () => {
    const c = runChoices(all, { showExperimentRuns: false });
    expect(c.own.map((r) => r.id)).toEqual(mine.map((r) => r.id).sort((a, b) => b - a));
    expect(c.groups).toEqual([]);
    expect(c.experimentRuns).toBe(24);
    expect(c.hidden).toBe(24);
    expect(offeredRuns(c)).toHaveLength(2);
  });

  it('keeps the selected experiment run, alone in its experiment’s group', () => {
    const picked = exp.find((r) => r.experiment!.arm === 1 && r.seed === 3)!;
    const c = runChoices(all, { showExperimentRuns: false, keep: [picked.id, null] });
    expect(c.groups).toHaveLength(1);
    expect(c.groups[0]!.runs.map((r) => r.id)).toEqual([picked.id]);
    expect(c.groups[0]!.total).toBe(24);
    expect(c.hidden).toBe(23);
    expect(c.own).toHaveLength(2);
  });

  it('shown: each experiment a group, base first, then each variant, seeds in order; newest experiment first', () => {
    const older = experiment(2, ['loose'], [1, 2]);
    const c = runChoices([...all, ...older], { showExperimentRuns: true });
    expect(c.groups.map((g) => g.experimentId)).toEqual([3, 2]);
    expect(c.groups[0]!.runs.slice(0, 9).map(experimentRunLabel)).toEqual([
      ...[1, 2, 3, 4, 5, 6, 7, 8].map((s) => `Base · seed ${s}`),
      'Spacing 18 · seed 1',
    ]);
    expect(c.groups[1]!.runs.map(experimentRunLabel)).toEqual([
      'Base · seed 1',
      'Base · seed 2',
      'Loose · seed 1',
      'Loose · seed 2',
    ]);
    expect(c.hidden).toBe(0);
    expect(offeredRuns(c)).toHaveLength(2 + 24 + 4);
  });

  it('labels: the group by experiment, the run by variant and seed, own runs as before', () => {
    expect(experimentGroupLabel(exp[0]!)).toBe('Experiment #3 · spacing 18 / spacing 22');
    expect(experimentGroupLabel(run({ exp: { id: 5, arm: 0, variant: 'base', name: 'tiny spacing' } }))).toBe(
      'Experiment #5 · tiny spacing',
    );
    expect(experimentGroupLabel(run({ exp: { id: 6, arm: 0, variant: 'base', name: '' } }))).toBe(
      'Experiment #6',
    );
    const own = run({ id: 12, seed: 7, name: 'mine', levels: 30 });
    expect(ownRunLabel(own)).toBe('#12 · mine · g1 · seed 7 · 30 levels');
    expect(runLabel(own)).toBe(ownRunLabel(own));
    expect(runLabel(exp.at(-1)!)).toBe('Experiment #3 · spacing 18 / spacing 22 · Base · seed 1');
    expect(ownRunLabel(run({ id: 13, status: 'imported' }))).toMatch(/ · imported$/);
    expect(sideName(own)).toBe('seed 7');
    expect(sideName(exp[0]!)).toBe('Spacing 22 · seed 8');
  });

  it('an empty list offers nothing and hides nothing', () => {
    expect(runChoices([], { showExperimentRuns: false })).toEqual({
      own: [],
      groups: [],
      experimentRuns: 0,
      hidden: 0,
    });
  });

  it('the first run shown is the designer’s newest usable own run, an experiment’s only when there is none', () => {
    const done = (r: RunSummary) => r.status === 'done';
    expect(firstRun(all, done)!.id).toBe(Math.max(...mine.map((r) => r.id)));
    expect(firstRun(exp, done)!.experiment).not.toBeNull();
    const running = run({ status: 'running' });
    expect(firstRun([running, ...all], done)!.id).not.toBe(running.id);
    expect(firstRun([running], done)).toBeNull();
  });

  it('Compare’s partner: the same seed’s base for a variant, the first variant for the base, else an own run', () => {
    const variant = exp.find((r) => r.experiment!.arm === 2 && r.seed === 5)!;
    const others = all.filter((r) => r.id !== variant.id);
    const p = comparePartner(variant, others)!;
    expect([p.experiment?.arm, p.seed]).toEqual([0, 5]);
    const base = exp.find((r) => r.experiment!.arm === 0 && r.seed === 2)!;
    const q = comparePartner(
      base,
      all.filter((r) => r.id !== base.id),
    )!;
    expect([q.experiment?.arm, q.seed]).toEqual([1, 2]);
    expect(
      comparePartner(
        mine[0]!,
        all.filter((r) => r.id !== mine[0]!.id),
      )!.id,
    ).toBe(mine[1]!.id);
    expect(comparePartner(mine[0]!, [])).toBeNull();
  });
});
