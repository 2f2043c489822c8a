/**
 * An API error as a sentence a designer reads: the error envelope's code, message and
 * offending fields become "Metric filter 1’s metric: Apsis has no metric “taps”." or "The
 * seed must be a whole number." instead of `candidates.list: bad argument — filters.0.metric:
 * …`. A field the server could name in the game's words carries that `label` ("Normal dot,
 * radius"); any other field path is put in words here (`fieldWords`). The renderer's error
 * panel and the CLI show this; the raw envelope stays available for a bug report.
 */
import type { ApiErrorBody } from './api';

/** Words for the top-level argument names the API uses. */
const ARG_WORDS: Record<string, string> = {
  runId: 'the run',
  candidateId: 'the candidate',
  candidateIds: 'the chosen candidates',
  entryId: 'the history entry',
  experimentId: 'the experiment',
  presetId: 'the preset',
  pairId: 'the near-duplicate pair',
  importId: 'the import',
  filters: 'the metric filters',
  sort: 'the sort',
  'sort.key': 'the sort column',
  'sort.dir': 'the sort direction',
  seed: 'the seed',
  seeds: 'the seeds',
  levels: 'the level count',
  level: 'the level',
  plan: 'the plan',
  rules: 'the rules',
  name: 'the name',
  tags: 'the tags',
  tag: 'the tag filter',
  note: 'the note',
  verdict: 'the verdict',
  status: 'the status filter',
  shipped: 'the shipped filter',
  withLevels: 'the with-levels switch',
  mode: 'the tag change',
  slot: 'the pool',
  from: 'the candidate edited',
  path: 'the file path',
  text: 'the pack text',
  kind: 'the ordering',
  order: 'the ordering',
  layout: 'the pack layout',
  allowBreaks: 'the rule-breaks switch',
  testers: 'the playtest’s tester options',
  blend: 'the players’ blend',
  ships: 'the ships filter',
  triage: 'the triage filter',
  decision: 'the decision',
  approved: 'the approved-only switch',
  approvedFirst: 'the approved-first switch',
  pin: 'the pins',
  unpin: 'the pins to remove',
  lock: 'the levels to lock',
  unlock: 'the levels to unlock',
  exclude: 'the candidates to exclude',
  include: 'the candidates to include again',
  clear: 'the clear switch',
  limit: 'the page size',
  offset: 'the page start',
  game: 'the game',
  base: 'the base',
  variants: 'the variants',
  variant: 'the variant',
  scope: 'the scope',
  confirm: 'the confirmation',
  as: 'what to adopt it as',
  replace: 'the replace switch',
  a: 'the first run',
  b: 'the second run',
  '(arguments)': 'the request',
};

/** Words a method gives an argument of its own ("a" of a settings diff is not always a run). */
const METHOD_WORDS: Record<string, Record<string, string>> = {
  'settings.diff': { a: 'the first settings', b: 'the second settings' },
  'runs.compare': { kind: 'the order of A', kindB: 'the order of B' },
  'playtests.record': { tester: 'the tester', attempt: 'the attempt' },
  'playtests.import': { text: 'the results text' },
  'playtests.attempt': { id: 'the attempt id' },
  'runs.topUp': {
    levels: 'the levels to top up',
    candidates: 'the candidates per level',
    untilNear: 'the distance to the target',
  },
};

/** What one item of a list argument is called: "filters.0" is "metric filter 1". */
const ITEM_WORDS: Record<string, string> = {
  filters: 'metric filter',
  candidateIds: 'chosen candidate',
  tags: 'tag',
  seeds: 'seed',
  variants: 'variant',
  pin: 'pin',
  unpin: 'removed pin',
  lock: 'locked level',
  unlock: 'unlocked level',
  exclude: 'excluded candidate',
  include: 'included candidate',
  plan: 'plan row',
  slots: 'level',
};

/** Words for the keys inside an argument ("filters.0.min" is metric filter 1's lowest value). */
const KEY_WORDS: Record<string, string> = {
  min: 'lowest value',
  max: 'highest value',
  key: 'column',
  dir: 'direction',
  slots: 'levels',
  candidates: 'candidates per level',
  arm: 'arm',
};

/** "maxDots" → "max dots"; "candidateId" → "candidate" (an id is the thing it names). */
const words = (key: string): string =>
  KEY_WORDS[key] ??
  key
    .replace(/Ids?$/, (m) => (m === 'Ids' ? 's' : ''))
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase();

/** Whether an argument of a method has words of its own here (a test holds every API argument to it). */
export function hasArgumentWords(key: string, method?: string): boolean {
  return Boolean((method && METHOD_WORDS[method]?.[key]) ?? ARG_WORDS[key]);
}

const isIndex = (p: string): boolean => /^\d+$/.test(p);

/**
 * A field path in words: "filters.0.metric" → "metric filter 1’s metric", "plan.2.maxDots" →
 * "plan row 3, max dots", "candidateIds.4" → "chosen candidate 5", "scope.slots.0" → "the
 * scope’s level 1". `method` picks words a method gives its own arguments. Parts join with
 * "’s", except under the rules and the plan, whose paths are long and read as a list.
 */
export function fieldWords(field: string, method?: string): string {
  const own = method ? METHOD_WORDS[method] : undefined;
  if (own?.[field]) return own[field]!;
  if (ARG_WORDS[field]) return ARG_WORDS[field]!;
  const parts = field.split('.');
  const head = parts[0]!;
  const out: string[] = [];
  let i = 1;
  if (isIndex(parts[1] ?? '') && ITEM_WORDS[head]) {
    out.push(`${ITEM_WORDS[head]} ${Number(parts[1]) + 1}`);
    i = 2;
  } else out.push(own?.[head] ?? ARG_WORDS[head] ?? words(head));
  for (; i < parts.length; i++) {
    const p = parts[i]!;
    if (!isIndex(p)) {
      out.push(words(p));
      continue;
    }
    const listKey = parts[i - 1]!;
    const item = ITEM_WORDS[listKey];
    // "the scope, levels, item 1" reads "the scope, level 1".
    if (item && i - 1 > 0) out[out.length - 1] = `${item} ${Number(p) + 1}`;
    else out.push(`item ${Number(p) + 1}`);
  }
  if (head === 'rules' || head === 'plan') return out.join(', ');
  return out.reduce((acc, part) => `${acc}${acc.endsWith('s') ? '’' : '’s'} ${part}`);
}

const sentence = (text: string): string => {
  const t = text.trim();
  if (t === '') return t;
  // A file name opening the sentence ("big.json is 33.0 MB") is kept as it is spelt.
  const first = /^\S*\.\w/.test(t) ? t : t[0]!.toUpperCase() + t.slice(1);
  return /[.!?…]$/.test(first) ? first : `${first}.`;
};

/** Strip a "method: bad argument — " head a message may carry. */
const bare = (message: string): string => message.replace(/^[\w.]+: bad argument — /, '');

/** The method a bad-argument message names in its head, if any. */
const methodOf = (message: string): string | undefined => /^([\w.]+): bad argument/.exec(message)?.[1];

/** A message that reads on from its field's name: "The seed must be a whole number". */
const READS_ON = /^(must|is|are|needs|holds|has|have|matches|names|asks|comes|cannot|may|mixes|should)\b/;

/** An unknown key's message: the key itself is what the designer typed, so it is quoted, not put in words. */
const UNKNOWN = /^(unknown field|is not a (rule|field|known)|is not known)/;

/** One field's problem as a sentence: its name in words (or the game's label), then the message. */
function problemSentence(f: { field: string; message: string; label?: string }, method?: string): string {
  if (UNKNOWN.test(f.message) && !f.label) {
    const parts = f.field.split('.');
    const key = parts.pop()!;
    const where = parts.length ? `${fieldWords(parts.join('.'), method)}: ` : '';
    const message = f.message.replace(/^unknown field/, 'is not known');
    return sentence(`${where}“${key}” ${message}`);
  }
  const name = f.label ?? fieldWords(f.field, method);
  return sentence(READS_ON.test(f.message) ? `${name} ${f.message}` : `${name}: ${f.message}`);
}

/** The error as one or more sentences, in a designer's words. */
export function errorSentence(err: Pick<ApiErrorBody, 'code' | 'message' | 'fields'>): string {
  switch (err.code) {
    case 'bad-argument': {
      const fields = err.fields ?? [];
      if (fields.length === 0) return sentence(bare(err.message));
      const method = methodOf(err.message);
      return fields.map((f) => problemSentence(f, method)).join(' ');
    }
    case 'unknown-method':
      return sentence(
        `This studio does not know that request (${err.message}); the window and the studio may be from different versions — restart the studio`,
      );
    case 'internal':
      return sentence(`Something went wrong inside the studio: ${err.message}`);
    default:
      return sentence(err.message);
  }
}
