/**
 * The mutation score (`npm run bench -- --only mutation`): not measured here (StrykerJS takes
 * hours on 2 cores), but read from docs/mutation-score.json, which `npm run mutate` writes, so
 * the bench JSON carries the latest score with the speed figures. See docs/mutation.md.
 */
import { readFileSync } from 'node:fs';
import { findUpward } from '../paths';
import type { BenchCase, BenchRow } from './cases';

interface FolderScore {
  score: number | null;
  /** How many files (or line ranges of one) were measured. */
  files: number;
  /** When its files were measured (a partial run updates some of them). */
  oldest: string;
  newest: string;
}

export const mutationBenchCases: BenchCase[] = [
  {
    name: 'mutation',
    run: () => {
      const file = findUpward(process.cwd(), 'docs/mutation-score.json');
      if (file === null)
        throw new Error('docs/mutation-score.json is missing; run "npm run mutate" to write it');
      const s = JSON.parse(readFileSync(file, 'utf8')) as {
        score: number | null;
        date: string;
        folders: Record<string, FolderScore>;
      };
      const rows: BenchRow[] = [
        {
          name: `mutation score, every measured file (${s.date.slice(0, 10)})`,
          value: s.score ?? Number.NaN,
          unit: '%',
          budget: '≥ 85',
        },
        ...Object.entries(s.folders).map(([folder, f]) => ({
          name: `mutation score, ${folder} (${f.files} files measured ${f.oldest.slice(0, 10)}…${f.newest.slice(0, 10)})`,
          value: f.score ?? Number.NaN,
          unit: '%',
          budget: '≥ 85',
        })),
      ];
      return Promise.resolve(rows);
    },
  },
];
