/**
 * `verify FILE`: re-prove every level of a pack independently of its claims. Near-duplicate
 * pairs the pack keeps on purpose (studio.keptOnPurpose, marked fine in triage) are listed as
 * such and do not fail it.
 */
import type { Command } from 'commander';
import { PackFormatError } from '../../src-shared/pack/pack-io';
import { checkPackFile } from './packs';

export function registerVerify(program: Command): void {
  program
    .command('verify')
    .description('re-prove every level of a pack (any game); exits non-zero naming each failure')
    .argument('<file>', 'pack file')
    .action((file: string) => {
      let check;
      try {
        check = checkPackFile(file);
      } catch (e) {
        if (e instanceof PackFormatError) {
          console.error(`${file}: ${e.message}`);
          process.exitCode = 1;
          return;
        }
        throw e;
      }
      const { game, pack, problems, kept } = check;
      const levels = game.packLevels(pack).length;
      if (problems.length === 0) {
        console.log(
          `${file}: ${game.title} pack, ${levels} levels — all verified${kept.length ? ` (${kept.length} near-duplicate pair${kept.length === 1 ? '' : 's'} kept on purpose)` : ''}`,
        );
        for (const p of kept) console.log(`  level ${p.level}: [${p.rule}] ${p.message}`);
        for (const l of game.summarize(pack)) console.log(`  ${l.label}: ${l.value}`);
        return;
      }
      for (const p of kept) console.log(`  level ${p.level}: [${p.rule}] ${p.message}`);
      console.error(
        `${file}: ${game.title} pack, ${levels} levels — ${problems.length} problem${problems.length === 1 ? '' : 's'}:`,
      );
      for (const p of problems)
        console.error(`  ${p.level === null ? 'pack' : `level ${p.level}`}: [${p.rule}] ${p.message}`);
      process.exitCode = 1;
    });
}
