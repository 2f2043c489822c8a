/**
 * Idle HTTP connections are closed: one that has no request in flight (it never sent a
 * whole request head, or is kept alive after its last reply) for longer than `idleMs`, and,
 * past `maxIdle` such connections at once, the oldest idle one. A kept-alive connection is
 * first Node's to close (keepAliveTimeout, which tells the client by a Keep-Alive header, so
 * a client never reuses a connection the server is closing); this sweep is its backstop, at
 * twice `idleMs`. So connections that send
 * nothing cannot hold the server's file descriptors until the page's own socket is refused,
 * and a connection that is answering a call is never cut for being slow.
 */
import type { Server } from 'node:http';
import type { Socket } from 'node:net';

export interface ConnectionLimits {
  idleMs: number;
  maxIdle: number;
}

export interface ConnectionGuard {
  /** Connections idle now (for tests and figures). */
  readonly idle: number;
  close(): void;
}

export function guardConnections(http: Server, limits: ConnectionLimits): ConnectionGuard {
  http.keepAliveTimeout = limits.idleMs;
  // Idle connections, oldest first (a Map keeps insertion order; a connection that becomes
  // idle again is re-inserted at the end), each with the time it became idle.
  const idle = new Map<Socket, number>();
  // Connections that have had a reply (kept alive), as against ones that never sent a request.
  const served = new WeakSet<Socket>();
  const busy = new Map<Socket, number>();

  const setIdle = (socket: Socket): void => {
    idle.delete(socket);
    if (socket.destroyed) return;
    idle.set(socket, Date.now());
    while (idle.size > limits.maxIdle) {
      const oldest = idle.keys().next().value!;
      idle.delete(oldest);
      oldest.destroy();
    }
  };

  http.on('connection', (socket: Socket) => {
    setIdle(socket);
    socket.once('close', () => {
      idle.delete(socket);
      busy.delete(socket);
    });
  });
  http.on('request', (req, res) => {
    const socket = req.socket;
    idle.delete(socket);
    busy.set(socket, (busy.get(socket) ?? 0) + 1);
    res.once('close', () => {
      const left = (busy.get(socket) ?? 1) - 1;
      if (left > 0) return void busy.set(socket, left);
      busy.delete(socket);
      served.add(socket);
      setIdle(socket);
    });
  });
  // An upgraded socket belongs to the socket hub (its own deadline and caps) from here on.
  http.on('upgrade', (req) => {
    idle.delete(req.socket);
    busy.delete(req.socket);
  });

  const sweep = setInterval(
    () => {
      const now = Date.now();
      for (const [socket, since] of idle) {
        if (since > now - limits.idleMs) break; // oldest first: the rest are younger
        if (served.has(socket) && since > now - 2 * limits.idleMs) continue;
        idle.delete(socket);
        socket.destroy();
      }
    },
    Math.max(50, Math.min(1000, limits.idleMs / 4)),
  );
  sweep.unref();

  return {
    get idle() {
      return idle.size;
    },
    close() {
      clearInterval(sweep);
    },
  };
}
