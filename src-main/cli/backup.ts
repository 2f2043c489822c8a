/**
 * `backup --out FILE [--db PATH]`: a consistent copy of the studio's database, made with
 * SQLite's online backup while the studio or the CLI may be writing runs to it. The file is
 * read, never changed or migrated, so a damaged or an older database can be copied too.
 */
import type { Command } from 'commander';
import { backupDatabase } from '../store/backups';

export function registerBackup(program: Command): void {
  program
    .command('backup')
    .description('write a consistent copy of the database (safe while runs are going)')
    .requiredOption('--out <file>', 'the copy to write (a new file)')
    .option('--db <path>', 'SQLite database to copy', './studio.db')
    .action(async (o: { out: string; db: string }) => {
      const r = await backupDatabase(o.db, o.out);
      console.log(
        `wrote ${r.path} (${r.bytes.toLocaleString('en')} bytes, schema version ${r.schemaVersion}): a copy of ${o.db}`,
      );
    });
}
