/** candidates.*: list and read candidates, curate them (verdicts, notes, tags), prove and save hand-edited levels. */
import { ApiError } from '../../src-shared/api';
import { tagStepCandidates } from '../../src-shared/api/call-bounds';
import type { RowChange } from '../../src-shared/history';
import { gameById } from '../../src-shared/games/index';
import { candidateName } from '../../src-shared/vocabulary';
import { curationLabels } from '../curation-labels';
import { proveInRun, saveEdited } from '../runs/save-edited';
import { slotIndexes } from '../store/candidate-lookup';
import {
  candidatePoints,
  getCandidateRow,
  listCandidates,
  setNote,
  setTags,
  setVerdicts,
} from '../store/candidates';
import type { HandlerContext, HandlersOf } from './context';
import {
  checkListKeys,
  curate,
  curateInSteps,
  curatedRun,
  curatedRunInSteps,
  gameOf,
  readableRun,
  runOf,
  writableRun,
} from './guards';

export function candidateHandlers({ db, pool, turns, options }: HandlerContext): HandlersOf<'candidates'> {
  return {
    'candidates.list': (q) => {
      checkListKeys(gameOf(db, q.runId), q);
      return listCandidates(db, q);
    },
    'candidates.get': ({ candidateId }) => {
      const row = getCandidateRow(db, candidateId);
      if (!row) throw new ApiError('not-found', `candidate ${candidateId} does not exist`);
      const run = runOf(db, row.runId);
      const shipped = row.shippedAs.automatic ?? row.shippedAs.approved;
      const parent = row.parentId === null ? undefined : slotIndexes(db, [row.parentId]).get(row.parentId);
      return {
        ...row,
        game: run.game,
        seed: run.seed,
        rules: run.rules,
        label: `${run.game}/run ${run.id}/seed ${run.seed}/${candidateName(row.slot, row.index)}${shipped ? `/level ${shipped}` : ''}`,
        parentName: parent ? candidateName(parent.slot, parent.index) : null,
      };
    },
    'candidates.points': ({ runId }) => {
      runOf(db, runId);
      return candidatePoints(db, runId);
    },
    'candidates.setVerdict': ({ candidateIds, verdict }) => {
      const runId = curatedRun(db, candidateIds);
      return turns.take(runId, () =>
        curate(db, runId, curationLabels.verdict(verdict), () => setVerdicts(db, candidateIds, verdict)),
      );
    },
    'candidates.setNote': ({ candidateId, note }) => {
      const runId = curatedRun(db, [candidateId]);
      return turns.take(runId, () => {
        const change = curate(db, runId, curationLabels.note(note), () => setNote(db, candidateId, note));
        const { proof: _proof, ...row } = getCandidateRow(db, candidateId)!;
        return { ...change, row };
      });
    },
    'candidates.setTags': ({ candidateIds, tags, mode }) => {
      const meta = curationLabels.tags(mode, tags);
      const ids = [...new Set(candidateIds)];
      const per = tagStepCandidates(tags.length);
      if (ids.length <= per) {
        const runId = curatedRun(db, ids);
        return turns.take(runId, () => curate(db, runId, meta, () => setTags(db, ids, tags, mode)));
      }
      // Many candidates: checked and written a step at a time so other calls get in between,
      // and one change all the same.
      const steps: (() => RowChange[])[] = [];
      for (let i = 0; i < ids.length; i += per) {
        const step = ids.slice(i, i + per);
        steps.push(() => setTags(db, step, tags, mode));
      }
      return curatedRunInSteps(db, ids).then((runId) =>
        turns.take(runId, () => curateInSteps(db, runId, meta, steps)),
      );
    },
    'candidates.prove': ({ runId, slot, level }) => {
      const run = readableRun(db, runId);
      return proveInRun(pool, gameById(run.game), run, slot, level, options.proveBudgetMs);
    },
    'candidates.saveEdited': ({ runId, slot, from, level }) => {
      const run = runOf(db, runId);
      writableRun(db, runId);
      return turns.take(runId, () =>
        saveEdited(
          db,
          pool,
          gameById(run.game),
          run,
          from === undefined ? { slot, level } : { slot, from, level },
          new Date().toISOString(),
          options.proveBudgetMs,
        ),
      );
    },
  };
}
