/**
 * Issue 21, item 2: the page's token cookie went to every port of 127.0.0.1 (cookies ignore
 * ports), so after the studio page was opened in Chromium, a second local server on another
 * port received `studio_token_…=<token>`, and with it `runs.delete` answered 200 from outside
 * the browser. Now the page sets no cookie: that second server receives nothing usable, and a
 * tab reopened without the token is asked to open the URL the studio printed.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../browser/chromium';
import { dbState, startSeededStudio, type ChildStudio, type DbState } from './harness';

let s: ChildStudio;
let before: DbState;
let browser: Browser;
let other: Server;
let otherBase: string;
const seen: IncomingHttpHeaders[] = [];

beforeAll(async () => {
  ({ s, before } = await startSeededStudio());
  // Another local program's server, on another port: it records every header it is sent.
  other = createServer((req, res) => {
    seen.push(req.headers);
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end('<!doctype html><title>another local app</title><img src="/pixel.png">');
  });
  await new Promise<void>((r) => other.listen(0, '127.0.0.1', () => r()));
  otherBase = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  other?.close();
  await s?.stop();
});

describe('the token stays on the studio port', () => {
  it('a second local server visited after the studio page receives no token, and a reopened tab is asked for the URL', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    // The designer opens the studio's printed URL: the page works (its socket signs in).
    await page.goto(s.url);
    await page.getByTestId('game-carillon').waitFor();
    // Reloading the printed URL keeps working (the token is in the address).
    await page.reload();
    await page.getByTestId('game-carillon').waitFor();

    // The same browser then visits another local server, by navigation and by a subresource.
    await page.goto(`${otherBase}/`);
    await expect.poll(() => seen.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
    const sent = JSON.stringify(seen);
    expect(sent).not.toContain(s.token);
    expect(seen.map((h) => h.cookie ?? '').join(';')).not.toMatch(/studio_token/);
    // Nor does the browser hold a cookie with the token for any port of 127.0.0.1.
    const cookies = await context.cookies([s.base, otherBase]);
    expect(cookies.filter((c) => c.value.includes(s.token))).toEqual([]);

    // A tab reopened without ?token= gets a sentence asking for the printed URL, not the studio.
    const reopened = await page.goto(`${s.base}/`);
    expect(reopened?.status()).toBe(403);
    expect(await page.locator('body').textContent()).toMatch(
      /Open the exact URL the studio printed when it started/,
    );
    expect(await page.content()).not.toContain(s.token);

    expect(s.alive()).toBe(true);
    expect(dbState(s.dbPath)).toEqual(before);
    await context.close();
  });
});
