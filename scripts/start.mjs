// `npm start`: build if needed, then launch the Electron app; where Electron's binary is not
// installed (its download is blocked on some machines), say so in one line and serve the
// studio for a browser instead.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';

const root = new URL('..', import.meta.url).pathname;
const built = spawnSync(process.execPath, [new URL('./ensure-built.mjs', import.meta.url).pathname], { stdio: 'inherit' });
if (built.status !== 0) process.exit(built.status ?? 1);

function electronBinary() {
  try {
    const require = createRequire(import.meta.url);
    const path = require('electron'); // the package's index returns the binary's path
    return typeof path === 'string' && existsSync(path) ? path : null;
  } catch {
    return null;
  }
}

const passThrough = process.argv.slice(2);
const electron = electronBinary();
const child = electron
  ? spawn(electron, [root, ...passThrough], { stdio: 'inherit' })
  : (console.log('Electron is not installed on this machine (its binary download is blocked); serving the studio for a browser instead.'),
    spawn(process.execPath, [new URL('../out/main/server.js', import.meta.url).pathname, ...passThrough], { stdio: 'inherit' }));
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));
