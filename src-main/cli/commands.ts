/** The CLI's command table. Each command lives in its own module. */
import type { Command } from 'commander';
import { gameInfos } from '../service/app';
import { registerGenerate } from './generate';
import { registerVerify } from './verify';
import { registerRuns } from './runs';
import { registerOrder } from './order';
import { registerProve } from './prove';
import { registerExperiment } from './experiment';
import { registerBackup } from './backup';
import { registerReproduce } from './reproduce';
import { registerTopUp } from './topup';
import { registerRange } from './range';
import { registerPlaytest } from './playtest';
import { playtestExportCommand } from './playtest-export';

export function registerCommands(program: Command): void {
  program
    .command('games')
    .description('list the games with their default plans')
    .action(() => {
      for (const g of gameInfos()) {
        console.log(`${g.id} — ${g.title}: ${g.levelCount} levels by default`);
        for (const row of g.planRows) console.log(`  ${row.levels.padEnd(10)} ${row.detail}`);
      }
    });
  registerGenerate(program);
  registerVerify(program);
  registerRuns(program);
  registerOrder(program);
  registerProve(program);
  registerExperiment(program);
  registerBackup(program);
  registerReproduce(program);
  registerTopUp(program);
  registerRange(program);
  registerPlaytest(program).addCommand(playtestExportCommand());
}
