/**
 * The editor's clipboard (src-renderer/src/editor/clipboard.ts): what is copied pastes into
 * the level it came from one offset step further each time, into another level of the same
 * game first in place and then a step further each time, never into another game's level
 * (saying what it holds), and nothing copied says so. A new copy starts the counts over.
 */
import { describe, expect, it } from 'vitest';
import { Clipboard } from '../../src-renderer/src/editor/clipboard';

const carillon = { id: 'carillon', title: 'Carillon' };
const apsis = { id: 'apsis', title: 'Apsis' };

describe('the clipboard', () => {
  it('with nothing copied, a paste says so', () => {
    expect(new Clipboard().paste(carillon, 'A')).toBe('nothing is copied yet: select, then copy');
  });

  it('pastes into its own level a step further each time, into another level in place first', () => {
    const c = new Clipboard();
    const dots = [{ x: 1 }, { x: 2 }];
    c.copy('carillon', '2 Carillon dots', dots, 'A');
    dots.push({ x: 3 }); // the clipboard keeps what was copied
    expect(c.paste(carillon, 'A')).toEqual({ items: [{ x: 1 }, { x: 2 }], steps: 1 });
    expect(c.paste(carillon, 'A')).toEqual({ items: [{ x: 1 }, { x: 2 }], steps: 2 });
    expect(c.paste(carillon, 'B')).toMatchObject({ steps: 0 });
    expect(c.paste(carillon, 'B')).toMatchObject({ steps: 1 });
    // A new copy starts over.
    c.copy('carillon', '1 Carillon dot', [{ x: 9 }], 'B');
    expect(c.paste(carillon, 'A')).toEqual({ items: [{ x: 9 }], steps: 0 });
    expect(c.paste(carillon, 'B')).toMatchObject({ steps: 1 });
  });

  it("never pastes into another game's level, and says what it holds", () => {
    const c = new Clipboard();
    c.copy('carillon', '2 Carillon dots', [{ x: 1 }, { x: 2 }], 'A');
    expect(c.paste(apsis, 'Z')).toBe(
      'the clipboard holds 2 Carillon dots, which paste only into levels of their own game, not into Apsis levels',
    );
  });

  it('copying nothing empties it', () => {
    const c = new Clipboard();
    c.copy('carillon', '1 Carillon dot', [{ x: 1 }], 'A');
    c.copy('carillon', '0 Carillon dots', [], 'A');
    expect(c.held).toBeNull();
    expect(typeof c.paste(carillon, 'A')).toBe('string');
  });
});
