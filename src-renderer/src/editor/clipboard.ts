/**
 * The editor's clipboard: elements copied from one level (as the game's own plain
 * data: dots, arrows, whatever its elements are) and pasted into the same level or another level of the same
 * game. Pasted into the level they came from, each paste lands one offset step further (so
 * copies do not sit on their originals); into another level, the first in place and each next
 * one a step further. One clipboard for the
 * studio's window. Plain TS, unit-tested (tests/unit/editor-clipboard.test.ts).
 */

export interface Clip {
  /** The game the elements belong to (they paste only into its levels). */
  game: string;
  /** What is held, in the game's words ("3 dots"). */
  what: string;
  /** The elements, as the game's session copied them. */
  items: readonly unknown[];
  /** The level they were copied from (the editor's key for it). */
  from: string;
  /** Pastes so far, per level pasted into (each lands one step further than the one before). */
  pastes: Map<string, number>;
}

export class Clipboard {
  private clip: Clip | null = null;

  get held(): Clip | null {
    return this.clip;
  }

  copy(game: string, what: string, items: readonly unknown[], from: string): void {
    this.clip = items.length > 0 ? { game, what, items: items.slice(), from, pastes: new Map() } : null;
  }

  /**
   * What to paste into level `into` of `game`: the items and the offset steps (0: in place), or
   * a sentence saying why nothing can be pasted.
   */
  paste(
    game: { id: string; title: string },
    into: string,
  ): { items: readonly unknown[]; steps: number } | string {
    const c = this.clip;
    if (!c) return 'nothing is copied yet: select, then copy';
    if (c.game !== game.id)
      return `the clipboard holds ${c.what}, which paste only into levels of their own game, not into ${game.title} levels`;
    const n = c.pastes.get(into) ?? 0;
    c.pastes.set(into, n + 1);
    // Into its own level the first paste already moves a step off the originals.
    return { items: c.items, steps: into === c.from ? n + 1 : n };
  }
}

/** The studio's one clipboard (edit mode's Ctrl C and Ctrl V). */
export const clipboard = new Clipboard();
