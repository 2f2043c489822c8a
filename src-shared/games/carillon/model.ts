/** Carillon's plain-data model: dots and levels (JSON-able, stored verbatim). */
import type { DotSize } from './rules';

export type { DotSize } from './rules';

export interface Dot {
  x: number;
  y: number;
  size: DotSize;
  /** 0..colors-1: only sets the note; never changes a rule. */
  color: number;
}

export interface CarillonLevel {
  taps: number;
  tutorial: boolean;
  /** Difficulty in bits, rounded to 4 decimals. */
  bits: number;
  dots: Dot[];
  /** Dot indices to tap, in order. */
  solution: number[];
  /** Indices of the roots the generator grew from (extra; packs do not need it). */
  roots?: number[];
}
