/**
 * Schema problems as a designer reads them. `designerErrorMap` words every zod issue a schema
 * does not word itself ("must be a finite number", "must be one of 'a', 'b'"), and
 * `designerIssues` turns a zod error into { field, message } pairs with dotted field paths,
 * one per unknown key, each with a "did you mean …?" when a known key is close.
 * Schemas that word their own messages keep them (zod puts a schema's own error first).
 */
import type { z } from 'zod';

export interface FieldIssue {
  field: string;
  message: string;
  /** The field in the game's words, where the one refusing knows them (see field-label.ts). */
  label?: string;
}

const typeWords: Record<string, string> = {
  number: 'a number',
  int: 'a whole number',
  string: 'text',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
  record: 'an object',
  map: 'an object',
  bigint: 'a whole number',
};

/** The message for a value that is not a number: missing, not finite, or of another type. */
export function numberTypeMessage(input: unknown): string {
  if (input === undefined) return 'is required';
  if (typeof input === 'number') return Number.isNaN(input) ? 'must be a number' : 'must be a finite number';
  return 'must be a number';
}

const quote = (v: unknown): string => (typeof v === 'string' ? `"${v}"` : String(v));

export const designerErrorMap: z.core.$ZodErrorMap = (iss) => {
  switch (iss.code) {
    case 'invalid_type': {
      if (iss.expected === 'int' && Number.isFinite(iss.input)) return 'must be a whole number';
      if (iss.expected === 'number' || iss.expected === 'int') return numberTypeMessage(iss.input);
      if (iss.input === undefined) return 'is required';
      return `must be ${typeWords[iss.expected] ?? iss.expected}`;
    }
    case 'too_small': {
      const n = Number(iss.minimum);
      if (iss.origin === 'array' || iss.origin === 'set')
        return `needs at least ${n} item${n === 1 ? '' : 's'}`;
      if (iss.origin === 'string') return n === 1 ? 'must not be empty' : `must be at least ${n} characters`;
      if (n <= Number.MIN_SAFE_INTEGER) return 'is far too small';
      return iss.inclusive ? `must be at least ${n}` : `must be more than ${n}`;
    }
    case 'too_big': {
      const n = Number(iss.maximum);
      if (iss.origin === 'array' || iss.origin === 'set')
        return `holds at most ${n} item${n === 1 ? '' : 's'}`;
      if (iss.origin === 'string') return `must be at most ${n} characters`;
      // A whole number's own bound (zod's int() stops at the largest exact number): no designer
      // asked for 9007199254740991, so say what is wrong instead.
      if (n >= Number.MAX_SAFE_INTEGER) return 'is far too large';
      return iss.inclusive ? `must be at most ${n}` : `must be less than ${n}`;
    }
    case 'invalid_value':
      return iss.values.length === 1
        ? `must be ${quote(iss.values[0])}`
        : `must be one of ${iss.values.map(quote).join(', ')}`;
    case 'not_multiple_of':
      return Number(iss.divisor) === 1
        ? 'must be a whole number'
        : `must be a multiple of ${String(iss.divisor)}`;
    case 'unrecognized_keys':
      return `unknown field${iss.keys.length === 1 ? '' : 's'}: ${iss.keys.join(', ')}`;
    case 'invalid_format':
      return 'is not in the expected format';
    case 'invalid_union':
      return 'matches none of the forms it may take';
    case 'invalid_key':
    case 'invalid_element':
      return 'holds a value that is not allowed';
    default:
      return 'is not valid';
  }
};

export interface DesignerIssueOptions {
  /** Put in front of every field path (e.g. "rules"). */
  prefix?: string;
  /** The schema that was parsed: its known keys give the "did you mean" suggestions. */
  schema?: z.ZodType;
  /** The sentence for an unknown key, e.g. "is not a rule of Carillon" (default "unknown field"). */
  unknownKey?: string;
}

/** Each issue of a zod error as a field and a designer's sentence; unknown keys one by one. */
export function designerIssues(error: z.ZodError, opts: DesignerIssueOptions = {}): FieldIssue[] {
  const out: FieldIssue[] = [];
  // A value of the wrong type gets one message: "must be a list" says it all; the checks zod
  // also ran on it ("holds at most 3 variants" of a 4-letter string) would only mislead.
  const mistyped = new Set(
    error.issues.filter((i) => i.code === 'invalid_type').map((i) => i.path.map(String).join('.')),
  );
  const fieldOf = (path: readonly PropertyKey[]): string => {
    const parts = [...(opts.prefix ? [opts.prefix] : []), ...path.map(String)];
    return parts.length ? parts.join('.') : '(arguments)';
  };
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      const known = opts.schema ? keysAt(opts.schema, issue.path) : [];
      for (const key of issue.keys) {
        const guess = closestKey(key, known);
        out.push({
          field: fieldOf([...issue.path, key]),
          message: `${opts.unknownKey ?? 'unknown field'}${guess ? `; did you mean ${guess}?` : ''}`,
        });
      }
    } else {
      if (issue.code !== 'invalid_type' && mistyped.has(issue.path.map(String).join('.'))) continue;
      out.push({ field: fieldOf(issue.path), message: issue.message });
    }
  }
  return out;
}

interface DefLike {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  element?: z.ZodType;
  shape?: Record<string, z.ZodType>;
}

/** The keys an object schema knows at `path` (through defaults, optionals, pipes and arrays). */
export function keysAt(schema: z.ZodType, path: readonly PropertyKey[]): string[] {
  let s: z.ZodType | undefined = schema;
  let i = 0;
  for (let guard = 0; s && guard < 64; guard++) {
    const def: DefLike = (s as unknown as { _zod: { def: DefLike } })._zod.def;
    if (def.innerType) s = def.innerType;
    else if (def.type === 'pipe' && def.in) s = def.in;
    else if (i === path.length) return def.type === 'object' && def.shape ? Object.keys(def.shape) : [];
    else if (def.type === 'object' && def.shape) s = def.shape[String(path[i++])];
    else if (def.type === 'array' && def.element) {
      s = def.element;
      i++;
    } else return [];
  }
  return [];
}

/** The known key a misspelling most likely meant: same letters in another case, or within two edits. */
export function closestKey(key: string, known: readonly string[]): string | null {
  const k = key.toLowerCase();
  let best: string | null = null;
  let bestDistance = Math.min(2, Math.floor(k.length / 3));
  for (const candidate of known) {
    const d = editDistance(k, candidate.toLowerCase());
    if (d <= bestDistance && (best === null || d < bestDistance)) {
      best = candidate;
      bestDistance = d;
    }
  }
  return best;
}

/** Edits (insert, delete, change, swap of neighbours) between two short strings. */
function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        v = Math.min(v, d[i - 2]![j - 2]! + 1);
      d[i]![j] = v;
    }
  }
  return d[a.length]![b.length]!;
}
