/**
 * Play state kept per level while the designer moves around: the moves made and the board's
 * toggles of each level seen, so stepping to the next candidate, along the filmstrip or away
 * to Pools and back finds each level as it was left. The inspector page names the level on
 * screen (`providePlayKey`); the shared shell replays the kept moves through the game's own
 * session when it mounts and keeps them as they change. The key holds the level itself, so a
 * changed level (another pack under the same name, an edit) starts fresh.
 */
import { getContext, setContext } from 'svelte';

export interface KeptPlay {
  /** The elements moved on, in order (replayed through the game's session). */
  moves: number[];
  /** The board's toggles by id. */
  toggled: Record<string, boolean>;
}

/** Levels remembered at most (the oldest seen is forgotten first). */
const KEPT_LEVELS = 300;

const kept = new Map<string, KeptPlay>();

/** The key of a level: its game, its name and its content. */
export function playKey(game: string, label: string, level: unknown): string {
  return `${game}\u0000${label}\u0000${JSON.stringify(level)}`;
}

export function keptPlay(key: string): KeptPlay | undefined {
  return kept.get(key);
}

/** Remember a level's play state (the most recently kept is the last forgotten). */
export function keepPlay(key: string, play: KeptPlay): void {
  kept.delete(key);
  kept.set(key, play);
  while (kept.size > KEPT_LEVELS) kept.delete(kept.keys().next().value!);
}

const CONTEXT = Symbol('inspector-play-key');

/** The inspector page: say which level is on screen (read when the board mounts). */
export function providePlayKey(current: () => string | null): void {
  setContext(CONTEXT, current);
}

/** The shell: the key of the level it shows, or null when no page keeps play state. */
export function currentPlayKey(): string | null {
  const get = getContext<(() => string | null) | undefined>(CONTEXT);
  return get ? get() : null;
}
