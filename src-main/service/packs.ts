/** packs.*: build a pack for export, import one, and cancel an import. */
import { ApiError } from '../../src-shared/api';
import { gameById } from '../../src-shared/games/index';
import { PackNotReadyError } from '../runs/finish';
import { buildExport, importPackText, PackBreaksError } from '../runs/packs';
import { buildPlaytestExport } from '../runs/playtest-export';
import type { HandlerContext, HandlersOf } from './context';
import { inImportSlot } from './import-slot';
import { readableRun, runSummary } from './guards';

export function packHandlers({ db, events, imports, options }: HandlerContext): HandlersOf<'packs'> {
  return {
    'packs.export': ({ runId, kind, layout, allowBreaks }) => {
      // A run whose stored settings cannot be read never writes a pack (verify would refuse it).
      const run = readableRun(db, runId);
      try {
        return buildExport(db, gameById(run.game), run, kind, layout, allowBreaks);
      } catch (e) {
        if (e instanceof PackNotReadyError) throw new ApiError('conflict', e.message);
        if (e instanceof PackBreaksError) {
          throw new ApiError(
            'conflict',
            e.message,
            e.problems.map((p) => ({
              field: `breaks.level ${p.level ?? 'pack'}`,
              message: `${p.rule}: ${p.message}`,
            })),
          );
        }
        throw e;
      }
    },
    'packs.exportPlaytest': ({ runId, kind, testers }) => {
      const run = readableRun(db, runId);
      try {
        return buildPlaytestExport(db, gameById(run.game), run, kind, testers);
      } catch (e) {
        if (e instanceof PackNotReadyError) throw new ApiError('conflict', e.message);
        throw e;
      }
    },
    'packs.import': ({ text, name, importId }) =>
      inImportSlot(imports, importId, async (signal) => {
        const imported = await importPackText(db, { text, name, signal, limits: options.importLimits });
        events.emit('run.changed', { runId: imported.runId, status: 'imported' });
        return { run: runSummary(db, imported.runId), levels: imported.levels };
      }),
    'packs.cancelImport': ({ importId }) => {
      const abort = imports.get(importId);
      abort?.abort();
      return { cancelled: abort !== undefined };
    },
  };
}
