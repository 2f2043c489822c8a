/**
 * Text a designer names things with (run, preset, experiment and variant names, tags, notes,
 * an imported pack's name). It is shown in lists and labels, so characters that do not show
 * or that change how the text around them shows are refused with a sentence naming them:
 * control characters (a NUL byte, a line break in a name) and the text-direction overrides
 * that make "‮evil" read "live". A note may hold line breaks and tabs. Slashes and dots are
 * fine: a name is never used as a file path (the API takes no path at all).
 */
import { z } from 'zod';

/** C0 and C1 control characters and DEL; notes allow tab, line feed and carriage return. */
/* eslint-disable no-control-regex -- matching control characters is what these two are for */
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
const CONTROL_IN_NOTE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
/* eslint-enable no-control-regex */
/** Bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069). */
const DIRECTION = /[\u202a-\u202e\u2066-\u2069]/;

/** Why a piece of label text is refused, or null when it is fine. */
export function labelTextProblem(text: string, opts: { lineBreaks?: boolean } = {}): string | null {
  const control = opts.lineBreaks ? CONTROL_IN_NOTE : CONTROL;
  const found = control.exec(text);
  if (found) {
    const code = found[0].charCodeAt(0);
    const what =
      code === 0
        ? 'a NUL byte'
        : code === 10 || code === 13
          ? 'a line break'
          : code === 9
            ? 'a tab'
            : `control character U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
    return `must not contain ${what} (control characters do not show)`;
  }
  if (DIRECTION.test(text))
    return 'must not contain text-direction override characters (they make the text read in another order)';
  return null;
}

/** A name or tag: trimmed, refused when empty if `min` is 1, capped at `max` characters. */
export function labelSchema(max: number, opts: { min?: number; trim?: boolean } = {}) {
  const base = opts.trim === false ? z.string() : z.string().trim();
  const sized = (opts.min ? base.min(opts.min, 'must not be empty') : base).max(
    max,
    `must be at most ${max} characters`,
  );
  return sized.superRefine((s, ctx) => {
    const problem = labelTextProblem(s);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
}

/** A note: several lines allowed, capped at `max` characters. */
export function noteSchema(max: number) {
  return z
    .string()
    .max(max, `must be at most ${max} characters`)
    .superRefine((s, ctx) => {
      const problem = labelTextProblem(s, { lineBreaks: true });
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    });
}

/**
 * A file's name made fit to be a label (an imported pack's name): the characters a label
 * refuses become spaces and it is cut to `max`. A file name is the designer's choice, so it
 * is cleaned, not refused.
 */
export function fileNameLabel(name: string, max: number): string {
  const all = new RegExp(`${CONTROL.source}|${DIRECTION.source}`, 'g');
  return name.replace(all, ' ').replace(/\s+/g, ' ').trim().slice(0, max);
}
