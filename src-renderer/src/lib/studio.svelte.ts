/** The renderer's app state (Svelte 5 runes): API client, games, runs, page, errors, theme. */
import { untrack } from 'svelte';
import type { GameInfo, RunProgress, RunSummary, StudioClient } from '../../../src-shared/api';
import type { GameId } from '../../../src-shared/games/index';
import { connect } from './client';
import { StudioError, errorText } from './errors';
import { firstRun } from './run-choices';
import { latestAsk } from './latest-ask';
import { savedSwitch, saveSwitch } from './saved-switch';
import type { PageId } from './pages';

const EXPERIMENT_RUNS_KEY = 'studio-show-experiment-runs';

export type { PageId } from './pages';

interface ShownError {
  id: number;
  title: string;
  /** A designer's sentence. */
  message: string;
  /** The raw API error, when it differs (shown folded, for a bug report). */
  detail: string | null;
  at: string;
}

let errorId = 1;

/** A run with pools to show (the first one selected). */
const shows = (r: RunSummary): boolean => r.status === 'done' || r.status === 'imported';

/**
 * What the inspector shows: a stored candidate (by id) or a level from a pack file (or a new
 * level), with the plan and 0-based slot it stands in when known (edit mode proves against them).
 */
type InspectTarget =
  /** `attempt`: a tester's attempt at it to replay (a note's link, the Players section). */
  | { kind: 'candidate'; candidateId: number; attempt?: string }
  | {
      kind: 'level';
      game: GameId;
      rules: unknown;
      level: unknown;
      label: string;
      plan?: unknown;
      slot?: number;
    };

class Studio {
  client: StudioClient = connect();
  page = $state<PageId>('runs');
  games = $state<GameInfo[]>([]);
  runs = $state<RunSummary[]>([]);
  loading = $state(true);
  errors = $state<ShownError[]>([]);
  theme = $state<'dark' | 'light'>('dark');
  paletteOpen = $state(false);
  /** The `?` sheet of the page's keys is open. */
  keysOpen = $state(false);
  /** The palette was opened to jump (Alt+G): it lists only the jumps to what is typed. */
  paletteJump = $state(false);
  /** Developer timings (board build and draw times) on screen; off by default (Alt+D). */
  debugOverlay = $state(false);
  /** The run the Pools, Plots, Duplicates, Ordering and Export pages show. */
  selectedRunId = $state<number | null>(null);
  #showExperimentRuns = $state(savedSwitch(EXPERIMENT_RUNS_KEY, false));
  /**
   * The runs experiments made are listed in the run pickers and on the Runs page (under their
   * experiment); off by default: a designer's pickers list their own runs. Kept per user.
   */
  get showExperimentRuns(): boolean {
    return this.#showExperimentRuns;
  }
  set showExperimentRuns(on: boolean) {
    this.#showExperimentRuns = on;
    saveSwitch(EXPERIMENT_RUNS_KEY, on);
  }
  /** Latest progress event per run id. */
  progress = $state<Record<number, RunProgress>>({});
  private subscribed = false;

  get selectedRun(): RunSummary | null {
    return this.runs.find((r) => r.id === this.selectedRunId) ?? null;
  }

  gameInfo(id: string | undefined): GameInfo | undefined {
    return this.games.find((g) => g.id === id);
  }

  /**
   * Live progress and run changes from main; runs reload when one changes state, when a run
   * enters its next phase (its stored counts moved on), and when another process (the CLI, a
   * second studio) made, changed or deleted runs on the same database.
   */
  subscribe(): void {
    if (this.subscribed) return;
    this.subscribed = true;
    this.client.on('run.progress', (p) => {
      const before = this.progress[p.runId];
      this.progress = { ...this.progress, [p.runId]: p };
      if (before && before.stage !== p.stage) void this.loadRuns();
    });
    this.client.on('run.changed', () => void this.loadRuns());
    this.client.on('runs.changedElsewhere', () => void this.loadRuns());
  }

  /** Only the latest runs.list answer shows (reloads come from events, and may cross). */
  private runsAsk = latestAsk();

  async loadRuns(): Promise<void> {
    const latest = this.runsAsk.ask();
    try {
      const runs = await this.client.call('runs.list', {});
      if (!latest()) return;
      this.runs = runs;
      if (this.selectedRunId !== null && !this.runs.some((r) => r.id === this.selectedRunId))
        this.selectedRunId = null;
      if (this.selectedRunId === null) this.selectedRunId = firstRun(this.runs, shows)?.id ?? null;
    } catch (e) {
      this.report('Could not load the runs', e);
    }
  }
  inspected = $state<InspectTarget | null>(null);

  /** Open something in the inspector and go there. */
  /**
   * Open a level in the inspector. Opened from another page (Pools, Ordering, a plot, the
   * palette from there), it shows in play mode: `fromElsewhere` runs first (edit mode's own
   * state, editor/editing.svelte.ts, turns edit mode off). Stepping to another level from the
   * inspector itself (`.` `,`, the filmstrip, its jump field) keeps the mode it is in.
   */
  inspect(target: InspectTarget): void {
    if (this.page !== 'inspector') for (const f of this.openedFromElsewhere) f();
    this.inspected = target;
    this.page = 'inspector';
  }
  private openedFromElsewhere: (() => void)[] = [];
  /** `f` runs whenever a level is opened in the inspector from another page. */
  onOpenedFromElsewhere(f: () => void): void {
    this.openedFromElsewhere.push(f);
  }

  /** Report a failure in the visible error panel; never swallow it. */
  report(title: string, e: unknown): void {
    // An API error reads as a sentence; its raw text stays behind "Details" for a bug report.
    const api = e instanceof StudioError;
    const message = errorText(e);
    const detail = api && e.body.message !== message ? `${e.body.code}: ${e.body.message}` : null;
    // Untracked read: a report made inside an effect must not make that effect depend on the
    // error list (it would re-run on its own report, and loop if it fails again).
    this.errors = [
      ...untrack(() => this.errors),
      { id: errorId++, title, message, detail, at: new Date().toLocaleTimeString() },
    ];
  }

  dismiss(id: number): void {
    this.errors = this.errors.filter((e) => e.id !== id);
  }

  async load(): Promise<void> {
    this.loading = true;
    try {
      const [games, runs] = await Promise.all([
        this.client.call('games.list', {}),
        this.client.call('runs.list', {}),
      ]);
      this.games = games;
      this.runs = runs;
      if (this.selectedRunId === null) this.selectedRunId = firstRun(runs, shows)?.id ?? null;
      this.subscribe();
    } catch (e) {
      this.report('Could not load the studio', e);
    } finally {
      this.loading = false;
    }
  }

  setTheme(theme: 'dark' | 'light'): void {
    this.theme = theme;
    document.documentElement.dataset['theme'] = theme;
    try {
      localStorage.setItem('studio-theme', theme);
    } catch {
      // storage may be unavailable (private mode); the theme still applies for this session
    }
  }
}

export const studio = new Studio();
