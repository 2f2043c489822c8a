/**
 * The built renderer as static files. Every path is resolved through realpath and must stay
 * inside the renderer's real folder, so neither `..` nor a symlink reaches anything else.
 * The index page gets the access token in a meta tag: the renderer sends it in its socket's
 * first message, because the cookie that let the page load is never accepted by the API.
 */
import { createReadStream, readFileSync, realpathSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { contentSecurityPolicy } from '../csp';

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

/** The name of the meta tag that carries the token to the renderer. */
export const TOKEN_META = 'studio-token';

/** The file a URL path names, or why it names none. `root` must already be a real path. */
export function resolveStatic(root: string, pathname: string): { file: string } | { status: 400 | 404; message: string } {
  let path: string;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    return { status: 400, message: `Bad request: the address ${JSON.stringify(pathname.slice(0, 200))} is not validly %-encoded` };
  }
  if (path.includes('\0')) return { status: 400, message: 'Bad request: the address contains a NUL byte' };
  if (path === '/') path = '/index.html';
  if (path === '/favicon.ico') path = '/favicon.svg';
  const notFound = { status: 404 as const, message: `Not found: ${pathname.slice(0, 200)}` };
  const asked = normalize(join(root, path));
  if (!asked.startsWith(root + sep)) return notFound;
  let real: string;
  try {
    real = realpathSync(asked);
  } catch {
    return notFound;
  }
  // The real path, not the asked one: a symlink inside the folder may point anywhere.
  if (!real.startsWith(root + sep)) return notFound;
  try {
    if (!statSync(real).isFile()) return notFound;
  } catch {
    return notFound;
  }
  return { file: real };
}

/** Serves the file a GET names and returns null, or returns why it cannot (nothing sent yet). */
export function serveStatic(
  req: IncomingMessage,
  res: ServerResponse,
  root: string,
  pathname: string,
  access: { token: string; cookieName: string },
): { status: 400 | 404; message: string } | null {
  const found = resolveStatic(root, pathname);
  if (!('file' in found)) return found;
  const isIndex = found.file === join(root, 'index.html');
  const headers: Record<string, string> = {
    'content-type': contentTypes[extname(found.file)] ?? 'application/octet-stream',
    'x-content-type-options': 'nosniff',
    'cache-control': isIndex ? 'no-store' : 'public, max-age=3600',
  };
  if (isIndex) {
    headers['set-cookie'] = `${access.cookieName}=${access.token}; HttpOnly; SameSite=Strict; Path=/`;
    headers['x-frame-options'] = 'DENY';
    headers['content-security-policy'] = contentSecurityPolicy(false);
    headers['referrer-policy'] = 'no-referrer';
    const html = withTokenMeta(readFileSync(found.file, 'utf8'), access.token);
    res.writeHead(200, headers);
    res.end(req.method === 'HEAD' ? undefined : html);
    return null;
  }
  res.writeHead(200, headers);
  if (req.method === 'HEAD') res.end();
  else createReadStream(found.file).on('error', () => res.destroy()).pipe(res);
  return null;
}

function withTokenMeta(html: string, token: string): string {
  const meta = `<meta name="${TOKEN_META}" content="${token}">`;
  const head = /<head[^>]*>/i.exec(html);
  if (!head) return meta + html;
  const at = head.index + head[0].length;
  return html.slice(0, at) + meta + html.slice(at);
}
