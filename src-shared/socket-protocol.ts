/**
 * How the page's socket brings its token: in the handshake, as a WebSocket subprotocol
 * (`new WebSocket(url, [SOCKET_PROTOCOL, tokenProtocol(token)])`), because a browser's
 * WebSocket can set no header. A socket with its token in the handshake is signed in before
 * it opens and never waits among the sockets without one (MAX_PENDING_SOCKETS). The server
 * answers with SOCKET_PROTOCOL only, never echoing the token.
 */
export const SOCKET_PROTOCOL = 'studio.v1';

const TOKEN_PREFIX = 'studio-token.';

export function tokenProtocol(token: string): string {
  return TOKEN_PREFIX + token;
}

/** The token a Sec-WebSocket-Protocol header offers, or null when it offers none. */
export function protocolToken(header: string | undefined): string | null {
  if (!header) return null;
  for (const p of header.split(',')) {
    const name = p.trim();
    if (name.startsWith(TOKEN_PREFIX)) return name.slice(TOKEN_PREFIX.length);
  }
  return null;
}
