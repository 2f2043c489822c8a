/**
 * The tests' one way to run the studio's CLI as a designer does: `node --import tsx
 * src-main/cli/main.ts …` from the project root, waited for, its exit status and output kept.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

export const projectRoot = join(import.meta.dirname, '..', '..');

export interface CliResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Run an entry point of the project (the CLI by default) with `args`; generous timeout for whole sets under load. */
function runEntry(entry: string, args: readonly string[], timeoutMs = 240_000): CliResult {
  const r = spawnSync(process.execPath, ['--import', 'tsx', join(projectRoot, entry), ...args], {
    cwd: projectRoot,
    encoding: 'utf8',
    timeout: timeoutMs,
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** The CLI with these arguments. */
export const cli = (...args: string[]): CliResult => runEntry('src-main/cli/main.ts', args);
