/**
 * Yes/no switches the studio keeps for next time (the filmstrip's fold, the experiment runs in
 * the pickers): in the renderer's localStorage, which lives in the user's own profile (the
 * desktop app's user data folder, the browser's profile), so each designer keeps their own.
 */

/** The switch as last saved, or `fallback` when never saved or storage is refused. */
export function savedSwitch(key: string, fallback: boolean): boolean {
  try {
    const v = globalThis.localStorage?.getItem(key);
    return v === 'yes' ? true : v === 'no' ? false : fallback;
  } catch {
    // Storage can be refused (privacy settings): the switch starts as it does by default.
    return fallback;
  }
}

/** Keep the switch for next time (it applies now either way). */
export function saveSwitch(key: string, on: boolean): void {
  try {
    globalThis.localStorage?.setItem(key, on ? 'yes' : 'no');
  } catch {
    // Not kept for next time; it still applies now.
  }
}
