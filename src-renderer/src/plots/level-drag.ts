/**
 * Dragging across the difficulty plot picks a range of levels to top up (issue 23): the two
 * ends of the drag, in the plot's own x pixels, go back through its level scale; a drag shorter
 * than MIN_DRAG_PX is a click (the point under it opens in the Inspector). `draggedLevels` is
 * pure; `listenForLevelDrag` wires it to a figure.
 */

/** The least drag, in pixels, that picks levels rather than clicking a point. */
const MIN_DRAG_PX = 8;

/** The levels between two x positions of the plot (1..levelCount), or null for a click. */
export function draggedLevels(
  fromPx: number,
  toPx: number,
  invert: (px: number) => number,
  levelCount: number,
): number[] | null {
  if (Math.abs(toPx - fromPx) < MIN_DRAG_PX) return null;
  const [a, b] = [invert(Math.min(fromPx, toPx)), invert(Math.max(fromPx, toPx))];
  const lo = Math.max(1, Math.round(a)),
    hi = Math.min(levelCount, Math.round(b));
  if (!Number.isFinite(lo) || !Number.isFinite(hi) || hi < lo) return null;
  return Array.from({ length: hi - lo + 1 }, (_, i) => lo + i);
}

/**
 * Listen for drags across `figure` (an Observable Plot figure with its x scale), mounted in
 * `host`: each one that spans levels is handed to `onPick`. On the host and capturing, since the
 * plot's own pointer stops the event at its svg. `ended()` says (once) that the click just fired
 * ends a drag; `stop` removes the listeners.
 */
export function listenForLevelDrag(
  host: HTMLElement,
  figure: Element & { scale?: (name: 'x') => { invert?: (px: number) => number } | undefined },
  levelCount: number,
  onPick: (levels: number[]) => void,
): { ended: () => boolean; stop: () => void } {
  const scale = figure.scale?.('x');
  const px = (e: PointerEvent): number =>
    e.clientX - (figure.querySelector('svg') ?? figure).getBoundingClientRect().left;
  const listening = new AbortController();
  let downAt: number | null = null;
  let dragEnded = false;
  const options = { capture: true, signal: listening.signal };
  host.addEventListener('pointerdown', (e) => (downAt = px(e)), options);
  host.addEventListener(
    'pointerup',
    (e) => {
      const picked =
        downAt !== null && scale?.invert ? draggedLevels(downAt, px(e), scale.invert, levelCount) : null;
      if (picked) onPick(picked);
      dragEnded = picked !== null;
      downAt = null;
    },
    options,
  );
  return {
    ended: () => {
      const was = dragEnded;
      dragEnded = false;
      return was;
    },
    stop: () => listening.abort(),
  };
}
