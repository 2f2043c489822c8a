/**
 * A tester's pointer on a blind board: 'hold' games (press to preview) preview while an element is
 * pressed and move on release over it (off it: no move); 'click' games (hover to preview) move on a
 * click and preview while the pointer rests on an element. A press or rest of at least
 * PREVIEW_MS is recorded as a hold (shorter ones are taps and passing pointers, not previews).
 */
import type Konva from 'konva';

const PREVIEW_MS = 250;

export interface BlindInputHandlers {
  pick(target: Konva.Node): number | null;
  now(): number;
  /** The element held or hovered now (null: none): the board shows its preview. */
  focus(element: number | null): void;
  move(element: number): void;
  hold(element: number, pressedAt: number): void;
}

/**
 * The element held, hovered or focused by the keyboard (./blind-keys.ts), one for the pointer and
 * the keys, so a preview is recorded once whichever way it was made: when the focus leaves an
 * element it rested on for at least PREVIEW_MS, that rest is a hold.
 */
export interface FocusKeeper {
  set(element: number | null): void;
  get(): number | null;
}

export function focusKeeper(h: Pick<BlindInputHandlers, 'now' | 'focus' | 'hold'>): FocusKeeper {
  let focused: { element: number; since: number } | null = null;
  return {
    set(element) {
      if (focused?.element === element) return;
      if (focused && h.now() - focused.since >= PREVIEW_MS) h.hold(focused.element, focused.since);
      focused = element === null ? null : { element, since: h.now() };
      h.focus(element);
    },
    get: () => focused?.element ?? null,
  };
}

export function wireBlindInput(
  stage: Konva.Stage,
  input: 'hold' | 'click',
  h: BlindInputHandlers,
  keeper: FocusKeeper = focusKeeper(h),
): () => void {
  const setFocus = (element: number | null): void => keeper.set(element);
  const focused = (): number | null => keeper.get();
  const target = (e: Konva.KonvaEventObject<PointerEvent>): number | null => h.pick(e.target);
  if (input === 'hold') {
    stage.on('pointerdown', (e) => setFocus(target(e)));
    stage.on('pointerup', (e) => {
      const held = focused();
      const over = target(e);
      setFocus(null);
      if (held !== null && over === held) h.move(held);
    });
    stage.on('pointerleave', () => setFocus(null));
  } else {
    stage.on('pointermove', (e) => setFocus(target(e)));
    stage.on('pointerleave', () => setFocus(null));
    stage.on('pointerclick', (e) => {
      const el = target(e);
      if (el !== null) h.move(el);
    });
  }
  return () => {
    stage.off('pointerdown pointerup pointerleave pointermove pointerclick');
  };
}
