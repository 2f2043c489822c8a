/**
 * Hostile packs for the file and import attacks (tests/security/files*.test.ts), built from
 * a fixed-seed generator so every run sends the same bytes, and the database's state (integrity
 * and row counts of every table) read from a separate read-only connection.
 */
import Database from 'better-sqlite3';
import { apsisGame } from '../../src-shared/games/apsis/index';
import { carillonGame } from '../../src-shared/games/carillon/index';

/** A small seeded generator (mulberry32): the same pack bytes on every run. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function carillonPackText(levels: number, dotsPerLevel: number, seed = 1): string {
  const r = rng(seed);
  return JSON.stringify({
    format: 'carillon-pack',
    version: 1,
    seed: 7,
    rules: carillonGame.defaultRules,
    plan: carillonGame.defaultPlan,
    levels: Array.from({ length: levels }, (_, i) => ({
      level: i + 1,
      taps: 1,
      bits: 1,
      tutorial: false,
      // Normal dots strewn over the middle of the 640 × 960 field: levels differ from each
      // other (few near-duplicates), chains connect (the proof search stays short), and the
      // spacing rules still fail, so the pack has tens of thousands of problems.
      dots: Array.from({ length: dotsPerLevel }, () => ({
        x: 100 + Math.round(r() * 400),
        y: 100 + Math.round(r() * 600),
        size: 'normal',
        color: Math.floor(r() * 7),
      })),
      solution: [0],
    })),
  });
}

export function apsisPackText(levels: number, arrowsPerLevel: number, seed = 1): string {
  const r = rng(seed);
  const headings = ['cw', 'ccw', 'cw-out', 'ccw-out', 'cw-in', 'ccw-in'];
  return JSON.stringify({
    format: 'apsis-pack',
    version: 1,
    seed: 7,
    rules: apsisGame.defaultRules,
    plan: apsisGame.defaultPlan,
    levels: Array.from({ length: levels }, (_, i) => ({
      level: i + 1,
      orbits: 6,
      depth: 1,
      free: 1,
      reads: 0,
      arrows: Array.from({ length: arrowsPerLevel }, () => ({
        orbit: 1 + Math.floor(r() * 6),
        angle: Math.floor(r() * 360),
        heading: headings[Math.floor(r() * 6)],
        length: 'short',
      })),
      solution: [0],
    })),
  });
}

export interface DbState {
  integrity: string;
  counts: Record<string, number>;
}

/** PRAGMA integrity_check and the row count of every table. */
export function dbState(dbPath: string): DbState {
  const db = new Database(dbPath, { readonly: true, fileMustExist: true });
  try {
    const integrity = db.pragma('integrity_check', { simple: true }) as string;
    const tables = (
      db
        .prepare(
          "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
        )
        .all() as { name: string }[]
    ).map((t) => t.name);
    const counts: Record<string, number> = {};
    for (const t of tables)
      counts[t] = (db.prepare(`SELECT count(*) AS n FROM "${t}"`).get() as { n: number }).n;
    return { integrity, counts };
  } finally {
    db.close();
  }
}
