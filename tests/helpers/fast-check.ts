/**
 * The fixed fast-check seed and the FC_SEED / FC_RUNS overrides (read by tests/setup/fast-check.ts).
 * A property that sets its own run count writes `fcRuns(n)`, so FC_RUNS still overrides it
 * (fast-check lets a property's own parameters win over the global ones).
 */
// Any fixed value would do; CI replays exactly these cases.
const DEFAULT_FC_SEED = 20261130;

function envInt(name: string): number | null {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return null;
  const v = Number(raw);
  if (!Number.isSafeInteger(v)) throw new Error(`${name} must be a whole number, not "${raw}"`);
  return v;
}

export function fcEnv(): { seed: number; runs: number | null; drawn: boolean } {
  const drawn = process.env['FC_SEED'] === 'random';
  // Only a local run asks for a random seed; it is printed so the case can be replayed.
  const seed = drawn ? (Date.now() ^ (process.pid << 16)) | 0 : (envInt('FC_SEED') ?? DEFAULT_FC_SEED);
  const runs = envInt('FC_RUNS');
  if (runs !== null && runs < 1) throw new Error(`FC_RUNS must be at least 1, not ${runs}`);
  return { seed, runs, drawn };
}

/** A property's own run count, unless FC_RUNS asks for another. */
export function fcRuns(numRuns: number): { numRuns: number } {
  return { numRuns: fcEnv().runs ?? numRuns };
}
