/** A real service over a temporary database and a small real worker pool (see studio.ts for the typed client). */
import type { Service } from '../../src-main/service';
import type { ImportLimits } from '../../src-shared/pack/import-limits';
import { openTestStudio } from './studio';

export function testService(
  workers = 2,
  opts: { importLimits?: ImportLimits } = {},
): { service: Service; dbPath: string; dispose: () => Promise<void> } {
  const studio = openTestStudio({ workers, ...opts });
  return { service: studio.service, dbPath: studio.dbPath, dispose: () => studio.close() };
}
