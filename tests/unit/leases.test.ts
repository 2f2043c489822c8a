import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../src-main/store/db';
import {
  claimLease,
  deleteUnleasedRun,
  isLive,
  leaseOf,
  newOwnerId,
  releaseLease,
  renewLeases,
  takeOver,
} from '../../src-main/store/leases';
import { insertRun } from '../../src-main/store/runs';
import { tempDir } from '../helpers/temp';

let db: Db;
let cleanup = (): void => undefined;
afterEach(() => {
  db?.close();
  cleanup();
});

let clock = 5_000_000;
const timing = { heartbeatMs: 1_000, staleMs: 15_000, now: () => clock };

function setup(): number {
  const t = tempDir();
  cleanup = t.cleanup;
  db = openDatabase(join(t.dir, 'studio.db'));
  return insertRun(
    db,
    { game: 'carillon', seed: 1, plan: [], rules: {}, status: 'queued', levels: 1, candidatesTotal: 1 },
    'now',
  );
}

describe('run leases', () => {
  it('owner ids are unique per engine and carry host, PID and start time', () => {
    const a = newOwnerId(),
      b = newOwnerId();
    expect(a).not.toBe(b);
    expect(a).toMatch(new RegExp(`^[0-9a-f]{16}@.+:${process.pid}:\\d+$`));
  });

  it('a free lease is claimed; a live one is refused; a stale one is taken over', () => {
    const id = setup();
    expect(claimLease(db, id, 'A', timing)).toEqual({ ok: true });
    expect(claimLease(db, id, 'B', timing)).toMatchObject({
      ok: false,
      missing: false,
      holder: { owner: 'A' },
    });
    clock += 14_999;
    expect(isLive(leaseOf(db, id)!, timing)).toBe(true);
    expect(claimLease(db, id, 'B', timing).ok).toBe(false);
    clock += 1;
    expect(isLive(leaseOf(db, id)!, timing)).toBe(false);
    expect(claimLease(db, id, 'B', timing)).toEqual({ ok: true });
    expect(leaseOf(db, id)).toEqual({ owner: 'B', heartbeat: clock });
    // A lost its lease: its renewal no longer lists the run.
    expect(renewLeases(db, 'A', timing).has(id)).toBe(false);
    expect(renewLeases(db, 'B', timing).has(id)).toBe(true);
    expect(claimLease(db, 424242, 'B', timing)).toEqual({ ok: false, missing: true });
  });

  it('the takeover is a compare-and-swap: a heartbeat between the read and the write wins', () => {
    const id = setup();
    claimLease(db, id, 'A', timing);
    clock += 20_000;
    const seen = leaseOf(db, id)!;
    expect(isLive(seen, timing)).toBe(false);
    // A wakes up and renews just after B read the row.
    renewLeases(db, 'A', timing);
    expect(takeOver(db, id, 'B', seen, timing)).toBe(false);
    expect(leaseOf(db, id)!.owner).toBe('A');
    // Two processes racing for the same stale lease: only the first write lands.
    clock += 20_000;
    const stale = leaseOf(db, id)!;
    expect(takeOver(db, id, 'B', stale, timing)).toBe(true);
    expect(takeOver(db, id, 'C', stale, timing)).toBe(false);
    expect(leaseOf(db, id)!.owner).toBe('B');
  });

  it('a run under a live lease cannot be deleted; released or stale, it can', () => {
    const id = setup();
    claimLease(db, id, 'A', timing);
    expect(deleteUnleasedRun(db, id, timing)).toBe(0);
    releaseLease(db, id, 'B');
    expect(deleteUnleasedRun(db, id, timing)).toBe(0);
    releaseLease(db, id, 'A');
    expect(leaseOf(db, id)).toEqual({ owner: null, heartbeat: null });
    expect(deleteUnleasedRun(db, id, timing)).toBe(1);
    const other = insertRun(
      db,
      {
        game: 'carillon',
        seed: 1,
        plan: [],
        rules: {},
        status: 'running',
        levels: 1,
        candidatesTotal: 1,
        lease: { owner: 'C', heartbeat: clock },
      },
      'now',
    );
    expect(deleteUnleasedRun(db, other, timing)).toBe(0);
    clock += 15_000;
    expect(deleteUnleasedRun(db, other, timing)).toBe(1);
  });
});
