/**
 * Where the window loads the renderer: app://studio/index.html, or in a DEV build only the
 * electron-vite dev server named by ELECTRON_RENDERER_URL (and only on this machine). A
 * production build never reads that variable: main.ts passes import.meta.env.DEV, which the
 * build replaces with false, and the call is dropped from the bundle.
 */
import { APP_ENTRY_URL, APP_ORIGIN, originOf } from './app-protocol';

export function devRendererUrl(env: NodeJS.ProcessEnv): string | null {
  const url = env['ELECTRON_RENDERER_URL'];
  if (!url) return null;
  try {
    const u = new URL(url);
    return (u.protocol === 'http:' || u.protocol === 'https:') &&
      ['localhost', '127.0.0.1', '[::1]'].includes(u.hostname)
      ? url
      : null;
  } catch {
    return null;
  }
}

export function rendererEntry(devUrl: string | null): { url: string; origin: string; dev: boolean } {
  const origin = devUrl ? originOf(devUrl) : null;
  return devUrl && origin
    ? { url: devUrl, origin, dev: true }
    : { url: APP_ENTRY_URL, origin: APP_ORIGIN, dev: false };
}
