/**
 * The new-run form's checks and answers, apart from its markup (NewRunForm.svelte wires them):
 * reading the plan and rules as edited (structured or as JSON), placing each problem the API
 * names under its input, the size guard (the API's question before a big run), and the line
 * that follows the run the form started. Plain functions, unit-tested in
 * tests/unit/new-run-check.test.ts.
 */
import { fieldErrors } from './format';
import {
  clone,
  deepEqual,
  getAt,
  isObject,
  leafPaths,
  mergeOver,
  type FieldProblem,
  type JsonObject,
} from './edit-model';

export type Problems = { plan: FieldProblem[]; rules: FieldProblem[] };
export const noProblems = (): Problems => ({ plan: [], rules: [] });

/** The form's head fields: an API problem about one is shown under it. */
const HEADS = ['game', 'seed', 'name', 'levels'];

function parseJson(text: string): { ok: true; value: unknown } | { ok: false; message: string } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (e) {
    return { ok: false, message: `not valid JSON: ${(e as Error).message}` };
  }
}

/** Does the JSON text say something else than the defaults (text that does not parse does)? */
export function textDiffers(text: string, defaults: unknown): boolean {
  const r = parseJson(text);
  return !r.ok || !deepEqual(r.value, defaults);
}

/** Rules leaves that differ from the defaults, and keys the defaults have that the rules lack. */
export function rulesEditedCount(rules: JsonObject, defaults: JsonObject): number {
  return (
    leafPaths(rules).filter((p) => p.length > 0 && !deepEqual(getAt(rules, p), getAt(defaults, p))).length +
    leafPaths(defaults).filter((p) => getAt(rules, p) === undefined).length
  );
}

/** Each API problem under its input: "plan.2.maxDots" goes to the plan table's cell, "seed" under the seed, and so on. */
export function placeProblems(list: readonly { field: string; message: string }[]): {
  heads: Record<string, string[]>;
  inner: Problems;
} {
  const heads: Record<string, string[]> = {};
  const inner = noProblems();
  for (const f of list) {
    const head = f.field.split(/[.[]/)[0] ?? '';
    const sub = f.field.slice(head.length).replace(/^\./, '');
    if (head === 'plan' || head === 'rules') inner[head].push({ path: sub, message: f.message });
    else if (HEADS.includes(head)) (heads[head] ??= []).push(sub ? `${sub}: ${f.message}` : f.message);
    else (heads['general'] ??= []).push(`${f.field}: ${f.message}`);
  }
  return { heads, inner };
}

/** One part of the form as edited: structured (its value) or as JSON text; `edited` false: left at the default. */
export interface SettingPart {
  edited: boolean;
  json: boolean;
  text: string;
  value: unknown;
}

/**
 * The plan and rules to send (undefined: the game's default, left out), or the problems of
 * JSON text that does not parse (nothing is sent then).
 */
export function readSettings(
  plan: SettingPart,
  rules: SettingPart,
): { ok: true; plan: unknown; rules: unknown } | { ok: false; problems: Problems } {
  const problems = noProblems();
  const read = (part: SettingPart, into: FieldProblem[]): unknown => {
    if (!part.edited) return undefined;
    if (!part.json) return clone(part.value);
    const r = parseJson(part.text);
    if (r.ok) return r.value;
    into.push({ path: '', message: r.message });
    return undefined;
  };
  const planArg = read(plan, problems.plan);
  const rulesArg = read(rules, problems.rules);
  if (problems.plan.length > 0 || problems.rules.length > 0) return { ok: false, problems };
  return { ok: true, plan: planArg, rules: rulesArg };
}

/** The edited plan and rules as arguments: a part left at the game's default is left out. */
export function settingsArgs(s: { plan: unknown; rules: unknown }): { plan?: unknown; rules?: unknown } {
  return {
    ...(s.plan !== undefined ? { plan: s.plan } : {}),
    ...(s.rules !== undefined ? { rules: s.rules } : {}),
  };
}

/** The sentence above the form when fields hold text they cannot take (nothing is sent). */
export function unreadSentence(count: number): string {
  return `${count === 1 ? 'A field holds' : `${count} fields hold`} text it cannot take (named in red under it).`;
}

/** An edit drops the problems the API named at that path (they were about the old value); a plan row change drops the plan's cells'. */
export function keptProblems(
  list: readonly FieldProblem[],
  which: 'plan' | 'rules',
  path: string,
): FieldProblem[] {
  if (which === 'plan' && !path.includes('.')) return list.filter((p) => p.path === '');
  return list.filter((p) => p.path !== path && !p.path.startsWith(`${path}.`));
}

/** JSON text back to the plan table: it must parse and be a list of objects. */
export function planFromJson(
  text: string,
  noun: string,
): { ok: true; plan: JsonObject[] } | { ok: false; message: string } {
  const r = parseJson(text);
  if (!r.ok) return r;
  if (!Array.isArray(r.value) || !r.value.every(isObject))
    return {
      ok: false,
      message: `the table needs a list of objects, one per ${noun}: fix the JSON or press Reset`,
    };
  return { ok: true, plan: r.value };
}

/** JSON text back to the rules fields: it must parse to an object; keys it leaves out keep their defaults, as the API does. */
export function rulesFromJson(
  text: string,
  defaults: unknown,
): { ok: true; rules: JsonObject } | { ok: false; message: string } {
  const r = parseJson(text);
  if (!r.ok) return r;
  if (!isObject(r.value))
    return { ok: false, message: 'the fields need an object of rules: fix the JSON or press Reset' };
  return { ok: true, rules: mergeOver(defaults, r.value) as JsonObject };
}

/**
 * What a refused runs.create means for the form: the size guard's question (past the size
 * threshold the API asks, with the estimated time, before anything is stored), problems to
 * place under their inputs, or a failure to report as a sentence.
 */
export type StartRefusal =
  | { kind: 'ask'; question: string }
  | { kind: 'fields'; heads: Record<string, string[]>; inner: Problems; general: string | null }
  | { kind: 'failed' };

export function startRefusal(err: unknown): StartRefusal {
  const list = fieldErrors(err);
  const question = list.find((f) => f.field === 'confirm');
  if (question) return { kind: 'ask', question: question.message };
  if (list.length === 0) return { kind: 'failed' };
  const { heads, inner } = placeProblems(list);
  return { kind: 'fields', heads, inner, general: (heads['general'] ?? []).join('; ') || null };
}

/** The line that follows the run the form started: queued, running, then how it ended. */
export function createdLine(
  created: { runId: number; text: string },
  run: { status: string; error?: string | null } | undefined,
): string {
  const st = run?.status ?? 'queued';
  const id = created.runId;
  if (st === 'queued') return `Run #${id} queued: ${created.text}.`;
  if (st === 'running') return `Run #${id} running: ${created.text}.`;
  if (st === 'done') return `Run #${id} done: ${created.text}. Its report is in the run's details.`;
  return `Run #${id} ${st}${run?.error ? `: ${run.error}` : ''}.`;
}
