/**
 * Saving a plot as SVG or PNG for a designer's documents. A figure is one or more SVGs (Plot
 * draws a colour ramp as its own SVG above the chart): they are stacked into one SVG document
 * on the theme's panel colour, so the themed text stays readable off the screen; the PNG is
 * that SVG painted at twice the size. Both are handed over as a download, the path the backup
 * takes (a browser's download; Electron's save dialog). The string building is pure and
 * unit-tested (tests/unit/plot-export.test.ts); reading the DOM and painting are not.
 */
import { downloadBlob } from '../lib/download';

export interface SvgPart {
  /** The part's outer markup (an <svg> element). */
  markup: string;
  width: number;
  height: number;
}

const SVG_NS = 'http://www.w3.org/2000/svg';
const GAP = 6;
/** Room around the figure: Plot lets labels reach a little past its edges. */
const PAD = 10;

/** The parts one above the other, left-aligned: where each goes and the whole size. */
export function stackLayout(parts: readonly { width: number; height: number }[]): {
  width: number;
  height: number;
  offsets: number[];
} {
  let y = 0;
  const offsets: number[] = [];
  for (const [i, p] of parts.entries()) {
    if (i > 0) y += GAP;
    offsets.push(y);
    y += p.height;
  }
  return { width: Math.max(0, ...parts.map((p) => p.width)), height: y, offsets };
}

/** One standalone SVG document holding the parts on a background colour. */
export function svgDocument(
  parts: readonly SvgPart[],
  background: string,
): { text: string; width: number; height: number } {
  const stack = stackLayout(parts);
  const width = stack.width + 2 * PAD;
  const height = stack.height + 2 * PAD;
  const placed = parts.map((p, i) => {
    // Each part keeps its own width/height; the nested <svg> is moved down by its offset.
    const open = /^<svg\b/.exec(p.markup)
      ? p.markup.replace(/^<svg\b/, `<svg x="${PAD}" y="${PAD + stack.offsets[i]!}"`)
      : p.markup;
    return open;
  });
  const text =
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<svg xmlns="${SVG_NS}" xmlns:xlink="http://www.w3.org/1999/xlink" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<rect width="100%" height="100%" fill="${background}"/>${placed.join('')}</svg>\n`;
  return { text, width, height };
}

/** "Difficulty per level", run 3 -> "run-3-difficulty-per-level.svg". */
export function plotFileName(title: string, runId: number | null, ext: 'svg' | 'png'): string {
  const slug = title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `${runId === null ? '' : `run-${runId}-`}${slug || 'plot'}.${ext}`;
}

/** The figure in a host as one SVG document (null: no figure drawn there). */
function hostSvg(host: Element, background: string): { text: string; width: number; height: number } | null {
  const svgs = [...host.querySelectorAll('svg')].filter((s) => !s.parentElement?.closest('svg'));
  if (svgs.length === 0) return null;
  const parts = svgs.map((s) => {
    const clone = s.cloneNode(true) as SVGSVGElement;
    clone.setAttribute('xmlns', SVG_NS);
    const box = s.getBoundingClientRect();
    const width = Number(s.getAttribute('width')) || Math.round(box.width);
    const height = Number(s.getAttribute('height')) || Math.round(box.height);
    // Plot styles its text with the host's colour (currentColor): make it explicit off the page.
    clone.style.color = getComputedStyle(s).color;
    return { markup: new XMLSerializer().serializeToString(clone), width, height };
  });
  return svgDocument(parts, background);
}

/** Paint an SVG document to a PNG at `scale` times its size. */
async function pngOf(svg: { text: string; width: number; height: number }, scale = 2): Promise<Blob> {
  const img = new Image();
  const url = URL.createObjectURL(new Blob([svg.text], { type: 'image/svg+xml' }));
  try {
    await new Promise<void>((resolve, reject) => {
      img.onload = () => resolve();
      img.onerror = () => reject(new Error('the figure could not be painted as a picture'));
      img.src = url;
    });
    const canvas = document.createElement('canvas');
    canvas.width = Math.ceil(svg.width * scale);
    canvas.height = Math.ceil(svg.height * scale);
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('this window cannot paint pictures');
    ctx.drawImage(img, 0, 0, canvas.width, canvas.height);
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob(
        (b) => (b ? resolve(b) : reject(new Error('the picture could not be made'))),
        'image/png',
      ),
    );
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** Save the figure drawn in `host` as `kind`; returns the file name handed over. */
export async function savePlot(
  host: Element,
  o: { title: string; runId: number | null; kind: 'svg' | 'png'; background: string },
): Promise<string> {
  const svg = hostSvg(host, o.background);
  if (!svg) throw new Error(`${o.title} has no figure drawn to save`);
  const name = plotFileName(o.title, o.runId, o.kind);
  if (o.kind === 'svg') downloadBlob(name, new Blob([svg.text], { type: 'image/svg+xml' }));
  else downloadBlob(name, await pngOf(svg));
  return name;
}
