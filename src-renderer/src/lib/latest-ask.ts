/**
 * Only the last thing asked for may show: a page that asks again (a refresh, another item
 * opened) takes a new ticket, and an answer whose ticket is no longer the latest is dropped,
 * however late it arrives. Plain (no runes), so it is unit-tested on its own.
 */
export interface LatestAsk {
  /** A new ticket; the returned check says whether it is still the latest when the answer comes. */
  ask(): () => boolean;
  /** Supersede every ticket given so far (the page moved elsewhere without asking anew). */
  drop(): void;
}

export function latestAsk(): LatestAsk {
  let latest = 0;
  return {
    ask() {
      const mine = ++latest;
      return () => mine === latest;
    },
    drop() {
      latest++;
    },
  };
}
