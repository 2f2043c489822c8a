/**
 * The renderer over a privileged `app://studio/` scheme, never file://. Each request maps into
 * the built renderer folder through realpath, so nothing outside it is served (no `..`, no
 * symlink out), and every response carries the studio's Content-Security-Policy.
 */
import { readFile, realpath } from 'node:fs/promises';
import { contentTypeOf, resolveStatic } from '../static-files';

export const APP_SCHEME = 'app';
/**
 * @public Exported though only this file reads it: exported, the bundler folds APP_ORIGIN into
 * the literal `app://studio` that tests/unit/electron-hardening.test.ts looks for in
 * out/main/index.js; unexported, it leaves a template over a variable.
 */
export const APP_HOST = 'studio';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const APP_ENTRY_URL = `${APP_ORIGIN}/index.html`;

/** Registered before `ready`: standard (origin, relative URLs) and secure; nothing that bypasses CSP. */
export const appSchemePrivileges = {
  scheme: APP_SCHEME,
  privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true },
} as const;

/** "scheme://host[:port]" of a URL (Node's URL says "null" for a custom scheme's origin). */
export function originOf(url: string): string | null {
  try {
    const u = new URL(url);
    return u.host ? `${u.protocol}//${u.host}` : null;
  } catch {
    return null;
  }
}

function plain(status: number, text: string, csp: string): Response {
  return new Response(text, {
    status,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'content-security-policy': csp },
  });
}

/** The `protocol.handle('app', …)` handler serving `rootDir` (the built renderer). */
export function createAppHandler(rootDir: string, csp: string): (request: Request) => Promise<Response> {
  return async (request) => {
    let url: URL;
    try {
      url = new URL(request.url);
    } catch {
      return plain(400, 'bad URL', csp);
    }
    if (url.protocol !== `${APP_SCHEME}:` || url.host !== APP_HOST) return plain(404, 'not found', csp);
    if (request.method !== 'GET' && request.method !== 'HEAD') return plain(405, 'method not allowed', csp);
    let root: string;
    try {
      root = await realpath(rootDir);
    } catch {
      return plain(404, 'not found', csp);
    }
    const found = resolveStatic(root, url.pathname);
    // Terse answers that never echo the asked path.
    if (!('file' in found)) return plain(found.status, found.status === 400 ? 'bad path' : 'not found', csp);
    const file = found.file;
    const headers = {
      'content-type': contentTypeOf(file),
      'content-security-policy': csp,
      'x-content-type-options': 'nosniff',
      'cache-control': 'no-cache',
    };
    return new Response(request.method === 'HEAD' ? null : await readFile(file), { status: 200, headers });
  };
}
