/**
 * Re-prove a pack independently of its claims, each level with the same proof the editor uses
 * (prove.ts: fit, no sun crossing, clears, kinds on the plan's schedule), then hold the claims
 * against it (depth, free, reads, the solution replayed through the play rules), the
 * ordering rules, and no near-duplicates (rule `copy`, `near-copy` or `redrawn`, naming the
 * other level, the share and the transform). Every problem names its level and rule.
 */
import type { NearDuplicate, PackProblem, PackSummaryLine } from '../../game';
import { stepStats } from '../../ordering/curve';
import type { ApsisPack } from './pack';
import { packLevels } from './pack';
import { apsisPlanSchema, levelCount } from './plan';
import { apsisRulesSchema } from './rules';
import { designerErrorMap, designerIssues } from '../../schema/designer-errors';
import { proveApsisDetail } from './prove';
import { replay } from './play';
import { closestPairs, duplicatePairs, prepareLevel } from './near-duplicates';
import { MAX_VERIFY_PAIRS, tooManyPairsMessage } from '../../pack/verify-caps';

export function verifyPack(pack: ApsisPack, onLevel?: (level: number | null) => void): PackProblem[] {
  const problems: PackProblem[] = [];
  const add = (level: number | null, rule: string, message: string): void => {
    problems.push({ level, rule, message });
  };
  const rulesParsed = apsisRulesSchema.safeParse(pack.rules, { error: designerErrorMap });
  if (!rulesParsed.success) {
    add(
      null,
      'rules',
      `rules are invalid: ${designerIssues(rulesParsed.error, { prefix: 'rules' })
        .map((i) => `${i.field}: ${i.message}`)
        .join('; ')}`,
    );
    return problems;
  }
  const planParsed = apsisPlanSchema.safeParse(pack.plan, { error: designerErrorMap });
  if (!planParsed.success) {
    add(
      null,
      'plan',
      `plan is invalid: ${designerIssues(planParsed.error, { prefix: 'plan' })
        .map((i) => `${i.field}: ${i.message}`)
        .join('; ')}`,
    );
    return problems;
  }
  const rules = rulesParsed.data;
  const plan = planParsed.data;
  const planned = levelCount(plan);
  // As many levels as the plan holds: a pack missing its last levels is as broken as one with extra (Carillon's verify holds the same).
  if (pack.levels.length !== planned)
    add(null, 'levels', `the pack has ${pack.levels.length} levels, its plan ${planned}`);
  const levels = packLevels(pack);
  const measured: { reads: number; arrows: number; depth: number }[] = [];

  pack.levels.forEach((pl, i) => {
    const L = i + 1;
    onLevel?.(L);
    const lv = levels[i]!;
    if (pl.level !== L) add(L, 'level', `level number is ${pl.level}, expected ${L}`);
    // The level's own rules come from the one proof the editor and the CLI use; what is left
    // here holds the file's claims (depth, free, reads, solution) against that proof's rounds.
    const d = proveApsisDetail(lv, rules, { plan, slot: i });
    for (const v of d.proof.violations) if (v.rule !== 'plan') add(L, v.rule, v.message);
    const r = d.rounds;
    if (!r) {
      measured.push({ reads: pl.reads, arrows: lv.arrows.length, depth: pl.depth });
      return;
    }
    if (pl.depth !== r.depth) add(L, 'depth', `depth is ${r.depth}, the pack says ${pl.depth}`);
    if (pl.free !== r.free) add(L, 'free', `free is ${r.free}, the pack says ${pl.free}`);
    if (pl.reads !== r.reads) add(L, 'reads', `reads is ${r.reads}, the pack says ${pl.reads}`);
    const n = lv.arrows.length;
    const sol = pl.solution;
    const seen = new Set(sol);
    if (sol.length !== n || seen.size !== n || sol.some((x) => x >= n)) {
      add(L, 'solution', `the solution must list each of the ${n} arrows once`);
    } else {
      const rep = replay(lv, sol, rules);
      if (rep.heartsLost > 0 || !rep.cleared)
        add(
          L,
          'solution',
          `replaying the solution ${rep.cleared ? 'loses hearts' : 'does not clear'}: ${rep.message ?? ''}`,
        );
    }
    measured.push({ reads: r.reads, arrows: n, depth: r.depth });
  });
  onLevel?.(null);

  // Ordering rules (on recomputed figures).
  let run = 1;
  for (let i = 1; i < measured.length; i++) {
    const a = measured[i - 1]!,
      b = measured[i]!;
    const L = i + 1;
    if (b.reads < a.reads) add(L, 'order', `reads fall from ${a.reads} to ${b.reads}`);
    if (b.arrows < a.arrows) add(L, 'order', `arrows fall from ${a.arrows} to ${b.arrows}`);
    if (b.depth < a.depth) add(L, 'order', `depth falls from ${a.depth} to ${b.depth}`);
    run = b.reads === a.reads ? run + 1 : 1;
    if (run > rules.maxEqualRun)
      add(L, 'equal-run', `${run} levels in a row read ${b.reads} (at most ${rules.maxEqualRun})`);
  }

  // No level twice.
  const prepared = levels.map((l) => prepareLevel(l, rules));
  const pairs = duplicatePairs(levels, rules, prepared, undefined, MAX_VERIFY_PAIRS + 1);
  for (const d of pairs.slice(0, MAX_VERIFY_PAIRS)) {
    problems.push({
      level: d.b + 1,
      rule: d.duplicate.rule,
      message: duplicateMessage(d.a + 1, d.duplicate),
      pair: [d.a + 1, d.b + 1],
    });
  }
  if (pairs.length > MAX_VERIFY_PAIRS) add(null, 'near-duplicate', tooManyPairsMessage());
  return problems;
}

/** A designer's sentence for a pair that breaks "no level twice" (rule 1, 2 or 3). */
function duplicateMessage(other: number, d: NearDuplicate): string {
  const share = `${Math.round(d.share * 100)} %`;
  if (d.rule === 'copy') return `is a turned or mirrored copy of level ${other} (${d.transform})`;
  if (d.rule === 'redrawn')
    return `is the same puzzle as level ${other} redrawn: same orbits and blocking graph (${d.transform}); shares ${share} of its arrows`;
  return `shares ${share} of its arrows with level ${other} under ${d.transform}`;
}

const readsText = (n: number): string => `${n} read${n === 1 ? '' : 's'}`;

export function summarizePack(pack: ApsisPack): PackSummaryLine[] {
  const reads = pack.levels.map((l) => l.reads);
  const st = stepStats(reads);
  const rules = apsisRulesSchema.parse(pack.rules);
  const levels = packLevels(pack);
  const top = closestPairs(levels, rules, 1);
  const c = top[0];
  return [
    // Labels and the largest step worded as Carillon's summary and the run report word them.
    { label: 'Levels', value: String(pack.levels.length) },
    { label: 'Level 1', value: reads.length ? readsText(reads[0]!) : '—' },
    {
      label: 'Last level',
      value: reads.length ? `${readsText(reads[reads.length - 1]!)} (level ${reads.length})` : '—',
    },
    {
      label: 'Largest step',
      value:
        reads.length > 1
          ? `${readsText(st.largestStep)}, level ${st.largestStepAt - 1} → ${st.largestStepAt}`
          : '—',
    },
    {
      label: 'Longest run of equal reads',
      value: `${st.longestEqualRun} level${st.longestEqualRun === 1 ? '' : 's'}`,
    },
    {
      label: 'Closest pair',
      value: c ? `levels ${c.a + 1} & ${c.b + 1}: ${Math.round(c.share * 100)}% of arrows shared` : '—',
    },
  ];
}
