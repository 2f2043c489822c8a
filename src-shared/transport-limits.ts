/**
 * The local server's size and connection caps, in one place: the server enforces them and
 * the renderer checks a message against them before sending, so a too-big call gets a
 * sentence instead of a dropped socket.
 *
 * The message cap must carry the largest pack text the import accepts, JSON-escaped inside
 * a call (quotes become \" and grow a pack by roughly a tenth), so a pack-text limit of
 * about 32 MiB fits under 40 MiB.
 */

const MiB = 1024 * 1024;

/** Largest WebSocket message (ws maxPayload) and largest HTTP request body, in bytes. */
export const MAX_MESSAGE_BYTES = 40 * MiB;

/** Open WebSockets at once; one studio tab uses one. */
export const MAX_SOCKETS = 64;

/**
 * Sockets still waiting for their token, a pool of its own: past it the oldest is closed, so
 * sockets that never authenticate cannot fill MAX_SOCKETS (the page's own socket brings its
 * token in the handshake and never waits in this pool).
 */
export const MAX_PENDING_SOCKETS = 16;

/** Bytes of HTTP request bodies held at once, all requests together; past it a body gets 503. */
export const MAX_BODY_BYTES_IN_FLIGHT = 4 * MAX_MESSAGE_BYTES;

/** An HTTP connection with no request in flight (never sent one, or kept alive after one) is closed after this long. */
export const IDLE_CONNECTION_MS = 5_000;

/** Idle HTTP connections at once; past it the oldest idle one is closed. */
export const MAX_IDLE_CONNECTIONS = 256;

/** A socket that has not answered a ping within this long is dropped. */
export const HEARTBEAT_MS = 15_000;

/** A socket must send its token (first message) within this long, or it is closed. */
export const AUTH_TIMEOUT_MS = 2_000;

/** "40 MiB": a byte count in the unit a designer reads. */
export function formatBytes(bytes: number): string {
  if (bytes >= MiB) return `${Math.round((bytes / MiB) * 10) / 10} MiB`;
  if (bytes >= 1024) return `${Math.round((bytes / 1024) * 10) / 10} KiB`;
  return `${bytes} bytes`;
}
