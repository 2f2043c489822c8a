import { join } from 'node:path';
import { openStudio } from '../../src-main/studio';
import type { Service } from '../../src-main/service';
import { tempDir } from './temp';
import type { ImportLimits } from '../../src-shared/pack/import-limits';

/** A real service over a temporary database and a small real worker pool. */
export function testService(workers = 2, opts: { importLimits?: ImportLimits } = {}): { service: Service; dbPath: string; dispose: () => Promise<void> } {
  const t = tempDir();
  const dbPath = join(t.dir, 'studio.db');
  const service = openStudio({ dbPath, workers, transport: 'server', ...opts });
  return {
    service,
    dbPath,
    dispose: async () => {
      await service.close();
      t.cleanup();
    },
  };
}
