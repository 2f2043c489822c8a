/**
 * An API error as a sentence a designer reads: the error envelope's code, message and
 * offending fields become "Metric filter 1: Apsis has no metric “taps”." instead of
 * `candidates.list: bad argument — filters.0.metric: …`. The renderer's error panel shows
 * this; the raw envelope stays available for a bug report.
 */
import type { ApiErrorBody } from './api';

/** Words for the top-level argument names the API uses. */
const ARG_WORDS: Record<string, string> = {
  runId: 'the run',
  candidateId: 'the candidate',
  candidateIds: 'the chosen candidates',
  entryId: 'the history entry',
  filters: 'metric filter',
  sort: 'the sort',
  'sort.key': 'the sort',
  'sort.dir': 'the sort direction',
  seed: 'the seed',
  levels: 'the level count',
  plan: 'the plan',
  rules: 'the rules',
  name: 'the name',
  tags: 'the tags',
  tag: 'the tag filter',
  note: 'the note',
  verdict: 'the verdict',
  slot: 'the pool',
  path: 'the file path',
  text: 'the pack text',
  kind: 'the ordering',
  limit: 'the page size',
  offset: 'the page start',
  game: 'the game',
  a: 'the first run',
  b: 'the second run',
  '(arguments)': 'the request',
};

/** "maxDots" → "max dots". */
const words = (key: string): string => key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();

/**
 * A field path in words: "filters.0.metric" → "metric filter 1", "plan.2.maxDots" → "the
 * plan, row 3, max dots", "rules.sizes.normal" → "the rules, sizes, normal".
 */
export function fieldWords(field: string): string {
  if (ARG_WORDS[field]) return ARG_WORDS[field]!;
  const parts = field.split('.');
  const head = parts[0]!;
  if (head === 'filters' && /^\d+$/.test(parts[1] ?? '')) return `metric filter ${Number(parts[1]) + 1}`;
  if (head === 'candidateIds' && /^\d+$/.test(parts[1] ?? '')) return `chosen candidate ${Number(parts[1]) + 1}`;
  const out = [ARG_WORDS[head] ?? words(head)];
  for (const p of parts.slice(1)) out.push(/^\d+$/.test(p) ? `${head === 'plan' && out.length === 1 ? 'row' : 'item'} ${Number(p) + 1}` : words(p));
  return out.join(', ');
}

const sentence = (text: string): string => {
  const t = text.trim();
  if (t === '') return t;
  const first = t[0]!.toUpperCase() + t.slice(1);
  return /[.!?…]$/.test(first) ? first : `${first}.`;
};

/** Strip a "method: bad argument — " head a message may carry. */
const bare = (message: string): string => message.replace(/^[\w.]+: bad argument — /, '');

/** The error as one or more sentences, in a designer's words. */
export function errorSentence(err: Pick<ApiErrorBody, 'code' | 'message' | 'fields'>): string {
  switch (err.code) {
    case 'bad-argument': {
      const fields = err.fields ?? [];
      if (fields.length === 0) return sentence(bare(err.message));
      return fields.map((f) => sentence(`${fieldWords(f.field)}: ${f.message}`)).join(' ');
    }
    case 'unknown-method':
      return sentence(`This studio does not know that request (${err.message}); the window and the studio may be from different versions — restart the studio`);
    case 'internal':
      return sentence(`Something went wrong inside the studio: ${err.message}`);
    default:
      return sentence(err.message);
  }
}
