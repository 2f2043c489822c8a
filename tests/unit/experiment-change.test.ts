/**
 * A variant's "change" says exactly what it is: the median of the per-seed changes (variant
 * minus base on the same seed), which the sign test judges — not the gap between the two
 * medians shown beside it. Seeds are built here so the two point opposite ways; the API's
 * figure, the CLI table and the page's cell each name the number and flag the disagreement.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareFigure, DECIDED_BY, type FigureDef } from '../../src-main/experiments/results';
import { CHANGE_HEADING, experimentTable } from '../../src-main/cli/experiment-table';
import {
  CHANGE_MEANS,
  median,
  seedChange,
  signTestP,
  SIGN_TEST_LEVEL,
} from '../../src-shared/experiments/stats';
import type { ExperimentResults, FigureResult } from '../../src-shared/api';
import { realExplanation, resultsView } from '../../src-renderer/src/experiments/results-model';

const def: FigureDef = {
  key: 'largestStep',
  label: 'largest step of the shipped curve',
  unit: 'bits',
  better: 'lower',
  explain: 'The largest rise.',
};
const seeds = [1, 2, 3, 4, 5, 6, 7];
// Four seeds move up by 1; three seeds that were the base's hardest drop to 0. The median
// change is +1 while the medians fall from 4 to 2.
const base = [1, 2, 3, 4, 100, 101, 102];
const variant = [2, 3, 4, 5, 0, 0, 0];

function results(figures: FigureResult[]): ExperimentResults {
  return {
    experimentId: 1,
    game: 'carillon',
    status: 'done',
    scope: { kind: 'plan' },
    difficulty: { metric: 'bits', label: 'Difficulty (bits)' },
    seeds,
    seedsDone: seeds,
    variants: [{ arm: 1, name: 'wide', changes: { 'rules.spacing': 18 }, diff: [], figures, stages: [] }],
    decidedBy: DECIDED_BY,
    changeMeans: CHANGE_MEANS,
  };
}

describe('the change is the median of the per-seed changes', () => {
  it('the API names both numbers when they point opposite ways', () => {
    const f = compareFigure(def, seeds, base, variant);
    expect(f.base).toEqual({ median: 4, min: 1, max: 102 });
    expect(f.variant).toEqual({ median: 2, min: 0, max: 5 });
    expect(f.change).toEqual({ median: 1, min: -102, max: 1, seeds: 7, mediansGap: -2, opposite: true });
    // The decision judges the same pairs: 4 up, 3 down, not real.
    expect(f.decision).toMatchObject({ higher: 4, lower: 3, ties: 0, real: false, direction: 'higher' });
    // The JSON a script reads holds it under its own name, and the results say what it is.
    expect(JSON.parse(JSON.stringify(f)).change.median).toBe(1);
    expect(CHANGE_MEANS).toMatch(/^Change: the median of the per-seed changes/);
  });

  it('a seed missing on one side is left out of the changes, not counted as a change', () => {
    const f = compareFigure(def, [1, 2, 3], [1, null, 5], [2, 7, 4]);
    expect(f.change).toEqual({ median: 0, min: -1, max: 1, seeds: 2, mediansGap: 1, opposite: false });
    expect(compareFigure(def, [1], [null], [3]).change).toBeNull();
  });

  it('the CLI heads the column with what it is, marks the row, and explains the mark', () => {
    const lines = experimentTable(results([compareFigure(def, seeds, base, variant)]), 'title');
    const header = lines.find((l) => l.includes('figure') && l.includes('decision'))!;
    expect(header).toContain(CHANGE_HEADING);
    expect(CHANGE_HEADING).toBe('median change per seed');
    const row = lines.find((l) => l.includes('largest step'))!;
    expect(row).toMatch(
      /largest step of the shipped curve \(bits\)\s+4 \[1–102\]\s+2 \[0–5\]\s+\+1\*\s+not real \(4↑ 3↓ 0=\)$/,
    );
    // The change's digits end under the heading's last letter.
    expect(row.indexOf('+1*') + 2).toBe(header.indexOf(CHANGE_HEADING) + CHANGE_HEADING.length);
    expect(lines).toContain(CHANGE_MEANS);
    expect(
      lines.some((l) => l.startsWith('* Here the gap between the two medians points the other way')),
    ).toBe(true);
    expect(lines.at(-1)).toBe(DECIDED_BY);
  });

  it('without a disagreement, no mark and no footnote', () => {
    const lines = experimentTable(
      results([
        compareFigure(
          def,
          seeds,
          base,
          base.map((b) => b + 2),
        ),
      ]),
      'title',
    );
    const row = lines.find((l) => l.includes('largest step'))!;
    expect(row).toMatch(/\s\+2\s+real \(higher on 7\/7\)$/);
    expect(lines.some((l) => l.startsWith('*'))).toBe(false);
  });

  it("the page shows the API's change under the variant, and its hover says what it is and that the medians say otherwise", () => {
    const view = resultsView(results([compareFigure(def, seeds, base, variant)]));
    const [b, v] = view.figures[0]!.cells;
    expect([b!.median, v!.median]).toEqual([4, 2]);
    expect(v!.delta).toBe(1);
    expect(v!.oppositeGap).toBe(-2);
    expect(b!.delta).toBeNull();
    expect(view.changeMeans).toBe(CHANGE_MEANS);
    expect(view.realRule).toBe(DECIDED_BY);
    const why = realExplanation(view.figures[0]!, v!, 'wide', view.realRule);
    expect(why).toContain('Change against the base: +1, the median of the per-seed changes.');
    expect(why).toContain('The two medians differ by −2, the other way');
    expect(why).toContain(DECIDED_BY);
    // In step with each other: no "other way" sentence.
    const agree = resultsView(
      results([
        compareFigure(
          def,
          seeds,
          base,
          base.map((x) => x + 2),
        ),
      ]),
    );
    expect(agree.figures[0]!.cells[1]!.oppositeGap).toBeNull();
    expect(realExplanation(agree.figures[0]!, agree.figures[0]!.cells[1]!, 'wide', DECIDED_BY)).not.toContain(
      'other way',
    );
  });

  it('the rule shown beside the "real" mark says what the sign test decides', () => {
    expect(DECIDED_BY).toContain(
      'with 6 to 8 such seeds every one must move the same way, with 9 or 10 all but one; fewer than 6 never decide',
    );
    // Fewest seeds moving the other way that still leave the difference not real, per seeds that differ.
    const mostAgainst = (n: number): number => {
      let k = -1;
      while (k + 1 <= n && signTestP(n - (k + 1), k + 1) <= SIGN_TEST_LEVEL) k++;
      return k;
    };
    expect([5, 6, 7, 8, 9, 10].map(mostAgainst)).toEqual([-1, 0, 0, 0, 1, 1]);
  });

  it("property: the change is the median of the pairwise changes; it is flagged exactly when it and the medians' gap have opposite signs", () => {
    const side = fc.array(fc.integer({ min: -50, max: 50 }), { minLength: 1, maxLength: 12 });
    fc.assert(
      fc.property(side, side, (a, b) => {
        const n = Math.min(a.length, b.length);
        const c = seedChange(a.slice(0, n), b.slice(0, n))!;
        const changes = a.slice(0, n).map((x, i) => b[i]! - x);
        expect(c.median).toBeCloseTo(median(changes), 9);
        expect(c.seeds).toBe(n);
        const gap = median(b.slice(0, n)) - median(a.slice(0, n));
        expect(c.mediansGap).toBeCloseTo(gap, 9);
        expect(c.opposite).toBe(Math.sign(c.median) * Math.sign(gap) < 0);
        // Every seed moving one way can never be flagged (the medians move that way too).
        if (changes.every((d) => d > 0) || changes.every((d) => d < 0)) expect(c.opposite).toBe(false);
      }),
    );
  });
});
