/**
 * The inspector's keyboard commands, as entries for the studio's ONE action table
 * (`lib/actions.ts` spreads `inspectorActions` in), so they show in the command palette too.
 * The board component that is on screen registers its handlers in `inspectorBus.active`;
 * an action is enabled only while the Inspector page shows a board with that handler and
 * the focus is not in a text field (single-letter shortcuts must not eat typing).
 */
import type { Action } from '../lib/actions';
import { studio } from '../lib/studio.svelte';

export interface InspectorHandlers {
  undo?: () => void;
  restart?: () => void;
  /** Carillon: reach circles; Apsis: every arrow's path. */
  toggleReach?: () => void;
  /** Carillon: chain starts; Apsis: colour by round. */
  toggleStarts?: () => void;
  toggleLabels?: () => void;
  step?: () => void;
  playAll?: () => void;
  fit?: () => void;
  exportPng?: () => void;
  copyLabel?: () => void;
  prevLevel?: () => void;
  nextLevel?: () => void;
}

class InspectorBus {
  /** Handlers of the board on screen (null when the inspector shows no board). */
  active = $state<InspectorHandlers | null>(null);
  /** Handlers of the page itself (pack navigation, copy, export). */
  page = $state<InspectorHandlers | null>(null);
}

export const inspectorBus = new InspectorBus();

function typing(): boolean {
  const el = document.activeElement;
  if (!el) return false;
  if (el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement) return true;
  if (el instanceof HTMLInputElement) return !['button', 'checkbox', 'radio', 'range', 'file'].includes(el.type);
  return (el as HTMLElement).isContentEditable === true;
}

function command(id: keyof InspectorHandlers, title: string, shortcut: string): Action {
  const handler = (): (() => void) | undefined => inspectorBus.active?.[id] ?? inspectorBus.page?.[id];
  return {
    id: `inspector.${id}`,
    title,
    group: 'Inspector',
    shortcut,
    enabled: () => studio.page === 'inspector' && handler() !== undefined && !typing(),
    perform: () => handler()?.(),
  };
}

export const inspectorActions: Action[] = [
  command('undo', 'Undo the last tap / launch', 'Z'),
  command('restart', 'Restart the level', 'Backspace'),
  command('toggleReach', 'Reach circles (Carillon) / all paths (Apsis)', 'R'),
  command('toggleStarts', 'Reveal chain starts (Carillon) / colour by round (Apsis)', 'S'),
  command('toggleLabels', 'Show dot / arrow numbers', 'N'),
  command('step', 'Play the next step of the solution', 'Space'),
  command('playAll', 'Play the whole solution', 'Shift+Space'),
  command('fit', 'Fit the board to the view', 'F'),
  command('exportPng', 'Export the board as PNG', 'Shift+E'),
  command('copyLabel', 'Copy the level id', 'Shift+C'),
  command('prevLevel', 'Previous level of the pack', '['),
  command('nextLevel', 'Next level of the pack', ']'),
];
