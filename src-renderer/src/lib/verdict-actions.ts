/**
 * The verdict keys, one shape for every place that curates (Pools on the selection, the
 * inspector on the candidate on screen): A approve, R reject, C clear and 0 clear again. Each
 * place gives its ids' prefix, its group, its titles, when the keys act and what a verdict
 * does there; the keys themselves are written once here.
 */
import type { Verdict } from '../../../src-shared/api';
import type { Action, ActionGroup } from './action-kit';

export interface VerdictTarget {
  /** Action ids are `${prefix}.approve`, `.reject`, `.clear`, `.clear0`. */
  prefix: string;
  group: ActionGroup;
  /** The palette's titles for approving, rejecting and clearing what the keys act on. */
  titles: Record<Verdict, string>;
  /** Why no verdict can be given now (null: it can). */
  unavailable: () => string | null;
  /** Where the keys act, besides being available (Pools: the keyboard in the card grid). */
  keyScope?: () => boolean;
  setVerdict: (verdict: Verdict) => void;
}

const KEYS: { suffix: string; shortcut: string; verdict: Verdict }[] = [
  { suffix: 'approve', shortcut: 'A', verdict: 'approved' },
  { suffix: 'reject', shortcut: 'R', verdict: 'rejected' },
  { suffix: 'clear', shortcut: 'C', verdict: 'none' },
  { suffix: 'clear0', shortcut: '0', verdict: 'none' },
];

export function verdictActions(t: VerdictTarget): Action[] {
  return KEYS.map(({ suffix, shortcut, verdict }) => ({
    id: `${t.prefix}.${suffix}`,
    title: suffix === 'clear0' ? 'Clear the verdict (alternative key)' : t.titles[verdict],
    group: t.group,
    shortcut,
    ...(t.keyScope ? { keyScope: t.keyScope } : {}),
    unavailable: t.unavailable,
    perform: () => t.setVerdict(verdict),
  }));
}
