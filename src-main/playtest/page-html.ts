/**
 * One self-contained playtest page (docs/playtests.md): the built script and styles
 * (out/playtest/) inlined, the page's data as inert JSON, and a strict Content Security
 * Policy that allows only that script and that stylesheet (by hash): no network, no other
 * script, no frames, no form posts.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ApiError } from '../../src-shared/api';
import { pageDataText, type PlaytestPageData } from '../../src-shared/playtest/page-data';
import { playtestPageDir } from '../paths';

export interface PageAssets {
  script: string;
  style: string;
}

/** The built page script and styles; a clear sentence when the studio was not built. */
export function playtestPageAssets(): PageAssets {
  const dir = playtestPageDir();
  if (!dir)
    throw new ApiError(
      'conflict',
      'the playtest page is not built in this studio (run "npm run build" first)',
    );
  return {
    script: readFileSync(join(dir, 'page.js'), 'utf8'),
    style: readFileSync(join(dir, 'page.css'), 'utf8'),
  };
}

const hash = (text: string): string =>
  `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

const escapeHtml = (s: string): string =>
  s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** The policy of a page with exactly this script and these styles. */
function pageCsp(assets: PageAssets): string {
  return [
    "default-src 'none'",
    `script-src ${hash(assets.script)}`,
    `style-src ${hash(assets.style)}`,
    "img-src 'none'",
    "connect-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}

export function playtestPageHtml(assets: PageAssets, data: PlaytestPageData, title: string): string {
  // A `</script` inside the bundle would end the script element early.
  const script = assets.script.replace(/<\/script/gi, '<\\/script');
  const style = assets.style.replace(/<\/style/gi, '<\\/style');
  const inline = { script, style };
  return [
    '<!doctype html>',
    '<html lang="en" data-theme="dark">',
    '<head>',
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${pageCsp(inline)}">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title>`,
    `<style>${style}</style>`,
    '</head>',
    '<body>',
    '<div id="app"></div>',
    `<script type="application/json" id="playtest-data">${pageDataText(data)}</script>`,
    `<script>${script}</script>`,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
