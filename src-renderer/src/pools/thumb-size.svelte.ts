/**
 * The pool browser's thumbnail size (the zoom slider, and the = / - keys): the width a card's
 * thumbnail aims at, in CSS pixels, kept per user in this browser profile's local storage so
 * it is the same next time. Cards share the grid's width evenly, so a thumbnail is drawn at
 * this width or a little wider.
 */
export const THUMB_MIN = 100;
export const THUMB_MAX = 320;
export const THUMB_STEP = 10;
const THUMB_DEFAULT = 130;
const KEY = 'studio-thumb-size';

function clamp(v: number): number {
  return Math.min(THUMB_MAX, Math.max(THUMB_MIN, Math.round(v / THUMB_STEP) * THUMB_STEP));
}

function saved(): number {
  try {
    const v = Number(globalThis.localStorage?.getItem(KEY));
    return Number.isFinite(v) && v > 0 ? clamp(v) : THUMB_DEFAULT;
  } catch {
    // Storage can be refused (privacy settings): the default size then.
    return THUMB_DEFAULT;
  }
}

class ThumbSize {
  width = $state(saved());

  set(v: number): void {
    const w = clamp(v);
    this.width = w;
    try {
      globalThis.localStorage?.setItem(KEY, String(w));
    } catch {
      // Not kept for next time; the size still applies now.
    }
  }

  /** One step bigger (+1) or smaller (-1). */
  step(dir: 1 | -1): void {
    this.set(this.width + dir * THUMB_STEP);
  }
}

export const thumbSize = new ThumbSize();
