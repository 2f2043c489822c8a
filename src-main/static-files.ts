/**
 * The built renderer's files, resolved for both transports (the local server and Electron's
 * app:// protocol): every path goes through realpath and must stay inside the renderer's real
 * folder, so neither `..` nor a symlink reaches anything else.
 */
import { realpathSync, statSync } from 'node:fs';
import { extname, join, normalize, sep } from 'node:path';

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

/** The file a URL path names, or why it names none. `root` must already be a real path. */
export function resolveStatic(
  root: string,
  pathname: string,
): { file: string } | { status: 400 | 404; message: string } {
  let path: string;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    return {
      status: 400,
      message: `Bad request: the address ${JSON.stringify(pathname.slice(0, 200))} is not validly %-encoded`,
    };
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

/** The Content-Type a renderer file is served with. */
export function contentTypeOf(file: string): string {
  return contentTypes[extname(file).toLowerCase()] ?? 'application/octet-stream';
}
