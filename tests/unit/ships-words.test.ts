/**
 * The words of what ships: which stored order ships now, a pool heading with two approvals
 * (it names the one the order ships, never the automatic pick), the Pools recompute line,
 * Compare's legend for two runs of one seed, the spacing rule for overlapping dots, and the
 * Export page's messages (the button's own words; nothing said to have happened before it did).
 */
import { describe, expect, it } from 'vitest';
import { shipsNow } from '../../src-shared/ordering/ships-now';
import { spacingMessage } from '../../src-shared/games/carillon/fairness';
import { poolShipsText, recomputeLine } from '../../src-renderer/src/pools/ships-text';
import { sideNames } from '../../src-renderer/src/lib/run-choices';
import {
  beforeLine,
  buttonWords,
  nothingYetLine,
  orderChoices,
  resultLine,
  shipsNowLine,
} from '../../src-renderer/src/export/export-text';
import { formatWhen } from '../../src-renderer/src/runs/format';
import type { OrderingView, RunSummary } from '../../src-shared/api';

const done = { computed: true, complete: true };
const short = { computed: true, complete: false };

describe('the order that ships now', () => {
  it('is steered, else a full approved order, else approved first, else approved, else automatic', () => {
    expect(shipsNow({})).toBeNull();
    expect(shipsNow({ automatic: done })).toBe('automatic');
    expect(shipsNow({ automatic: done, approved: short })).toBe('approved');
    expect(shipsNow({ automatic: done, approved: short, 'approved-first': done })).toBe('approved-first');
    expect(shipsNow({ automatic: done, approved: done, 'approved-first': done })).toBe('approved');
    expect(shipsNow({ automatic: done, approved: done, 'approved-first': done, steered: short })).toBe(
      'steered',
    );
    expect(shipsNow({ automatic: null, steered: { computed: false, complete: false } })).toBeNull();
  });
});

describe('a pool heading', () => {
  const rows = [
    { id: 1, index: 0, verdict: 'none' as const, shippedAs: { automatic: 1, approved: null } },
    { id: 2, index: 1, verdict: 'approved' as const, shippedAs: { automatic: null, approved: 1 } },
    { id: 3, index: 2, verdict: 'approved' as const, shippedAs: { automatic: null, approved: null } },
  ];
  it('with two approvals names what the order that ships now ships, not "c1 → level 1"', () => {
    const now = { kind: 'approved-first' as const, levelOf: new Map([[2, 1]]) };
    expect(poolShipsText(rows, now)).toBe('ships c2 → level 1 (approved first) · c3 approved, not shipping');
    expect(poolShipsText(rows, now)).not.toContain('c1');
  });
  it('before any recompute says the approvals do not ship yet', () => {
    const now = { kind: 'automatic' as const, levelOf: new Map([[1, 1]]) };
    expect(poolShipsText(rows, now)).toBe('ships c1 → level 1 · c2, c3 approved, not shipping');
    expect(poolShipsText(rows, null)).toBe('ships c1 → level 1 · c2, c3 approved, not shipping yet');
  });
  it('Pools says a verdict changes what ships only after a recompute', () => {
    const now = { kind: 'automatic' as const, levelOf: new Map<number, number>() };
    expect(recomputeLine(now, true)).toBe(
      'A verdict changes what ships only after a recompute. Ships now: the automatic order. Verdicts changed since it was computed.',
    );
  });
});

describe("Compare's legend", () => {
  const run = (id: number, seed: number) => ({ id, seed, experiment: null }) as unknown as RunSummary;
  it('tells two runs of one seed apart', () => {
    expect(sideNames(run(12, 11), run(14, 11))).toEqual(['A · #12 · seed 11', 'B · #14 · seed 11']);
  });
  it('stays short when the seeds differ', () => {
    expect(sideNames(run(12, 3), run(14, 7))).toEqual(['A · seed 3', 'B · seed 7']);
  });
  it('names the orders when they differ; two orders of one run by their order alone', () => {
    expect(sideNames(run(12, 11), run(12, 11), 'automatic', 'steered')).toEqual([
      'A · automatic',
      'B · steered',
    ]);
    expect(sideNames(run(12, 3), run(14, 7), 'automatic', 'approved-first')).toEqual([
      'A · seed 3 · automatic',
      'B · seed 7 · approved first',
    ]);
    expect(sideNames(run(12, 3), run(14, 7), 'steered', 'steered')).toEqual(['A · seed 3', 'B · seed 7']);
  });
});

describe('the spacing rule', () => {
  it('says overlapping dots overlap, never a negative distance apart', () => {
    expect(spacingMessage(2, 5, -35.6, 14)).toBe(
      'dots 2 and 5 overlap by 35.60 (they must be at least 14 apart edge to edge)',
    );
    expect(spacingMessage(2, 5, 0, 14)).toBe(
      'dots 2 and 5 touch (they must be at least 14 apart edge to edge)',
    );
    expect(spacingMessage(2, 5, 13.9, 14)).toBe('dots 2 and 5 are 13.90 apart edge to edge (< 14)');
  });
});

describe('Export messages', () => {
  it('use the button’s own words and say nothing happened before it did', () => {
    expect(buttonWords(true)).toBe('Download pack');
    expect(buttonWords(false)).toBe('Export pack…');
    expect(nothingYetLine(true)).toContain('press Download pack');
    expect(nothingYetLine(false)).toContain('press Export pack…');
    for (const layout of ['file', 'per-level'] as const) {
      expect(beforeLine(true, layout)).toMatch(/^Download pack /);
      expect(beforeLine(true, layout)).not.toMatch(/is downloaded|was downloaded|Downloaded/);
    }
    expect(beforeLine(false, 'file')).toBe('Export pack… asks where to save it.');
  });
  it('after the fact, say what happened', () => {
    const r = { kind: 'steered' as const, runId: 3, layout: 'file', fileCount: 1, bytes: 2048 };
    expect(resultLine({ ...r, path: null, downloaded: 'carillon-seed7-run3-steered.json' })).toBe(
      'Downloaded the steered pack of run #3 (one file, 2.0 KB) as carillon-seed7-run3-steered.json.',
    );
    expect(resultLine({ ...r, kind: 'approved-first', path: '/tmp/p.json', downloaded: null })).toBe(
      'Wrote the approved first pack of run #3 (one file, 2.0 KB).',
    );
    expect(shipsNowLine('approved-first')).toBe('Ships now: the approved first order.');
  });
});

describe("the Export page's four orders", () => {
  const view = (filled: number, of: number, computedAt: string | null): OrderingView =>
    ({
      computedAt,
      shortLevels: [],
      levels: Array.from({ length: of }, (_, i) => ({
        level: i + 1,
        candidateId: i < filled ? i + 1 : null,
      })),
    }) as unknown as OrderingView;

  it('offers them in one order, each with its levels filled and when it was computed, or why not', () => {
    const at = '2026-01-02T03:04:05.000Z';
    const c = orderChoices(
      { automatic: view(5, 6, at), approved: view(2, 6, at), 'approved-first': null, steered: null },
      false,
    );
    expect(c.map((o) => [o.kind, o.title, o.disabled])).toEqual([
      ['automatic', 'Automatic', false],
      ['approved-first', 'Approved first', true],
      ['approved', 'Approved', false],
      ['steered', 'Steered', true],
    ]);
    expect(c[0]!.words).toBe('the order search on the whole pool · 5 / 6 levels');
    expect(c[1]!.words).toMatch(/ · not computed yet \(approve in Pools, then compute\)$/);
    expect(c[2]!.words).toBe(
      `the order search on hand-approved candidates only · 2 / 6 levels, computed ${formatWhen(at)}`,
    );
    expect(c[3]!.words).toMatch(/ · not steered yet \(steer it on the Ordering page\)$/);
  });

  it('an imported pack cannot pick the approved order; computed orders can be picked', () => {
    const at = '2026-01-02T03:04:05.000Z';
    const c = orderChoices(
      { automatic: null, approved: null, 'approved-first': view(1, 1, at), steered: view(1, 1, at) },
      true,
    );
    expect(c.map((o) => o.disabled)).toEqual([false, false, true, false]);
    expect(c[0]!.words).toBe('the order search on the whole pool');
  });
});
