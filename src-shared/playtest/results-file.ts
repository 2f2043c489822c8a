/**
 * Reading a playtest results file (the page's "Download results"): the JSON, then the limits,
 * then the schema, then the checksum and duplicates, each refusal a sentence naming the
 * attempt and the field. Replaying the traces is the importer's next step (check-attempt.ts),
 * once it knows the export's levels.
 */
import { z } from 'zod';
import { formatCount } from '../pack/import-limits';
import { designerErrorMap } from '../schema/designer-errors';
import { attemptId } from './attempt-id';
import { canonicalJson, sha256Hex } from './checksum';
import type { ResultsLimits } from './results-limits';
import { PLAYTEST_OUTCOMES, type PlaytestResultsFile } from './types';

export type ResultsRead =
  { ok: true; file: PlaytestResultsFile; ids: string[] } | { ok: false; message: string };

const NOTHING = '; nothing was stored';

/** One attempt as a page or the blind mode records it, held to the limits. */
export function attemptTraceSchema(limits: ResultsLimits) {
  const text = z.string().max(limits.maxTextLength);
  const at = z.number().int().min(0).max(limits.maxAttemptMs);
  const element = z.number().int().min(0).max(1_000_000);
  const event = z.discriminatedUnion(
    'kind',
    [
      z.object({ kind: z.literal('move'), at, element, effect: text }).strict(),
      z.object({ kind: z.literal('hold'), at, element, ms: at }).strict(),
      z.object({ kind: z.literal('restart'), at }).strict(),
    ],
    { error: 'must be a move, a hold or a restart' },
  );
  return z
    .object({
      level: z.number().int().min(1).max(100_000),
      startedAt: text.min(1),
      events: z.array(event).max(limits.maxEventsPerAttempt),
      outcome: z.enum(PLAYTEST_OUTCOMES),
      ms: at,
    })
    .strict();
}

function schemaFor(limits: ResultsLimits) {
  const text = z.string().max(limits.maxTextLength);
  const attempt = attemptTraceSchema(limits);
  return z
    .object({
      format: z.literal('studio-playtest-results'),
      version: z.literal(1),
      exportId: text.min(1),
      packChecksum: z.string().regex(/^[0-9a-f]{64}$/, 'must be a sha256 checksum (64 hex digits)'),
      tester: text.min(1),
      attempts: z.array(attempt).max(limits.maxAttempts),
      attemptsChecksum: z.string().regex(/^[0-9a-f]{64}$/, 'must be a sha256 checksum (64 hex digits)'),
    })
    .strict();
}

/** Where an issue is, in words: "attempt 3, event 2, at" or "tester". */
function placeOf(path: readonly PropertyKey[]): string {
  const parts: string[] = [];
  for (let i = 0; i < path.length; i++) {
    const p = path[i];
    const next = path[i + 1];
    if ((p === 'attempts' || p === 'events') && typeof next === 'number') {
      parts.push(`${p === 'attempts' ? 'attempt' : 'event'} ${next + 1}`);
      i++;
    } else parts.push(String(p));
  }
  return parts.join(', ');
}

export function readResultsFile(text: string, limits: ResultsLimits): ResultsRead {
  const refuse = (message: string): ResultsRead => ({ ok: false, message: message + NOTHING });
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    return refuse(`the results file is not valid JSON (${(e as Error).message.split('\n')[0]})`);
  }
  if (json === null || typeof json !== 'object' || Array.isArray(json))
    return refuse('this is not a playtest results file (it is not a JSON object)');
  const top = json as Record<string, unknown>;
  if (top.format !== 'studio-playtest-results')
    return refuse('this is not a playtest results file (its format is not "studio-playtest-results")');
  if (top.version !== 1)
    return refuse(`this results file is version ${JSON.stringify(top.version)}; this studio reads version 1`);
  // Counts first, before the schema walks every event.
  if (Array.isArray(top.attempts)) {
    if (top.attempts.length > limits.maxAttempts)
      return refuse(
        `the file holds ${formatCount(top.attempts.length)} attempts, more than the ${formatCount(limits.maxAttempts)} one import takes`,
      );
    for (let i = 0; i < top.attempts.length; i++) {
      const events = (top.attempts[i] as { events?: unknown } | null)?.events;
      if (Array.isArray(events) && events.length > limits.maxEventsPerAttempt)
        return refuse(
          `attempt ${i + 1} holds ${formatCount(events.length)} events, more than the ${formatCount(limits.maxEventsPerAttempt)} an attempt may`,
        );
    }
  }
  const parsed = schemaFor(limits).safeParse(json, { error: designerErrorMap });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const more = parsed.error.issues.length - 1;
    return refuse(
      `${placeOf(issue.path)} ${issue.message}${more > 0 ? ` (and ${formatCount(more)} more problem${more === 1 ? '' : 's'})` : ''}`,
    );
  }
  const file = parsed.data as PlaytestResultsFile;
  if (sha256Hex(canonicalJson(file.attempts)) !== file.attemptsChecksum)
    return refuse(
      "the attempts do not match the file's checksum, so the file was changed after the page saved it",
    );
  const ids: string[] = [];
  const seen = new Map<string, number>();
  for (let i = 0; i < file.attempts.length; i++) {
    const id = attemptId(file.exportId, file.tester, file.attempts[i]!);
    const first = seen.get(id);
    if (first !== undefined)
      return refuse(
        `attempt ${i + 1} is the same as attempt ${first + 1}; a results file lists each attempt once`,
      );
    seen.set(id, i);
    ids.push(id);
  }
  return { ok: true, file, ids };
}
