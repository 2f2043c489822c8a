/** Re-exports for the near-duplicate tests, plus an isomorphism helper on levels. */
import { findIsomorphism } from '../../../src-shared/graph/isomorphism';
import { buildField, reachGraph, type CarillonLevel } from '../../../src-shared/games/carillon/index';
import { rules } from './fixtures';

export * from '../../../src-shared/games/carillon/index';

export function findIsomorphismFor(a: CarillonLevel, b: CarillonLevel): number[] | null {
  return findIsomorphism(reachGraph(buildField(a.dots, rules)), reachGraph(buildField(b.dots, rules)));
}
