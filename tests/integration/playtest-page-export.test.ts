/**
 * "Export playtest…" (packs.exportPlaytest, and the CLI's `playtest export`): one
 * self-contained HTML page under a strict CSP whose only script and stylesheet are the inline
 * ones (by hash), holding each level without its solution, metrics or hints, the export's id
 * and the pack text's checksum; the export is recorded with the order's candidates. Needs the
 * built page (npm run build: out/playtest/).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src-main/store/db';
import { playtestExportById } from '../../src-main/store/playtest-exports';
import { sha256Hex } from '../../src-shared/playtest/checksum';
import { readPageData } from '../../src-shared/playtest/page-data';
import { testerLevels } from '../../src-shared/playtest/tester-levels';
import { cli } from '../helpers/cli';
import { useTestStudio } from '../helpers/studio';

const studio = useTestStudio({ workers: 2 });

/** The page's parts: CSP, inline script and style, and its data. */
function pageParts(html: string) {
  const csp = /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(html)?.[1];
  const scripts = [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
  const data = scripts.find((s) => s[1]!.includes('application/json'))?.[2];
  const code = scripts.filter((s) => !s[1]!.includes('application/json'));
  const style = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1];
  return { csp, data, code, style };
}

const b64 = (text: string): string => createHash('sha256').update(text, 'utf8').digest('base64');

describe('the playtest page export', () => {
  for (const game of ['carillon', 'apsis'] as const) {
    it(`${game}: one page with a strict CSP, no solution or metrics, and the export recorded`, async () => {
      const run = await studio.finishedRun({ game, seed: 5, levels: 4 });
      const out = await studio.api.call('packs.exportPlaytest', { runId: run.id, kind: 'automatic' });
      expect(out.levels).toBe(4);
      expect(out.fileName).toBe(`${game}-seed5-run${run.id}-playtest.html`);
      expect(out.bytes).toBe(Buffer.byteLength(out.html));
      expect(out.bytes).toBeLessThan(2 * 1024 * 1024);

      const { csp, data, code, style } = pageParts(out.html);
      expect(code).toHaveLength(1);
      expect(code[0]![1]).toBe(''); // a classic inline script: no src, no module
      expect(out.html).not.toMatch(/<script[^>]+src=|<link\b|<iframe\b|https?:\/\/[^"'\s]*\.(js|css)\b/);
      expect(csp).toContain("default-src 'none'");
      expect(csp).toContain("connect-src 'none'");
      expect(csp).toContain(`script-src 'sha256-${b64(code[0]![2]!)}'`);
      expect(csp).toContain(`style-src 'sha256-${b64(style!)}'`);
      expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/);

      const { data: page, pack } = readPageData(data!);
      expect(page.exportId).toBe(out.exportId);
      expect(page.packChecksum).toBe(sha256Hex(page.pack));
      expect(pack.game).toBe(game);
      // The pack text as the page holds it: levels stripped to what the board and rules need.
      const keys = new Set(pack.levels.flatMap((l) => Object.keys(l as object)));
      expect([...keys].sort()).toEqual(game === 'carillon' ? ['dots', 'tutorial'] : ['arrows', 'orbits']);
      for (const word of ['solution', 'bits', 'taps', 'reads', 'depth', 'free', 'metrics', 'roots', 'hint'])
        expect(page.pack, word).not.toContain(`"${word}"`);

      // Recorded: the order's candidates, level 1 first, with the checksum of the page's pack text.
      const order = await studio.api.call('orderings.get', { runId: run.id, kind: 'automatic' });
      const db = openDatabase(studio.dbPath);
      try {
        const rec = playtestExportById(db, out.exportId);
        expect(rec).toMatchObject({
          runId: run.id,
          order: 'automatic',
          packChecksum: page.packChecksum,
          candidateIds: order.levels.map((l) => l.candidateId),
          testers: { subset: null, shuffle: false, seed: null },
        });
      } finally {
        db.close();
      }
    });
  }

  it('per-tester subsets are drawn from a seed stored with the export; bad options are refused in words', async () => {
    const run = await studio.finishedRun({ game: 'carillon', seed: 6, levels: 5 });
    const out = await studio.api.call('packs.exportPlaytest', {
      runId: run.id,
      kind: 'automatic',
      testers: { subset: 3, shuffle: true, seed: 77 },
    });
    const { data: page } = readPageData(pageParts(out.html).data!);
    expect(page.testers).toEqual({ subset: 3, shuffle: true, seed: 77 });
    expect(testerLevels(5, page.testers, 'Ada')).toHaveLength(3);
    const drawn = await studio.api.call('packs.exportPlaytest', {
      runId: run.id,
      kind: 'automatic',
      testers: { shuffle: true },
    });
    expect(readPageData(pageParts(drawn.html).data!).data.testers.seed).toEqual(expect.any(Number));

    await expect(
      studio.api.call('packs.exportPlaytest', { runId: run.id, kind: 'automatic', testers: { subset: 9 } }),
    ).rejects.toThrow('testers.subset: each tester cannot play 9 levels; the order has 5');
    await expect(
      studio.api.call('packs.exportPlaytest', { runId: run.id, kind: 'approved' }),
    ).rejects.toThrow(/has no hand-approved ordering yet|no approved/);
  });

  it('the CLI writes the page and names the export', async () => {
    const run = await studio.finishedRun({ game: 'apsis', seed: 7, levels: 3 });
    const target = join(studio.dir, 'page.html');
    // The CLI opens the same database file (WAL), as a designer's second process would.
    const r = cli('playtest', 'export', String(run.id), '--out', target, '--db', studio.dbPath);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const id = /export ([0-9a-f-]{36})/.exec(r.stdout)?.[1];
    expect(r.stdout).toContain(`the playtest page of run ${run.id}'s automatic order, 3 levels`);
    const { data: page } = readPageData(pageParts(readFileSync(target, 'utf8')).data!);
    expect(page.exportId).toBe(id);
    const bad = cli(
      'playtest',
      'export',
      String(run.id),
      '--out',
      target,
      '--order',
      'sideways',
      '--db',
      studio.dbPath,
    );
    expect(bad.status).not.toBe(0);
    expect(bad.stderr).toMatch(/--order.*sideways.*automatic, approved, steered/s);
  });
});
