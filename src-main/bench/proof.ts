/**
 * The editor's re-proof in Node (issue 15): after one edit (a dot or an arrow moved, an arrow
 * turned), the game's `prove` (the code verify is built on) on the largest levels of the
 * default plans: a 40-dot Carillon field (level 120) and a 36-arrow Apsis system (level 150).
 * Median and p95 over a few hundred edits; the editor's target is one frame (16 ms) median,
 * 33 ms p95 (the Chromium figure, worker round trip included, is editor-ui's bench).
 */
import { performance } from 'node:perf_hooks';
import { streamFor } from '../../src-shared/random/prng';
import {
  carillonGame,
  generateCandidate as growCarillon,
  type CarillonLevel,
} from '../../src-shared/games/carillon/index';
import { nudgeDot } from '../../src-shared/games/carillon/edit';
import {
  apsisGame,
  generateCandidate as buildApsis,
  type ApsisLevel,
} from '../../src-shared/games/apsis/index';
import { nudgeArrow, rotateHeading } from '../../src-shared/games/apsis/edit';
import type { BenchCase, BenchRow } from './cases';

const EDITS = 400;

function quantiles(ms: number[]): { median: number; p95: number } {
  const s = [...ms].sort((a, b) => a - b);
  return {
    median: s[Math.floor(s.length / 2)]!,
    p95: s[Math.min(s.length - 1, Math.floor(s.length * 0.95))]!,
  };
}

/** Time `edit` then `prove` on each of `EDITS` single edits of the level, after an untimed warm-up. */
function timeEdits<L>(
  level: L,
  edit: (level: L, k: number) => L,
  prove: (level: L) => { ok: boolean },
  explain: (level: L) => unknown,
): { prove: number[]; explain: number[]; broken: number } {
  for (let k = 0; k < 50; k++) prove(edit(level, k));
  const proveMs: number[] = [],
    explainMs: number[] = [];
  let broken = 0;
  for (let k = 0; k < EDITS; k++) {
    const t0 = performance.now();
    const next = edit(level, k);
    const p = prove(next);
    proveMs.push(performance.now() - t0);
    const t1 = performance.now();
    explain(next);
    explainMs.push(performance.now() - t1);
    if (!p.ok) broken++;
  }
  return { prove: proveMs, explain: explainMs, broken };
}

export const proofBenchCases: BenchCase[] = [
  {
    name: 'reproof',
    run: async () => {
      const rows: BenchRow[] = [];
      // Carillon: level 120 of the default plan (5 taps, 40 dots); each edit nudges one dot by a unit, or by 10 (Shift) one time in two.
      {
        const rules = carillonGame.defaultRules,
          plan = carillonGame.defaultPlan,
          slot = 119;
        const level = growCarillon({ rules, plan, seed: 7, slot, index: 0 }).level as CarillonLevel;
        const rng = streamFor(15, 1);
        const r = timeEdits(
          level,
          (l, k) =>
            nudgeDot(l, rng.int(l.dots.length), rng.int(2) * 2 - 1, rng.int(3) - 1, k % 2 === 1, rules),
          (l) => carillonGame.prove(l, rules, { plan, slot }),
          (l) => carillonGame.explain(l, rules),
        );
        const p = quantiles(r.prove),
          e = quantiles(r.explain);
        rows.push({
          name: `carillon re-proof after one edit, ${level.dots.length} dots (median of ${EDITS}; ${r.broken} broke a rule)`,
          value: p.median,
          unit: 'ms',
          budget: '< 16 ms',
        });
        rows.push({
          name: 'carillon re-proof after one edit, p95',
          value: p.p95,
          unit: 'ms',
          budget: '< 33 ms',
        });
        rows.push({
          name: 'carillon explanation (bits by cause and by tap, reach graph), median',
          value: e.median,
          unit: 'ms',
        });
      }
      // Apsis: level 150 of the default plan (6 orbits, 36 arrows); each edit turns an arrow round its orbit by a degree or by 10, or turns its heading.
      {
        const rules = apsisGame.defaultRules,
          plan = apsisGame.defaultPlan,
          slot = 149;
        const level = buildApsis({ rules, plan, seed: 7, slot, index: 0 }).level as ApsisLevel;
        const rng = streamFor(15, 2);
        const r = timeEdits(
          level,
          (l, k) =>
            k % 3 === 2
              ? rotateHeading(l, rng.int(l.arrows.length))
              : nudgeArrow(l, rng.int(l.arrows.length), rng.int(2) * 2 - 1, 0, k % 3 === 1),
          (l) => apsisGame.prove(l, rules, { plan, slot }),
          (l) => apsisGame.explain(l, rules),
        );
        const p = quantiles(r.prove),
          e = quantiles(r.explain);
        rows.push({
          name: `apsis re-proof after one edit, ${level.arrows.length} arrows (median of ${EDITS}; ${r.broken} broke a rule)`,
          value: p.median,
          unit: 'ms',
          budget: '< 16 ms',
        });
        rows.push({
          name: 'apsis re-proof after one edit, p95',
          value: p.p95,
          unit: 'ms',
          budget: '< 33 ms',
        });
        rows.push({
          name: 'apsis explanation (blocking graph, rounds, longest chain), median',
          value: e.median,
          unit: 'ms',
        });
      }
      return rows;
    },
  },
];
