/**
 * The import's size cap counts UTF-8 bytes, not characters (src-shared/pack/import-limits.ts:
 * "UTF-8 bytes of the pack text"; checked in src-main/runs/packs.ts before the worker). A pack
 * whose characters fit the cap but whose bytes do not is refused with its sentence and nothing
 * is stored; a pack of exactly the cap's bytes is not refused for its size.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { IMPORT_LIMITS } from '../../src-shared/pack/import-limits';
import { importPackText } from '../../src-main/runs/packs';
import { openDatabase } from '../../src-main/store/db';
import { tempDir } from '../helpers/temp';
import { carillonPackText, dbState } from '../security/files-fixtures';

const t = tempDir('studio-import-bytes-');
const MiB = 1024 * 1024;

/** A Carillon pack padded to `chars` characters with "é" (two UTF-8 bytes each). */
function paddedPack(chars: number): string {
  const base = carillonPackText(1, 4).replace('"levels":', '"padding":"","levels":');
  const pad = chars - base.length;
  return base.replace('"padding":""', `"padding":"${'é'.repeat(pad)}"`);
}

describe('import size cap', () => {
  it('refuses a pack under the cap in characters but over it in UTF-8 bytes, storing nothing', async () => {
    const dbPath = join(t.dir, 'bytes.db');
    const db = openDatabase(dbPath);
    try {
      const text = paddedPack(Math.floor(0.6 * MiB));
      expect(text.length).toBeLessThan(MiB);
      expect(Buffer.byteLength(text)).toBeGreaterThan(MiB);
      const before = dbState(dbPath);
      const err = await importPackText(db, { text, limits: { ...IMPORT_LIMITS, maxBytes: MiB } }).then(
        () => null,
        (e: unknown) => e,
      );
      expect(err).toMatchObject({
        code: 'bad-argument',
        message: 'the pack is 1.2 MB; a pack may be at most 1.0 MB',
      });
      expect(dbState(dbPath)).toEqual(before);
    } finally {
      db.close();
    }
  });

  it('a pack of exactly the cap in bytes is not refused for its size (it goes on to be checked)', async () => {
    const db = openDatabase(join(t.dir, 'exact.db'));
    try {
      const text = paddedPack(3000);
      const bytes = Buffer.byteLength(text);
      const refusal = (maxBytes: number) =>
        importPackText(db, { text, limits: { ...IMPORT_LIMITS, maxBytes } }).then(
          () => '',
          (e: unknown) => (e instanceof Error ? e.message : String(e)),
        );
      expect(await refusal(bytes - 1)).toMatch(/^the pack is .* MB; a pack may be at most .* MB$/);
      // One byte more room: the size check passes and the pack's own problems are what refuse it.
      expect(await refusal(bytes)).not.toMatch(/a pack may be at most/);
    } finally {
      db.close();
    }
  });
});
