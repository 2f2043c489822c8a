/** The tags typed in a tag field (src-renderer/src/lib/tag-text.ts), as the Inspector and Pools both read them. */
import { describe, expect, it } from 'vitest';
import { tagsFromText } from '../../src-renderer/src/lib/tag-text';

describe('tags typed in a tag field', () => {
  it('are comma-separated and trimmed, the empty ones dropped', () => {
    expect(tagsFromText('wide, , easy ')).toEqual(['wide', 'easy']);
    expect(tagsFromText('  two words ')).toEqual(['two words']);
    expect(tagsFromText(' , ,')).toEqual([]);
    expect(tagsFromText('')).toEqual([]);
  });
});
