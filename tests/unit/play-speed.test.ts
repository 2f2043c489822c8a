/**
 * The inspector's play speed (src-renderer/src/inspector/play-speed.svelte.ts): "Play all" and
 * the move animations go at ½×, 1×, 2× or 4×, the clock and the pause between moves scaled
 * alike; a stored value that is not one of them reads as 1×; the choice is kept for next time.
 */
import { describe, expect, it, vi } from 'vitest';

describe('the play speed', () => {
  it('scales the animation clock and the pause between moves, and keeps the choice', async () => {
    const store = new Map<string, string>([['studio-play-speed', '4']]);
    vi.stubGlobal('localStorage', {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
    });
    const m = await import('../../src-renderer/src/inspector/play-speed.svelte');
    // Read from storage when the module loads.
    expect(m.playSpeed.value).toBe(4);
    expect(m.PLAY_SPEEDS.map(m.speedLabel)).toEqual(['½×', '1×', '2×', '4×']);
    // A 14-arrow solution of ~0.2 s flights and 250 ms pauses: about 6.3 s at 1×, under 1.6 s at 4×.
    const total = (s: (typeof m.PLAY_SPEEDS)[number]): number =>
      14 * (0.2 / m.scaledStep(1, s) + m.scaledGap(250, s) / 1000);
    expect(total(1)).toBeCloseTo(6.3, 5);
    expect(total(4)).toBeLessThan(1.6);
    expect(m.scaledStep(0.016, 0.5)).toBeCloseTo(0.008, 10);
    expect(m.scaledGap(250, 2)).toBe(125);
    m.playSpeed.set('2');
    expect(m.playSpeed.value).toBe(2);
    expect(store.get('studio-play-speed')).toBe('2');
    m.playSpeed.set('3');
    expect(m.playSpeed.value).toBe(1);
    expect(m.asSpeed('fast')).toBe(1);
    expect(m.asSpeed(0.5)).toBe(0.5);
  });
});
