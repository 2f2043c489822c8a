/** `npm run cli -- <command>`: the studio's command line. */
import { Command } from 'commander';
import { registerCommands } from './commands';
import { ApiError } from '../../src-shared/api';
import { errorSentence } from '../../src-shared/error-sentence';

const program = new Command()
  .name('studio')
  .description('Level Studio command line: generate, verify and export level packs for Carillon and Apsis.')
  .showHelpAfterError('(add --help for usage)');

registerCommands(program);

program.parseAsync().catch((e: unknown) => {
  // An API refusal reads as the studio's sentence ("The seed must be a whole number."), never its raw field paths.
  console.error(
    `error: ${e instanceof ApiError ? errorSentence(e.toBody()) : e instanceof Error ? e.message : String(e)}`,
  );
  process.exit(1);
});
