/**
 * A candidate's playtest attempts in the inspector (AttemptsPanel.svelte draws them): the list,
 * loaded for the candidate on screen (a late answer for another is dropped), and the one opened
 * as a movie on the board (./attempt-movie-view.svelte.ts). The client, board and timer come in
 * as arguments, so tests/unit/attempts-view.test.ts gives fakes.
 */
import type { GameWords } from '../../../src-shared/game';
import type { StoredAttempt, StoredAttemptSummary } from '../../../src-shared/playtest/types';
import { AttemptMovie, type MovieDeps } from './attempt-movie-view.svelte';

export interface AttemptsClient {
  attempts(runId: number, candidateId: number): Promise<{ attempts: StoredAttemptSummary[]; total: number }>;
  attempt(id: string): Promise<StoredAttempt>;
}

export class AttemptsList {
  candidateId = $state<number | null>(null);
  items = $state.raw<StoredAttemptSummary[]>([]);
  total = $state(0);
  error = $state<string | null>(null);
  open = $state(false);
  readonly movie: AttemptMovie;
  private asked = 0;
  /** The run of the candidate listed (attempts stored for it load the list again). */
  private runId: number | null = null;

  constructor(
    private readonly client: AttemptsClient,
    deps: MovieDeps,
    private readonly words: () => GameWords,
    private readonly explain: (e: unknown) => string,
  ) {
    this.movie = new AttemptMovie(deps);
  }

  /** Distinct testers in the list. */
  get testers(): number {
    return new Set(this.items.map((a) => a.tester)).size;
  }

  async load(runId: number, candidateId: number): Promise<void> {
    if (this.candidateId !== candidateId) this.movie.close();
    const ask = ++this.asked;
    this.runId = runId;
    this.candidateId = candidateId;
    this.error = null;
    try {
      const page = await this.client.attempts(runId, candidateId);
      if (ask !== this.asked) return;
      this.items = page.attempts;
      this.total = page.total;
    } catch (e) {
      if (ask !== this.asked) return;
      this.items = [];
      this.total = 0;
      this.error = this.explain(e);
    }
  }

  /**
   * Attempts were stored for `runId` (the playtests.stored event): the list is read again when
   * it is of that run's candidate (the replay open stays open); another run's changes nothing.
   */
  stored(runId: number): Promise<void> {
    const c = this.candidateId;
    return this.runId === runId && c !== null ? this.load(runId, c) : Promise.resolve();
  }

  /** Open one attempt's replay (by id: from the list or from a note's link). */
  async play(id: string): Promise<boolean> {
    const ask = this.asked;
    try {
      const a = await this.client.attempt(id);
      if (ask !== this.asked) return false;
      if (this.candidateId !== null && a.candidateId !== this.candidateId) {
        this.error = `attempt ${id.slice(0, 8)} is of another candidate (#${a.candidateId})`;
        return false;
      }
      this.open = true;
      this.movie.load(a, this.words());
      return true;
    } catch (e) {
      this.error = this.explain(e);
      return false;
    }
  }
}
