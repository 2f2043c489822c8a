/**
 * The built renderer as static files, resolved by ../static-files (realpath, kept inside the
 * renderer's real folder, shared with Electron's app:// protocol).
 * The index page is the one file that carries the access token (in a meta tag, which the
 * renderer sends in its socket's handshake), so it is the one file served only to a request
 * that brings the token (`?token=` or the header). No cookie is set: cookies ignore ports,
 * so one for 127.0.0.1 would reach every other local server. The other files are the built
 * renderer's code and styles, the same for every studio, and hold nothing of the designer's.
 */
import { createReadStream, readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { contentSecurityPolicy } from '../csp';
import { contentTypeOf, resolveStatic } from '../static-files';
import { wrongTokenMessage } from './access';

/** The name of the meta tag that carries the token to the renderer. */
const TOKEN_META = 'studio-token';

/** Serves the file a GET names and returns null, or returns why it cannot (nothing sent yet). */
export function serveStatic(
  req: IncomingMessage,
  res: ServerResponse,
  root: string,
  pathname: string,
  access: { token: string; tokenGiven: boolean },
): { status: 400 | 403 | 404; message: string } | null {
  const found = resolveStatic(root, pathname);
  if (!('file' in found)) return found;
  const isIndex = found.file === join(root, 'index.html');
  if (isIndex && !access.tokenGiven) return { status: 403, message: wrongTokenMessage };
  const headers: Record<string, string> = {
    'content-type': contentTypeOf(found.file),
    'x-content-type-options': 'nosniff',
    'cache-control': isIndex ? 'no-store' : 'public, max-age=3600',
  };
  if (isIndex) {
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
