/**
 * Which better-sqlite3 binary this process loads. Node (CLI, server, tests, workers) loads
 * Node's build in better-sqlite3/build/Release; Electron's main process loads the build for
 * its own ABI, which the postinstall step (scripts/desktop-install.mjs) places BESIDE Node's
 * in better-sqlite3/build-electron/Release. Both builds live side by side, so making the
 * desktop app work never breaks the CLI, the server or the tests.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const requireHere = createRequire(import.meta.url);

export type BindingRuntime = 'node' | 'electron';

export interface NativeBindingChoice {
  runtime: BindingRuntime;
  /** The .node file to load. */
  file: string;
  /** The command (run in the project folder) that puts the right binary there. */
  fix: string;
}

/** The commands named in errors; the desktop one re-runs the postinstall step. */
export const FIX_NODE_BINDING = 'npm rebuild better-sqlite3';
export const FIX_ELECTRON_BINDING = 'npm run desktop:install';

/** Where better-sqlite3 is installed (its package folder). */
export function betterSqliteDir(): string {
  return dirname(requireHere.resolve('better-sqlite3/package.json'));
}

/** The Electron build's place, beside Node's build/ folder. */
export function electronBindingFile(packageDir: string): string {
  return join(packageDir, 'build-electron', 'Release', 'better_sqlite3.node');
}

export function nodeBindingFile(packageDir: string): string {
  return join(packageDir, 'build', 'Release', 'better_sqlite3.node');
}

/** Electron's main process reports process.versions.electron; plain Node does not. */
export function chooseNativeBinding(
  versions: NodeJS.ProcessVersions = process.versions,
  packageDir = betterSqliteDir(),
): NativeBindingChoice {
  return versions.electron
    ? { runtime: 'electron', file: electronBindingFile(packageDir), fix: FIX_ELECTRON_BINDING }
    : { runtime: 'node', file: nodeBindingFile(packageDir), fix: FIX_NODE_BINDING };
}

/** Load errors that mean "a binary for another runtime or ABI", as Node and Electron word them. */
const WRONG_RUNTIME =
  /NODE_MODULE_VERSION|compiled against a different Node\.js version|did not self-register|invalid ELF header|wrong ELF class|not a valid Win32 application|mach-o file, but is an incompatible architecture|slice is not valid mach-o/i;

function runtimeLabel(choice: NativeBindingChoice, versions: NodeJS.ProcessVersions): string {
  return choice.runtime === 'electron' ? `Electron ${versions.electron}` : `Node ${versions.node}`;
}

/**
 * Load the binding for this runtime. A missing file or one built for another runtime gives
 * an error naming the file and the exact command that fixes it.
 */
export function loadNativeBinding(
  versions: NodeJS.ProcessVersions = process.versions,
  packageDir?: string,
  load: (file: string) => unknown = (file) => requireHere(file),
): { choice: NativeBindingChoice; addon: object } {
  const choice = chooseNativeBinding(versions, packageDir ?? betterSqliteDir());
  const label = runtimeLabel(choice, versions);
  if (!existsSync(choice.file)) {
    throw new Error(
      `SQLite's binary for ${label} is missing: ${choice.file}. Run "${choice.fix}" in the studio's folder to put it there.`,
    );
  }
  try {
    return { choice, addon: load(choice.file) as object };
  } catch (e) {
    const detail = (e instanceof Error ? e.message : String(e)).replace(/\s*\n\s*/g, ' ').trim();
    const what = WRONG_RUNTIME.test(detail)
      ? `was built for another runtime than ${label}`
      : `could not be loaded by ${label}`;
    throw new Error(
      `SQLite's binary ${choice.file} ${what} (${detail}). Run "${choice.fix}" in the studio's folder to rebuild it.`,
      { cause: e },
    );
  }
}

let checked: string | undefined;

/**
 * The file for better-sqlite3's `nativeBinding` option, loaded once here first so a wrong
 * one fails with the message above (better-sqlite3's own require then hits the same cache).
 */
export function nativeBinding(): string {
  checked ??= loadNativeBinding().choice.file;
  return checked;
}
