/** Apsis rules and levels as stored, checked with the game's own schemas. */
import {
  apsisRulesSchema,
  levelSchema,
  type ApsisLevel,
  type ApsisRules,
} from '../../../../src-shared/games/apsis/index';
import { firstIssue } from '../game-view';

export function readRules(raw: unknown): ApsisRules {
  const r = apsisRulesSchema.safeParse(raw);
  if (!r.success) throw new Error(`the Apsis rules are not valid: ${firstIssue(r.error, '(rules)')}`);
  return r.data as ApsisRules;
}

export function readLevel(raw: unknown): ApsisLevel {
  const r = levelSchema.safeParse(raw);
  if (!r.success) throw new Error(`the level is not an Apsis level: ${firstIssue(r.error, '(level)')}`);
  return r.data;
}
