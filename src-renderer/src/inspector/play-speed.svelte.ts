/**
 * The inspector's play speed: how fast moves animate and "Play all" goes through the solution
 * (the animation clock and the pause between moves both scale by it). At 1× a solution of 14
 * moves took over 6 s with nothing to hurry it (issue 22). Kept per user in this browser
 * profile's local storage, like the thumbnail size.
 */
export const PLAY_SPEEDS = [0.5, 1, 2, 4] as const;
export type PlaySpeed = (typeof PLAY_SPEEDS)[number];
const KEY = 'studio-play-speed';

/** A stored or chosen value as one of the speeds offered (1× for anything else). */
export function asSpeed(v: unknown): PlaySpeed {
  const n = Number(v);
  return (PLAY_SPEEDS as readonly number[]).includes(n) ? (n as PlaySpeed) : 1;
}

/** The speed as the control names it: "½×", "2×". */
export function speedLabel(s: PlaySpeed): string {
  return s === 0.5 ? '½×' : `${s}×`;
}

/** The animation time a frame of `dt` seconds covers at speed `s`. */
export function scaledStep(dt: number, s: number): number {
  return dt * s;
}

/** The pause between "Play all"'s moves at speed `s`, from the pause at 1×. */
export function scaledGap(ms: number, s: number): number {
  return Math.round(ms / s);
}

function saved(): PlaySpeed {
  try {
    return asSpeed(globalThis.localStorage?.getItem(KEY) ?? 1);
  } catch {
    // Storage can be refused (privacy settings): 1× then.
    return 1;
  }
}

class PlaySpeedSetting {
  value = $state<PlaySpeed>(saved());

  set(v: unknown): void {
    this.value = asSpeed(v);
    try {
      globalThis.localStorage?.setItem(KEY, String(this.value));
    } catch {
      // Not kept for next time; the speed still applies now.
    }
  }
}

export const playSpeed = new PlaySpeedSetting();
