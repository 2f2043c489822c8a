/**
 * The Experiments screen's entries for the studio's ONE action table (`lib/actions.ts` spreads
 * `experimentActions` in); they run what ./experiments-view.svelte.ts holds.
 */
import { focusIn, notOn, type Action } from '../lib/action-kit';
import { ACTIVE, experimentsUi } from './experiments-view.svelte';

const RESUMABLE = ['cancelled', 'interrupted', 'failed'];

function selectedReason(): string | null {
  const why = notOn('experiments');
  if (why) return why;
  const e = experimentsUi.selected;
  if (!e) return 'no experiment is open';
  return experimentsUi.busy ? `experiment #${e.id} is being changed` : null;
}

export const experimentActions: Action[] = [
  {
    id: 'experiments.start',
    title: 'Start the experiment',
    group: 'Experiments',
    shortcut: 'Mod+Enter',
    whileTyping: true,
    // Ctrl+Enter starts it from any field of the form (elsewhere the key belongs to others).
    keyScope: () => focusIn('[data-testid="experiment-form"]'),
    unavailable: () =>
      notOn('experiments') ??
      (experimentsUi.form === null
        ? 'the new-experiment form is not on screen'
        : experimentsUi.form.busy
          ? 'the experiment is being started'
          : null),
    perform: () => experimentsUi.form?.submit(),
  },
  {
    id: 'experiments.new',
    title: 'New experiment (the form)',
    group: 'Experiments',
    unavailable: () => notOn('experiments'),
    perform: () => experimentsUi.open(null),
  },
  {
    id: 'experiments.cancel',
    title: 'Cancel the experiment',
    group: 'Experiments',
    shortcut: 'Alt+C',
    unavailable: () => {
      const why = selectedReason();
      const e = experimentsUi.selected;
      return (
        why ??
        (e && !ACTIVE.includes(e.status)
          ? `experiment #${e.id} is ${e.status}; only a queued or running one can be cancelled`
          : null)
      );
    },
    perform: () => void experimentsUi.act('cancel'),
  },
  {
    id: 'experiments.resume',
    title: 'Resume the experiment',
    group: 'Experiments',
    shortcut: 'Alt+U',
    unavailable: () => {
      const why = selectedReason();
      const e = experimentsUi.selected;
      return (
        why ??
        (e && !RESUMABLE.includes(e.status)
          ? `experiment #${e.id} is ${e.status}; only a cancelled, interrupted or failed one can be resumed`
          : null)
      );
    },
    perform: () => void experimentsUi.act('resume'),
  },
];
