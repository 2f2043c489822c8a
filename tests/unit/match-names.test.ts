/**
 * Near-duplicate matches in plain words (Game.describeTransform) and their pictures: each
 * game's stored transform names read as a designer says them, and the picture (a flip top to
 * bottom, then a clockwise turn) moves points exactly as the game's own transform does.
 */
import { describe, expect, it } from 'vitest';
import { apsisGame, transformLevel, type ApsisLevel } from '../../src-shared/games/apsis/index';
import { carillonGame, TRANSFORMS, transformCentred } from '../../src-shared/games/carillon/index';
import type { MatchPicture } from '../../src-shared/game';

/** A screen point (y down) under a picture: flipped top to bottom when mirrored, then turned clockwise. */
function underPicture(p: MatchPicture, x: number, y: number): [number, number] {
  if (p.kind !== 'turn') throw new Error('not a turn');
  const fy = p.mirror ? -y : y;
  const r = (p.degrees * Math.PI) / 180;
  // Clockwise on screen (y down) is the usual rotation matrix in these axes.
  return [x * Math.cos(r) - fy * Math.sin(r), x * Math.sin(r) + fy * Math.cos(r)];
}

describe('Apsis names its matches', () => {
  it('says mirrored and turned, the blocking graph, or the same picture', () => {
    expect(apsisGame.describeTransform('mirror+rot185', 'copy')).toEqual({
      rule: 'copy',
      name: 'mirrored, turned 185°',
      picture: { kind: 'turn', mirror: true, degrees: 185 },
    });
    expect(apsisGame.describeTransform('rot95.25', 'near-copy').name).toBe('turned 95.25°');
    expect(apsisGame.describeTransform('rot0', 'copy').name).toBe('same picture');
    expect(apsisGame.describeTransform('mirror+rot0', 'copy').name).toBe('mirrored');
    expect(apsisGame.describeTransform('graph', 'redrawn')).toEqual({
      rule: 'redrawn',
      name: 'same blocking graph',
      picture: { kind: 'graph', mirror: false },
    });
    expect(apsisGame.describeTransform('mirror+graph', 'redrawn').name).toBe('same blocking graph, mirrored');
    expect(apsisGame.describeTransform('near-copy', 'near-copy').rule).toBe('near copy');
    expect(apsisGame.describeTransform('sideways', 'copy').name).toBe('matched as “sideways”');
  });

  it('pictures the turn the game makes: an arrow at θ lands where the picture puts it', () => {
    const level: ApsisLevel = {
      orbits: 1,
      arrows: [0, 37, 90, 200, 311].map((angle) => ({
        orbit: 1,
        angle,
        heading: 'cw' as const,
        length: 'short' as const,
      })),
    };
    for (const [mirror, delta] of [
      [false, 185],
      [true, 185],
      [true, 0],
      [false, 90],
      [true, 271],
    ] as const) {
      const picture = apsisGame.describeTransform(`${mirror ? 'mirror+' : ''}rot${delta}`, 'copy').picture;
      const turned = transformLevel(level, delta, mirror);
      level.arrows.forEach((a, i) => {
        const r = (a.angle * Math.PI) / 180;
        const [x, y] = underPicture(picture, Math.cos(r), Math.sin(r));
        const t = (turned.arrows[i]!.angle * Math.PI) / 180;
        expect(x).toBeCloseTo(Math.cos(t), 9);
        expect(y).toBeCloseTo(Math.sin(t), 9);
      });
    }
  });
});

describe('Carillon names its matches', () => {
  it('names every one of the eight turns and mirrors, and same chains by its graph', () => {
    const names = TRANSFORMS.map((t) => carillonGame.describeTransform(t, 'same-picture').name);
    expect(names).toEqual([
      'same picture',
      'turned 90° clockwise',
      'turned 180°',
      'turned 90° anticlockwise',
      'mirrored left to right',
      'mirrored top to bottom',
      'mirrored across the diagonal',
      'mirrored across the other diagonal',
    ]);
    expect(carillonGame.describeTransform('rot90', 'same-chains')).toEqual({
      rule: 'same chains',
      name: 'same reach graph',
      picture: { kind: 'graph', mirror: false },
    });
    expect(carillonGame.describeTransform('identity', 'same-answer').rule).toBe('same answer');
  });

  it('pictures each transform as the field moves under it', () => {
    for (const t of TRANSFORMS) {
      const picture = carillonGame.describeTransform(t, 'same-picture').picture;
      for (const [u, v] of [
        [3, 1],
        [-2, 5],
        [0, -4],
      ] as const) {
        const [x, y] = underPicture(picture, u, v);
        const [eu, ev] = transformCentred(t, u, v);
        expect(x, t).toBeCloseTo(eu, 9);
        expect(y, t).toBeCloseTo(ev, 9);
      }
    }
  });
});
