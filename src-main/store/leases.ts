/**
 * Run leases: which process generates a queued or running run. The owner id is random plus
 * host, PID and process start time (for people reading the row; nothing trusts the PID), and
 * the owner renews `heartbeat_at` every few seconds. A lease not renewed within `staleMs` is
 * dead, whatever its PID looks like now (reused, zombie, or on another machine), and is taken
 * over by compare-and-swap: the UPDATE names the owner and heartbeat it read, so two processes
 * can never both win, and a live owner that renews in between keeps its run.
 */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Db } from './db';
import { writeTransaction } from './write-transaction';

export interface LeaseTiming {
  /** How often an owner renews its leases. */
  heartbeatMs: number;
  /** A lease older than this is dead. */
  staleMs: number;
  /** Wall clock in ms (injectable so tests need not wait). */
  now: () => number;
}

export const LEASE_TIMING: LeaseTiming = { heartbeatMs: 3_000, staleMs: 15_000, now: () => Date.now() };

/** An owner id for this process: unique even if the PID is reused or the host shares PIDs. */
export function newOwnerId(): string {
  const started = Math.round(Date.now() - process.uptime() * 1000);
  return `${randomBytes(8).toString('hex')}@${hostname()}:${process.pid}:${started}`;
}

export interface Lease {
  owner: string | null;
  heartbeat: number | null;
}

/** The lease of a run, or null when the run does not exist. */
export function leaseOf(db: Db, runId: number): Lease | null {
  const row = db.prepare('SELECT owner, heartbeat_at FROM runs WHERE id = ? AND deleting = 0').get(runId) as
    { owner: string | null; heartbeat_at: number | null } | undefined;
  return row ? { owner: row.owner, heartbeat: row.heartbeat_at } : null;
}

export function isLive(lease: Lease, timing: LeaseTiming): boolean {
  return lease.owner !== null && lease.heartbeat !== null && timing.now() - lease.heartbeat < timing.staleMs;
}

/** Seconds since the lease was renewed, for messages. */
export function leaseAge(lease: Lease, timing: LeaseTiming): number {
  return lease.heartbeat === null
    ? Infinity
    : Math.max(0, Math.round((timing.now() - lease.heartbeat) / 1000));
}

export type ClaimResult =
  { ok: true } | { ok: false; missing: true } | { ok: false; missing: false; holder: Lease };

/** Take a run's lease: free, already ours, or dead (by compare-and-swap on what was read). */
export function claimLease(db: Db, runId: number, me: string, timing: LeaseTiming): ClaimResult {
  const lease = leaseOf(db, runId);
  if (!lease) return { ok: false, missing: true };
  if (lease.owner !== me && isLive(lease, timing)) return { ok: false, missing: false, holder: lease };
  if (takeOver(db, runId, me, lease, timing)) return { ok: true };
  // Someone renewed or claimed it between the read and the write.
  const now = leaseOf(db, runId);
  return now ? { ok: false, missing: false, holder: now } : { ok: false, missing: true };
}

/** The compare-and-swap: the lease becomes ours only if it is still exactly what was `seen`. */
export function takeOver(db: Db, runId: number, me: string, seen: Lease, timing: LeaseTiming): boolean {
  return (
    db
      .prepare(
        'UPDATE runs SET owner = @me, heartbeat_at = @now WHERE id = @id AND deleting = 0 AND owner IS @owner AND heartbeat_at IS @heartbeat',
      )
      .run({ me, now: timing.now(), id: runId, owner: seen.owner, heartbeat: seen.heartbeat }).changes === 1
  );
}

/** Renew every lease this owner holds; returns the ids it still holds. */
export function renewLeases(db: Db, me: string, timing: LeaseTiming): Set<number> {
  db.prepare('UPDATE runs SET heartbeat_at = ? WHERE owner = ?').run(timing.now(), me);
  return new Set(db.prepare('SELECT id FROM runs WHERE owner = ?').pluck().all(me) as number[]);
}

/**
 * Take back a run this owner was generating when another process marked it interrupted (this
 * one stalled past the lease: its heartbeat could not run). Only while nobody else has claimed
 * it since (owner still NULL, still interrupted), by compare-and-swap; true when taken back.
 */
export function reclaimLease(
  db: Db,
  runId: number,
  me: string,
  timing: LeaseTiming,
  status: 'queued' | 'running',
): boolean {
  return (
    db
      .prepare(
        `UPDATE runs SET owner = @me, heartbeat_at = @now, status = @status, error = NULL
         WHERE id = @id AND deleting = 0 AND owner IS NULL AND status = 'interrupted'`,
      )
      .run({ me, now: timing.now(), id: runId, status }).changes === 1
  );
}

/** Give a run's lease back (it ended); only the owner can. */
export function releaseLease(db: Db, runId: number, me: string): void {
  db.prepare('UPDATE runs SET owner = NULL, heartbeat_at = NULL WHERE id = ? AND owner = ?').run(runId, me);
}

/**
 * Runs left queued or running under a dead lease (or none) are marked interrupted, each by
 * compare-and-swap so a lease renewed meanwhile is left alone; never the runs `me` holds.
 * Returns their ids.
 */
export function markInterrupted(db: Db, timing: LeaseTiming, me?: string): number[] {
  const rows = db
    .prepare("SELECT id, owner, heartbeat_at FROM runs WHERE status IN ('queued', 'running')")
    .all() as { id: number; owner: string | null; heartbeat_at: number | null }[];
  const mark = db.prepare(
    `UPDATE runs SET status = 'interrupted', owner = NULL, heartbeat_at = NULL,
       error = 'the process generating this run stopped; resume it to carry on'
     WHERE id = @id AND status IN ('queued', 'running') AND owner IS @owner AND heartbeat_at IS @heartbeat`,
  );
  const out: number[] = [];
  writeTransaction(db, () => {
    for (const r of rows) {
      // A process never sweeps its own runs: a late heartbeat there is a stall, not a death.
      if (r.owner !== null && r.owner === me) continue;
      if (isLive({ owner: r.owner, heartbeat: r.heartbeat_at }, timing)) continue;
      if (mark.run({ id: r.id, owner: r.owner, heartbeat: r.heartbeat_at }).changes === 1) out.push(r.id);
    }
  });
  return out;
}

/** Delete a run unless a live lease holds it; returns the rows deleted (0 or 1). */
export function deleteUnleasedRun(db: Db, runId: number, timing: LeaseTiming): number {
  return db
    .prepare('DELETE FROM runs WHERE id = ? AND (owner IS NULL OR heartbeat_at IS NULL OR heartbeat_at <= ?)')
    .run(runId, timing.now() - timing.staleMs).changes;
}
