/** Hand-made Carillon packs for the checker's tests: a level of given dots with its true claims, and a pack whose plan asks for exactly those levels. */
import {
  buildField,
  carillonGame,
  difficultyBits,
  solveSearch,
  sourceComponents,
  type CarillonLevel,
  type CarillonPack,
  type CarillonPlan,
  type Dot,
} from '../../../src-shared/games/carillon/index';
import { roundTo } from '../../../src-shared/pack/pack-io';
import { dot, rules } from './fixtures';

/** A level of these dots with its true taps, solution and bits. */
export function levelOf(dots: Dot[], tutorial: boolean): CarillonLevel {
  const field = buildField(dots, rules);
  const search = solveSearch(field);
  return {
    taps: sourceComponents(field).length,
    tutorial,
    bits: roundTo(difficultyBits(field), 4),
    dots,
    solution: search.solution,
  };
}

/** A pack of these levels whose plan asks exactly for what they are (one stretch per level). */
export function packOf(levels: CarillonLevel[]): CarillonPack {
  const plan: CarillonPlan = levels.map((l, i) => ({
    from: i + 1,
    to: i + 1,
    taps: l.taps,
    minDots: l.dots.length,
    maxDots: l.dots.length,
    tutorial: l.tutorial,
  }));
  return carillonGame.parsePack(
    JSON.parse(JSON.stringify(carillonGame.toPack({ seed: 1, rules, plan, levels }))),
  );
}

export const S = (x: number, y: number): Dot => dot(x, y, 'small');
export const N = (x: number, y: number): Dot => dot(x, y, 'normal');
export const B = (x: number, y: number): Dot => dot(x, y, 'big');
/** A one-level pack. */
export const one = (dots: Dot[], tutorial = true): CarillonPack => packOf([levelOf(dots, tutorial)]);
/** The pack after an edit in place. */
export const edit = (p: CarillonPack, f: (p: CarillonPack) => void): CarillonPack => {
  f(p);
  return p;
};
