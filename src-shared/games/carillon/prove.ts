/**
 * The proof of one Carillon level, the one code the editor, the CLI's `prove` and verifyPack
 * share: both solvers (search and theorem), a solution replayed through the timed chain rules,
 * the bits, the chain starts, and every hard rule (colour, field bounds, spacing, ring
 * clearance, the plan's taps and dots, fair share, chain starts unreached), each violation
 * with its plain name, the dots involved and a mark the board draws.
 *
 * Bounded for the editor, which proves on every drop: the search (the independent check of
 * the theorem's fewest taps, exponential in the chain starts) runs when the field has no more
 * chain starts than SEARCH_FREE_STARTS or exactly the plan's taps; the bits (2^k positions)
 * when k is at most BITS_FREE_STARTS or the plan's taps, and never past BITS_MAX_STARTS. A
 * field past those bounds already breaks "fewest taps the plan wants" or is named as too many
 * chain starts to measure, so nothing that could ship goes unchecked.
 */
import type { LevelProof, ProofContext, Violation } from '../../proof';
import { roundTo } from '../../pack/pack-io';
import type { CarillonLevel, Dot } from './model';
import type { CarillonRules } from './rules';
import type { CarillonPlan } from './plan';
import { plannedDots, stretchOf } from './plan';
import { buildField } from './reach';
import type { Field } from './reach';
import { fairnessProblems, fairShareShortfalls } from './fairness';
import type { FairnessMark } from './fairness';
import { SearchBudgetError, solveSearch } from './solver-search';
import { sourceComponents } from './solver-theorem';
import { replaySolution } from './chain';
import { difficultyBits } from './difficulty';

/** The search runs up to this many chain starts even when the plan wants another count. */
const SEARCH_FREE_STARTS = 10;
/**
 * Positions the search may visit in one proof (about 2 s; 15 isolated chain starts need
 * 1.7 M, 20 need minutes). Past it the proof names the level as not checked by search, rather
 * than hold the thread that asked (the studio proves an edit on its main thread) for minutes.
 * Generated levels of the default plans (at most 5 taps) need a few hundred.
 */
export const SEARCH_MAX_POSITIONS = 2_000_000;
/** The bits are measured up to this many chain starts even when the plan wants another count. */
export const BITS_FREE_STARTS = 16;
/**
 * The bits are never measured past this many chain starts, even when the plan wants them: the
 * measure visits 2^k positions (18: 0.45 s on a quiet machine; 20: 2.7 s; 24: minutes on a
 * loaded one), on the thread that asked (the studio proves an edit on its main thread). A plan
 * wanting more taps gets its levels named as too many chain starts to measure. Generation
 * measures its own levels (default plans: at most 5 taps), so packs are unchanged.
 */
export const BITS_MAX_STARTS = 18;

/** What the board draws for a Carillon violation (plain data, by `kind`). */
export type CarillonMark =
  | FairnessMark
  /** One dot (a colour outside the palette). */
  | { kind: 'dot'; dot: number }
  /** A chain start popping too few dots on its own: the dots it does pop, and its fair share. */
  | { kind: 'share'; start: number; own: number[]; need: number }
  /** Chain starts that reach each other (one source component of several dots) and the arrows between them. */
  | { kind: 'reached'; dots: number[]; edges: [number, number][] }
  /** The chain starts (one dot of each source component) against the taps the plan wants. */
  | { kind: 'starts'; starts: number[]; want: number }
  /** The dot count against the plan's cap. */
  | { kind: 'count'; count: number; max: number };

export type CarillonViolation = Violation<CarillonMark>;
export type CarillonProof = LevelProof<CarillonLevel, CarillonMark>;

/** The plain name of each rule the proof checks, by the rule id verify reports. */
export const CARILLON_RULE_NAMES = {
  dots: 'At least one dot',
  plan: 'Level inside the plan',
  color: 'Colour in the palette',
  'inside-field': 'Inside the field',
  spacing: 'Spacing between dots',
  'ring-margin': 'Ring clearance',
  'plan-dots': 'Dots the plan allows',
  'plan-taps': 'Fewest taps the plan wants',
  'fewest-search': 'Search and theorem agree',
  'solution-replay': 'Solution clears the field',
  bits: 'Difficulty can be measured',
  'fair-share': 'Fair share for each chain start',
  'chain-start-reached': 'Chain starts stay unreached',
} as const;
type CarillonRuleId = keyof typeof CARILLON_RULE_NAMES;

/** What verifyPack needs beyond the proof: each solver's own answer, to hold the level's claims against. */
export interface CarillonProofDetail {
  proof: CarillonProof;
  field: Field | null;
  /** Fewest taps by the theorem (source components). */
  theorem: number;
  /** Fewest taps by the search; null when it did not run or failed (`searchError`). */
  search: number | null;
  searchError?: string;
  /** Bits, rounded to 4 decimals; null when not measured (`bitsError` when it could not be). */
  bits: number | null;
  bitsError?: string;
  /** The plan's tutorial flag for this level (the level's own when it is outside the plan). */
  tutorial: boolean;
}

/** Prove a level in its slot of a plan (pure and deterministic). */
export function proveCarillon(
  level: CarillonLevel,
  rules: CarillonRules,
  ctx: ProofContext<CarillonPlan>,
): CarillonProof {
  return proveCarillonDetail(level, rules, ctx).proof;
}

export function proveCarillonDetail(
  level: CarillonLevel,
  rules: CarillonRules,
  ctx: ProofContext<CarillonPlan>,
): CarillonProofDetail {
  const violations: CarillonViolation[] = [];
  const add = (rule: CarillonRuleId, message: string, elements: number[], mark?: CarillonMark): void => {
    const v: CarillonViolation = { rule, name: CARILLON_RULE_NAMES[rule], message, elements };
    if (mark) v.mark = mark;
    violations.push(v);
  };
  const dots: Dot[] = level.dots.map((d) => ({ x: d.x, y: d.y, size: d.size, color: d.color }));
  const n = dots.length;
  const L = ctx.slot + 1;
  const stretch = stretchOf(ctx.plan, L);
  const tutorial = stretch ? stretch.tutorial : level.tutorial;
  if (!stretch) add('plan', `level ${L} is outside the plan`, []);
  if (n === 0) {
    add('dots', 'the level has no dot', []);
    return {
      proof: {
        ok: false,
        metrics: null,
        solution: null,
        violations,
        level: { taps: 0, tutorial, bits: 0, dots, solution: [] },
      },
      field: null,
      theorem: 0,
      search: null,
      bits: null,
      tutorial,
    };
  }
  dots.forEach((d, j) => {
    if (d.color >= rules.colors)
      add('color', `dot ${j} has colour ${d.color}, outside 0..${rules.colors - 1}`, [j], {
        kind: 'dot',
        dot: j,
      });
  });
  for (const f of fairnessProblems(dots, rules)) add(f.rule, f.message, f.elements, f.mark);
  if (stretch) {
    const cap = plannedDots(stretch, L);
    if (n > cap)
      add('plan-dots', `${n} dots, more than the plan's ${cap}`, [], { kind: 'count', count: n, max: cap });
  }

  const field = buildField(dots, rules);
  const sources = sourceComponents(field);
  const k = sources.length;
  const starts = sources.map((c) => c[0]!);
  const planTaps = stretch ? stretch.taps : null;
  if (planTaps !== null && k !== planTaps)
    add('plan-taps', `the field needs ${k} tap${k === 1 ? '' : 's'}; the plan wants ${planTaps}`, starts, {
      kind: 'starts',
      starts,
      want: planTaps,
    });

  // The search, bounded by the theorem's count: it finds a solution in k taps and proves k−1 fail.
  let search: number | null = null,
    searchError: string | undefined,
    solution: number[] = starts;
  if (k <= SEARCH_FREE_STARTS || k === planTaps) {
    try {
      const s = solveSearch(field, { maxTaps: k, maxPositions: SEARCH_MAX_POSITIONS });
      search = s.fewest;
      if (s.fewest === k) solution = s.solution;
      else add('fewest-search', `the search needs ${s.fewest} taps, the theorem ${k}`, []);
    } catch (e) {
      if (e instanceof SearchBudgetError) {
        searchError = `the search stopped after ${e.positions.toLocaleString('en-US')} positions without confirming the theorem's ${k} taps: ${k} chain starts are too many to check by search`;
        add('fewest-search', searchError, starts, { kind: 'starts', starts, want: planTaps ?? k });
      } else {
        searchError = (e as Error).message;
        add('fewest-search', `the search finds no solution in the theorem's ${k} taps`, []);
      }
    }
  }
  const replay = replaySolution(field, solution);
  if (replay.error || !replay.cleared)
    add(
      'solution-replay',
      replay.error ?? `the solution's ${replay.taps} taps leave dots standing`,
      solution,
    );

  let bits: number | null = null,
    bitsError: string | undefined;
  if (k > rules.maxSources) {
    bitsError = `difficulty: ${k} source components is more than ${rules.maxSources}`;
    add(
      'bits',
      `the field has ${k} chain starts, more than the ${rules.maxSources} whose difficulty can be measured (rules.maxSources)`,
      starts,
      { kind: 'starts', starts, want: planTaps ?? rules.maxSources },
    );
  } else if (k > BITS_MAX_STARTS && k === planTaps) {
    bitsError = `difficulty: ${k} source components is more than ${BITS_MAX_STARTS}`;
    add(
      'bits',
      `the field has ${k} chain starts, more than the ${BITS_MAX_STARTS} whose difficulty is measured when a level is proved`,
      starts,
      { kind: 'starts', starts, want: BITS_MAX_STARTS },
    );
  } else if (k <= BITS_FREE_STARTS || k === planTaps) {
    bits = roundTo(difficultyBits(field, rules.maxSources), 4);
  }

  for (const s of fairShareShortfalls(field, starts, rules.fairShare))
    add('fair-share', s.message, [s.start, ...s.own.filter((d) => d !== s.start)], {
      kind: 'share',
      start: s.start,
      own: s.own,
      need: s.need,
    });
  if (!tutorial)
    for (const c of sources)
      if (c.length > 1) {
        const inC = new Set(c);
        const edges: [number, number][] = [];
        for (const a of c) for (const b of field.out[a]!) if (inC.has(b)) edges.push([a, b]);
        add(
          'chain-start-reached',
          `chain start dots ${c.join(', ')} reach each other (only tutorial levels may reach a root)`,
          c,
          { kind: 'reached', dots: c, edges },
        );
      }

  let bigStarts = 0,
    winning = 0;
  for (const c of sources)
    for (const v of c) {
      winning++;
      if (dots[v]!.size === 'big') bigStarts++;
    }
  const metrics: Record<string, number> = {};
  if (bits !== null) metrics['bits'] = bits;
  Object.assign(metrics, {
    taps: k,
    dots: n,
    arrows: field.arrows,
    winning,
    bigDots: dots.filter((d) => d.size === 'big').length,
    bigStarts,
  });
  const proof: CarillonProof = {
    ok: violations.length === 0,
    metrics,
    solution: solution.slice(),
    violations,
    level: { taps: k, tutorial, bits: bits ?? 0, dots, solution: solution.slice() },
  };
  const detail: CarillonProofDetail = { proof, field, theorem: k, search, bits, tutorial };
  if (searchError !== undefined) detail.searchError = searchError;
  if (bitsError !== undefined) detail.bitsError = bitsError;
  return detail;
}
