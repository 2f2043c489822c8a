/**
 * The Runs screen's entries for the studio's ONE action table (`lib/actions.ts` spreads
 * `runsActions` in). The page and its new-run form register their handlers in `runsUi`
 * (./runs-view.svelte.ts) while they are on screen; the page's buttons run these same entries.
 */
import type { RunSummary } from '../../../src-shared/api';
import { focusIn, notOn, type Action } from '../lib/action-kit';
import { studio } from '../lib/studio.svelte';
import { isActive } from './format';
import { runsUi, type RunsPageHandlers } from './runs-view.svelte';
import { reproduceUi } from './reproduce-view.svelte';

const RESUMABLE = ['cancelled', 'interrupted', 'failed'];
const ROWS = '[data-testid="runs-table"]';

function formReason(): string | null {
  return notOn('runs') ?? (runsUi.form === null ? 'the new-run form is not on screen' : null);
}

/** Why the selected run cannot be changed now (page missing, nothing selected, a change under way). */
function selectedReason(): string | null {
  const why = notOn('runs') ?? (runsUi.page === null ? 'the Runs page is loading' : null);
  if (why) return why;
  const run = studio.selectedRun;
  if (!run) return 'no run is selected';
  if (runsUi.page?.busyRun === run.id) return `run #${run.id} is being changed`;
  return null;
}

function withSelected(f: (page: RunsPageHandlers, run: RunSummary) => void): () => void {
  return () => {
    const page = runsUi.page,
      run = studio.selectedRun;
    if (page && run) f(page, run);
  };
}

const hasPools = (r: RunSummary): boolean =>
  r.candidatesDone > 0 || r.status === 'imported' || (studio.progress[r.id]?.done ?? 0) > 0;

/** Select the run `delta` rows away from the selected one and focus its row. */
function moveSelection(delta: number): void {
  const runs = runsUi.visibleRuns;
  if (runs.length === 0) return;
  const i = runs.findIndex((r) => r.id === (focusedRow() ?? studio.selectedRunId));
  const next = runs[i < 0 ? 0 : Math.min(runs.length - 1, Math.max(0, i + delta))]!;
  studio.selectedRunId = next.id;
  (document.querySelector(`[data-testid="run-row-${next.id}"]`) as HTMLElement | null)?.focus();
}

/** The run of the focused row, if the focus is on one. */
function focusedRow(): number | null {
  const row = document.activeElement?.closest('[data-testid^="run-row-"]');
  const id = Number(row?.getAttribute('data-testid')?.slice('run-row-'.length));
  return Number.isInteger(id) && id > 0 ? id : null;
}

let cloneSeq = 0;

/**
 * Fill the new-run form with a run's game, plan and rules, and put the focus in it. The run's
 * settings come a moment later: only the last clone asked for fills the form, and the focus
 * moves only if the designer has not put it elsewhere meanwhile.
 */
async function cloneSettings(run: RunSummary): Promise<void> {
  const mine = ++cloneSeq;
  const focusedBefore = document.activeElement;
  try {
    const d = await studio.client.call('runs.get', { runId: run.id });
    if (mine !== cloneSeq) return;
    runsUi.form?.fill({
      game: d.game,
      plan: d.plan,
      rules: d.rules,
      from: `run #${d.id}`,
      name: d.name ? `${d.name} (copy)` : '',
    });
    if (document.activeElement === focusedBefore) runsUi.form?.focus();
  } catch (e) {
    studio.report(`Could not read the settings of run #${run.id}`, e);
  }
}

export const runsActions: Action[] = [
  {
    id: 'runs.start',
    title: 'Start run',
    group: 'Runs',
    shortcut: 'Mod+Enter',
    whileTyping: true,
    // Ctrl+Enter starts the run from any field of the form (and nowhere else: other fields use it to save).
    keyScope: () => focusIn('[data-testid="new-run-form"]'),
    unavailable: () =>
      formReason() ??
      (!runsUi.form!.ready
        ? 'the games have not loaded yet'
        : runsUi.form!.busy
          ? 'a run is being started'
          : null),
    perform: () => runsUi.form?.submit(),
  },
  {
    id: 'runs.randomSeed',
    title: 'Random seed',
    group: 'Runs',
    shortcut: 'Alt+S',
    whileTyping: true,
    unavailable: formReason,
    perform: () => runsUi.form?.randomSeed(),
  },
  {
    id: 'runs.new',
    title: 'New run (focus the seed field)',
    group: 'Runs',
    shortcut: 'Alt+N',
    whileTyping: true,
    unavailable: formReason,
    perform: () => runsUi.form?.focus(),
  },
  {
    id: 'runs.import',
    title: 'Import pack… (a pack file as a read-only run)',
    group: 'Runs',
    shortcut: 'Alt+I',
    unavailable: () =>
      notOn('runs') ??
      (runsUi.page === null
        ? 'the Runs page is loading'
        : runsUi.page.importing
          ? 'a pack is being imported'
          : null),
    perform: () => runsUi.page?.importPack(),
  },
  {
    id: 'runs.cancel',
    title: 'Cancel run',
    group: 'Runs',
    shortcut: 'Alt+C',
    unavailable: () => {
      const why = selectedReason();
      const run = studio.selectedRun;
      return (
        why ??
        (run && !isActive(run.status)
          ? `run #${run.id} is ${run.status}; only a queued or running run can be cancelled`
          : null)
      );
    },
    perform: withSelected((page, run) => page.cancel(run)),
  },
  {
    id: 'runs.resume',
    title: 'Resume run',
    group: 'Runs',
    shortcut: 'Alt+U',
    unavailable: () => {
      const why = selectedReason();
      const run = studio.selectedRun;
      return (
        why ??
        (run && !RESUMABLE.includes(run.status)
          ? `run #${run.id} is ${run.status}; only a cancelled, interrupted or failed run can be resumed`
          : null)
      );
    },
    perform: withSelected((page, run) => page.resume(run)),
  },
  {
    id: 'runs.delete',
    title: 'Delete run…',
    group: 'Runs',
    shortcut: 'Delete',
    unavailable: () => {
      const why = selectedReason();
      const run = studio.selectedRun;
      if (why) return why;
      if (run?.experiment)
        return `run #${run.id} is a run of experiment #${run.experiment.id}: delete the experiment to remove its runs`;
      return run && isActive(run.status)
        ? `run #${run.id} is ${run.status}: cancel it before deleting it`
        : null;
    },
    perform: withSelected((page, run) => page.askDelete(run)),
  },
  {
    id: 'runs.reproduce',
    title: 'Reproduce the selected run (make it again and compare)',
    group: 'Runs',
    unavailable: () => {
      const why = notOn('runs');
      const run = studio.selectedRun;
      if (why) return why;
      if (!run) return 'no run is selected';
      if (run.status === 'imported')
        return `run #${run.id} is an imported pack: no generator run of this studio made it`;
      if (run.status !== 'done')
        return `run #${run.id} is ${run.status}; only a finished run can be reproduced`;
      return reproduceUi.running(run.id) ? `run #${run.id} is being reproduced` : null;
    },
    perform: () => {
      const run = studio.selectedRun;
      if (run) void reproduceUi.start(run.id);
    },
  },
  {
    id: 'runs.next',
    title: 'Select the next run',
    group: 'Runs',
    shortcut: 'ArrowDown',
    keyScope: () => focusIn(ROWS),
    unavailable: () => notOn('runs') ?? (studio.runs.length === 0 ? 'there are no runs' : null),
    perform: () => moveSelection(1),
  },
  {
    id: 'runs.prev',
    title: 'Select the previous run',
    group: 'Runs',
    shortcut: 'ArrowUp',
    keyScope: () => focusIn(ROWS),
    unavailable: () => notOn('runs') ?? (studio.runs.length === 0 ? 'there are no runs' : null),
    perform: () => moveSelection(-1),
  },
  {
    id: 'runs.openPools',
    title: 'Open the selected run’s pools',
    group: 'Runs',
    shortcut: 'Enter',
    // Enter opens the pools of the run row that has the focus (elsewhere Enter presses buttons).
    keyScope: () => focusIn(ROWS),
    unavailable: () => {
      const why = notOn('runs');
      if (why) return why;
      const run = studio.runs.find((r) => r.id === (focusedRow() ?? studio.selectedRunId));
      if (!run) return 'no run is selected';
      return hasPools(run) ? null : `run #${run.id} has no candidates yet`;
    },
    perform: () => {
      const row = focusedRow();
      if (row !== null) studio.selectedRunId = row;
      studio.page = 'pools';
    },
  },
  {
    id: 'runs.clone',
    title: 'Clone the selected run’s settings (into the new-run form)',
    group: 'Runs',
    shortcut: 'Alt+L',
    unavailable: () => {
      const why = notOn('runs') ?? (runsUi.form === null ? 'the new-run form is not on screen' : null);
      return why ?? (studio.selectedRun ? null : 'no run is selected');
    },
    perform: () => {
      const run = studio.selectedRun;
      if (run) void cloneSettings(run);
    },
  },
  {
    id: 'runs.export',
    title: 'Export the selected run’s pack…',
    group: 'Runs',
    unavailable: () => {
      const why = notOn('runs');
      const run = studio.selectedRun;
      return (
        why ??
        (!run
          ? 'no run is selected'
          : run.status !== 'done' && run.status !== 'imported'
            ? `run #${run.id} is ${run.status}; a pack is written once it is done`
            : null)
      );
    },
    perform: () => {
      studio.page = 'export';
    },
  },
];
