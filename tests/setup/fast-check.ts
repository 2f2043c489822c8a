/**
 * Seeds every fast-check property of the unit project (vitest `setupFiles`), so CI runs the
 * same cases every time. fast-check prints the seed and path of a failing case in its error.
 * To try more cases locally: `FC_SEED=123 FC_RUNS=1000 npx vitest run --project unit`.
 * `FC_SEED=random` draws a seed and prints it.
 */
import fc from 'fast-check';
import { fcEnv } from '../helpers/fast-check';

const { seed, runs, drawn } = fcEnv();
if (drawn) console.log(`fast-check seed ${seed} (rerun with FC_SEED=${seed})`);
fc.configureGlobal(runs === null ? { seed } : { seed, numRuns: runs });
