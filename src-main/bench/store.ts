/** Store benchmark: 10,000 candidates listed, filtered and sorted a page at a time. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { listCandidates } from '../store/candidates';
import { openDatabase } from '../store/db';
import { insertCarillonRun } from './fixtures';
import type { BenchCase } from './cases';
import { timeMedian } from './cases';

export const storeBenchCases: BenchCase[] = [
  {
    name: 'store',
    run: async () => {
      const dir = mkdtempSync(join(tmpdir(), 'studio-bench-store-'));
      const db = openDatabase(join(dir, 'bench.db'));
      try {
        const { runId, insertMs } = insertCarillonRun(db, 10_000);
        const page = (q: Partial<Parameters<typeof listCandidates>[1]>) => () =>
          void listCandidates(db, { runId, offset: 4000, limit: 200, withLevels: true, ...q });
        return [
          { name: 'store insert 10,000 candidates (batches of 500)', value: insertMs, unit: 'ms' },
          {
            name: 'list page of 200 (of 10,000), default order',
            value: timeMedian(page({}), 9),
            unit: 'ms',
            budget: '< 100 ms',
          },
          {
            name: 'list page sorted by bits',
            value: timeMedian(page({ sort: { key: 'bits', dir: 'desc' } }), 9),
            unit: 'ms',
            budget: '< 100 ms',
          },
          {
            name: 'list page filtered (taps = 3, bits 4..8) and sorted by dots',
            value: timeMedian(
              page({
                offset: 0,
                filters: [
                  { metric: 'taps', min: 3, max: 3 },
                  { metric: 'bits', min: 4, max: 8 },
                ],
                sort: { key: 'dots', dir: 'asc' },
              }),
              9,
            ),
            unit: 'ms',
            budget: '< 100 ms',
          },
          {
            name: 'list page by verdict, without level JSON',
            value: timeMedian(page({ verdict: 'none', withLevels: false }), 9),
            unit: 'ms',
            budget: '< 100 ms',
          },
        ];
      } finally {
        db.close();
        rmSync(dir, { recursive: true, force: true });
      }
    },
  },
];
