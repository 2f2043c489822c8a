/**
 * The work of a pack import, and of the CLI's `verify`, run inside the import worker
 * (import-worker.ts): parse the text (one leading BOM is skipped; a key twice in one object is
 * refused, naming it), hold it to the size limits before any proof, check the game's schema,
 * re-prove every level and measure it. Import and verify share every step up to the proof, so
 * they accept and refuse the same texts with the same sentences; verify then reports each
 * problem instead of refusing. The reply is plain data: the levels to store, or a refusal whose sentence
 * never quotes the text (an import must not echo what it was given) and lists at most
 * `maxProblems` problems with a count of the rest. The levels the studio marked hand-edited
 * when it exported the pack (`studio.handEdited`, beside the game's fields) are read back.
 */
import type { PackProblem, PackSummaryLine } from '../../src-shared/game';
import type { AnyGame, GameId } from '../../src-shared/games/index';
import { duplicateKeySentence, findDuplicateKey } from '../../src-shared/strict-json';
import { games, packFormat } from '../../src-shared/games/index';
import { PackFormatError } from '../../src-shared/pack/pack-io';
import { formatCount, type ImportLimits } from '../../src-shared/pack/import-limits';
import { readKeptOnPurpose, splitKept, type KeptPair } from '../../src-shared/pack/kept-on-purpose';
import { readPack as readVersionedPack } from '../../src-shared/data-version';

interface ImportProblem {
  field: string;
  message: string;
}

/** A level the exporting studio marked hand-edited: its level number, its name there and the candidate it was edited from. */
interface HandEditedMark {
  level: number;
  candidate: string;
  from: string | null;
}

export type ImportCheck =
  | {
      ok: true;
      game: GameId;
      seed: number;
      plan: unknown;
      rules: unknown;
      levels: { level: unknown; metrics: Record<string, number>; handEdited: HandEditedMark | null }[];
      kept: KeptPair[];
      /** What made the pack's levels (`studio.made`), when it says and it can be read; kept with the run. */
      made: { studio: string; generator: { dataVersion: number; hash: string } } | null;
    }
  | { ok: false; message: string; fields: ImportProblem[] };

/** The pack's `studio.made` ({studio, generator: {game, dataVersion, hash}}) for its game, or null. */
function readMade(json: Record<string, unknown>, gameId: string): Extract<ImportCheck, { ok: true }>['made'] {
  const made = (json['studio'] as { made?: unknown } | undefined)?.made as
    { studio?: unknown; generator?: { game?: unknown; dataVersion?: unknown; hash?: unknown } } | undefined;
  const g = made?.generator;
  if (
    typeof made?.studio !== 'string' ||
    !g ||
    g.game !== gameId ||
    typeof g.dataVersion !== 'number' ||
    !Number.isInteger(g.dataVersion) ||
    typeof g.hash !== 'string' ||
    !/^[0-9a-f]{1,128}$/.test(g.hash)
  )
    return null;
  return { studio: made.studio.slice(0, 100), generator: { dataVersion: g.dataVersion, hash: g.hash } };
}

/** What `verify` reports of a pack that passed the limits and the schema. */
export type VerifyCheck =
  | {
      ok: true;
      title: string;
      levels: number;
      /** Problems that fail the pack (a list of kept pairs that cannot be read among them). */
      problems: PackProblem[];
      /** Near-duplicate problems of pairs the pack keeps on purpose: reported, never failing. */
      kept: PackProblem[];
      summary: PackSummaryLine[];
    }
  | { ok: false; message: string; fields: ImportProblem[] };

type Refusal = Extract<ImportCheck, { ok: false }>;

const TOO_DEEP = 'the pack is too large or too deeply nested to check; nothing was stored';

const knownFormats = (): string => games.map((g) => `"${packFormat(g)}"`).join(' or ');

/** A refusal listing at most `limits.maxProblems` problems; the headline counts them all. */
function refuse(
  headline: string,
  problems: ImportProblem[],
  limits: ImportLimits,
  total = problems.length,
): Refusal {
  const shown = problems.slice(0, limits.maxProblems);
  const more = total - shown.length;
  const count = total === 1 ? '1 problem' : `${formatCount(total)} problems`;
  const head =
    total <= 1
      ? headline
      : more > 0
        ? `${headline}: ${count}; the first ${shown.length} are listed, ${formatCount(more)} more are not`
        : `${headline}: ${count}`;
  const message =
    shown.length > 0 ? `${head}\n  ${shown.map((p) => `${p.field}: ${p.message}`).join('\n  ')}` : head;
  return { ok: false, message, fields: shown };
}

/** A sentence for text JSON.parse refused, without quoting any of it. */
function notJson(text: string, e: unknown): string {
  const raw = e instanceof Error ? e.message : '';
  if (/Unexpected end of JSON input|Unterminated/i.test(raw))
    return 'the pack is not valid JSON: the text ends before the pack does (is the file cut short?)';
  const at = /at position (\d+)/.exec(raw);
  if (at) {
    const pos = Number(at[1]);
    const before = text.slice(0, pos);
    const line = before.split('\n').length;
    const column = pos - before.lastIndexOf('\n');
    return `the pack is not valid JSON: the first error is on line ${line}, column ${column}`;
  }
  return 'the pack is not valid JSON';
}

function checkSizes(json: Record<string, unknown>, limits: ImportLimits): Refusal | null {
  const levels = json['levels'];
  if (!Array.isArray(levels)) return null; // the schema names it
  if (levels.length > limits.maxLevels) {
    return refuse(
      `the pack has ${formatCount(levels.length)} levels; a pack may have at most ${formatCount(limits.maxLevels)}`,
      [],
      limits,
    );
  }
  const problems: ImportProblem[] = [];
  levels.forEach((level, i) => {
    if (typeof level !== 'object' || level === null) return;
    for (const [key, value] of Object.entries(level)) {
      if (Array.isArray(value) && value.length > limits.maxElementsPerLevel) {
        problems.push({
          field: `level ${i + 1}: ${key}`,
          message: `${formatCount(value.length)} ${key}; a level may have at most ${formatCount(limits.maxElementsPerLevel)}`,
        });
      }
    }
  });
  if (problems.length === 0) return null;
  return refuse(
    `the pack has levels larger than the studio checks (at most ${formatCount(limits.maxElementsPerLevel)} entries per list)`,
    problems,
    limits,
  );
}

/** A candidate's name as packs write it ("L12 · c3"); anything longer is not one. */
const MAX_NAME = 40;

/**
 * The pack's `studio.handEdited` list (absent: none), each entry a level of the pack named once;
 * a malformed list is refused naming the entry and field, as a malformed level is.
 */
function readHandEdited(
  json: Record<string, unknown>,
  levelCount: number,
): { marks: Map<number, HandEditedMark>; problems: ImportProblem[] } {
  const marks = new Map<number, HandEditedMark>();
  const problems: ImportProblem[] = [];
  const studio = json['studio'];
  if (studio === undefined) return { marks, problems };
  if (typeof studio !== 'object' || studio === null || Array.isArray(studio))
    return {
      marks,
      problems: [
        { field: 'studio', message: "must be an object (the studio's notes beside the game's fields)" },
      ],
    };
  const list = (studio as Record<string, unknown>)['handEdited'];
  if (list === undefined) return { marks, problems };
  if (!Array.isArray(list))
    return {
      marks,
      problems: [{ field: 'studio.handEdited', message: 'must be a list of {level, candidate, from}' }],
    };
  list.forEach((entry: unknown, i) => {
    const at = `studio.handEdited.${i}`;
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) {
      problems.push({ field: at, message: 'must be {level, candidate, from}' });
      return;
    }
    const e = entry as Record<string, unknown>;
    const { level, candidate } = e;
    const from = e['from'] ?? null;
    const bad = problems.length;
    if (typeof level !== 'number' || !Number.isInteger(level) || level < 1 || level > levelCount)
      problems.push({ field: `${at}.level`, message: `must be a level of the pack (1 to ${levelCount})` });
    else if (marks.has(level))
      problems.push({ field: `${at}.level`, message: `names level ${level} a second time` });
    if (typeof candidate !== 'string' || candidate.length === 0 || candidate.length > MAX_NAME)
      problems.push({
        field: `${at}.candidate`,
        message: `must be the candidate's name (at most ${MAX_NAME} characters)`,
      });
    if (from !== null && (typeof from !== 'string' || from.length === 0 || from.length > MAX_NAME))
      problems.push({
        field: `${at}.from`,
        message: `must be the name of the candidate it was edited from (at most ${MAX_NAME} characters), or null`,
      });
    if (problems.length === bad)
      marks.set(level as number, {
        level: level as number,
        candidate: candidate as string,
        from: from as string | null,
      });
  });
  return { marks, problems };
}

/** The steps import and verify share: text, JSON, keys, format, limits, schema. */
function readPack(
  text: string,
  limits: ImportLimits,
): Refusal | { ok: true; game: AnyGame; json: Record<string, unknown>; pack: unknown } {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  if (!body.trimStart().startsWith('{'))
    return refuse(
      'the text is not a level pack: a pack is a JSON object, and this text does not start with "{"',
      [],
      limits,
    );
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch (e) {
    if (e instanceof RangeError) return refuse(TOO_DEEP, [], limits);
    return refuse(notJson(body, e), [], limits);
  }
  // JSON.parse keeps the last of two equal keys; a pack that says two things is refused.
  const duplicate = findDuplicateKey(body);
  if (duplicate) return refuse(`the pack ${duplicateKeySentence(duplicate)}`, [], limits);
  if (typeof json !== 'object' || json === null || Array.isArray(json))
    return refuse('the text is not a level pack: a pack is a JSON object', [], limits);
  const format = (json as { format?: unknown }).format;
  const game = games.find((g) => packFormat(g) === format);
  if (!game) {
    return refuse(
      `the text is not a level pack: its "format" field must be ${knownFormats()}`,
      [{ field: 'format', message: `expected ${knownFormats()}` }],
      limits,
    );
  }
  const tooBig = checkSizes(json as Record<string, unknown>, limits);
  if (tooBig) return tooBig;
  let pack: unknown;
  try {
    // An older pack version migrates here; a newer one is refused, named (data-version.ts).
    pack = readVersionedPack(game, json);
  } catch (e) {
    if (e instanceof PackFormatError) {
      const problems = e.problems.map((p) => ({
        field: p.level === null ? p.field : `level ${p.level}: ${p.field}`,
        message: p.message,
      }));
      // A pack of a newer version is named as such, not as a malformed one.
      const newer = e.problems.length === 1 && e.problems[0]!.field === 'version' ? e.message : null;
      return refuse(newer ?? `the pack does not match the ${packFormat(game)} format`, problems, limits);
    }
    throw e;
  }
  return { ok: true, game, json: json as Record<string, unknown>, pack };
}

/**
 * Told each level (1-based) before its proof, and `null` when the levels are done, with the
 * pack's level count: the import runner holds each level to a budget (import-runner.ts).
 */
export type LevelProgress = (level: number | null, of: number) => void;

function checkText(text: string, limits: ImportLimits, onLevel?: LevelProgress): ImportCheck {
  const read = readPack(text, limits);
  if (!read.ok) return read;
  const { game, json, pack } = read;
  // Near-duplicates the pack keeps on purpose (marked fine where it was made) are not problems.
  const keep = readKeptOnPurpose(json);
  if (keep.problems.length > 0)
    return refuse(
      "the pack's list of near-duplicates kept on purpose (studio.keptOnPurpose) cannot be read",
      keep.problems,
      limits,
    );
  const count = (pack as { levels: unknown[] }).levels.length;
  const { problems } = splitKept(
    game.verifyPack(pack, onLevel && ((level) => onLevel(level, count))),
    keep.kept,
  );
  if (problems.length > 0) {
    return refuse(
      'the pack fails verification',
      problems.map((p) => ({
        field: p.level === null ? p.rule : `level ${p.level}: ${p.rule}`,
        message: p.message,
      })),
      limits,
    );
  }
  const p = pack as { seed: number; rules: unknown; plan: unknown };
  const packLevels = game.packLevels(pack);
  const edited = readHandEdited(json, packLevels.length);
  if (edited.problems.length > 0)
    return refuse(
      "the pack's list of hand-edited levels (studio.handEdited) cannot be read",
      edited.problems,
      limits,
    );
  // Measuring searches as proving does: each level is held to the same budget again.
  const levels = packLevels.map((level, i) => {
    onLevel?.(i + 1, packLevels.length);
    return { level, metrics: game.measure(level, p.rules), handEdited: edited.marks.get(i + 1) ?? null };
  });
  onLevel?.(null, packLevels.length);
  return {
    ok: true,
    game: game.id,
    seed: p.seed,
    plan: p.plan,
    rules: p.rules,
    levels,
    kept: keep.kept.filter((k) => k.levels[1] <= levels.length),
    made: readMade(json as Record<string, unknown>, game.id),
  };
}

function verifyText(text: string, limits: ImportLimits, onLevel?: LevelProgress): VerifyCheck {
  const read = readPack(text, limits);
  if (!read.ok) return read;
  const { game, json, pack } = read;
  const keep = readKeptOnPurpose(json);
  const count = (pack as { levels: unknown[] }).levels.length;
  const split = splitKept(game.verifyPack(pack, onLevel && ((level) => onLevel(level, count))), keep.kept);
  // A list of kept pairs that cannot be read keeps nothing, and says so.
  const problems = [
    ...keep.problems.map((p) => ({ level: null, rule: p.field, message: p.message })),
    ...split.problems,
  ];
  return {
    ok: true,
    title: game.title,
    levels: game.packLevels(pack).length,
    problems,
    kept: split.kept,
    // Printed only for a pack that passes; its closest pair compares every pair, so a failing
    // pack (5,000 copies of one level) is not made to pay for it.
    summary: problems.length === 0 ? game.summarize(pack) : [],
  };
}

/** Never throws (a stack overflow on a pathological input is a refusal too). */
function guarded<T>(check: () => T, limits: ImportLimits): T | Refusal {
  try {
    return check();
  } catch (e) {
    if (e instanceof RangeError) return refuse(TOO_DEEP, [], limits);
    return refuse(`the pack could not be checked: ${e instanceof Error ? e.message : String(e)}`, [], limits);
  }
}

/** Check a pack's text for import. */
export function checkPackText(text: string, limits: ImportLimits, onLevel?: LevelProgress): ImportCheck {
  return guarded(() => checkText(text, limits, onLevel), limits);
}

/** Check a pack's text for `verify`: the same limits and refusals, then every problem reported. */
export function verifyPackText(text: string, limits: ImportLimits, onLevel?: LevelProgress): VerifyCheck {
  return guarded(() => verifyText(text, limits, onLevel), limits);
}
