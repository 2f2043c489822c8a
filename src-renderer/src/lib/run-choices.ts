/**
 * What a run picker offers: the designer's own runs at top level, and the runs experiments made
 * (one per variant and seed, often dozens) grouped under their experiment and folded away
 * unless asked for. A run the page shows stays offered even when folded, in its group, so the
 * picker always reads what is selected. Pure (the pickers, the Runs table and a unit test use it).
 */
import type { OrderingKind, RunSummary } from '../../../src-shared/api';
import { ORDER_WORDS } from '../../../src-shared/ordering/ships-now';

interface ExperimentRunGroup {
  experimentId: number;
  /** "Experiment #3 · tiny spacing" (the optgroup's or the table's group heading). */
  label: string;
  /** This group's runs on offer, base first, then each variant, seeds in order. */
  runs: RunSummary[];
  /** All of this experiment's runs in the list given, shown or not. */
  total: number;
}

export interface RunChoices {
  /** The designer's own runs (imported ones too), in the order given (newest first). */
  own: RunSummary[];
  groups: ExperimentRunGroup[];
  /** Experiment runs in the list given, offered or not. */
  experimentRuns: number;
  /** Experiment runs folded away (not offered). */
  hidden: number;
}

/** "Experiment #3 · tiny spacing": the name the studio gave it ("experiment: a / b") without its prefix. */
export function experimentGroupLabel(run: RunSummary): string {
  const e = run.experiment;
  if (!e) return 'Experiment';
  const name = e.name.replace(/^experiment:\s*/i, '').trim();
  return `Experiment #${e.id}${name ? ` · ${name}` : ''}`;
}

/** "Spacing 18 · seed 3", "Base · seed 1": where an experiment's run sits in it. */
export function experimentRunLabel(run: RunSummary): string {
  const v = run.experiment?.variant ?? 'run';
  return `${v.charAt(0).toUpperCase()}${v.slice(1)} · seed ${run.seed}`;
}

/**
 * "#12 · my name · <Game> · seed 7 · 30 levels": a run of its own, as the pickers list it (`title`: the
 * game's, never its id). The name comes right after the id: a picker cut short at 1280 px still shows
 * what the designer called the run (the whole label is on hover).
 */
export function ownRunLabel(run: RunSummary, title: string = run.game): string {
  return `#${run.id}${run.name ? ` · ${run.name}` : ''} · ${title} · seed ${run.seed} · ${run.levels} levels${run.status === 'imported' ? ' · imported' : ''}`;
}

/** Any run as a picker names it: an experiment's with its experiment ("Experiment #3 · Base · seed 1"). */
export function runLabel(run: RunSummary, title: string = run.game): string {
  return run.experiment
    ? `${experimentGroupLabel(run)} · ${experimentRunLabel(run)}`
    : ownRunLabel(run, title);
}

/**
 * Split `runs` into the designer's own and experiments' groups. With `showExperimentRuns` off,
 * a group holds only the runs in `keep` (the ones a page shows), and is left out when empty.
 */
export function runChoices(
  runs: readonly RunSummary[],
  o: { showExperimentRuns: boolean; keep?: readonly (number | null)[] },
): RunChoices {
  const keep = new Set(o.keep ?? []);
  const own: RunSummary[] = [];
  const byExperiment = new Map<number, RunSummary[]>();
  for (const r of runs) {
    if (r.experiment === null) {
      own.push(r);
      continue;
    }
    const list = byExperiment.get(r.experiment.id);
    if (list) list.push(r);
    else byExperiment.set(r.experiment.id, [r]);
  }
  const groups: ExperimentRunGroup[] = [];
  let experimentRuns = 0,
    hidden = 0;
  // Newest experiment first, as runs are listed newest first.
  for (const [experimentId, all] of [...byExperiment].sort((a, b) => b[0] - a[0])) {
    experimentRuns += all.length;
    const sorted = [...all].sort(
      (a, b) => a.experiment!.arm - b.experiment!.arm || a.seed - b.seed || a.id - b.id,
    );
    const offered = o.showExperimentRuns ? sorted : sorted.filter((r) => keep.has(r.id));
    hidden += all.length - offered.length;
    if (offered.length > 0)
      groups.push({
        experimentId,
        label: experimentGroupLabel(sorted[0]!),
        runs: offered,
        total: all.length,
      });
  }
  return { own, groups, experimentRuns, hidden };
}

/** The runs a picker offers, in the order it lists them (own runs, then each group's). */
export function offeredRuns(c: RunChoices): RunSummary[] {
  return [...c.own, ...c.groups.flatMap((g) => g.runs)];
}

/** The run to show first: the designer's newest own run that `usable` accepts, else any. */
export function firstRun(runs: readonly RunSummary[], usable: (r: RunSummary) => boolean): RunSummary | null {
  return runs.find((r) => r.experiment === null && usable(r)) ?? runs.find(usable) ?? null;
}

/**
 * The run to compare `a` with when none is chosen: for an experiment's run, the same seed's
 * base (or, for the base, the first variant's), else the newest own run of the list.
 */
export function comparePartner(a: RunSummary, others: readonly RunSummary[]): RunSummary | null {
  const e = a.experiment;
  if (e) {
    const arm = e.arm === 0 ? 1 : 0;
    const same = others.find(
      (r) => r.experiment?.id === e.id && r.experiment.arm === arm && r.seed === a.seed,
    );
    if (same) return same;
  }
  return others.find((r) => r.experiment === null) ?? others[0] ?? null;
}

/** A run's short name beside its side of a comparison: "seed 7", or "Spacing 18 · seed 3" for an experiment's. */
export function sideName(run: RunSummary): string {
  return run.experiment ? experimentRunLabel(run) : `seed ${run.seed}`;
}

/**
 * Compare's legend: "A · seed 3" and "B · seed 7", and when the two would read alike (two runs
 * of one seed, "A · seed 11 / B · seed 11") each names its run too: "A · #12 · seed 11". Two
 * different orders name their order too ("A · seed 3 · automatic"); two orders of one run, only
 * the order ("A · automatic", "B · steered": the toolbar names the run).
 */
export function sideNames(
  a: RunSummary,
  b: RunSummary,
  kindA?: OrderingKind,
  kindB?: OrderingKind,
): [string, string] {
  const orders = kindA !== undefined && kindB !== undefined && kindA !== kindB;
  if (orders && a.id === b.id) return [`A · ${ORDER_WORDS[kindA]}`, `B · ${ORDER_WORDS[kindB]}`];
  const na = sideName(a),
    nb = sideName(b);
  const [x, y] = na === nb ? [`A · #${a.id} · ${na}`, `B · #${b.id} · ${nb}`] : [`A · ${na}`, `B · ${nb}`];
  return orders ? [`${x} · ${ORDER_WORDS[kindA]}`, `${y} · ${ORDER_WORDS[kindB]}`] : [x, y];
}
