/**
 * A rules or plan field named in the game's words, from its metadata (`Game.fields`,
 * `Game.words`): "rules.sizes.normal.radius" is "Normal dot, radius", "plan.3.maxDots" is
 * "stretch 4, dots at end". An error about a field the game labels names it so, never by its key.
 */
import type { FieldInfo, GameWords } from './game';

export interface FieldLabels {
  fields?: { rules: Record<string, FieldInfo>; plan: Record<string, FieldInfo> };
  /** The game's word for a plan row ("stretch", "stage"); "plan row" without it. */
  words?: Pick<GameWords, 'stage'>;
}

/** "Dots at end" → "dots at end", but "HP" stays. */
const lower = (label: string): string =>
  /^[A-Z][a-z]/.test(label) ? label[0]!.toLowerCase() + label.slice(1) : label;

const stems = (label: string): Set<string> =>
  new Set(
    label
      .toLowerCase()
      .split(/[^a-z]+/)
      .filter((w) => w.length > 2)
      .map((w) => w.replace(/s$/, '')),
  );
const sharesWord = (a: string, b: string): boolean => [...stems(a)].some((w) => stems(b).has(w));

/**
 * The label of a dotted field path under "rules." or "plan.", or null when the game does not
 * label it (an unknown key, a path elsewhere): a nested rule is named with its group.
 */
export function gameFieldLabel(game: FieldLabels, path: string): string | null {
  const parts = path.split('.');
  const head = parts.shift();
  if (head === 'rules') {
    const rules = game.fields?.rules ?? {};
    const key = parts.join('.');
    const own = rules[key];
    if (!own) return null;
    const group = parts.length > 1 ? rules[parts.slice(0, -1).join('.')] : undefined;
    // "Radius" needs its group ("Normal dot, radius"); "Normal dot" already says it is a dot size.
    return group && !sharesWord(own.label, group.label) ? `${group.label}, ${lower(own.label)}` : own.label;
  }
  if (head === 'plan') {
    if (parts.length === 0 || !/^\d+$/.test(parts[0]!)) return null;
    const row = `${game.words?.stage ?? 'plan row'} ${Number(parts[0]) + 1}`;
    if (parts.length === 1) return row;
    const own = parts.length === 2 ? game.fields?.plan[parts[1]!] : undefined;
    return own ? `${row}, ${lower(own.label)}` : null;
  }
  return null;
}

/** Each problem of a rules or plan path given the game's label for its field, where it has one. */
export function withGameLabels<F extends { field: string; message: string }>(
  game: FieldLabels,
  fields: readonly F[],
): (F & { label?: string })[] {
  return fields.map((f) => {
    const label = gameFieldLabel(game, f.field);
    return label ? { ...f, label } : f;
  });
}
