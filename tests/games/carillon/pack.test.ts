import { describe, expect, it } from 'vitest';
import { PackFormatError, stringifyPack } from '../../../src-shared/pack/pack-io';
import { carillonGame, type CarillonPack } from '../../../src-shared/games/carillon/index';
import { rules, SEED, shipSubset } from './fixtures';

const clone = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T;

describe('carillon-pack v1', () => {
  const { plan, shipped } = shipSubset(30);
  const pack = carillonGame.toPack({ seed: SEED, rules, plan, levels: shipped.filter((l) => l !== null) });
  const text = stringifyPack(pack);

  it('has exactly the spec shape', () => {
    const j = JSON.parse(text);
    expect(Object.keys(j)).toEqual(['format', 'version', 'seed', 'rules', 'plan', 'levels']);
    expect([j.format, j.version, j.seed]).toEqual(['carillon-pack', 1, SEED]);
    expect(Object.keys(j.levels[0])).toEqual(['level', 'taps', 'bits', 'tutorial', 'dots', 'solution']);
    expect(Object.keys(j.levels[0].dots[0])).toEqual(['x', 'y', 'size', 'color']);
    expect(j.levels.map((l: { level: number }) => l.level)).toEqual(
      Array.from({ length: 30 }, (_, i) => i + 1),
    );
  });

  it('reads back and re-verifies with no problems; byte-identical for the same seed', () => {
    const back = carillonGame.parsePack(JSON.parse(text));
    expect(carillonGame.verifyPack(back)).toEqual([]);
    expect(stringifyPack(back)).toBe(text);
    expect(carillonGame.packLevels(back).map((l) => l.dots)).toEqual(shipped.map((l) => l!.dots));
    const again = shipSubset(30);
    expect(
      stringifyPack(
        carillonGame.toPack({
          seed: SEED,
          rules,
          plan: again.plan,
          levels: again.shipped.filter((l) => l !== null),
        }),
      ),
    ).toBe(text);
  });

  it('allows extra fields', () => {
    const j = JSON.parse(text);
    j.title = 'x';
    j.levels[0].note = 'hello';
    j.levels[0].dots[0].glow = true;
    expect(() => carillonGame.parsePack(j)).not.toThrow();
  });

  it('a malformed pack gives an error naming the level and field', () => {
    const j = JSON.parse(text);
    j.levels[3].dots[2].size = 'huge';
    delete j.levels[7].solution;
    let err: unknown;
    try {
      carillonGame.parsePack(j);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(PackFormatError);
    const pe = err as PackFormatError;
    expect(pe.message).toMatch(/level 4: dots\[2\]\.size/);
    expect(pe.message).toMatch(/level 8: solution/);
    expect(pe.problems).toEqual(
      expect.arrayContaining([expect.objectContaining({ level: 4, field: 'dots[2].size' })]),
    );
    expect(() => carillonGame.parsePack({ ...JSON.parse(text), format: 'apsis-pack' })).toThrow(/format/);
    expect(() => carillonGame.parsePack(null)).toThrow(PackFormatError);
  });

  describe('verifyPack catches hand-broken packs, naming level and rule', () => {
    const rulesAt = (p: CarillonPack, level: number) =>
      carillonGame
        .verifyPack(p)
        .filter((q) => q.level === level)
        .map((q) => q.rule);

    it('a dot moved onto another', () => {
      const p = clone(pack);
      const l = p.levels[14]!;
      l.dots[1]!.x = l.dots[0]!.x + 3;
      l.dots[1]!.y = l.dots[0]!.y;
      expect(rulesAt(p, 15)).toContain('spacing');
    });

    it('a wrong bits value', () => {
      const p = clone(pack);
      p.levels[20]!.bits += 0.25;
      const probs = carillonGame.verifyPack(p);
      expect(probs).toContainEqual(expect.objectContaining({ level: 21, rule: 'bits' }));
      // A value off by rounding only (under 1e-3) is fine.
      const q = clone(pack);
      q.levels[20]!.bits += 0.0004;
      expect(carillonGame.verifyPack(q).filter((x) => x.rule === 'bits')).toEqual([]);
    });

    it('a solution that misses a dot', () => {
      const p = clone(pack);
      const l = p.levels[25]!;
      l.solution = l.solution.slice(0, -1);
      const r = rulesAt(p, 26);
      expect(r).toContain('solution-replay');
      expect(r).toContain('solution');
    });

    it('a wrong tap count, a level out of order, and a repeated level', () => {
      const p = clone(pack);
      p.levels[11]!.taps = 3;
      expect(rulesAt(p, 12)).toEqual(
        expect.arrayContaining(['fewest-search', 'fewest-theorem', 'plan-taps']),
      );
      const q = clone(pack);
      [q.levels[15], q.levels[16]] = [
        { ...q.levels[18]!, level: 16 },
        { ...q.levels[15]!, level: 17 },
      ];
      const probs = carillonGame.verifyPack(q);
      expect(probs).toContainEqual(expect.objectContaining({ level: 17, rule: 'order-bits' }));
      expect(probs).toContainEqual(expect.objectContaining({ level: 19, rule: 'near-duplicate' }));
    });
  });

  it('summarize gives the CLI figures', () => {
    const lines = carillonGame.summarize(pack);
    expect(lines.map((l) => l.label)).toEqual([
      'Levels',
      'Level 1',
      'Level 30',
      'Hardest',
      'Largest step',
      'Closest pair',
    ]);
    expect(lines[0]!.value).toBe('30');
    expect(lines[1]!.value).toBe(`${pack.levels[0]!.bits.toFixed(2)} bits`);
  });

  it('measure agrees with the metrics the generator attached', () => {
    const c = carillonGame.generate({ rules, plan, seed: SEED, slot: 12, index: 5 });
    expect(carillonGame.measure(c.level!, rules)).toEqual(c.metrics);
  });
});
