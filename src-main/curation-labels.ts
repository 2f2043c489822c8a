/** What each curation action is called in the run's history and on the undo bar. */
import type { Verdict } from '../src-shared/api';
import type { ChangeMeta } from './store/history';

const quoted = (tags: readonly string[]): string => tags.map((t) => `“${t}”`).join(', ');

export const curationLabels = {
  verdict: (verdict: Verdict): ChangeMeta => ({
    kind: 'verdict',
    label: (scope) =>
      `${verdict === 'approved' ? 'Approved' : verdict === 'rejected' ? 'Rejected' : 'Cleared the verdict of'} ${scope}`,
  }),
  note: (note: string): ChangeMeta => ({
    kind: 'note',
    label: (scope) => (note === '' ? `Removed the note of ${scope}` : `Noted ${scope}`),
  }),
  tags: (mode: 'add' | 'remove' | 'set', tags: readonly string[]): ChangeMeta => ({
    kind: mode === 'add' ? 'tag' : mode === 'remove' ? 'untag' : 'set-tags',
    label: (scope) =>
      mode === 'add'
        ? `Tagged ${scope} ${quoted(tags)}`
        : mode === 'remove'
          ? `Removed ${quoted(tags)} from ${scope}`
          : `Set the tags of ${scope} to ${tags.length ? quoted(tags) : 'none'}`,
  }),
};
