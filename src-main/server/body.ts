/**
 * Reading an API request's body within two caps: its own size (maxBodyBytes, 413 past it) and
 * the bytes of every body held at once (maxInFlight, 503 past it). Memory over HTTP is bounded
 * by the second: a body holds its share from its first byte (its whole declared length, when
 * it declares one) until its reply is finished, through the JSON parse and the call.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

export interface BodyBudget {
  /** Bytes held by bodies now. */
  readonly used: number;
  readonly max: number;
}

export type BodyOutcome = string | 'too-large' | 'busy' | 'gone';

export function createBodyReader(maxBodyBytes: number, maxInFlight: number) {
  let used = 0;

  /**
   * The body as text; 'too-large' as soon as it passes its own cap (declared or counted);
   * 'busy' when all bodies together would pass the in-flight cap; 'gone' when the client
   * disconnects before the end (a client leaving is not a server error). What the body holds
   * is given back when `res` closes.
   */
  function read(req: IncomingMessage, res: ServerResponse): Promise<BodyOutcome> {
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > maxBodyBytes) return Promise.resolve('too-large');
    let held = 0;
    const take = (n: number): boolean => {
      if (used + n > maxInFlight) return false;
      used += n;
      held += n;
      return true;
    };
    res.once('close', () => {
      used -= held;
      held = 0;
    });
    if (declared > 0 && !take(declared)) return Promise.resolve('busy');
    return new Promise((resolveBody, reject) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const stop = (outcome: 'too-large' | 'busy'): void => {
        req.off('data', onData);
        chunks.length = 0;
        resolveBody(outcome);
      };
      const onData = (c: Buffer): void => {
        size += c.length;
        if (size > maxBodyBytes) return stop('too-large');
        // A body without a declared length takes its share as it arrives.
        if (size > held && !take(size - held)) return stop('busy');
        chunks.push(c);
      };
      req.on('data', onData);
      req.on('end', () => {
        if (size <= maxBodyBytes && size <= held) resolveBody(Buffer.concat(chunks).toString('utf8'));
      });
      req.on('error', (e: NodeJS.ErrnoException) =>
        req.destroyed || e.code === 'ECONNRESET' ? resolveBody('gone') : reject(e),
      );
      req.on('close', () => {
        if (!req.complete) resolveBody('gone');
      });
    });
  }

  return {
    read,
    get budget(): BodyBudget {
      return { used, max: maxInFlight };
    },
  };
}
