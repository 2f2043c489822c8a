import { describe, expect, it } from 'vitest';
import { errorSentence, fieldWords } from '../../src-shared/error-sentence';

describe('API errors as sentences', () => {
  it('names fields in words', () => {
    expect(fieldWords('filters.0.metric')).toBe('metric filter 1’s metric');
    expect(fieldWords('filters.1.max')).toBe('metric filter 2’s highest value');
    expect(fieldWords('sort.key')).toBe('the sort column');
    expect(fieldWords('plan.2.maxDots')).toBe('plan row 3, max dots');
    expect(fieldWords('rules.sizes.normal')).toBe('the rules, sizes, normal');
    expect(fieldWords('pin.0.candidateId')).toBe('pin 1’s candidate');
    expect(fieldWords('scope.slots.3')).toBe('the scope’s level 4');
    expect(fieldWords('a', 'settings.diff')).toBe('the first settings');
    expect(fieldWords('a', 'runs.compare')).toBe('the first run');
    expect(fieldWords('candidateIds.4')).toBe('chosen candidate 5');
    expect(fieldWords('entryId')).toBe('the history entry');
  });

  it('turns the bad-argument envelope from the issue into a sentence without raw paths', () => {
    const s = errorSentence({
      code: 'bad-argument',
      message: 'candidates.list: bad argument — filters.0.metric: Apsis has no metric "taps"; known: reads',
      fields: [{ field: 'filters.0.metric', message: 'Apsis has no metric "taps"; known: reads' }],
    });
    expect(s).toBe('Metric filter 1’s metric: Apsis has no metric "taps"; known: reads.');
    expect(s).not.toMatch(/filters\.0|bad argument|candidates\.list/);
  });

  it('writes one sentence per field, and a plain sentence for the other codes', () => {
    expect(
      errorSentence({
        code: 'bad-argument',
        message: 'x',
        fields: [
          { field: 'seed', message: 'must be a whole number' },
          { field: 'rules.spacing', message: 'must be at least 0' },
        ],
      }),
    ).toBe('The seed must be a whole number. The rules, spacing must be at least 0.');
    expect(
      errorSentence({
        code: 'bad-argument',
        message: 'runs.compare: bad argument — the runs are of different games',
      }),
    ).toBe('The runs are of different games.');
    expect(errorSentence({ code: 'conflict', message: 'run 4 has no change to undo' })).toBe(
      'Run 4 has no change to undo.',
    );
    expect(errorSentence({ code: 'not-found', message: 'candidate 9 does not exist' })).toBe(
      'Candidate 9 does not exist.',
    );
    // A file name opening the sentence keeps its spelling.
    expect(
      errorSentence({ code: 'bad-argument', message: 'big.json is 33.0 MB; a pack may be at most 32.0 MB' }),
    ).toBe('big.json is 33.0 MB; a pack may be at most 32.0 MB.');
    expect(errorSentence({ code: 'internal', message: 'disk full' })).toBe(
      'Something went wrong inside the studio: disk full.',
    );
    expect(errorSentence({ code: 'unknown-method', message: 'unknown API method "x.y"' })).toMatch(
      /^This studio does not know that request/,
    );
  });
});
