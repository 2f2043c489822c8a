/**
 * The geometry of every arrow a build can propose on one board, worked out once. A build
 * proposes a few thousand arrows, all on whole degrees of a few orbits with one of six
 * headings and two lengths, so the same arrows come back again and again, across the builds
 * of a candidate and across the candidates of a worker. Each entry is made by `arrowGeo` and
 * the lone-arrow checks, so a build reads exactly the numbers it would have computed.
 */
import type { Arrow } from './model';
import { headingIndex } from './model';
import type { ApsisRules } from './rules';
import type { ArrowGeo } from './geometry';
import { arrowGeo, crossesSun, fitAloneProblem } from './geometry';

const ANGLES = 360;
const HEADING_COUNT = 6;

export interface GeoTable {
  /** The arrow's geometry when it fits on its own (inside the rim, body and path clear of the sun), else null. */
  fitting(arrow: Arrow): ArrowGeo | null;
}

/** The rules the geometry reads (orbitRadius, arrowGeo, fitAloneProblem, crossesSun). */
function boardKey(orbits: number, rules: ApsisRules): string {
  return [
    orbits,
    rules.orbitBase,
    rules.orbitSpan,
    rules.shortLength,
    rules.longLength,
    rules.rimRadius,
    rules.sunRadius,
    rules.width,
    rules.gap,
  ].join('|');
}

function fitsAlone(g: ArrowGeo, rules: ApsisRules): boolean {
  return fitAloneProblem(g, rules) === null && !crossesSun(g, rules);
}

function makeTable(orbits: number, rules: ApsisRules): GeoTable {
  const size = (orbits + 1) * ANGLES * HEADING_COUNT * 2;
  const geos = new Array<ArrowGeo | null | undefined>(size);
  return {
    fitting: (a) => {
      // Builds propose whole degrees on the board's orbits; anything else is worked out afresh.
      if (
        !Number.isInteger(a.orbit) ||
        a.orbit < 0 ||
        a.orbit > orbits ||
        !Number.isInteger(a.angle) ||
        a.angle < 0 ||
        a.angle >= ANGLES
      ) {
        const g = arrowGeo(a, orbits, rules);
        return fitsAlone(g, rules) ? g : null;
      }
      const k =
        ((a.orbit * ANGLES + a.angle) * HEADING_COUNT + headingIndex(a.heading)) * 2 +
        (a.length === 'long' ? 1 : 0);
      let g = geos[k];
      if (g === undefined) {
        const made = arrowGeo(a, orbits, rules);
        g = fitsAlone(made, rules) ? made : null;
        geos[k] = g;
      }
      return g;
    },
  };
}

/** The last few boards' tables (a worker builds for a handful of boards at a time). */
const TABLES_KEPT = 8;
const tables = new Map<string, GeoTable>();

/** The table of one board: orbit count and the rules' geometry. */
export function geoTable(orbits: number, rules: ApsisRules): GeoTable {
  const key = boardKey(orbits, rules);
  let t = tables.get(key);
  if (t) {
    // Most recently used last, so the oldest is the one dropped.
    tables.delete(key);
    tables.set(key, t);
    return t;
  }
  t = makeTable(orbits, rules);
  tables.set(key, t);
  if (tables.size > TABLES_KEPT) tables.delete(tables.keys().next().value as string);
  return t;
}
