import { describe, expect, it } from 'vitest';
import { createPoolSlots } from '../../src-main/jobs/slots';

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('pool slots shared by runs', () => {
  it('grants at most the capacity, and freed room to the highest priority first', async () => {
    const slots = createPoolSlots(2);
    const granted: string[] = [];
    const take = (name: string, priority: number) =>
      slots.acquire(priority).then((release) => {
        granted.push(name);
        return release;
      });
    const a1 = take('a1', 0),
      a2 = take('a2', 0);
    const b1 = take('b1', 1);
    const a3 = take('a3', 0);
    await tick();
    expect(granted).toEqual(['a1', 'a2']);
    expect(slots.inFlight).toBe(2);
    // The later run (priority 1) asked before a3, but the first run is served first.
    (await a1)();
    await tick();
    expect(granted).toEqual(['a1', 'a2', 'a3']);
    (await a2)();
    await tick();
    expect(granted).toEqual(['a1', 'a2', 'a3', 'b1']);
    // Releasing twice gives back one slot only.
    const r3 = await a3;
    r3();
    r3();
    expect(slots.inFlight).toBe(1);
    (await b1)();
    expect(slots.inFlight).toBe(0);
  });

  it('a cancelled wait leaves the queue and rejects, without taking room', async () => {
    const slots = createPoolSlots(1);
    const hold = await slots.acquire(0);
    const ctl = new AbortController();
    const waiting = slots.acquire(0, ctl.signal);
    const other = slots.acquire(1);
    ctl.abort(new Error('cancelled'));
    await expect(waiting).rejects.toThrow('cancelled');
    hold();
    const release = await other;
    expect(slots.inFlight).toBe(1);
    release();
    await expect(slots.acquire(0, ctl.signal)).rejects.toThrow('cancelled');
    expect(slots.inFlight).toBe(0);
  });
});
