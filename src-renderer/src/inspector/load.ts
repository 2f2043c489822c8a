/**
 * What the inspector shows, in one shape for both sources: a stored candidate
 * (`candidates.get`) or a level of a pack file. Rules are parsed with the game's schema
 * (Carillon's fills defaults), levels are checked for the fields the boards need, and pack
 * files are parsed with the game's own `parsePack`, chosen by the JSON's `format`.
 */
import type { CandidateDetail } from '../../../src-shared/api';
import type { GameId } from '../../../src-shared/game';
import { carillonGame, carillonRulesSchema, type CarillonLevel, type CarillonRules } from '../../../src-shared/games/carillon/index';
import { apsisGame, apsisRulesSchema, levelSchema, type ApsisLevel, type ApsisRules } from '../../../src-shared/games/apsis/index';

export type Shown =
  | { game: 'carillon'; level: CarillonLevel; rules: CarillonRules; label: string; metrics: Record<string, number> | null; candidate: CandidateDetail | null }
  | { game: 'apsis'; level: ApsisLevel; rules: ApsisRules; label: string; metrics: Record<string, number> | null; candidate: CandidateDetail | null };

function carillonLevel(raw: unknown): CarillonLevel {
  const l = raw as Partial<CarillonLevel> | null;
  if (!l || !Array.isArray(l.dots)) throw new Error('the level has no "dots" list');
  l.dots.forEach((d, i) => {
    if (typeof d?.x !== 'number' || typeof d.y !== 'number') throw new Error(`dot ${i} has no numeric x and y`);
    if (d.size !== 'small' && d.size !== 'normal' && d.size !== 'big') throw new Error(`dot ${i} has size "${String(d.size)}" (small, normal or big)`);
  });
  return { taps: l.taps ?? 0, tutorial: l.tutorial ?? false, bits: l.bits ?? 0, dots: l.dots, solution: Array.isArray(l.solution) ? l.solution : [] };
}

function apsisLevel(raw: unknown): ApsisLevel {
  const r = levelSchema.safeParse(raw);
  if (!r.success) {
    const issue = r.error.issues[0];
    throw new Error(`the level is not an Apsis level: ${issue ? `${issue.path.join('.') || '(level)'}: ${issue.message}` : 'bad shape'}`);
  }
  return r.data;
}

function rulesOf(game: GameId, raw: unknown): CarillonRules | ApsisRules {
  const schema = game === 'carillon' ? carillonRulesSchema : apsisRulesSchema;
  const r = schema.safeParse(raw ?? (game === 'carillon' ? {} : undefined));
  if (!r.success) {
    const issue = r.error.issues[0];
    throw new Error(`the ${game} rules are not valid: ${issue ? `${issue.path.join('.') || '(rules)'}: ${issue.message}` : 'bad shape'}`);
  }
  return r.data;
}

export function shownFromLevel(game: GameId, rules: unknown, level: unknown, label: string, metrics: Record<string, number> | null = null, candidate: CandidateDetail | null = null): Shown {
  if (game === 'carillon') return { game, level: carillonLevel(level), rules: rulesOf(game, rules) as CarillonRules, label, metrics, candidate };
  return { game, level: apsisLevel(level), rules: rulesOf(game, rules) as ApsisRules, label, metrics, candidate };
}

export function shownFromCandidate(c: CandidateDetail): Shown {
  if (c.level === null) throw new Error(`candidate ${c.id} has no level${c.failure ? `: ${c.failure}` : ''}`);
  return shownFromLevel(c.game, c.rules, c.level, c.label, c.metrics, c);
}

export interface OpenPack {
  game: GameId;
  fileName: string;
  rules: CarillonRules | ApsisRules;
  levels: (CarillonLevel | ApsisLevel)[];
  seed: number;
}

/** Parse a pack file's text with the game its `format` names. Throws a message naming what is wrong. */
export function parsePackText(text: string, fileName: string): OpenPack {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new Error(`${fileName} is not valid JSON: ${(e as Error).message}`);
  }
  const format = (json as { format?: unknown } | null)?.format;
  if (format === 'carillon-pack') {
    const pack = carillonGame.parsePack(json);
    return { game: 'carillon', fileName, rules: pack.rules, levels: carillonGame.packLevels(pack), seed: pack.seed };
  }
  if (format === 'apsis-pack') {
    const pack = apsisGame.parsePack(json);
    return { game: 'apsis', fileName, rules: pack.rules, levels: apsisGame.packLevels(pack), seed: pack.seed };
  }
  throw new Error(`${fileName}: "format" is ${format === undefined ? 'missing' : JSON.stringify(format)}; expected "carillon-pack" or "apsis-pack"`);
}
