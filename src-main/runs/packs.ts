/**
 * Build a run's pack for export (one file, or one file per level plus an index) and import a
 * pack's text as a run. Nothing here touches the filesystem: the API never takes a path.
 * Writing an export to disk is export-files.ts, called only by main-side code (CLI, Electron).
 */
import { ApiError, type ExportResult, type OrderingKind } from '../../src-shared/api';
import type { PackProblem } from '../../src-shared/game';
import { stringifyPack } from '../../src-shared/pack/pack-io';
import { readKeptOnPurpose, splitKept } from '../../src-shared/pack/kept-on-purpose';
import { gameById, type AnyGame } from '../../src-shared/games/index';
import { perLevelFiles } from '../../src-shared/pack/per-level';
import { formatMegabytes, IMPORT_LIMITS, type ImportLimits } from '../../src-shared/pack/import-limits';
import type { Db } from '../store/db';
import { storeImportedRun } from '../store/imported-runs';
import { packFromStored, type RunSpec } from './finish';
import { keptLine } from './kept-pairs';
import { checkInWorker } from './import-runner';
import { readPack } from '../../src-shared/data-version';

function defaultPackName(game: AnyGame, run: RunSpec, kind: OrderingKind): string {
  return `${game.id}-seed${run.seed}-run${run.id}${kind === 'automatic' ? '' : `-${kind}`}.json`;
}

/** A steered order the game's verify rejects, exported without the designer's confirmation. */
export class PackBreaksError extends Error {
  constructor(
    readonly problems: PackProblem[],
    what = 'the steered order',
  ) {
    super(
      `${what} breaks the game's rules (${problems
        .slice(0, 8)
        .map((p) => `${p.level === null ? 'pack' : `level ${p.level}`}: ${p.message}`)
        .join(
          '; ',
        )}${problems.length > 8 ? `; and ${problems.length - 8} more` : ''}); export it anyway only with allow-breaks, which records this choice in the pack`,
    );
    this.name = 'PackBreaksError';
  }
}

/**
 * A run's pack, ready to download or to write; writes nothing. A steered order is written
 * exactly as steered; when the game's verify rejects it (the designer forced a break), it is
 * refused unless `allowBreaks`, and then the pack records the breaks it ships with
 * (`studio.forcedBreaks`, beside the game's own fields, which every pack envelope allows).
 * Near-duplicate pairs the designer marked fine are kept on purpose (the pack records them,
 * `studio.keptOnPurpose`): reported as such, they neither block nor ask for confirmation.
 */
export function buildExport(
  db: Db,
  game: AnyGame,
  run: RunSpec,
  kind: OrderingKind,
  layout: 'file' | 'per-level',
  allowBreaks = false,
): ExportResult {
  let { pack, text } = packFromStored(db, game, run, kind);
  const { kept } = readKeptOnPurpose(pack);
  let keptOnPurpose = kept.map(keptLine);
  // An order blended with players' difficulty may put a level the model finds harder first: the
  // game's verify (on the model's figures) judges it as it judges a steered one.
  const blended = (pack as { studio?: { observedBlend?: unknown } }).studio?.observedBlend !== undefined;
  if (kind === 'steered' || blended) {
    const verified = splitKept(game.verifyPack(readPack(game, JSON.parse(text))), kept);
    const problems = verified.problems;
    if (problems.length > 0) {
      if (!allowBreaks)
        throw new PackBreaksError(
          problems,
          kind === 'steered' ? undefined : "the order blended with players' difficulty",
        );
      const studio = (pack as { studio?: object }).studio ?? {};
      pack = {
        ...(pack as object),
        studio: {
          ...studio,
          order: kind,
          forcedBreaks: problems.map((p) => ({ level: p.level, rule: p.rule, message: p.message })),
        },
      };
      text = stringifyPack(pack);
    }
    // What verify itself says of each kept pair (the pairs it flags; a kept pair it does not flag needs no word).
    keptOnPurpose = verified.kept.map((p) => ({ levels: p.pair!, message: p.message }));
  }
  const fileName = defaultPackName(game, run, kind);
  return {
    layout,
    fileName: layout === 'file' ? fileName : fileName.replace(/\.json$/, ''),
    text,
    bytes: Buffer.byteLength(text),
    files: layout === 'file' ? [] : perLevelFiles(pack),
    keptOnPurpose,
  };
}

export interface ImportedPack {
  game: AnyGame;
  runId: number;
  levels: number;
}

/**
 * Check a pack's text (bytes here, then levels, elements, schema and proof in a worker) and
 * store it as a read-only imported run; levels the pack lists in `studio.handEdited` are stored
 * hand-edited. Nothing is stored if anything fails or it is cancelled.
 */
export async function importPackText(
  db: Db,
  source: { text: string; name?: string; signal?: AbortSignal; limits?: ImportLimits },
): Promise<ImportedPack> {
  const limits = source.limits ?? IMPORT_LIMITS;
  const bytes = Buffer.byteLength(source.text);
  if (bytes > limits.maxBytes) {
    throw new ApiError(
      'bad-argument',
      `the pack is ${formatMegabytes(bytes)}; a pack may be at most ${formatMegabytes(limits.maxBytes)}`,
      [
        {
          field: 'text',
          message: `${formatMegabytes(bytes)} is over the ${formatMegabytes(limits.maxBytes)} limit`,
        },
      ],
    );
  }
  const checked = await checkInWorker(source.text, limits, source.signal);
  if (source.signal?.aborted) throw new ApiError('conflict', 'the import was cancelled; nothing was stored');
  const game = gameById(checked.game);
  const now = new Date().toISOString();
  const runId = storeImportedRun(
    db,
    {
      game: game.id,
      seed: checked.seed,
      name: source.name ?? 'imported pack',
      plan: checked.plan,
      rules: checked.rules,
      made: checked.made,
      // A level the exporting studio marked hand-edited stays marked, with its names there (a re-export writes them back).
      candidates: checked.levels.map(({ level, metrics, handEdited }, i) => ({
        slot: i,
        index: 0,
        level,
        metrics,
        difficulty: metrics[game.difficulty] ?? null,
        proof: {
          imported: true,
          ...(handEdited ? { handEdited: { candidate: handEdited.candidate, from: handEdited.from } } : {}),
          // Pairs the pack keeps on purpose, on the later level of each (a re-export writes them back).
          ...(checked.kept.some((k) => k.levels[1] === i + 1)
            ? { keptOnPurpose: checked.kept.filter((k) => k.levels[1] === i + 1) }
            : {}),
        },
        ...(handEdited ? { handEdited: true } : {}),
      })),
    },
    now,
  );
  return { game, runId, levels: checked.levels.length };
}
