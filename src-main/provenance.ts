/**
 * What made a run: the studio's version (package.json) and the game's generator version, its
 * `dataVersion` plus the content hash of its folder (game-hash.ts). Every run records both when
 * it is created and its packs carry them (`studio.made`); `reproduce` and the Runs page compare
 * a run's generator with the current one ("made by an older Carillon generator").
 */
import { readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AnyGame } from '../src-shared/games/index';
import { gameHashes } from './game-hash';
import { findUpward } from './paths';

/** Defined by the build (electron.vite.config.ts); absent when running from source. */
declare const __STUDIO_GAME_HASHES__: Record<string, string> | undefined;

interface GeneratorVersion {
  dataVersion: number;
  /** sha256 of the game's folder, hex. */
  hash: string;
}

export interface Provenance {
  /** The studio's version, from package.json. */
  studio: string;
  generator: GeneratorVersion;
}

let hashes: Record<string, string> | null = null;
const packageJson = (): string | null => findUpward(dirname(fileURLToPath(import.meta.url)), 'package.json');

function currentHashes(): Record<string, string> {
  if (hashes) return hashes;
  if (typeof __STUDIO_GAME_HASHES__ !== 'undefined') return (hashes = __STUDIO_GAME_HASHES__);
  // From source (tests): the repository is above this file; hash its game folders now.
  const pkg = packageJson();
  return (hashes = pkg ? gameHashes(dirname(pkg)) : {});
}

/** The current generator version of a game. */
function generatorVersion(game: AnyGame): GeneratorVersion {
  return { dataVersion: game.dataVersion, hash: currentHashes()[game.id] ?? 'unknown' };
}

let studio: string | null = null;

/** What makes a run of this game now. */
export function currentProvenance(game: AnyGame): Provenance {
  if (studio === null) {
    const pkg = packageJson();
    studio = pkg
      ? ((JSON.parse(readFileSync(pkg, 'utf8')) as { version?: string }).version ?? '0.0.0')
      : '0.0.0';
  }
  return { studio, generator: generatorVersion(game) };
}

/** Whether two generator versions are the same generator. */
function sameGenerator(a: GeneratorVersion, b: GeneratorVersion): boolean {
  return a.dataVersion === b.dataVersion && a.hash === b.hash;
}

/**
 * The sentence a run whose generator is not today's carries, or null: "made by an older
 * Carillon generator" (or a newer one, from a newer studio on the same database).
 */
export function generatorNote(game: AnyGame, made: Provenance | null): string | null {
  if (!made) return null;
  const now = generatorVersion(game);
  if (sameGenerator(made.generator, now)) return null;
  const age = made.generator.dataVersion > now.dataVersion ? 'a newer' : 'an older';
  return `made by ${age} ${game.title} generator (studio ${made.studio}, ${game.title} data version ${made.generator.dataVersion}, code ${made.generator.hash.slice(0, 12)}; today: data version ${now.dataVersion}, code ${now.hash.slice(0, 12)})`;
}
