/**
 * The Runs page's reproduce verdict in words (src-renderer/src/runs/reproduce-words.ts): the
 * progress while the run is made again, one sentence once done (equal, or how much differs), the
 * older-generator note, and the first differing levels and candidates with both sides' metrics.
 */
import { describe, expect, it } from 'vitest';
import type { ReproduceJob } from '../../src-shared/api';
import { reproduceWords } from '../../src-renderer/src/runs/reproduce-words';

const base: ReproduceJob = {
  runId: 4,
  state: 'done',
  overall: 1,
  stage: 'done',
  startedAt: '2026-12-02T00:00:00.000Z',
  finishedAt: '2026-12-02T00:01:00.000Z',
  report: null,
  error: null,
};
const report = {
  runId: 4,
  game: 'carillon',
  equal: true,
  candidatesCompared: 128,
  candidateDiffs: 0,
  firstCandidates: [],
  packEqual: true,
  levelDiffs: 0,
  firstLevels: [],
  generatorNote: null,
};

describe('reproduce verdict words', () => {
  it('while working: the stage and how far, in whole percent', () => {
    const w = reproduceWords({
      ...base,
      state: 'running',
      overall: 0.456,
      stage: 'making the run again: generate',
    });
    expect(w).toMatchObject({ tone: 'working', levels: [], candidates: [], note: null });
    expect(w.sentence).toBe('Reproducing run #4: making the run again: generate, 45%.');
  });

  it('an equal run: one sentence, nothing listed', () => {
    const w = reproduceWords({ ...base, report });
    expect(w.tone).toBe('equal');
    expect(w.sentence).toBe(
      'Run #4 reproduces: all 128 candidates and the automatic pack are the same, byte for byte.',
    );
    expect([w.levels, w.candidates, w.note]).toEqual([[], [], null]);
  });

  it('a differing run: the verdict, the generator note, level 7 and its candidate side by side, and what is not listed', () => {
    const stored = { bits: 1.2249, taps: 2 };
    const again = { bits: 1.5, taps: 2 };
    const w = reproduceWords({
      ...base,
      report: {
        ...report,
        equal: false,
        packEqual: false,
        candidateDiffs: 7,
        levelDiffs: 1,
        firstLevels: [
          {
            level: 7,
            stored: { candidate: 'L5 · c16', metrics: stored },
            regenerated: { candidate: 'L5 · c16', metrics: again },
          },
        ],
        firstCandidates: [
          { name: 'L5 · c16', what: 'level', stored, regenerated: again },
          { name: 'L6 · c2', what: 'missing', stored, regenerated: null },
        ],
        generatorNote:
          'made by an older Carillon generator (studio 0.1.0, Carillon data version 1, code 8c99bef2efa2)',
      },
    });
    expect(w.tone).toBe('differs');
    expect(w.sentence).toBe(
      'Run #4 does not reproduce: 7 of 128 candidates differ; the automatic pack differs in 1 level.',
    );
    expect(w.note).toBe(
      'This run was made by an older Carillon generator (studio 0.1.0, Carillon data version 1, code 8c99bef2efa2).',
    );
    expect(w.levels).toEqual([
      { label: 'Level 7', stored: 'L5 · c16: bits 1.22, taps 2', again: 'L5 · c16: bits 1.50, taps 2' },
    ]);
    expect(w.candidates).toEqual([
      { label: 'L5 · c16 (level differs)', stored: 'bits 1.22, taps 2', again: 'bits 1.50, taps 2' },
      { label: 'L6 · c2 (not made again)', stored: 'bits 1.22, taps 2', again: '(not made again)' },
    ]);
    expect([w.moreLevels, w.moreCandidates]).toEqual([0, 5]);
  });

  it('a check that failed says why', () => {
    const w = reproduceWords({
      ...base,
      state: 'failed',
      error: 'the studio closed before the check finished',
    });
    expect(w.tone).toBe('failed');
    expect(w.sentence).toBe('Run #4 could not be reproduced: the studio closed before the check finished.');
  });
});
