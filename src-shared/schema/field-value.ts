/**
 * A value a designer types for one rules or plan field, read as the type the field holds
 * (a number, yes/no, a list of numbers, text, JSON, or unknown), or refused in a sentence that
 * names the field ("Dot spacing must be a number, not “eighteen”."). One reader for the
 * new-run form's rules and plan editors, the experiment form's changes and the CLI's --vary
 * values. It reads the text only: bounds and cross-checks are the game's schemas' (the API
 * names them), except that a number must be finite. Pure.
 */

/**
 * How a field's value is typed: a number box, yes/no, a comma list of numbers, text as typed,
 * JSON, or `any` (a field whose type is not known, e.g. an optional rule the base leaves out:
 * numbers, true/false and JSON read as such, anything else as text).
 */
export type ValueKind = 'number' | 'boolean' | 'list' | 'text' | 'json' | 'any';

export type ValueRead = { ok: true; value: unknown } | { ok: false; message: string };

/** The kind of input for a plain-JSON value (what the field holds now): a list only of numbers, other lists as JSON. */
export function kindOf(v: unknown): Exclude<ValueKind, 'any'> {
  if (typeof v === 'number') return 'number';
  if (typeof v === 'boolean') return 'boolean';
  if (typeof v === 'string') return 'text';
  if (Array.isArray(v) && v.every((x) => typeof x === 'number')) return 'list';
  return 'json';
}

// A decimal number as a person writes it: "18", "-0.5", ".5", "1e3". Not hex, binary, "Infinity"
// or the empty string, all of which Number() would quietly accept.
const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

/** The number `text` writes (finite, decimal), or null. */
export function readNumber(text: string): number | null {
  const t = text.trim();
  if (!DECIMAL.test(t)) return null;
  const n = Number(t);
  return Number.isFinite(n) ? n : null;
}

/**
 * "Dot spacing must be at most 1000." from a field's label (its last part, capitalised:
 * "Dot sizes › Radius" → "Radius"; a dotted path as written) and a message about it.
 */
export function fieldSentence(label: string, message: string): string {
  const last = label.split(' › ').pop()?.trim() || 'the value';
  // A label in words starts the sentence capitalised; a dotted path (the CLI's) stays as written.
  const name = /\s/.test(last) ? last.charAt(0).toUpperCase() + last.slice(1) : last;
  const m = message.trim().replace(/\.$/, '');
  return `${name} ${m}.`;
}

/** What the designer typed, quoted and cut short (a pasted page would bury the sentence). */
function quoted(t: string): string {
  return `“${t.length > 40 ? `${t.slice(0, 39)}…` : t}”`;
}

function readNumberField(t: string, label: string): ValueRead {
  const n = readNumber(t);
  if (n !== null) return { ok: true, value: n };
  // "1e999" and "Infinity" are numbers a double cannot hold: name that rather than "not a number".
  const finite = DECIMAL.test(t) || /^[+-]?infinity$/i.test(t);
  return {
    ok: false,
    message: fieldSentence(label, `must be a ${finite ? 'finite ' : ''}number, not ${quoted(t)}`),
  };
}

function readJson(t: string, label: string): ValueRead {
  try {
    return { ok: true, value: JSON.parse(t) as unknown };
  } catch {
    return {
      ok: false,
      message: fieldSentence(label, 'is not valid JSON: check its brackets, quotes and commas'),
    };
  }
}

/**
 * The typed-in `text` as the value of the field labelled `label`, read as `kind`; or a sentence
 * naming the field and what is wrong. Empty text is refused ("needs a value"): a caller that
 * takes an emptied field to mean "no value" checks for that first.
 */
export function readFieldValue(kind: ValueKind, text: string, label: string): ValueRead {
  const t = text.trim();
  if (t === '') return { ok: false, message: fieldSentence(label, 'needs a value') };
  switch (kind) {
    case 'number':
      return readNumberField(t, label);
    case 'boolean':
      if (/^(true|yes|on)$/i.test(t)) return { ok: true, value: true };
      if (/^(false|no|off)$/i.test(t)) return { ok: true, value: false };
      return { ok: false, message: fieldSentence(label, `must be yes or no, not ${quoted(t)}`) };
    case 'list': {
      const items = t
        .split(',')
        .map((s) => s.trim())
        .filter((s) => s !== '');
      const values: number[] = [];
      for (const item of items) {
        const n = readNumber(item);
        if (n === null)
          return {
            ok: false,
            message: fieldSentence(
              label,
              `must be a list of numbers such as 3, 4, 5; ${quoted(item)} is not a number`,
            ),
          };
        values.push(n);
      }
      return { ok: true, value: values };
    }
    case 'json':
      return readJson(t, label);
    case 'text':
      return { ok: true, value: t };
    case 'any': {
      if (DECIMAL.test(t)) return readNumberField(t, label);
      if (/^(true|false)$/i.test(t)) return { ok: true, value: t.toLowerCase() === 'true' };
      if (/^[[{"]/.test(t)) return readJson(t, label);
      return { ok: true, value: t };
    }
  }
}
