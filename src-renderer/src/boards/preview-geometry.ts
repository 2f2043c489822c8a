/** Board geometry for the empty-board previews, read from each game's default rules. */
import type { ApsisRules } from '../../../src-shared/games/apsis/rules';
import type { CarillonRules } from '../../../src-shared/games/carillon/rules';

export function apsisPreviewGeometry(rulesJson: unknown, orbits = 6): { sunRadius: number; rimRadius: number; orbitRadii: number[] } {
  const r = rulesJson as ApsisRules;
  const orbitRadii = Array.from({ length: orbits }, (_, i) => r.orbitBase + ((i + 1) * r.orbitSpan) / (orbits + 1));
  return { sunRadius: r.sunRadius, rimRadius: r.rimRadius, orbitRadii };
}

export function carillonPreviewGeometry(rulesJson: unknown): { width: number; height: number } {
  const r = rulesJson as CarillonRules;
  return { width: r.width, height: r.height };
}
