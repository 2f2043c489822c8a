/**
 * Saving a plot (src-renderer/src/plots/plot-export.ts): the parts of a figure stacked into one
 * standalone SVG on a background, and the file's name from the plot's title and the run.
 */
import { describe, expect, it } from 'vitest';
import { plotFileName, stackLayout, svgDocument } from '../../src-renderer/src/plots/plot-export';

describe('plot export', () => {
  it('stacks a legend above the chart, left-aligned, with a gap', () => {
    expect(
      stackLayout([
        { width: 240, height: 50 },
        { width: 760, height: 340 },
      ]),
    ).toEqual({
      width: 760,
      height: 396,
      offsets: [0, 56],
    });
    expect(stackLayout([])).toEqual({ width: 0, height: 0, offsets: [] });
  });

  it('writes one standalone SVG document holding each part at its offset on the background', () => {
    const doc = svgDocument(
      [
        { markup: '<svg width="240" height="50"><rect/></svg>', width: 240, height: 50 },
        { markup: '<svg width="760" height="340"><circle/></svg>', width: 760, height: 340 },
      ],
      '#181b22',
    );
    expect(doc.width).toBe(780); // 10 px of room on each side
    expect(doc.height).toBe(416);
    expect(
      doc.text.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg"'),
    ).toBe(true);
    expect(doc.text).toContain('width="780" height="416" viewBox="0 0 780 416"');
    expect(doc.text).toContain('<rect width="100%" height="100%" fill="#181b22"/>');
    expect(doc.text).toContain('<svg x="10" y="10" width="240" height="50"><rect/></svg>');
    expect(doc.text).toContain('<svg x="10" y="66" width="760" height="340"><circle/></svg>');
    expect(doc.text.indexOf('y="10"')).toBeLessThan(doc.text.indexOf('y="66"'));
  });

  it('names the file for the plot and the run', () => {
    expect(plotFileName('Difficulty per level', 3, 'svg')).toBe('run-3-difficulty-per-level.svg');
    expect(plotFileName('Expressive range of Dots by Difficulty (bits)', 12, 'png')).toBe(
      'run-12-expressive-range-of-dots-by-difficulty-bits.png',
    );
    expect(plotFileName('—', null, 'png')).toBe('plot.png');
  });
});
