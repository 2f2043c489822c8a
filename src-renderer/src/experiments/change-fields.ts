/**
 * What an experiment's variant may change, in a designer's words: every rules leaf and every
 * field of every plan row of a base's settings, labelled from the game's own field labels
 * (GameInfo.fields), with the dotted path the API takes ("rules.spacing", "plan.2.taps": the
 * plan row's index, as the API's field errors name it) and how its value is typed in (read by
 * src-shared/schema/field-value.ts, as the new-run form's values and the CLI's are).
 * Pure: no Svelte, no API; the experiment form and its unit test use it.
 */
import type { FieldInfo, PlanStage } from '../../../src-shared/game';
import { clone, getAt, isObject, mergeOver, words } from '../runs/edit-model';
import { kindOf, type ValueKind } from '../../../src-shared/schema/field-value';

export interface ChangeOption {
  /** The API's path: "rules.sizes.small.radius", "plan.2.taps". */
  path: string;
  /** The field's own label ("Radius"), with its parents' ("Dot sizes › Small dot › Radius"). */
  label: string;
  /** The group it is listed under: "Rules" or the plan row ("Stretch 3 · levels 11–20"). */
  group: string;
  explain: string;
  kind: ValueKind;
  /** The base's value (undefined when the base leaves an optional field out). */
  base: unknown;
}

/** The settings an experiment starts from (a run's, a preset's or the game's defaults). */
export interface BaseSettings {
  rules: unknown;
  plan: unknown;
}

/** The fields of a game as the experiment form needs them (a slice of GameInfo). */
export interface GameFields {
  defaultRules: unknown;
  defaultPlan: unknown;
  fields: { rules: Record<string, FieldInfo>; plan: Record<string, FieldInfo> };
  /** What one plan row is called ("stretch", "stage"). */
  stage: string;
  /** Each plan row's levels (the game's `stages`); may throw on a plan it cannot read. */
  stages(plan: unknown): PlanStage[];
}

const capital = (s: string): string => (s ? s[0]!.toUpperCase() + s.slice(1) : s);

/** A plan row's heading: "Stretch 3 · levels 11–20" (its level range when the game can tell it). */
function rowHeading(index: number, stage: string, range: PlanStage | undefined): string {
  const levels = range
    ? range.first === range.last
      ? ` · level ${range.first}`
      : ` · levels ${range.first}–${range.last}`
    : '';
  return `${capital(stage)} ${index + 1}${levels}`;
}

/** The label of a rules path with its parents' labels: "Dot sizes › Small dot › Radius". */
function rulesLabel(path: string[], fields: Record<string, FieldInfo>): string {
  const parts: string[] = [];
  for (let i = 1; i <= path.length; i++) {
    const key = path.slice(0, i).join('.');
    parts.push(fields[key]?.label ?? words(path[i - 1]!));
  }
  return parts.join(' › ');
}

function leaves(obj: unknown, path: string[] = []): string[][] {
  if (!isObject(obj)) return [path];
  const entries = Object.entries(obj);
  if (entries.length === 0) return [path];
  return entries.flatMap(([k, v]) => leaves(v, [...path, k]));
}

/**
 * Every field a variant can change, rules first (in the defaults' order, then optional fields
 * the game declares but the base leaves out), then each plan row's fields.
 */
export function changeOptions(game: GameFields, base: BaseSettings): ChangeOption[] {
  const out: ChangeOption[] = [];
  const rules = mergeOver(game.defaultRules, base.rules ?? {});
  const seen = new Set<string>();
  for (const p of leaves(rules)) {
    if (p.length === 0) continue;
    const key = p.join('.');
    seen.add(key);
    const v = getAt(rules, p);
    out.push({
      path: `rules.${key}`,
      label: rulesLabel(p, game.fields.rules),
      group: 'Rules',
      explain: game.fields.rules[key]?.explain ?? '',
      kind: kindOf(v),
      base: v,
    });
  }
  // Optional rules the game names (a leaf: no other field lies under it) that the base leaves out.
  const names = Object.keys(game.fields.rules);
  for (const key of names) {
    if (seen.has(key) || names.some((k) => k.startsWith(`${key}.`))) continue;
    if (getAt(rules, key.split('.')) !== undefined) continue;
    out.push({
      path: `rules.${key}`,
      label: rulesLabel(key.split('.'), game.fields.rules),
      group: 'Rules',
      explain: `${game.fields.rules[key]!.explain} (not set in the base)`,
      kind: 'any',
      base: undefined,
    });
  }
  const plan = base.plan ?? game.defaultPlan;
  if (Array.isArray(plan)) {
    let ranges: PlanStage[] = [];
    try {
      ranges = game.stages(plan);
    } catch {
      ranges = [];
    }
    plan.forEach((row, i) => {
      const group = rowHeading(i, game.stage, ranges[i]);
      const keys = isObject(row) ? Object.keys(row) : [];
      for (const key of [...keys, ...Object.keys(game.fields.plan).filter((k) => !keys.includes(k))]) {
        const v = isObject(row) ? row[key] : undefined;
        const info = game.fields.plan[key];
        out.push({
          path: `plan.${i}.${key}`,
          label: info?.label ?? words(key),
          group,
          explain: info ? `${info.explain}${v === undefined ? ' (not set in the base)' : ''}` : '',
          kind: v === undefined ? 'any' : kindOf(v),
          base: v,
        });
      }
    });
  }
  return out;
}

/** A value as the form shows it in its box. */
export function valueText(v: unknown): string {
  if (v === undefined) return '';
  if (typeof v === 'string') return v;
  if (Array.isArray(v) && v.every((x) => typeof x === 'number' || typeof x === 'string')) return v.join(', ');
  return JSON.stringify(v);
}

/** Settings with a variant's changes laid over them (paths as in ChangeOption). */
export function applyChanges(base: BaseSettings, changes: Record<string, unknown>): BaseSettings {
  const out: { rules: unknown; plan: unknown } = { rules: clone(base.rules), plan: clone(base.plan) };
  for (const [path, value] of Object.entries(changes)) {
    const [head, ...rest] = path.split('.');
    if (head !== 'rules' && head !== 'plan') continue;
    out[head] = setPath(out[head], rest, value);
  }
  return out;
}

function setPath(root: unknown, path: string[], value: unknown): unknown {
  if (path.length === 0) return clone(value);
  const [k, ...rest] = path as [string, ...string[]];
  if (Array.isArray(root)) {
    const copy = root.slice();
    copy[Number(k)] = setPath(copy[Number(k)], rest, value);
    return copy;
  }
  const obj: Record<string, unknown> = isObject(root) ? { ...root } : {};
  obj[k] = setPath(obj[k], rest, value);
  return obj;
}
