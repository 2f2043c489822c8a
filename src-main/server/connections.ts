/**
 * Idle HTTP connections are closed: one that has no request in flight (it never sent a
 * whole request head, or is kept alive after its last reply) for longer than `idleMs`, and,
 * past `maxIdle` such connections at once, the oldest idle one. So connections that send
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
  // Idle connections, oldest first (a Map keeps insertion order; a connection that becomes
  // idle again is re-inserted at the end), each with the time it became idle.
  const idle = new Map<Socket, number>();
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
      const cutoff = Date.now() - limits.idleMs;
      for (const [socket, since] of idle) {
        if (since > cutoff) break; // oldest first: the rest are younger
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
