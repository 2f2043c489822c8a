/**
 * A run's changes take turns (src-main/runs/run-turns.ts): with nothing in flight a change runs
 * at once; one that comes while another of its run computes waits for it, even when that one
 * fails; other runs never wait.
 */
import { describe, expect, it } from 'vitest';
import { createRunTurns } from '../../src-main/runs/run-turns';

/** A promise the test settles by hand. */
function gate(): { promise: Promise<void>; open: () => void; fail: (e: Error) => void } {
  let open!: () => void, fail!: (e: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    open = res;
    fail = rej;
  });
  return { promise, open, fail };
}

describe('run turns', () => {
  it('runs a change at once (synchronously) when nothing of its run is in flight', () => {
    const turns = createRunTurns();
    const log: string[] = [];
    const r = turns.take(1, () => {
      log.push('now');
      return 7;
    });
    log.push('after');
    expect(r).toBe(7);
    expect(log).toEqual(['now', 'after']);
  });

  it('queues a change behind one of its run that is computing, in the order they came; other runs do not wait', async () => {
    const turns = createRunTurns();
    const log: string[] = [];
    const g = gate();
    const steer = turns.take(1, async () => {
      log.push('steer starts');
      await g.promise;
      log.push('steer writes');
      return 'steered';
    });
    const undo = turns.take(1, () => {
      log.push('undo');
      return 'undone';
    });
    const redo = turns.take(1, () => {
      log.push('redo');
      return 'redone';
    });
    const other = turns.take(2, () => {
      log.push('other run');
      return 'other';
    });
    expect(other).toBe('other');
    expect(log).toEqual(['steer starts', 'other run']);
    g.open();
    expect(await Promise.all([steer, undo, redo])).toEqual(['steered', 'undone', 'redone']);
    expect(log).toEqual(['steer starts', 'other run', 'steer writes', 'undo', 'redo']);
    // Idle again: the next change runs at once.
    expect(turns.take(1, () => 'at once')).toBe('at once');
  });

  it('a failed change does not block the next; each caller gets its own answer or error', async () => {
    const turns = createRunTurns();
    const g = gate();
    const failing = turns.take(1, async () => {
      await g.promise;
      return 1;
    });
    const refused = turns.take(1, () => {
      throw new Error('run 1 has no change to undo');
    });
    const next = turns.take(1, () => 'after');
    g.fail(new Error('the steer failed'));
    await expect(failing).rejects.toThrow('the steer failed');
    await expect(refused).rejects.toThrow('run 1 has no change to undo');
    await expect(next).resolves.toBe('after');
  });
});
