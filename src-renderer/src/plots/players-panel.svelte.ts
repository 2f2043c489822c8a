/**
 * The Players section's state (PlayersSection.svelte draws it): the report of the order chosen,
 * loaded again when the run or the order changes (a late answer for another one is dropped), and
 * the inversion opened side by side with both levels' boards. The client comes in as an argument,
 * so tests/unit/players-panel.test.ts gives it a fake.
 */
import type { OrderingKind } from '../../../src-shared/api';
import type { CandidateDetail } from '../../../src-shared/api';
import type { PlayersReport } from '../../../src-shared/playtest/report';
import { inversionPair } from './players-view';

export interface PlayersClient {
  report(runId: number, kind: OrderingKind): Promise<PlayersReport>;
  candidate(candidateId: number): Promise<CandidateDetail>;
}

export class PlayersPanel {
  kind = $state<OrderingKind>('automatic');
  report = $state.raw<PlayersReport | null>(null);
  error = $state<string | null>(null);
  loading = $state(false);
  /** The inversion shown side by side (its index), and the two candidates once loaded. */
  opened = $state<number | null>(null);
  pair = $state.raw<{ left: CandidateDetail; right: CandidateDetail } | null>(null);
  private asked = 0;
  /** The run of the report last asked for (attempts stored for it load it again). */
  private runId: number | null = null;

  constructor(
    private readonly client: PlayersClient,
    private readonly explain: (e: unknown) => string,
  ) {}

  async load(runId: number, kind: OrderingKind = this.kind): Promise<void> {
    const ask = ++this.asked;
    this.runId = runId;
    this.kind = kind;
    this.loading = true;
    this.error = null;
    try {
      const r = await this.client.report(runId, kind);
      if (ask !== this.asked) return;
      this.report = r;
      this.opened = null;
      this.pair = null;
    } catch (e) {
      if (ask !== this.asked) return;
      this.report = null;
      this.error = this.explain(e);
    } finally {
      if (ask === this.asked) this.loading = false;
    }
  }

  /**
   * Attempts were stored for `runId` (the playtests.stored event): the report on screen is read
   * again when it is that run's, for the same order; another run's changes nothing.
   */
  stored(runId: number): Promise<void> {
    return this.runId === runId ? this.load(runId, this.kind) : Promise.resolve();
  }

  /** Open inversion `i` side by side (again: close it). */
  async open(i: number): Promise<void> {
    if (this.opened === i) {
      this.opened = null;
      this.pair = null;
      return;
    }
    const report = this.report;
    const p = report ? inversionPair(report, i) : null;
    if (!p || p.left.candidateId === null || p.right.candidateId === null) return;
    this.opened = i;
    this.pair = null;
    try {
      const [left, right] = await Promise.all([
        this.client.candidate(p.left.candidateId),
        this.client.candidate(p.right.candidateId),
      ]);
      if (this.opened === i && this.report === report) this.pair = { left, right };
    } catch (e) {
      if (this.opened === i) {
        this.opened = null;
        this.error = this.explain(e);
      }
    }
  }
}
