/**
 * A note that points at a tester's attempt: `attempt:<its 64-hex id>` anywhere in the text. The
 * inspector's attempt list writes one ("Link in note"), and the note's links open that attempt's
 * replay (docs/playtests-studio.md). Plain text, so a note stays a note everywhere else.
 */
const LINK = /\battempt:([0-9a-f]{64})\b/g;

/** The attempts a note points at, each once, in the order written. */
export function attemptLinks(note: string): string[] {
  return [...new Set([...note.matchAll(LINK)].map((m) => m[1]!))];
}

/** The note with a link to `id` added at its end (unchanged when it has one already). */
export function withAttemptLink(note: string, id: string): string {
  if (!/^[0-9a-f]{64}$/.test(id)) throw new RangeError(`not an attempt id: ${id}`);
  if (attemptLinks(note).includes(id)) return note;
  const text = note.trimEnd();
  return `${text}${text ? ' ' : ''}attempt:${id}`;
}
