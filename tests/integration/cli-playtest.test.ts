/**
 * The CLI's playtest subcommands run as a designer runs them, a child process on the studio's
 * database: `playtest export` writes the page, `playtest import FILE...` brings simulated
 * testers' results back (each file named with what it added, the same file again adding
 * nothing, a bad file or one of another pack refused with its sentence and exit status 1,
 * nothing of it stored), and `playtest report` prints the Players report and writes it with
 * --json FILE, the same figures the API gives; a bad --order or a missing order is refused.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PlayersReport } from '../../src-shared/playtest/report';
import { readPageData } from '../../src-shared/playtest/page-data';
import type { PlaytestResultsFile } from '../../src-shared/playtest/types';
import { carillonGame } from '../../src-shared/games/carillon/index';
import type { CarillonRules } from '../../src-shared/games/carillon/rules';
import { streamFor } from '../../src-shared/random/prng';
import { cli } from '../helpers/cli';
import { resultsFile } from '../helpers/playtest-results';
import { carillonGuesser, carillonReader } from '../helpers/simulated-testers';
import { useTestStudio } from '../helpers/studio';

const studio = useTestStudio({ prefix: 'studio-cli-playtest-' });
let runId = 0;
const files: string[] = [];
let wrongPack = '';
let malformed = '';

const pageData = (html: string): string =>
  /<script type="application\/json" id="playtest-data">([\s\S]*?)<\/script>/.exec(html)![1]!;
const attemptsStored = async () => (await studio.api.call('playtests.attempts', { runId })).total;

beforeAll(async () => {
  runId = (await studio.finishedRun({ game: 'carillon', seed: 23, levels: 6 })).id;
}, 240_000);

describe('cli playtest', () => {
  it('export writes the page of the order, and names the export', () => {
    const out = join(studio.dir, 'page.html');
    const r = cli('playtest', 'export', String(runId), '--out', out, '--db', studio.dbPath);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toContain(`the playtest page of run ${runId}'s automatic order, 6 levels`);
    const { data } = readPageData(pageData(readFileSync(out, 'utf8')));
    expect(r.stdout).toContain(data.exportId);

    // Three simulated testers play the page's levels; their results files are what the page saves.
    return (async () => {
      const pack = await studio.api.call('packs.export', { runId, kind: 'automatic' });
      const levels = carillonGame.packLevels(carillonGame.parsePack(JSON.parse(pack.text)));
      const rules = (await studio.api.call('runs.get', { runId })).rules as CarillonRules;
      const testers = [carillonReader, carillonGuesser, carillonGuesser];
      testers.forEach((play, k) => {
        const attempts = levels.flatMap((level, i) => play(level, rules, i + 1, streamFor(7, k, i)));
        const file = join(studio.dir, `tester-${k + 1}.json`);
        writeFileSync(
          file,
          JSON.stringify(
            resultsFile({ id: data.exportId, packChecksum: data.packChecksum }, `tester ${k + 1}`, attempts),
          ),
        );
        files.push(file);
      });
      const good = JSON.parse(readFileSync(files[0]!, 'utf8')) as PlaytestResultsFile;
      wrongPack = join(studio.dir, 'wrong-pack.json');
      writeFileSync(wrongPack, JSON.stringify({ ...good, packChecksum: 'b'.repeat(64) }));
      malformed = join(studio.dir, 'malformed.json');
      writeFileSync(malformed, '{"format": "studio-playtest-results", ');
    })();
  }, 120_000);

  it('import names what each file added; the same files again add nothing', async () => {
    const r = cli('playtest', 'import', ...files, '--db', studio.dbPath);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines).toHaveLength(3);
    let added = 0;
    files.forEach((f, k) => {
      const m = new RegExp(
        `^${f.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: (\\d+) attempts? of tester ${k + 1} added to run ${runId}$`,
      ).exec(lines[k]!);
      expect(m, lines[k]).not.toBeNull();
      added += Number(m![1]);
    });
    expect(await attemptsStored()).toBe(added);

    const again = cli('playtest', 'import', files[0]!, '--db', studio.dbPath);
    expect(again.status).toBe(0);
    expect(again.stdout).toMatch(/: 0 attempts of tester 1 added to run \d+ \(\d+ stored already\)$/m);
    expect(await attemptsStored()).toBe(added);
  }, 120_000);

  it('import refuses a malformed file and one of another pack with sentences, exit 1, nothing stored', async () => {
    const before = await attemptsStored();
    const r = cli('playtest', 'import', malformed, wrongPack, '--db', studio.dbPath);
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('');
    const lines = r.stderr.trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(new RegExp(`^${malformed.replace(/[.]/g, '\\.')}: .*JSON`, 'i'));
    expect(lines[1]).toBe(
      `${wrongPack}: These results are of a different pack than playtest export "${JSON.parse(readFileSync(wrongPack, 'utf8')).exportId}" of run ${runId} (its checksum differs); nothing was stored.`,
    );
    const missing = cli('playtest', 'import', join(studio.dir, 'no-such.json'), '--db', studio.dbPath);
    expect(missing.status).toBe(1);
    expect(missing.stderr).toMatch(/no-such\.json: /);
    expect(await attemptsStored()).toBe(before);
  }, 120_000);

  it('report prints the Players report and --json FILE writes the figures the API gives', async () => {
    const json = join(studio.dir, 'report.json');
    const r = cli('playtest', 'report', String(runId), '--json', json, '--db', studio.dbPath);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const api = await studio.api.call('playtests.report', { runId, kind: 'automatic' });
    const written = JSON.parse(readFileSync(json, 'utf8')) as PlayersReport;
    expect(written).toEqual(api);
    expect(r.stdout).toContain(`run ${runId}, automatic order: ${api.observedName}`);
    expect(r.stdout).toContain(`6 of 6 levels played`);
    expect(r.stdout).toContain(
      `Spearman's rho, model against observed: ${api.rho!.value.toFixed(2)} (95 % bootstrap ${api.rho!.low.toFixed(2)} to ${api.rho!.high.toFixed(2)}, 6 levels, seed 24)`,
    );
    // One table row per played level, with its testers and attempts.
    for (const l of api.levels)
      expect(r.stdout).toMatch(
        new RegExp(`^\\s+${l.level} ${l.candidate}\\s+[\\d.]+\\s+${l.testers}\\s+${l.attempts} `, 'm'),
      );
    for (const inv of api.inversions) expect(r.stdout).toContain(inv.sentence);
    expect(r.stdout).toContain(`wrote ${json}`);
  }, 120_000);

  it('report refuses an unknown --order (exit 2) and an order the run does not have, with sentences', () => {
    const bad = cli('playtest', 'report', String(runId), '--order', 'sideways', '--db', studio.dbPath);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain(
      '--order must be one of automatic, approved, approved-first, steered, not "sideways"',
    );
    const none = cli('playtest', 'report', String(runId), '--order', 'approved', '--db', studio.dbPath);
    expect(none.status).not.toBe(0);
    expect(none.stderr).toContain(`Run ${runId} has no approved order yet.`);
  }, 60_000);
});
