/**
 * The Runs screen's state: the handlers the page and its new-run form register while they are
 * on screen (the actions in ./runs-actions.ts run them), and the runs its table lists.
 */
import type { RunSummary } from '../../../src-shared/api';
import { studio } from '../lib/studio.svelte';
import { offeredRuns, runChoices, type RunChoices } from '../lib/run-choices';

export interface RunsPageHandlers {
  importPack(): void;
  readonly importing: boolean;
  cancel(run: RunSummary): void;
  resume(run: RunSummary): void;
  askDelete(run: RunSummary): void;
  /** The run a cancel or resume is under way for. */
  readonly busyRun: number | null;
}

interface RunFormHandlers {
  submit(): void;
  randomSeed(): void;
  focus(): void;
  /** Fill the form with stored settings (a cloned run's or a preset's); `from` names their source. */
  fill(settings: { game: string; plan: unknown; rules: unknown; from: string; name?: string }): void;
  readonly busy: boolean;
  /** The chosen game is known (the games have loaded). */
  readonly ready: boolean;
}

class RunsUi {
  page = $state<RunsPageHandlers | null>(null);
  form = $state<RunFormHandlers | null>(null);
  /** The runs experiments made (an arm on a seed each) are folded away unless asked for (as in every run picker). */
  get showExperimentRuns(): boolean {
    return studio.showExperimentRuns;
  }
  set showExperimentRuns(on: boolean) {
    studio.showExperimentRuns = on;
  }

  /** The runs table's runs: the designer's own, then each experiment's under it (when shown, or the selected one). */
  get choices(): RunChoices {
    return runChoices(studio.runs, {
      showExperimentRuns: studio.showExperimentRuns,
      keep: [studio.selectedRunId],
    });
  }

  /** The rows of the runs table, in its order (↑/↓ walk them). */
  get visibleRuns(): RunSummary[] {
    return offeredRuns(this.choices);
  }
}
export const runsUi = new RunsUi();
