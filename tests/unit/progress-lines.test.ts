/**
 * The CLI's progress off a terminal (src-main/cli/progress-bar.ts, progressLines): a line as
 * each phase begins, then one every ~5 s while it goes on, none in between, in the Runs
 * page's words; the phase's first line gives no pace yet, the one-step order none at all, an
 * experiment's runs count and candidates with the rate and time left it measured.
 */
import { describe, expect, it } from 'vitest';
import { LINE_EVERY_MS, progressLines } from '../../src-main/cli/progress-bar';

function lines() {
  const out: string[] = [];
  let now = 1_000_000;
  const bar = progressLines(
    'carillon',
    (l) => out.push(l),
    () => now,
  );
  return { out, bar, at: (ms: number) => (now = 1_000_000 + ms) };
}

describe('progress lines for a log', () => {
  it('one line per phase, then one every ~5 s, in the Runs page’s words', () => {
    const { out, bar, at } = lines();
    bar.update('generate', 0, 0, 1920);
    at(1000);
    bar.update('generate', 0.1, 400, 1920, { rate: 400, etaSeconds: 3.8 });
    at(LINE_EVERY_MS - 1);
    bar.update('generate', 0.2, 900, 1920, { rate: 220, etaSeconds: 4.6 });
    expect(out).toEqual(['carillon: overall 0 % · generate 0 / 1,920']);
    at(LINE_EVERY_MS + 1);
    bar.update('generate', 0.39, 1672, 1920, { rate: 45, etaSeconds: 5.5 });
    expect(out.at(-1)).toBe('carillon: overall 39 % · generate 1,672 / 1,920 · 45/s · 6 s left');
    at(LINE_EVERY_MS + 200);
    bar.update('order', 0.45, 0, 1);
    at(LINE_EVERY_MS + 300);
    bar.update('near-duplicates', 0.55, 0, 0);
    at(LINE_EVERY_MS + 400);
    bar.update('near-duplicates', 0.56, 0, 1350);
    at(2 * LINE_EVERY_MS + 400);
    bar.update('near-duplicates', 0.72, 76, 1350);
    expect(out.slice(2)).toEqual([
      'carillon: overall 45 % · order',
      'carillon: overall 55 % · near-duplicates',
      expect.stringMatching(/^carillon: overall 72 % · near-duplicates 76 \/ 1,350 pools · [\d.]+\/s · /),
    ]);
    bar.stop();
    expect(out).toHaveLength(5);
  });

  it("an experiment's pass: its runs count as the stage, candidates counted, its own rate and time left", () => {
    const out: string[] = [];
    let now = 0;
    const bar = progressLines(
      'experiment 3',
      (l) => out.push(l),
      () => now,
    );
    bar.update('2/8 runs', 0.25, 1200, 4800, { rate: 60, etaSeconds: 60 });
    now = 6000;
    bar.update('2/8 runs', 0.3, 1500, 4800, { rate: 55, etaSeconds: 60 });
    expect(out).toEqual([
      'experiment 3: overall 25 % · 2/8 runs · 1,200 / 4,800',
      'experiment 3: overall 30 % · 2/8 runs · 1,500 / 4,800 · 55/s · 1 min 0 s left',
    ]);
  });
});
