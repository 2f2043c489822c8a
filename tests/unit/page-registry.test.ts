/**
 * The renderer's ONE page registry (src-renderer/src/lib/pages.ts) makes every page: the
 * `PageId` type, the navigation, the router, the Go-to commands (the palette's "Go to" group)
 * and the groups the pages' actions are listed under. Adding a page is one entry there plus its
 * component; these checks fail when a second place starts listing pages again.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { pageOf, pages, studioGroups } from '../../src-renderer/src/lib/pages';

const src = join(import.meta.dirname, '..', '..', 'src-renderer', 'src');
const read = (path: string): string => readFileSync(join(src, path), 'utf8');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path);
    return /\.(ts|svelte)$/.test(name) ? [path] : [];
  });
}

describe('the page registry', () => {
  it('lists every page once: ids, titles, keys and components are unique', () => {
    expect(pages.length).toBeGreaterThanOrEqual(9);
    for (const field of ['id', 'title', 'key', 'component'] as const) {
      const values = pages.map((p) => p[field]);
      expect(new Set(values).size, `two pages share a ${field}`).toBe(values.length);
    }
  });

  it('gives every page a component file under pages/ and no page component goes unlisted', () => {
    for (const p of pages)
      expect(existsSync(join(src, 'pages', `${p.component}.svelte`)), p.component).toBe(true);
    // Every *Page.svelte but the shared empty state is a page of the registry.
    const onDisk = readdirSync(join(src, 'pages'))
      .filter((n) => n.endsWith('Page.svelte') && n !== 'EmptyPage.svelte')
      .map((n) => n.replace(/\.svelte$/, ''));
    expect(onDisk.sort()).toEqual(pages.map((p) => p.component).sort());
  });

  it('gives every page an Alt key and a group of its own, distinct from the studio-wide groups', () => {
    for (const p of pages) {
      expect(p.key).toMatch(/^Alt\+\w$/);
      expect(studioGroups as readonly string[]).not.toContain(p.group);
    }
    const groups = pages.map((p) => p.group);
    expect(new Set(groups).size).toBe(groups.length);
  });

  it('every action in the renderer is listed under a known group (a page of the registry or a studio group)', () => {
    const known = new Set<string>([...studioGroups, ...pages.map((p) => p.group)]);
    const used = new Map<string, string>();
    // The action lists: lib/actions.ts, lib/verdict-actions.ts and every <feature>-actions.ts.
    const lists = files(src).filter((p) => /(^|[/-])actions\.ts$/.test(p));
    expect(lists.length).toBeGreaterThanOrEqual(10);
    for (const path of lists)
      for (const m of readFileSync(path, 'utf8').matchAll(/\bgroup: '([^']+)'/g))
        used.set(m[1]!, relative(src, path));
    expect(used.size).toBeGreaterThan(5);
    for (const [group, where] of used) expect(known.has(group), `${where}: group '${group}'`).toBe(true);
    // Every page's group has actions of its own (a page group nothing lists under is a typo).
    for (const p of pages) expect(used.has(p.group), `no action is in the ${p.group} group`).toBe(true);
  });

  it('App.svelte routes through the registry: no page imported by hand, no {#if} per page', () => {
    const app = read('App.svelte');
    expect(app).not.toMatch(/import \w+Page from/);
    expect(app).not.toMatch(/studio\.page === '/);
    expect(app).toContain('const View = $derived(pageView(current));');
    expect(read('lib/page-views.ts')).toContain("import.meta.glob<Component>('../pages/*.svelte'");
    expect(app).toContain('{#each pages as p (p.id)}');
  });

  it('nothing else lists the pages: no file but lib/pages.ts names more than half the page ids', () => {
    // The old PageId union, the old `pages` list and App's {#if} chain each named all of them.
    for (const path of files(src)) {
      if (path === join(src, 'lib', 'pages.ts')) continue;
      const text = readFileSync(path, 'utf8');
      const named = pages.filter((p) => text.includes(`'${p.id}'`)).map((p) => p.id);
      expect(named.length, `${relative(src, path)} names the pages ${named.join(', ')}`).toBeLessThanOrEqual(
        pages.length / 2,
      );
    }
  });
});

describe('the action table reads the registry', () => {
  let kit: typeof import('../../src-renderer/src/lib/action-kit');
  let studio: typeof import('../../src-renderer/src/lib/studio.svelte').studio;
  beforeAll(async () => {
    // The studio's client picks Electron's bridge when there is one: a bridge that answers nothing.
    const bridge = { call: () => new Promise(() => undefined), on: () => () => undefined };
    Object.assign(globalThis, { window: { studioBridge: bridge } });
    kit = await import('../../src-renderer/src/lib/action-kit');
    ({ studio } = await import('../../src-renderer/src/lib/studio.svelte'));
  });

  it("says where a page's action is available with the registry's title and key", () => {
    studio.page = 'runs';
    for (const p of pages.filter((x) => x.id !== 'runs'))
      expect(kit.notOn(p.id)).toBe(`only on the ${p.title} page (${p.key})`);
    expect(kit.notOn('runs')).toBeNull();
    studio.page = 'experiments';
    expect(kit.notOn('experiments')).toBeNull();
    expect(kit.notOn('runs')).toBe(`only on the Runs page (${pageOf('runs').key})`);
  });
});
