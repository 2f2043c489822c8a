/**
 * The Electron checklist's pieces on their own: the app:// handler's containment, the
 * external-link allowlist, and the dev renderer URL honoured only in a dev build (checked in
 * the production bundle itself).
 */
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createAppHandler, originOf } from '../../src-main/electron/app-protocol';
import { devRendererUrl, rendererEntry } from '../../src-main/electron/renderer-url';
import { EXTERNAL_ALLOWLIST, guardWebContents, isAllowedExternal } from '../../src-main/electron/web-guards';
import { tempDir } from '../helpers/temp';

describe('app:// handler', () => {
  it('serves files inside the renderer folder only, with the CSP on every answer', async () => {
    const { dir, cleanup } = tempDir('app-protocol-');
    try {
      const root = join(dir, 'renderer');
      mkdirSync(join(root, 'assets'), { recursive: true });
      writeFileSync(join(root, 'index.html'), '<title>x</title>');
      writeFileSync(join(root, 'assets', 'app.js'), 'export {}');
      writeFileSync(join(dir, 'secret.txt'), 'secret');
      symlinkSync(join(dir, 'secret.txt'), join(root, 'assets', 'link.txt'));
      symlinkSync(dir, join(root, 'up'));
      const handle = createAppHandler(root, "default-src 'self'");

      const js = await handle(new Request('app://studio/assets/app.js'));
      expect([
        js.status,
        js.headers.get('content-type'),
        js.headers.get('content-security-policy'),
        await js.text(),
      ]).toEqual([200, 'text/javascript; charset=utf-8', "default-src 'self'", 'export {}']);
      expect(await (await handle(new Request('app://studio/'))).text()).toBe('<title>x</title>');
      // Symlinks out of the folder, encoded traversal, a NUL, a folder, a missing file, another host.
      for (const url of [
        'app://studio/assets/link.txt',
        'app://studio/up/secret.txt',
        'app://studio/%2e%2e/secret.txt',
        'app://studio/a%00b',
        'app://studio/assets',
        'app://studio/nope.js',
        'app://other/index.html',
      ]) {
        const res = await handle(new Request(url));
        expect(res.status, url).toBeGreaterThanOrEqual(400);
        expect(res.headers.get('content-security-policy'), url).toBe("default-src 'self'");
        expect(await res.text(), url).not.toContain('secret');
      }
      expect((await handle(new Request('app://studio/%E0%A4%A'))).status).toBe(400);
    } finally {
      cleanup();
    }
  });

  it('origins of custom-scheme URLs compare as scheme://host', () => {
    expect(originOf('app://studio/index.html#x')).toBe('app://studio');
    expect(originOf('http://localhost:5173/x')).toBe('http://localhost:5173');
    expect(originOf('file:///etc/passwd')).toBeNull();
    expect(originOf('not a url')).toBeNull();
  });
});

describe('external links', () => {
  it('opens only https URLs whose exact origin is allowlisted', () => {
    expect(EXTERNAL_ALLOWLIST).toEqual([]);
    const allow = ['https://docs.example.org'];
    expect(isAllowedExternal('https://docs.example.org/guide#a', allow)).toBe(true);
    for (const url of [
      'https://docs.example.org.evil.com/',
      'https://evil.com/?https://docs.example.org',
      'http://docs.example.org/',
      'https://user:pw@docs.example.org/',
      'https://docs.example.org:8443/',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'nonsense',
    ]) {
      expect(isAllowedExternal(url, allow), url).toBe(false);
    }
    expect(isAllowedExternal('https://docs.example.org/')).toBe(false);

    const opened: string[] = [];
    let handler: ((d: { url: string }) => { action: string }) | undefined;
    guardWebContents(
      { on: () => undefined, setWindowOpenHandler: (h: never) => void (handler = h) } as never,
      {
        origin: 'app://studio',
        allowlist: allow,
        openExternal: async (url) => void opened.push(url),
      },
    );
    expect(handler!({ url: 'https://docs.example.org/guide' })).toEqual({ action: 'deny' });
    expect(handler!({ url: 'https://evil.com/' })).toEqual({ action: 'deny' });
    expect(opened).toEqual(['https://docs.example.org/guide']);
  });
});

describe('dev renderer URL', () => {
  it('is honoured for a local dev server only, and app://studio is the default', () => {
    expect(devRendererUrl({ ELECTRON_RENDERER_URL: 'http://localhost:5173' })).toBe('http://localhost:5173');
    expect(devRendererUrl({ ELECTRON_RENDERER_URL: 'https://evil.example/' })).toBeNull();
    expect(devRendererUrl({ ELECTRON_RENDERER_URL: 'file:///tmp/x.html' })).toBeNull();
    expect(devRendererUrl({})).toBeNull();
    expect(rendererEntry(null)).toEqual({
      url: 'app://studio/index.html',
      origin: 'app://studio',
      dev: false,
    });
    expect(rendererEntry('http://localhost:5173')).toEqual({
      url: 'http://localhost:5173',
      origin: 'http://localhost:5173',
      dev: true,
    });
  });

  it('is never read by the production build of the main process', () => {
    const bundle = join(process.cwd(), 'out', 'main', 'index.js');
    expect(existsSync(bundle), 'run npm run build first').toBe(true);
    const code = readFileSync(bundle, 'utf8')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/^\s*\/\/.*$/gm, '');
    expect(code).toContain('app://studio');
    expect(code).not.toContain('ELECTRON_RENDERER_URL');
    expect(code).toMatch(/rendererEntry\(null\)/);
  });
});
