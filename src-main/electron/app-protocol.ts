/**
 * The renderer over a privileged `app://studio/` scheme, never file://. Each request maps into
 * the built renderer folder through realpath, so nothing outside it is served (no `..`, no
 * symlink out), and every response carries the studio's Content-Security-Policy.
 */
import { readFile, realpath, stat } from 'node:fs/promises';
import { extname, resolve, sep } from 'node:path';

export const APP_SCHEME = 'app';
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

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json; charset=utf-8',
  '.woff2': 'font/woff2',
  '.map': 'application/json; charset=utf-8',
};

function plain(status: number, text: string, csp: string): Response {
  return new Response(text, { status, headers: { 'content-type': 'text/plain; charset=utf-8', 'content-security-policy': csp } });
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
    let path: string;
    try {
      path = decodeURIComponent(url.pathname);
    } catch {
      return plain(400, 'bad path', csp);
    }
    if (path.includes('\0')) return plain(400, 'bad path', csp);
    if (path === '/' || path === '') path = '/index.html';
    let root: string;
    let file: string;
    try {
      root = await realpath(rootDir);
      file = await realpath(resolve(root, `.${path}`));
    } catch {
      return plain(404, 'not found', csp);
    }
    if (!file.startsWith(root + sep) || !(await stat(file)).isFile()) return plain(404, 'not found', csp);
    const headers = {
      'content-type': contentTypes[extname(file).toLowerCase()] ?? 'application/octet-stream',
      'content-security-policy': csp,
      'x-content-type-options': 'nosniff',
      'cache-control': 'no-cache',
    };
    return new Response(request.method === 'HEAD' ? null : await readFile(file), { status: 200, headers });
  };
}
