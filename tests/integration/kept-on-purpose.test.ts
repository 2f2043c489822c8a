/**
 * Near-duplicate pairs the designer marked fine (duplicate triage) are kept on purpose at
 * export and verify: a steered order shipping both levels of an untriaged near copy is refused
 * naming it; marked fine, it exports without the break confirmation, the pack records the pair
 * (studio.keptOnPurpose) and the reply names it; the CLI's `verify` on the file lists it as kept
 * on purpose and passes (the same file without the record fails naming the near copy); import
 * takes the pack, and its re-export writes the same bytes. The order's view (orderings.get, the
 * Ordering page's) names the pair in the same words while it is marked fine.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { candidateName } from '../../src-shared/vocabulary';
import { refusal } from '../helpers/refusal';
import { useTestStudio } from '../helpers/studio';
import { cli } from '../helpers/cli';
import { loneNearCopy } from '../helpers/lone-near-copy';

const studio = useTestStudio({ workers: 2, designer: 'dana' });

type KeptPack = {
  studio?: {
    keptOnPurpose?: { levels: [number, number]; candidates: [string, string]; by: string; at: string }[];
    forcedBreaks?: unknown[];
  };
};

describe('near-duplicates kept on purpose', () => {
  it('an untriaged near copy blocks the export; marked fine it is kept on purpose by export, verify and import', async () => {
    const run = await studio.finishedRun({ game: 'carillon', seed: 3, levels: 8 });
    const runId = run.id;
    // A stored pair of two pools pinned to their own levels, whose steered order breaks no other rule.
    const { pair, levels, refused } = await loneNearCopy(studio.api, runId);
    expect(refused.message).toMatch(new RegExp(`levels ${levels[0]} and ${levels[1]} are near-duplicates`));
    // Untriaged, the order shows no pair kept on purpose.
    expect((await studio.api.call('orderings.get', { runId, kind: 'steered' })).keptOnPurpose).toEqual([]);

    await studio.api.call('duplicates.triage', { pairId: pair.id, decision: 'fine' });
    const out = await studio.api.call('packs.export', { runId, kind: 'steered' });
    const pack = JSON.parse(out.text) as KeptPack;
    expect(pack.studio?.forcedBreaks).toBeUndefined();
    const [first, second] = pair.a.slot < pair.b.slot ? [pair.a, pair.b] : [pair.b, pair.a];
    expect(pack.studio?.keptOnPurpose).toEqual([
      {
        levels,
        candidates: [candidateName(first.slot, first.index), candidateName(second.slot, second.index)],
        by: 'dana',
        at: expect.any(String),
      },
    ]);
    expect(out.keptOnPurpose).toEqual([
      {
        levels,
        message: expect.stringMatching(
          new RegExp(
            `^levels ${levels[0]} and ${levels[1]} are near-duplicates .* — kept on purpose \\(marked fine by dana on \\d{4}-\\d\\d-\\d\\d\\)$`,
          ),
        ),
      },
    ]);
    // The Ordering page's view of the order names the pair in the words of the pack's record.
    const first2 = candidateName(first.slot, first.index),
      second2 = candidateName(second.slot, second.index);
    expect((await studio.api.call('orderings.get', { runId, kind: 'steered' })).keptOnPurpose).toEqual([
      {
        levels,
        message: expect.stringMatching(
          new RegExp(
            `^levels ${levels[0]} and ${levels[1]} \\(${first2}, ${second2}\\) are near-duplicates kept on purpose: marked fine by dana on \\d{4}-\\d\\d-\\d\\d$`,
          ),
        ),
      },
    ]);
    // The automatic order does not ship both: it names no pair.
    expect((await studio.api.call('orderings.get', { runId, kind: 'automatic' })).keptOnPurpose).toEqual([]);

    // verify on the file: kept on purpose, passes; without the record, the near copy fails it.
    const file = join(studio.dir, 'kept.json');
    writeFileSync(file, out.text);
    const ok = cli('verify', file);
    expect(ok.stderr).toBe('');
    expect(ok.status).toBe(0);
    expect(ok.stdout).toMatch(/all verified \(1 near-duplicate pair kept on purpose\)/);
    expect(ok.stdout).toMatch(
      new RegExp(
        `level ${levels[1]}: \\[near-duplicate\\] levels ${levels[0]} and ${levels[1]} are near-duplicates .* — kept on purpose \\(marked fine by dana`,
      ),
    );
    const bare = join(studio.dir, 'bare.json');
    const { studio: _studio, ...withoutRecord } = JSON.parse(out.text) as Record<string, unknown>;
    writeFileSync(bare, JSON.stringify(withoutRecord));
    const failed = cli('verify', bare);
    expect(failed.status).toBe(1);
    expect(failed.stderr).toMatch(
      new RegExp(
        `level ${levels[1]}: \\[near-duplicate\\] levels ${levels[0]} and ${levels[1]} are near-duplicates`,
      ),
    );
    expect(failed.stderr).not.toMatch(/kept on purpose/);

    // Import takes it (the pair is kept, not a failure) and writes it back the same.
    const imported = await studio.api.call('packs.import', { text: out.text });
    const again = await studio.api.call('packs.export', { runId: imported.run.id, kind: 'automatic' });
    expect(again.text).toBe(out.text);
    expect(again.keptOnPurpose.map((k) => k.levels)).toEqual([levels]);
    expect(
      (
        await studio.api.call('orderings.get', { runId: imported.run.id, kind: 'automatic' })
      ).keptOnPurpose.map((k) => k.levels),
    ).toEqual([levels]);
    // An untriaged copy of the same file is still refused at import, naming the near copy.
    const refusedImport = await refusal(
      studio.api.call('packs.import', { text: JSON.stringify(withoutRecord) }),
    );
    expect(refusedImport.message).toMatch(/the pack fails verification/);
    const badRecord = await refusal(
      studio.api.call('packs.import', {
        text: JSON.stringify({
          ...withoutRecord,
          studio: { keptOnPurpose: [{ levels: [5, 2], candidates: ['a', 'b'], by: 'x', at: 'y' }] },
        }),
      }),
    );
    expect(badRecord.fields).toEqual([
      { field: 'studio.keptOnPurpose.0', message: 'levels must be two level numbers, the earlier first' },
    ]);

    // Taking the mark off blocks the export again.
    await studio.api.call('duplicates.triage', { pairId: pair.id, decision: 'not-fine' });
    await refusal(studio.api.call('packs.export', { runId, kind: 'steered' }));
    expect((await studio.api.call('orderings.get', { runId, kind: 'steered' })).keptOnPurpose).toEqual([]);
  }, 300_000);
});
