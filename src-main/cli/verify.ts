/**
 * `verify FILE`: re-prove every level of a pack independently of its claims. Near-duplicate
 * pairs the pack keeps on purpose (studio.keptOnPurpose, marked fine in triage) are listed as
 * such and do not fail it.
 *
 * A pack is checked as an import checks it: the same byte cap before reading, the same limits
 * on levels and entries per level before any proof, in the same worker with the same heap cap
 * and time budget, refused past them with the same sentences (src-main/runs/import-check.ts).
 * `--no-limits` checks in this process with no cap, for a pack the designer trusts.
 */
import type { Command } from 'commander';
import { ApiError } from '../../src-shared/api';
import { formatMegabytes, IMPORT_LIMITS, NO_LIMITS } from '../../src-shared/pack/import-limits';
import { FileReadError, readRegularFile } from '../regular-file';
import { verifyPackText, type VerifyCheck } from '../runs/import-check';
import { verifyInWorker } from '../runs/import-runner';

type Verified = Extract<VerifyCheck, { ok: true }>;

/** The pack's text, or a sentence saying why it is not read (past the byte cap: import's sentence). */
function readPack(file: string, maxBytes: number | null): string | { refused: string } {
  try {
    return readRegularFile(file, maxBytes);
  } catch (e) {
    if (!(e instanceof FileReadError)) throw e;
    if (e.kind === 'too-large' && maxBytes !== null)
      return {
        refused:
          e.bytes !== undefined
            ? `the pack is ${formatMegabytes(e.bytes)}; a pack may be at most ${formatMegabytes(maxBytes)}`
            : `the pack is larger than ${formatMegabytes(maxBytes)}, the most a pack may be`,
      };
    return { refused: `cannot read ${file}: ${e.message}` };
  }
}

async function check(text: string, limited: boolean): Promise<Verified | { refused: string }> {
  if (!limited) {
    const report = verifyPackText(text, NO_LIMITS);
    return report.ok ? report : { refused: report.message };
  }
  try {
    return await verifyInWorker(text, IMPORT_LIMITS);
  } catch (e) {
    if (e instanceof ApiError) return { refused: e.message };
    throw e;
  }
}

export function registerVerify(program: Command): void {
  program
    .command('verify')
    .description('re-prove every level of a pack (any game); exits non-zero naming each failure')
    .argument('<file>', 'pack file')
    .option(
      '--no-limits',
      "check without import's limits (32 MiB, 5,000 levels, 200 entries per level, 120 s, 1 GB): only for a pack you trust",
    )
    .action(async (file: string, opts: { limits: boolean }) => {
      const text = readPack(file, opts.limits ? IMPORT_LIMITS.maxBytes : null);
      const report = typeof text === 'string' ? await check(text, opts.limits) : text;
      if ('refused' in report) {
        console.error(`${file}: ${report.refused}`);
        if (opts.limits && !report.refused.startsWith('cannot read'))
          console.error("  (verify --no-limits checks a pack you trust without import's limits)");
        process.exitCode = 1;
        return;
      }
      const { title, levels, problems, kept, summary } = report;
      if (problems.length === 0) {
        console.log(
          `${file}: ${title} pack, ${levels} levels — all verified${kept.length ? ` (${kept.length} near-duplicate pair${kept.length === 1 ? '' : 's'} kept on purpose)` : ''}`,
        );
        for (const p of kept) console.log(`  level ${p.level}: [${p.rule}] ${p.message}`);
        for (const l of summary) console.log(`  ${l.label}: ${l.value}`);
        return;
      }
      for (const p of kept) console.log(`  level ${p.level}: [${p.rule}] ${p.message}`);
      console.error(
        `${file}: ${title} pack, ${levels} levels — ${problems.length} problem${problems.length === 1 ? '' : 's'}:`,
      );
      for (const p of problems)
        console.error(`  ${p.level === null ? 'pack' : `level ${p.level}`}: [${p.rule}] ${p.message}`);
      process.exitCode = 1;
    });
}
