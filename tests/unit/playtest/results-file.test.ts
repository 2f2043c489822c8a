/** Reading a results file: every refusal a sentence naming the attempt and field, nothing else passes. */
import { describe, expect, it } from 'vitest';
import { canonicalJson, sha256Hex } from '../../../src-shared/playtest/checksum';
import { readResultsFile } from '../../../src-shared/playtest/results-file';
import { RESULTS_LIMITS } from '../../../src-shared/playtest/results-limits';
import type { AttemptTrace, PlaytestResultsFile } from '../../../src-shared/playtest/types';

const attempt = (level: number, effect = 'popped 3'): AttemptTrace => ({
  level,
  startedAt: '2026-12-01T10:00:00.000Z',
  events: [
    { kind: 'hold', at: 100, element: 2, ms: 300 },
    { kind: 'move', at: 900, element: 2, effect },
  ],
  outcome: 'gave-up',
  ms: 1200,
});

function file(attempts: AttemptTrace[], over: Partial<PlaytestResultsFile> = {}): PlaytestResultsFile {
  return {
    format: 'studio-playtest-results',
    version: 1,
    exportId: 'e1',
    packChecksum: 'a'.repeat(64),
    tester: 'Ada',
    attempts,
    attemptsChecksum: sha256Hex(canonicalJson(attempts)),
    ...over,
  };
}
const read = (value: unknown, limits = RESULTS_LIMITS) =>
  readResultsFile(typeof value === 'string' ? value : JSON.stringify(value), limits);

describe('readResultsFile', () => {
  it('reads a good file and gives each attempt its content id', () => {
    const r = read(file([attempt(1), attempt(2)]));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.ids).toHaveLength(2);
    expect(r.ids[0]).toMatch(/^[0-9a-f]{64}$/);
    expect(r.ids[0]).not.toBe(r.ids[1]);
    // The same attempt from the same tester of the same export has the same id, whatever the key order.
    const again = read(JSON.stringify({ ...file([attempt(1)]), tester: 'Ada' }));
    expect(again.ok && again.ids[0]).toBe(r.ids[0]);
  });

  it('refuses each bad file in a sentence', () => {
    const no = (value: unknown, limits = RESULTS_LIMITS) => {
      const r = read(value, limits);
      expect(r.ok).toBe(false);
      return r.ok ? '' : r.message;
    };
    expect(no('{"format": ')).toMatch(/^the results file is not valid JSON \(.+\); nothing was stored$/);
    expect(no([1])).toBe('this is not a playtest results file (it is not a JSON object); nothing was stored');
    expect(no({ ...file([]), format: 'x' })).toMatch(/^this is not a playtest results file/);
    expect(no({ ...file([]), version: 2 })).toBe(
      'this results file is version 2; this studio reads version 1; nothing was stored',
    );
    const bad = attempt(1);
    (bad.events[1] as { at: number }).at = -5;
    expect(no(file([attempt(1), bad]))).toBe('attempt 2, event 2, at must be at least 0; nothing was stored');
    expect(no(file([{ ...attempt(1), outcome: 'won' as never }]))).toMatch(
      /^attempt 1, outcome must be one of/,
    );
    expect(no(file([attempt(1)], { tester: 'x'.repeat(201) }))).toBe(
      'tester must be at most 200 characters; nothing was stored',
    );
    expect(no(file([attempt(1), attempt(2), attempt(3)]), { ...RESULTS_LIMITS, maxAttempts: 2 })).toBe(
      'the file holds 3 attempts, more than the 2 one import takes; nothing was stored',
    );
    expect(no(file([attempt(1)]), { ...RESULTS_LIMITS, maxEventsPerAttempt: 1 })).toBe(
      'attempt 1 holds 2 events, more than the 1 an attempt may; nothing was stored',
    );
    const edited = file([attempt(1)]);
    edited.attempts[0]!.ms = 5000;
    expect(no(edited)).toBe(
      "the attempts do not match the file's checksum, so the file was changed after the page saved it; nothing was stored",
    );
    expect(no(file([attempt(1), attempt(2), attempt(1)]))).toBe(
      'attempt 3 is the same as attempt 1; a results file lists each attempt once; nothing was stored',
    );
  });
});
