/**
 * The Ordering page's "blend players" choice (orderings.computeApproved `blend`): the call's
 * argument from the toolbar's checkbox and threshold, and the line saying what the recompute did.
 */
import type { OrderingView } from '../../../src-shared/api';
import { rangesText } from '../../../src-shared/ordering/level-ranges';

/** The threshold the field holds as a whole number of 1 to 1000, or null (the field says why). */
export function blendThreshold(text: string | number): number | null {
  const n = typeof text === 'number' ? text : Number(String(text).trim());
  return Number.isInteger(n) && n >= 1 && n <= 1000 ? n : null;
}

/** The `blend` argument: absent when off (the model's order, as ever). */
export function blendArgs(on: boolean, min: string | number): { blend?: { minTesters: number } } {
  const n = blendThreshold(min);
  return on && n !== null ? { blend: { minTesters: n } } : {};
}

/** What the recompute says when a blend was asked but no figure moved (null otherwise: the page's note says what did). */
export function blendLine(asked: number | null, view: OrderingView): string | null {
  if (asked === null || view.observedBlend) return null;
  return `No two candidates have ${asked} tester${asked === 1 ? '' : 's'} or more yet: the approved order is on the model alone.`;
}

/** The note of an order that ran on the blend (null for one on the model alone). */
export function blendNote(view: OrderingView): string | null {
  const b = view.observedBlend;
  if (!b) return null;
  const moved = b.levels.filter((l) => l.blended !== l.model).map((l) => l.level);
  return `This order ran on difficulty blended with players’ for ${b.candidates} candidate${b.candidates === 1 ? '' : 's'} with ${b.minTesters} tester${b.minTesters === 1 ? '' : 's'} or more (${
    moved.length
      ? `the figure moved at level${moved.length === 1 ? '' : 's'} ${rangesText(moved)}`
      : 'no shipped level’s figure moved'
  }); the pack records the blend.`;
}
