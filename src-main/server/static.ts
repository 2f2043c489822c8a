/**
 * The built renderer as static files, resolved by ../static-files (realpath, kept inside the
 * renderer's real folder, shared with Electron's app:// protocol).
 * The index page gets the access token in a meta tag: the renderer sends it in its socket's
 * first message, because the cookie that let the page load is never accepted by the API.
 */
import { createReadStream, readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { contentSecurityPolicy } from '../csp';
import { contentTypeOf, resolveStatic } from '../static-files';

/** The name of the meta tag that carries the token to the renderer. */
const TOKEN_META = 'studio-token';

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
    'content-type': contentTypeOf(found.file),
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
  else
    createReadStream(found.file)
      .on('error', () => res.destroy())
      .pipe(res);
  return null;
}

function withTokenMeta(html: string, token: string): string {
  const meta = `<meta name="${TOKEN_META}" content="${token}">`;
  const head = /<head[^>]*>/i.exec(html);
  if (!head) return meta + html;
  const at = head.index + head[0].length;
  return html.slice(0, at) + meta + html.slice(at);
}
