/**
 * Who may use the local server: the token (compared in constant time), where each kind of
 * request may carry it, and the Origin a browser request must come from.
 *
 * - The page (index.html, the one file holding the token): the token in the address
 *   (`?token=`) or the header. No cookie at all: cookies ignore ports, so a cookie set by the
 *   studio on 127.0.0.1 goes to every other server on 127.0.0.1 the browser visits.
 * - The API (POST /api/*): the `X-Studio-Token` header. The socket: that header, the page's
 *   subprotocol (src-shared/socket-protocol.ts), or the first message.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

const TOKEN_HEADER = 'x-studio-token';

export function newToken(): string {
  return randomBytes(24).toString('hex');
}

/**
 * Constant time whatever is given: both sides are hashed to 32 bytes first, so neither the
 * length nor the first differing character of a wrong token shows in the timing.
 */
export function sameToken(given: unknown, token: string): boolean {
  if (typeof given !== 'string' || given.length === 0) return false;
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(token).digest();
  return timingSafeEqual(a, b);
}

export function headerToken(req: IncomingMessage): string | null {
  const v = req.headers[TOKEN_HEADER];
  return typeof v === 'string' && v ? v : null;
}

/** The two origins the studio's own page can have. */
function studioOrigins(port: number): string[] {
  return [`http://127.0.0.1:${port}`, `http://localhost:${port}`];
}

/** Exactly one of the studio's origins: a page on another port, or none at all, is refused. */
export function originAllowed(req: IncomingMessage, port: number): boolean {
  const origin = req.headers.origin;
  return typeof origin === 'string' && studioOrigins(port).includes(origin);
}

export function hostAllowed(req: IncomingMessage, port: number): boolean {
  return [`127.0.0.1:${port}`, `localhost:${port}`].includes(req.headers.host ?? '');
}

export const wrongTokenMessage =
  'Forbidden: wrong or missing access token. Open the exact URL the studio printed when it started (it ends in ?token=...).';

export const apiTokenMessage =
  'Forbidden: API calls need the access token in the X-Studio-Token header (the address only opens the page).';

export function foreignOriginMessage(port: number): string {
  return `Forbidden: this request did not come from the studio's own page (Origin must be exactly http://127.0.0.1:${port} or http://localhost:${port}).`;
}
