/**
 * SQLite's own change signal: `PRAGMA data_version` read on a connection changes only when
 * another connection (the CLI, a second studio, any process on the same file) has committed
 * since this connection last read it; this connection's own commits never move it. A read is
 * one pragma on the WAL index in shared memory (no page of the file is read), so polling it
 * twice a second costs an idle studio next to nothing (`npm run bench -- --only elsewhere`). A
 * file watcher would miss writes that land in the -wal file, and fire on checkpoints.
 */
import type { Db } from './db';

/**
 * A look at `db`'s change signal: each call says whether another connection committed since
 * the previous call (the first call compares with the moment this was made).
 */
export function otherWrites(db: Db): () => boolean {
  const read = db.prepare('PRAGMA data_version').pluck();
  let last = read.get() as number;
  return () => {
    if (!db.open) return false;
    const now = read.get() as number;
    if (now === last) return false;
    last = now;
    return true;
  };
}
