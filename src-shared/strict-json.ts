/**
 * JSON with each key at most once per object. `JSON.parse` keeps the last of two equal keys,
 * so `{"method":"presets.save","method":"runs.delete"}` would be read as runs.delete while a
 * reader that keeps the first (or a person reading it) sees presets.save. API frames, HTTP
 * bodies and packs are refused instead, naming the key and where it is. Keys are compared
 * after unescaping (`"m\u0065thod"` is `"method"`).
 */

export interface DuplicateKey {
  key: string;
  /** Where the object is, e.g. `levels[3].dots[0]`, or `(root)`. */
  at: string;
}

type Frame =
  | { kind: 'object'; first: string | null; keys: Set<string> | null; key: string | null; expectKey: boolean }
  | { kind: 'array'; index: number };

function describePath(stack: Frame[]): string {
  let path = '';
  for (const f of stack.slice(0, -1)) {
    if (f.kind === 'array') path += `[${f.index}]`;
    else if (f.key !== null) path += path ? `.${f.key}` : f.key;
  }
  return path || '(root)';
}

/**
 * The first key that appears twice in one object, or null. `text` must already be valid JSON
 * (JSON.parse accepted it): only strings and brackets are tracked, in one pass.
 */
export function findDuplicateKey(text: string): DuplicateKey | null {
  const stack: Frame[] = [];
  const n = text.length;
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 34 /* " */) {
      // The closing quote: the next one not escaped by an odd run of backslashes.
      let end = text.indexOf('"', i + 1);
      let escaped = false;
      for (;;) {
        let b = end - 1;
        while (text.charCodeAt(b) === 92 /* \ */) b--;
        if ((end - 1 - b) % 2 === 0) break;
        escaped = true;
        end = text.indexOf('"', end + 1);
      }
      const top = stack[stack.length - 1];
      if (top?.kind === 'object' && top.expectKey) {
        const raw = text.slice(i + 1, end);
        const key = escaped || raw.includes('\\') ? (JSON.parse(`"${raw}"`) as string) : raw;
        top.expectKey = false;
        top.key = key;
        if (top.first === null) top.first = key;
        else {
          if (top.keys === null) top.keys = new Set([top.first]);
          if (top.keys.has(key)) return { key, at: describePath(stack) };
          top.keys.add(key);
        }
      }
      i = end + 1;
      continue;
    }
    if (c === 123 /* { */)
      stack.push({ kind: 'object', first: null, keys: null, key: null, expectKey: true });
    else if (c === 91 /* [ */) stack.push({ kind: 'array', index: 0 });
    else if (c === 125 /* } */ || c === 93 /* ] */) stack.pop();
    else if (c === 44 /* , */) {
      const top = stack[stack.length - 1];
      if (top?.kind === 'object') top.expectKey = true;
      else if (top) top.index++;
    }
    i++;
  }
  return null;
}

/** "has the key "method" twice in one object (at args)". */
export function duplicateKeySentence(dup: DuplicateKey): string {
  const where = dup.at === '(root)' ? 'at the top level' : `at ${dup.at}`;
  return `has the key ${JSON.stringify(dup.key.slice(0, 80))} twice in one object (${where}); each key may appear only once`;
}

export type StrictJson =
  { ok: true; value: unknown } | { ok: false; problem: string; duplicate?: DuplicateKey };

/**
 * Parse JSON refusing a duplicate key. `problem` completes a sentence about the text:
 * "is not valid JSON: …" or "has the key "x" twice in one object (…)…".
 */
export function parseJsonStrict(text: string): StrictJson {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return { ok: false, problem: `is not valid JSON: ${(e as Error).message.slice(0, 200)}` };
  }
  const duplicate = findDuplicateKey(text);
  if (duplicate) return { ok: false, problem: duplicateKeySentence(duplicate), duplicate };
  return { ok: true, value };
}
