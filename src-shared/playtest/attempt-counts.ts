/**
 * The counts of a run's stored attempts: how many testers, how many attempts, and how many ended
 * each way, overall and per tester. What came back, before any figure is drawn from it, so a
 * designer sees at once that a tester's file landed and how they played (docs/playtests.md).
 * Pure; the same attempts give the same counts.
 */
import type { PlaytestOutcome } from './types';

export const OUTCOMES: readonly PlaytestOutcome[] = [
  'cleared-fewest',
  'cleared-more',
  'failed',
  'gave-up',
  'skipped',
];

export type OutcomeCounts = Record<PlaytestOutcome, number>;

export interface AttemptCounts {
  testers: number;
  attempts: number;
  byOutcome: OutcomeCounts;
  /** Each tester, by name, with their attempts per outcome. */
  byTester: { tester: string; attempts: number; byOutcome: OutcomeCounts }[];
}

const zero = (): OutcomeCounts => ({
  'cleared-fewest': 0,
  'cleared-more': 0,
  failed: 0,
  'gave-up': 0,
  skipped: 0,
});

export function countAttempts(
  attempts: readonly { tester: string; outcome: PlaytestOutcome }[],
): AttemptCounts {
  const byOutcome = zero();
  const per = new Map<string, { attempts: number; byOutcome: OutcomeCounts }>();
  for (const a of attempts) {
    byOutcome[a.outcome]++;
    let t = per.get(a.tester);
    if (!t) per.set(a.tester, (t = { attempts: 0, byOutcome: zero() }));
    t.attempts++;
    t.byOutcome[a.outcome]++;
  }
  return {
    testers: per.size,
    attempts: attempts.length,
    byOutcome,
    byTester: [...per]
      .sort((p, q) => (p[0] < q[0] ? -1 : p[0] > q[0] ? 1 : 0))
      .map(([tester, t]) => ({ tester, ...t })),
  };
}
