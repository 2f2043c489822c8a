/**
 * Issue 21, item 10: Electron's `readPackFile` opened the chosen path before checking it was a
 * regular file, and opening a FIFO for reading waits for a writer: the main process hung. It
 * now shares the CLI's check (src-main/regular-file.ts), made before the open. Each read runs
 * in a child process with a timeout, so a hang fails the test instead of stopping the runner.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cli, projectRoot } from '../helpers/cli';
import { tempDir } from '../helpers/temp';

const t = tempDir('studio-fifo-');
afterAll(() => t.cleanup());

describe('a FIFO chosen as a pack', () => {
  const fifo = join(t.dir, 'pack.json');
  execFileSync('mkfifo', [fifo]);

  it("Electron's readPackFile refuses it at once with a sentence, and never blocks on it", () => {
    const script = `import(${JSON.stringify(join(projectRoot, 'src-main/electron/files.ts'))}).then((m) => {
      try { m.readPackFile(process.argv[1], 1024 * 1024); console.log('read'); }
      catch (e) { console.log('refused: ' + e.message); }
    });`;
    const r = spawnSync(process.execPath, ['--import', 'tsx', '-e', script, fifo], {
      cwd: projectRoot,
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(r.signal).toBeNull();
    expect(r.stdout.trim()).toBe(`refused: cannot import ${fifo}: it is not a regular file`);
  });

  it('the CLI refuses it with the same check', () => {
    const r = cli('verify', fifo);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/cannot read .*pack\.json: it is not a regular file/);
  });
});
