/**
 * Every metric, rule and plan field of the shipped games has a designer's label and a
 * one-line explanation in the game's metadata (the renderer shows these, never raw keys).
 */
import { describe, expect, it } from 'vitest';
import { carillonGame } from '../../src-shared/games/carillon/index';
import { apsisGame } from '../../src-shared/games/apsis/index';
import type { FieldInfo } from '../../src-shared/game';
import type { AnyGame } from '../../src-shared/games/index';

/** Every path of a plain object: groups ("sizes", "sizes.small") and leaves ("sizes.small.radius"). */
function paths(o: unknown, prefix = ''): string[] {
  if (!o || typeof o !== 'object' || Array.isArray(o)) return [];
  return Object.entries(o).flatMap(([k, v]) => {
    const p = prefix ? `${prefix}.${k}` : k;
    return [p, ...paths(v, p)];
  });
}

const oneLine = (f: FieldInfo | undefined): boolean =>
  f !== undefined &&
  f.label.trim().length > 0 &&
  /^[A-Z(]/.test(f.explain) &&
  f.explain.endsWith('.') &&
  !f.explain.includes('\n') &&
  f.explain.length <= 160;

describe.each([carillonGame, apsisGame] as AnyGame[])('$title in words', (game) => {
  it('explains every metric in one plain line', () => {
    for (const m of game.metrics) {
      expect(m.label, m.key).not.toBe(m.key);
      expect(oneLine({ label: m.label, explain: m.explain ?? '' }), `${m.key}: ${m.explain}`).toBe(true);
    }
  });

  it('gives a pool card a short label of at most 12 characters for every metric, never the raw key', () => {
    for (const m of game.metrics) {
      const short = m.short ?? m.label;
      expect(short.length, m.key).toBeLessThanOrEqual(12);
      // Keys are lower camelCase: a capital first letter is a word, not a key.
      expect(short, m.key).toMatch(/^[A-Z]/);
    }
  });

  it('labels and explains every rule, group and plan column of the defaults', () => {
    for (const p of paths(game.defaultRules)) expect(oneLine(game.fields?.rules[p]), `rules.${p}`).toBe(true);
    const cols = new Set((game.defaultPlan as object[]).flatMap((row) => Object.keys(row)));
    for (const c of cols) expect(oneLine(game.fields?.plan[c]), `plan column ${c}`).toBe(true);
  });

  it('labels no field that does not exist (a renamed key leaves no stale label)', () => {
    const rulePaths = new Set(paths(game.defaultRules));
    const parsed = game.rulesSchema.safeParse(game.defaultRules);
    expect(parsed.success).toBe(true);
    for (const p of Object.keys(game.fields?.rules ?? {})) {
      // Optional rules absent from the defaults must still be accepted by the schema.
      if (rulePaths.has(p)) continue;
      const top = p.split('.')[0]!;
      const probe = game.rulesSchema.safeParse({
        ...(game.defaultRules as object),
        [top]: (game.defaultRules as Record<string, unknown>)[top] ?? probeValue(top),
      });
      expect(probe.success, `rules.${p} is labelled but is not a rule`).toBe(true);
    }
  });
});

/** A value of the right kind for an optional rule the defaults leave out. */
function probeValue(key: string): unknown {
  return /^aimDepth$/.test(key) ? true : 1;
}
