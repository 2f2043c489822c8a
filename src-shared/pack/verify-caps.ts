/**
 * How many near-duplicate pairs a pack's verification lists before it stops looking. A pack of
 * 5,000 copies of one level has 12.5 million pairs; listing each took verify past 4 GB. No
 * real pack comes near this many (a shipped set has none, or the few kept on purpose), so
 * past it the pack fails with one sentence instead.
 */
export const MAX_VERIFY_PAIRS = 1000;

export const tooManyPairsMessage = (): string =>
  `more than ${MAX_VERIFY_PAIRS.toLocaleString('en-US')} near-duplicate pairs; verification stopped listing them there`;
