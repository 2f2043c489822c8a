/** The playtests' checksums (src-shared/playtest/checksum.ts): sha256 as hex, and a canonical JSON. */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { canonicalJson, sha256Hex } from '../../src-shared/playtest/checksum';
import type { AttemptTrace, PlaytestResultsFile } from '../../src-shared/playtest/types';

describe('playtest checksums', () => {
  it('sha256Hex is sha256 of the UTF-8 bytes (the FIPS "abc" vector, and node:crypto on non-ASCII text)', () => {
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    const text = 'Zoë · 第 3 关 · 🎯';
    expect(sha256Hex(text)).toBe(createHash('sha256').update(text, 'utf8').digest('hex'));
  });

  it('canonicalJson sorts object keys at every depth, keeps array order, and leaves out undefined fields', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, 1], c: null }, e: undefined })).toBe(
      '{"a":{"c":null,"d":[3,1]},"b":1}',
    );
    expect(canonicalJson({ a: 1, b: 2 })).toBe(canonicalJson({ b: 2, a: 1 }));
    expect(canonicalJson([{ y: 1, x: 2 }])).toBe('[{"x":2,"y":1}]');
  });
});

describe("a results file's attempts checksum", () => {
  it('is the same however the attempts objects were built, and changes with any field', () => {
    const attempt: AttemptTrace = {
      level: 3,
      startedAt: '2026-12-02T10:00:00.000Z',
      events: [{ kind: 'move', at: 800, element: 4, effect: 'popped 3' }],
      outcome: 'cleared-fewest',
      ms: 1200,
    };
    const reordered: AttemptTrace = {
      ms: 1200,
      outcome: 'cleared-fewest',
      events: [{ effect: 'popped 3', element: 4, at: 800, kind: 'move' }],
      startedAt: '2026-12-02T10:00:00.000Z',
      level: 3,
    };
    const file: PlaytestResultsFile = {
      format: 'studio-playtest-results',
      version: 1,
      exportId: 'e1',
      packChecksum: sha256Hex('pack'),
      tester: 'Ana',
      attempts: [attempt],
      attemptsChecksum: sha256Hex(canonicalJson([attempt])),
    };
    expect(sha256Hex(canonicalJson([reordered]))).toBe(file.attemptsChecksum);
    expect(sha256Hex(canonicalJson([{ ...attempt, ms: 1201 }]))).not.toBe(file.attemptsChecksum);
  });
});
