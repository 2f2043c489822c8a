/** Carillon rules and levels as stored, checked for what the boards need (missing rules fields keep the defaults). */
import {
  carillonRulesSchema,
  type CarillonLevel,
  type CarillonRules,
} from '../../../../src-shared/games/carillon/index';
import { firstIssue } from '../game-view';

export function readRules(raw: unknown): CarillonRules {
  const r = carillonRulesSchema.safeParse(raw ?? {});
  if (!r.success) throw new Error(`the Carillon rules are not valid: ${firstIssue(r.error, '(rules)')}`);
  return r.data;
}

export function readLevel(raw: unknown): CarillonLevel {
  const l = raw as Partial<CarillonLevel> | null;
  if (!l || !Array.isArray(l.dots)) throw new Error('the level has no "dots" list');
  l.dots.forEach((d, i) => {
    if (typeof d?.x !== 'number' || typeof d.y !== 'number')
      throw new Error(`dot ${i} has no numeric x and y`);
    if (d.size !== 'small' && d.size !== 'normal' && d.size !== 'big')
      throw new Error(`dot ${i} has size "${String(d.size)}" (small, normal or big)`);
  });
  return {
    taps: l.taps ?? 0,
    tutorial: l.tutorial ?? false,
    bits: l.bits ?? 0,
    dots: l.dots,
    solution: Array.isArray(l.solution) ? l.solution : [],
  };
}
