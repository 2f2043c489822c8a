/**
 * `prove --game G LEVEL.json [--explain] [--json]`: re-prove one level, written as a pack's
 * level object, with the same code the editor runs and verify is built on (Game.prove,
 * Game.explain): the metrics and a solution, every broken rule by its plain name with the dots
 * or arrows involved, and with --explain the breakdown of the difficulty. The level's slot is
 * its `level` field (or --level); the rules and plan are the game's defaults, or a pack's
 * (--pack). Exits 1 when a hard rule breaks, 2 on malformed input (naming the field).
 */
import { readInputFile } from './input-file';
import type { Command } from 'commander';
import { gameForPack, gameIds, isGameId, gameById, type AnyGame } from '../../src-shared/games/index';
import { LevelFormatError, type Explanation, type LevelProof } from '../../src-shared/proof';
import { PackFormatError } from '../../src-shared/pack/pack-io';
import { readPack } from '../../src-shared/data-version';

/** Malformed input: printed as one designer's sentence, exit code 2. */
class InputError extends Error {}

function readJson(path: string, what: string): unknown {
  let text: string;
  try {
    text = readInputFile(path);
  } catch (e) {
    throw new InputError(
      `cannot read the ${what} ${path}: ${(e as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (e as Error).message}`,
    );
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (e) {
    throw new InputError(`the ${what} ${path} is not valid JSON: ${(e as Error).message}`);
  }
}

const fmt = (x: number): string => (Number.isInteger(x) ? String(x) : String(Math.round(x * 10000) / 10000));

export interface ProveOutput {
  game: string;
  level: number;
  slot: number;
  proof: LevelProof;
  explanation?: Explanation;
}

/** Prove a level object for the CLI (pure apart from reading the pack given by --pack). */
function proveLevelObject(
  game: AnyGame,
  json: unknown,
  opts: { level?: number; pack?: string; explain?: boolean },
): ProveOutput {
  let rules: unknown = game.defaultRules,
    plan: unknown = game.defaultPlan;
  if (opts.pack !== undefined) {
    const raw = readJson(opts.pack, 'pack');
    let pack: unknown;
    try {
      if (gameForPack(raw) !== game)
        throw new InputError(`the pack ${opts.pack} is not a ${game.title} pack`);
      pack = readPack(game, raw);
    } catch (e) {
      if (e instanceof PackFormatError) throw new InputError(`the pack ${opts.pack}: ${e.message}`);
      throw e instanceof InputError ? e : new InputError(`the pack ${opts.pack}: ${(e as Error).message}`);
    }
    ({ rules, plan } = pack as { rules: unknown; plan: unknown });
  }
  const given =
    json && typeof json === 'object' && !Array.isArray(json)
      ? (json as { level?: unknown }).level
      : undefined;
  let levelNo = opts.level;
  if (levelNo === undefined) {
    if (given === undefined)
      throw new InputError('level: the level object has no "level" field; add it or give --level N');
    if (typeof given !== 'number' || !Number.isInteger(given) || given < 1)
      throw new InputError(`level: must be a level number (1 or more), got ${JSON.stringify(given)}`);
    levelNo = given;
  }
  const count = game.levelCount(plan);
  if (levelNo > count) throw new InputError(`level: ${levelNo} is past the plan's ${count} levels`);
  let level: unknown;
  try {
    level = game.parseLevel(json);
  } catch (e) {
    if (e instanceof LevelFormatError)
      throw new InputError(e.fields.map((f) => `${f.field}: ${f.message}`).join('; '));
    throw e;
  }
  const slot = levelNo - 1;
  const proof = game.prove(level, rules, { plan, slot });
  const out: ProveOutput = { game: game.id, level: levelNo, slot, proof };
  if (opts.explain) out.explanation = game.explain(level, rules);
  return out;
}

/** The text the CLI prints for a proof (what the editor's panel shows). */
function proofText(game: AnyGame, out: ProveOutput): string[] {
  const { proof } = out;
  const lines: string[] = [];
  const n = proof.violations.length;
  lines.push(
    `${game.title} level ${out.level}: ${proof.ok ? 'every rule holds' : `${n} broken rule${n === 1 ? '' : 's'} (hard: it cannot ship)`}`,
  );
  if (proof.metrics) {
    const label = new Map(game.metrics.map((m) => [m.key, m.label]));
    lines.push(
      `  ${Object.entries(proof.metrics)
        .map(([k, v]) => `${label.get(k) ?? k} ${fmt(v)}`)
        .join(' · ')}`,
    );
  }
  lines.push(
    proof.solution
      ? `  solution (${game.words.elements} in order): ${proof.solution.join(', ')}`
      : '  no solution',
  );
  for (const v of proof.violations) {
    const who = v.elements.length
      ? ` — ${v.elements.length === 1 ? game.words.element : game.words.elements} ${v.elements.join(', ')}`
      : '';
    lines.push(`  ✗ ${v.name} [${v.rule}]: ${v.message}${who}`);
  }
  const e = out.explanation;
  if (e) {
    lines.push(`why: ${e.line}`);
    if (e.total !== null) {
      lines.push(`  ${game.difficulty} ${fmt(e.total)} =`);
      for (const p of e.parts) lines.push(`    ${fmt(p.value).padStart(9)}  ${p.label}`);
      if (e.steps?.length)
        lines.push(`  step by step: ${e.steps.map((s) => `${s.label} ${fmt(s.value)}`).join(', ')}`);
    }
    if (e.chain?.length) lines.push(`  longest chain: ${e.chain.join(' → ')}`);
    e.perElement.forEach((d, i) =>
      lines.push(
        `  ${game.words.element} ${i}: ${Object.entries(d)
          .map(([k, v]) => `${k} ${typeof v === 'number' ? fmt(v) : String(v)}`)
          .join(', ')}`,
      ),
    );
  }
  return lines;
}

export function registerProve(program: Command): void {
  program
    .command('prove')
    .description(
      "re-prove one level (a pack's level object): metrics, a solution, every broken rule; exit 1 when a hard rule breaks, 2 on malformed input",
    )
    .argument('<level>', 'a JSON file holding one pack level object')
    .option('--game <id>', `the level's game (${gameIds.join(', ')})`)
    .option('--level <n>', 'the level number it is proved as (default: its "level" field)')
    .option('--pack <file>', "take the rules and plan from this pack (default: the game's defaults)")
    .option('--explain', 'also print why it is as hard as it is (the breakdown of bits or reads)')
    .option('--json', 'print the proof (and explanation) as JSON')
    .action(
      (
        file: string,
        opts: { game?: string; level?: string; pack?: string; explain?: boolean; json?: boolean },
      ) => {
        try {
          if (opts.game === undefined) throw new InputError(`--game is required (${gameIds.join(', ')})`);
          if (!isGameId(opts.game))
            throw new InputError(`--game must be one of ${gameIds.join(', ')}, got "${opts.game}"`);
          let level: number | undefined;
          if (opts.level !== undefined) {
            if (!/^\d+$/.test(opts.level.trim()) || Number(opts.level) < 1)
              throw new InputError(`--level must be a level number (1 or more), got "${opts.level}"`);
            level = Number(opts.level);
          }
          const game = gameById(opts.game);
          const out = proveLevelObject(game, readJson(file, 'level file'), {
            ...(level !== undefined ? { level } : {}),
            ...(opts.pack !== undefined ? { pack: opts.pack } : {}),
            explain: opts.explain === true,
          });
          if (opts.json) console.log(JSON.stringify(out, null, 2));
          else for (const l of proofText(game, out)) console.log(l);
          process.exitCode = out.proof.ok ? 0 : 1;
        } catch (e) {
          if (!(e instanceof InputError)) throw e;
          console.error(`${file}: ${e.message}`);
          process.exitCode = 2;
        }
      },
    );
}
