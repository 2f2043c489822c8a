/**
 * Play rules: tap a free arrow and it flies away; tap a blocked arrow and it flies to its
 * first blocker (the nearest along its path), bounces back and costs a heart. The level is
 * lost at 0 hearts and cleared when no arrow is left.
 */
import type { ApsisLevel } from './model';
import type { ApsisRules } from './rules';
import type { ArrowGeo } from './geometry';
import { blocks, firstContact, levelGeo } from './geometry';

export interface PlayState {
  /** present[i]: arrow i is still on the board. */
  present: boolean[];
  hearts: number;
}

export type LaunchResult =
  | {
      kind: 'removed';
      arrow: number;
      /** Where the head leaves the rim. */
      exit: { x: number; y: number };
      hearts: number;
      cleared: boolean;
      lost: false;
      state: PlayState;
    }
  | {
      kind: 'blocked';
      arrow: number;
      /** The first blocker along the path. */
      blocker: number;
      /** Every arrow still on the board that blocks it (ascending). */
      blockers: number[];
      /** Head position where it touches the blocker, and how far it flew. */
      at: { x: number; y: number };
      distance: number;
      hearts: number;
      cleared: false;
      lost: boolean;
      state: PlayState;
    }
  | {
      kind: 'invalid';
      arrow: number;
      reason: string;
      hearts: number;
      cleared: boolean;
      lost: boolean;
      state: PlayState;
    };

export function startState(level: ApsisLevel, rules: ApsisRules): PlayState {
  return { present: level.arrows.map(() => true), hearts: rules.hearts };
}

/** Arrows on the board that block arrow i right now (ascending). */
function currentBlockers(
  geos: readonly ArrowGeo[],
  present: readonly boolean[],
  i: number,
  rules: ApsisRules,
): number[] {
  const out: number[] = [];
  const g = geos[i] as ArrowGeo;
  for (let j = 0; j < geos.length; j++)
    if (j !== i && present[j] && blocks(geos[j] as ArrowGeo, g, rules)) out.push(j);
  return out;
}

/** Launch arrow i. Pure: returns the new state, never mutates the old one. */
export function launch(
  level: ApsisLevel,
  state: PlayState,
  i: number,
  rules: ApsisRules,
  geos?: readonly ArrowGeo[],
): LaunchResult {
  const left = state.present.filter(Boolean).length;
  const lost = state.hearts <= 0;
  if (lost || left === 0 || !state.present[i] || i < 0 || i >= level.arrows.length) {
    return {
      kind: 'invalid',
      arrow: i,
      reason: lost
        ? 'the level is lost'
        : left === 0
          ? 'the level is cleared'
          : `arrow ${i} is not on the board`,
      hearts: state.hearts,
      cleared: left === 0,
      lost,
      state,
    };
  }
  const gs = geos ?? levelGeo(level.arrows, level.orbits, rules);
  const g = gs[i] as ArrowGeo;
  const bl = currentBlockers(gs, state.present, i, rules);
  if (bl.length === 0) {
    const present = state.present.slice();
    present[i] = false;
    return {
      kind: 'removed',
      arrow: i,
      exit: { x: g.ex, y: g.ey },
      hearts: state.hearts,
      cleared: left === 1,
      lost: false,
      state: { present, hearts: state.hearts },
    };
  }
  let best = bl[0] as number;
  let bestS = Infinity;
  for (const j of bl) {
    const s = firstContact(g, gs[j] as ArrowGeo, rules) ?? g.pathLen;
    if (s < bestS) {
      bestS = s;
      best = j;
    }
  }
  const hearts = state.hearts - 1;
  return {
    kind: 'blocked',
    arrow: i,
    blocker: best,
    blockers: bl,
    at: { x: g.hx + bestS * g.dx, y: g.hy + bestS * g.dy },
    distance: bestS,
    hearts,
    cleared: false,
    lost: hearts <= 0,
    state: { present: state.present.slice(), hearts },
  };
}

export interface ReplayResult {
  cleared: boolean;
  heartsLost: number;
  /** First launch (index into the sequence) that was blocked or invalid, or -1. */
  firstFault: number;
  message: string | null;
}

/** Replay a launch sequence through the play rules. */
export function replay(level: ApsisLevel, sequence: readonly number[], rules: ApsisRules): ReplayResult {
  const geos = levelGeo(level.arrows, level.orbits, rules);
  let state = startState(level, rules);
  let firstFault = -1;
  let message: string | null = null;
  let heartsLost = 0;
  for (let k = 0; k < sequence.length; k++) {
    const i = sequence[k] as number;
    const r = launch(level, state, i, rules, geos);
    if (r.kind !== 'removed' && firstFault < 0) {
      firstFault = k;
      message =
        r.kind === 'blocked'
          ? `launch ${k + 1} (arrow ${i}) is blocked by arrow ${r.blocker}`
          : `launch ${k + 1} (arrow ${i}): ${r.reason}`;
    }
    if (r.kind === 'blocked') heartsLost++;
    state = r.state;
    if (r.kind === 'blocked' && r.lost) break;
  }
  const cleared = state.present.every((p) => !p) && state.hearts > 0;
  if (!cleared && message === null) {
    const left = state.present.filter(Boolean).length;
    message = `${left} arrow${left === 1 ? ' is' : 's are'} left after the sequence`;
  }
  return { cleared, heartsLost, firstFault, message };
}

export interface ArrowInspection {
  /** Body tail → head, and the path head → rim. */
  tail: { x: number; y: number };
  head: { x: number; y: number };
  exit: { x: number; y: number };
  /** Arrows still on the board in its way, nearest first, with the distance along the path. */
  blockers: { arrow: number; distance: number }[];
}

/** What the inspector shows while an arrow is held: its path and its blockers. */
export function inspectArrow(
  level: ApsisLevel,
  i: number,
  rules: ApsisRules,
  present?: readonly boolean[],
): ArrowInspection {
  const geos = levelGeo(level.arrows, level.orbits, rules);
  const g = geos[i] as ArrowGeo;
  const on = present ?? level.arrows.map(() => true);
  const blockers = currentBlockers(geos, on, i, rules)
    .map((j) => ({ arrow: j, distance: firstContact(g, geos[j] as ArrowGeo, rules) ?? g.pathLen }))
    .sort((a, b) => a.distance - b.distance || a.arrow - b.arrow);
  return { tail: { x: g.tx, y: g.ty }, head: { x: g.hx, y: g.hy }, exit: { x: g.ex, y: g.ey }, blockers };
}
