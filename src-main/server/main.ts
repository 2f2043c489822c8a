/** `npm run serve -- [--port N] [--db PATH] [--workers N] [--log-api]`: the studio for a browser. */
import { Command, InvalidArgumentError } from 'commander';
import { startStudio, rendererDir } from '../studio';
import { startServer } from './server';
import type { Service } from '../service';

/** A whole number in [min, max], named with its range when refused (as the CLI's options are). */
function wholeNumber(name: string, min: number, max: number) {
  return (value: string): number => {
    const n = Number(value);
    if (!/^\d+$/.test(value.trim()) || !Number.isInteger(n) || n < min || n > max)
      throw new InvalidArgumentError(`${name} must be a whole number from ${min} to ${max}, got "${value}"`);
    return n;
  };
}

/** The same service, printing one line per API call (method and outcome, never arguments). */
function withCallLog(service: Service): Service {
  const logged = Object.create(service) as Service;
  logged.dispatch = async (method, args) => {
    const envelope = await service.dispatch(method, args);
    console.log(`api ${method} ${envelope.ok ? 'ok' : envelope.error.code}`);
    return envelope;
  };
  return logged;
}

export async function serveStudio(opts: {
  port?: number;
  db: string;
  workers?: number;
  logApi?: boolean;
}): Promise<void> {
  const opened = await startStudio({ dbPath: opts.db, workers: opts.workers, transport: 'server' });
  const service = opts.logApi ? withCallLog(opened) : opened;
  const server = await startServer({
    service,
    staticDir: rendererDir(),
    port: opts.port,
    // Refusals are what a designer needs to see when a page will not load (and what an attack looks like).
    onRefused: (status, reason) => console.error(`refused (${status}): ${reason}`),
  });
  console.log(`Studio running at ${server.url}`);
  const stop = (): void => {
    void server
      .close()
      .then(() => opened.close())
      .then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

{
  const program = new Command()
    .name('serve')
    .description('Serve the studio on 127.0.0.1 for a browser')
    .option('--port <n>', 'port to listen on (default: a free one)', wholeNumber('--port', 0, 65535))
    .option('--db <path>', 'SQLite database file', './studio.db')
    .option('--workers <n>', 'worker threads (default: one per core)', wholeNumber('--workers', 1, 64))
    .option('--log-api', 'print one line per API call: method and outcome')
    .action(async (o: { port?: number; db: string; workers?: number; logApi?: boolean }) => {
      await serveStudio(o);
    });
  program.parseAsync().catch((e: unknown) => {
    console.error(`serve: ${e instanceof Error ? e.message : String(e)}`);
    process.exit(1);
  });
}
