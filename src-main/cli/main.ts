/** `npm run cli -- <command>`: the studio's command line. */
import { Command } from 'commander';
import { registerCommands } from './commands';

const program = new Command()
  .name('studio')
  .description('Level Studio command line: generate, verify and export level packs for Carillon and Apsis.')
  .showHelpAfterError('(add --help for usage)');

registerCommands(program);

program.parseAsync().catch((e: unknown) => {
  console.error(`error: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});
