/**
 * Only the last thing asked for shows (src-renderer/src/lib/latest-ask.ts), as the Experiments
 * screen's refresh uses it: answers settled by hand in the worst order (the older one last) never
 * overwrite the newer one, and a page that moved on drops every answer still on its way.
 */
import { describe, expect, it } from 'vitest';
import { latestAsk } from '../../src-renderer/src/lib/latest-ask';

/** A reply the test answers by hand, as a slow client would. */
function reply<T>(): { promise: Promise<T>; answer: (v: T) => void } {
  let answer!: (v: T) => void;
  const promise = new Promise<T>((res) => {
    answer = res;
  });
  return { promise, answer };
}

/** The screen's pattern: ask, await the client, show the answer only if still the latest. */
function screen() {
  const asks = latestAsk();
  const state = { shown: null as string | null };
  async function refresh(client: Promise<string>): Promise<void> {
    const current = asks.ask();
    const answer = await client;
    if (current()) state.shown = answer;
  }
  return { asks, state, refresh };
}

describe('latest ask', () => {
  it('an older answer arriving last does not overwrite the newer one', async () => {
    const s = screen();
    const older = reply<string>(),
      newer = reply<string>();
    const first = s.refresh(older.promise);
    const second = s.refresh(newer.promise);
    newer.answer('experiment 1, 8 of 8 seeds');
    await second;
    older.answer('experiment 1, 3 of 8 seeds');
    await first;
    expect(s.state.shown).toBe('experiment 1, 8 of 8 seeds');
  });

  it('answers arriving in order each show, the last one staying', async () => {
    const s = screen();
    const a = reply<string>();
    const first = s.refresh(a.promise);
    a.answer('a');
    await first;
    expect(s.state.shown).toBe('a');
    const b = reply<string>();
    const second = s.refresh(b.promise);
    b.answer('b');
    await second;
    expect(s.state.shown).toBe('b');
  });

  it('drop() supersedes an answer still on its way (an experiment closed, then reopened)', async () => {
    const s = screen();
    const stale = reply<string>();
    const first = s.refresh(stale.promise);
    s.asks.drop();
    stale.answer('asked before it was closed');
    await first;
    expect(s.state.shown).toBeNull();
  });

  it('tickets are independent per asker', () => {
    const a = latestAsk(),
      b = latestAsk();
    const ta = a.ask();
    b.ask();
    b.drop();
    expect(ta()).toBe(true);
  });
});
