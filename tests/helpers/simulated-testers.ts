/**
 * Simulated testers, deterministic and seeded (src-shared/random/prng.ts), each playing a level
 * into the attempt traces a playtest page would record (./playtest-traces.ts):
 * - Carillon's guesser (../../../shared/spec/carillon.md, "Difficulty in bits") never reads the
 *   field: it taps live dot v with probability proportional to 1 + out_L(v), until the field
 *   is clear; its chance of clearing in the fewest taps is 2^-bits.
 * - Carillon's reader taps the chain starts (the level's solution), reading the live field first.
 * - Apsis's reader launches free arrows only, checking every arrow left each time.
 * - Apsis's guesser launches a free arrow, but now and then one at random (which may be blocked
 *   and cost a heart); at 0 hearts it tries again, up to three attempts.
 * Times: a guesser taps every 1-2.5 s; a reader spends 0.3-0.4 s per element still on the board.
 */
import { apsisGame } from '../../src-shared/games/apsis/index';
import type { ApsisLevel } from '../../src-shared/games/apsis/model';
import { launch, startState, type PlayState } from '../../src-shared/games/apsis/play';
import type { ApsisRules } from '../../src-shared/games/apsis/rules';
import { fullSet, has } from '../../src-shared/games/carillon/bitset';
import { replaySolution } from '../../src-shared/games/carillon/chain';
import { carillonGame } from '../../src-shared/games/carillon/index';
import type { CarillonLevel } from '../../src-shared/games/carillon/model';
import { buildField } from '../../src-shared/games/carillon/reach';
import type { CarillonRules } from '../../src-shared/games/carillon/rules';
import type { Rng } from '../../src-shared/random/prng';
import type { AttemptTrace } from '../../src-shared/playtest/types';
import { buildTrace, type TraceStep } from './playtest-traces';

export type SimulatedTester<Level, Rules> = (
  level: Level,
  rules: Rules,
  number: number,
  rng: Rng,
) => AttemptTrace[];

/** Start times: one attempt a minute from 09:00, so a tester's attempts keep their order. */
function startOf(number: number, attempt: number): string {
  const t = Date.UTC(2026, 11, 2, 9, 0, 0) + (number * 10 + attempt) * 60_000;
  return new Date(t).toISOString();
}

const liveCount = (live: Uint32Array): number => {
  let c = 0;
  for (let w of live) for (; w; w &= w - 1) c++;
  return c;
};

export const carillonGuesser: SimulatedTester<CarillonLevel, CarillonRules> = (level, rules, number, rng) => {
  const field = buildField(level.dots, rules);
  let live = fullSet(field.n);
  const steps: TraceStep[] = [];
  while (liveCount(live) > 0) {
    const weights: [number, number][] = [];
    let total = 0;
    for (let v = 0; v < field.n; v++) {
      if (!has(live, v)) continue;
      const w = 1 + field.out[v]!.filter((u) => has(live, u)).length;
      weights.push([v, w]);
      total += w;
    }
    let r = rng.next() * total;
    let pick = weights[weights.length - 1]![0];
    for (const [v, w] of weights) {
      if (r < w) {
        pick = v;
        break;
      }
      r -= w;
    }
    steps.push({ kind: 'move', pick, gap: 1000 + rng.int(1500) });
    live = replaySolution(field, [pick], live).live;
  }
  const t = { rules: carillonGame.playtest, level, gameRules: rules, elements: field.n, number };
  return [buildTrace(t, steps, startOf(number, 0))];
};

export const carillonReader: SimulatedTester<CarillonLevel, CarillonRules> = (level, rules, number, rng) => {
  const field = buildField(level.dots, rules);
  let live = fullSet(field.n);
  const steps: TraceStep[] = [];
  for (const v of level.solution) {
    const read = liveCount(live) * (300 + rng.int(100));
    steps.push({ kind: 'hold', pick: v, gap: read, ms: 400 }, { kind: 'move', pick: v, gap: 500 });
    live = replaySolution(field, [v], live).live;
  }
  const t = { rules: carillonGame.playtest, level, gameRules: rules, elements: field.n, number };
  return [buildTrace(t, steps, startOf(number, 0))];
};

function apsisPlayer(careless: number): SimulatedTester<ApsisLevel, ApsisRules> {
  return (level, rules, number, rng) => {
    const n = level.arrows.length;
    const t = { rules: apsisGame.playtest, level, gameRules: rules, elements: n, number };
    const out: AttemptTrace[] = [];
    for (let attempt = 0; attempt < 3; attempt++) {
      let state: PlayState = startState(level, rules);
      const steps: TraceStep[] = [];
      for (;;) {
        const present = state.present.flatMap((p, i) => (p ? [i] : []));
        if (present.length === 0 || state.hearts <= 0) break;
        const free = present.filter((i) => launch(level, state, i, rules).kind === 'removed');
        const pick =
          careless > 0 && (free.length === 0 || rng.chance(careless)) ? rng.pick(present) : rng.pick(free);
        const gap = careless > 0 ? 1000 + rng.int(1500) : present.length * (300 + rng.int(100));
        steps.push({ kind: 'move', pick, gap });
        state = launch(level, state, pick, rules).state;
      }
      const trace = buildTrace(t, steps, startOf(number, attempt));
      out.push(trace);
      if (trace.outcome !== 'failed') break;
    }
    return out;
  };
}

export const apsisReader = apsisPlayer(0);
export const apsisGuesser = apsisPlayer(0.25);
