/**
 * Pure helpers behind the structured plan and rules editors of the new-run form: plain-JSON
 * values walked, compared and updated by dotted paths ("sizes.small.radius", "2.maxDots"),
 * the labels shown for keys, and the API's field problems matched to those paths.
 */

import { readNumber } from '../../../src-shared/schema/field-value';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

export interface FieldProblem {
  /** Path inside the edited value, without its "plan." / "rules." head ("" for the whole value). */
  path: string;
  message: string;
}

export function isObject(v: unknown): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** A deep copy of plain JSON (also of Svelte state proxies, which structuredClone refuses). */
export function clone<T>(v: T): T {
  return v === undefined ? v : (JSON.parse(JSON.stringify(v)) as T);
}

export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    return (
      Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => deepEqual(x, b[i]))
    );
  }
  if (isObject(a) && isObject(b)) {
    const ka = Object.keys(a).filter((k) => a[k] !== undefined);
    const kb = Object.keys(b).filter((k) => b[k] !== undefined);
    return ka.length === kb.length && ka.every((k) => deepEqual(a[k], b[k]));
  }
  return false;
}

/** "fieldAttempts" → "field attempts", "maxDots" → "max dots", "sizeMix" → "size mix". */
export function words(key: string): string {
  return key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase();
}

export function getAt(root: unknown, path: readonly string[]): unknown {
  let v: unknown = root;
  for (const k of path) {
    if (Array.isArray(v)) v = v[Number(k)];
    else if (isObject(v)) v = v[k];
    else return undefined;
  }
  return v;
}

/** A copy of root with the value at path replaced (undefined removes the key). */
export function setAt<T>(root: T, path: readonly string[], value: unknown): T {
  if (path.length === 0) return value as T;
  const [head, ...rest] = path as [string, ...string[]];
  if (Array.isArray(root)) {
    const out = root.slice();
    out[Number(head)] = setAt(out[Number(head)], rest, value);
    return out as T;
  }
  const base: Record<string, unknown> = isObject(root) ? { ...root } : {};
  const next = rest.length === 0 ? value : setAt(base[head], rest, value);
  if (next === undefined) delete base[head];
  else base[head] = next;
  return base as T;
}

/** Defaults with the given object laid over them, nested objects merged key by key. */
export function mergeOver(defaults: unknown, given: unknown): unknown {
  if (!isObject(defaults) || !isObject(given)) return clone(given);
  const out: JsonObject = clone(defaults);
  for (const [k, v] of Object.entries(given)) out[k] = mergeOver(out[k], v) as Json;
  return out;
}

/**
 * A number when the text writes one (decimal, finite: the studio's one number reader);
 * otherwise the text itself, so the API names the problem.
 */
export function numberOrText(text: string): number | string {
  return readNumber(text) ?? text.trim();
}

export function formatList(v: unknown): string {
  return Array.isArray(v)
    ? v.map((x) => (typeof x === 'object' && x !== null ? JSON.stringify(x) : String(x))).join(', ')
    : '';
}

export interface Leaf {
  path: string[];
  key: string;
  value: Json;
}

/** A group of the rules: its own leaves, then nested groups, in the defaults' key order. */
export interface Group {
  path: string[];
  key: string;
  leaves: Leaf[];
  groups: Group[];
}

export function groupOf(obj: JsonObject, path: string[] = []): Group {
  const group: Group = { path, key: path[path.length - 1] ?? '', leaves: [], groups: [] };
  for (const [key, value] of Object.entries(obj)) {
    if (isObject(value)) group.groups.push(groupOf(value, [...path, key]));
    else group.leaves.push({ path: [...path, key], key, value });
  }
  return group;
}

export function leafPaths(obj: unknown, path: string[] = []): string[][] {
  if (!isObject(obj)) return [path];
  return Object.entries(obj).flatMap(([k, v]) => leafPaths(v, [...path, k]));
}

/**
 * The key columns shared by every child group (e.g. sizes.small/normal/big all with radius and
 * reach), so such a group reads as a small matrix; null when the children differ or nest deeper.
 */
export function matrixColumns(group: Group): string[] | null {
  if (group.leaves.length > 0 || group.groups.length < 2) return null;
  const first = group.groups[0]!;
  if (first.groups.length > 0) return null;
  const cols = first.leaves.map((l) => l.key);
  const same = group.groups.every(
    (g) =>
      g.groups.length === 0 && g.leaves.length === cols.length && g.leaves.every((l, i) => l.key === cols[i]),
  );
  return same ? cols : null;
}

/** The problems that belong to one input: its exact path or anything inside it ("arrows.3" → "arrows"). */
export function problemsAt(problems: readonly FieldProblem[], path: string): FieldProblem[] {
  return problems.filter((p) => p.path === path || p.path.startsWith(`${path}.`));
}

/** The problems that match none of the shown inputs, for the list under the editor's heading. */
export function unplaced(problems: readonly FieldProblem[], shown: readonly string[]): FieldProblem[] {
  return problems.filter((p) => !shown.some((s) => p.path === s || p.path.startsWith(`${s}.`)));
}

/** "2.maxDots: message" for the heading list ("message" alone for the whole value). */
export function describe(p: FieldProblem): string {
  return p.path ? `${p.path}: ${p.message}` : p.message;
}
