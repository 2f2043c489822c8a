/**
 * Drawn thumbnails kept for reuse: one picture per level (its stored JSON object), valid for
 * the size in device pixels, the theme and the rules it was drawn with; the least recently
 * used pictures go first once they hold more than `maxBytes` of pixels (a picture is
 * 4 bytes a pixel), and are closed so their memory is freed at once.
 */
export type ThumbPicture = ImageBitmap | HTMLCanvasElement | OffscreenCanvas;

interface Entry {
  w: number;
  h: number;
  theme: unknown;
  rules: unknown;
  picture: ThumbPicture;
}

export class ThumbCache {
  private readonly entries = new Map<unknown, Entry>();
  private bytes = 0;

  constructor(private readonly maxBytes = 64 * 1024 * 1024) {}

  get size(): number {
    return this.entries.size;
  }

  /** The level's picture drawn at w × h with this theme and these rules, or null. */
  get(level: unknown, w: number, h: number, theme: unknown, rules: unknown): ThumbPicture | null {
    const e = this.entries.get(level);
    if (!e || e.w !== w || e.h !== h || e.theme !== theme || e.rules !== rules) return null;
    // Most recently used last (a Map keeps insertion order).
    this.entries.delete(level);
    this.entries.set(level, e);
    return e.picture;
  }

  set(level: unknown, w: number, h: number, theme: unknown, rules: unknown, picture: ThumbPicture): void {
    this.drop(level);
    this.entries.set(level, { w, h, theme, rules, picture });
    this.bytes += w * h * 4;
    for (const [key] of this.entries) {
      if (this.bytes <= this.maxBytes || this.entries.size <= 1) break;
      this.drop(key);
    }
  }

  private drop(level: unknown): void {
    const e = this.entries.get(level);
    if (!e) return;
    this.entries.delete(level);
    this.bytes -= e.w * e.h * 4;
    if ('close' in e.picture) e.picture.close();
  }
}
