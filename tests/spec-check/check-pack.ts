/**
 * The independent checkers from the command line, for sweeps over many seeds:
 *   npx tsx tests/spec-check/check-pack.ts PACK.json [PACK.json ...]
 * Prints each pack's problems (none means it holds) and its figures; exits 1 on any problem.
 */
import { readFileSync } from 'node:fs';
import { apsisFigures, checkApsisPack } from './apsis';
import { carillonFigures, checkCarillonPack } from './carillon';

let bad = 0;
for (const file of process.argv.slice(2)) {
  const pack = JSON.parse(readFileSync(file, 'utf8')) as { format?: string };
  const t0 = performance.now();
  const carillon = pack.format === 'carillon-pack';
  const problems = carillon ? checkCarillonPack(pack) : checkApsisPack(pack);
  const figures = carillon ? carillonFigures(pack as never) : apsisFigures(pack as never);
  console.log(
    `${file}: ${problems.length} problems (${((performance.now() - t0) / 1000).toFixed(1)} s) ${JSON.stringify(figures)}`,
  );
  for (const line of problems) console.log(`  ${line}`);
  if (problems.length) bad++;
}
process.exit(bad ? 1 : 0);
