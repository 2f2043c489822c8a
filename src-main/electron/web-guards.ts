/**
 * Guards for every webContents the app creates (wired from app.on('web-contents-created')):
 * no navigation or redirect away from the studio's origin, no new windows, no <webview>.
 * A link may open in the system browser only when its exact https origin is allowlisted.
 */
import type { WebContents } from 'electron';
import { originOf } from './app-protocol';

/**
 * Origins (https only, exact "https://host[:port]") the studio may hand to the system browser.
 * The renderer links to no outside page today, so none is; add one here to allow it.
 */
export const EXTERNAL_ALLOWLIST: readonly string[] = [];

export function isAllowedExternal(url: string, allowlist: readonly string[] = EXTERNAL_ALLOWLIST): boolean {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return false;
  }
  if (u.protocol !== 'https:' || u.username || u.password) return false;
  return allowlist.includes(`${u.protocol}//${u.host}`);
}

export interface GuardOptions {
  /** The studio's origin: app://studio, or the dev server's in a dev build. */
  origin: string;
  openExternal: (url: string) => Promise<void>;
  allowlist?: readonly string[];
}

type Guarded = Pick<WebContents, 'on' | 'setWindowOpenHandler'>;

export function guardWebContents(contents: Guarded, opts: GuardOptions): void {
  const stayHome = (event: { preventDefault(): void; url?: string }, legacyUrl?: string): void => {
    const url = event.url ?? legacyUrl ?? '';
    if (originOf(url) !== opts.origin) event.preventDefault();
  };
  contents.on('will-navigate', stayHome);
  contents.on('will-redirect', stayHome);
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    if (isAllowedExternal(url, opts.allowlist)) void opts.openExternal(url);
    return { action: 'deny' };
  });
}
