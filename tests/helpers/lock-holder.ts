/**
 * Another process holding the database's write lock, as a second studio or a CLI writing a
 * batch does: a child process that begins an IMMEDIATE transaction, says so, sleeps `ms`
 * and commits. `held` resolves once the lock is taken; `done` once the child has exited.
 */
import { spawn } from 'node:child_process';

const SCRIPT = `
const Database = require('better-sqlite3');
const [path, ms] = process.argv.slice(1);
const db = new Database(path);
db.exec('BEGIN IMMEDIATE');
process.stdout.write('held\\n');
Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, Number(ms));
db.exec('COMMIT');
db.close();
`;

export function holdWriteLock(
  dbPath: string,
  ms: number,
): { held: Promise<void>; done: Promise<number | null> } {
  const child = spawn(process.execPath, ['-e', SCRIPT, dbPath, String(ms)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const held = new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (d: Buffer) => {
      if (d.toString().includes('held')) resolve();
    });
    child.once('exit', (code) =>
      reject(new Error(`the lock holder exited (${code}) before taking the lock`)),
    );
  });
  const done = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { held, done };
}
