/**
 * Where the keyboard lands when a page opens. Pages whose keys act only with the focus in one
 * place (the Runs table, the Pools card grid, the Ordering strip, the editor's board) mark that
 * place `data-page-keys`; after any way of getting to a page (a key, a nav click, the palette,
 * a draft in the side bar) the focus moves there, so the page's keys work without a click into
 * it. The focus used to stay on the side bar's button: ↓ then did nothing on Runs and Enter
 * pressed the button again (reopening a draft).
 *
 * It only takes a focus nobody holds: the page's body, an element gone with the last page, or
 * the side bar. A focus the designer put somewhere on the page (a click into a field) is never
 * moved. A region that appears late (the pool grid once its run has loaded) is waited for.
 */

/** How long a page's key region is waited for after the page opens (a run's pools load first). */
const WAIT_MS = 5000;

const REGION = '[data-page-keys]';
const SIDEBAR = 'nav.sidebar';

let stopWaiting: (() => void) | null = null;

/** Nobody holds the focus: the body, an element gone with the last page, or the side bar. */
function free(el: Element | null): boolean {
  return el === null || el === document.body || !el.isConnected || el.closest(SIDEBAR) !== null;
}

/** The element of a key region that takes the focus: the region itself, or its one Tab stop (a roving tabindex). */
function stopOf(region: HTMLElement): HTMLElement | null {
  if (region.tabIndex >= 0 && region.hasAttribute('tabindex')) return region;
  return region.querySelector<HTMLElement>('[tabindex="0"]');
}

/** Focus the page's key region now if it is there; true when it took the focus. */
function land(root: ParentNode): boolean {
  for (const region of root.querySelectorAll<HTMLElement>(REGION)) {
    const stop = stopOf(region);
    if (!stop || stop.getClientRects().length === 0) continue;
    stop.focus({ preventScroll: true });
    return document.activeElement === stop;
  }
  return false;
}

/**
 * A page was opened (or opened again): move a free focus to its key region, now or as soon as
 * the region appears. A focus held in the side bar is let go at once, so Enter and Space never
 * press the side bar's button again while the page loads.
 */
export function landOnPage(root: () => ParentNode | null = () => document.querySelector('main')): void {
  // After Svelte has drawn the page the caller just switched to (its update is a microtask queued first).
  queueMicrotask(() => landNow(root));
}

function landNow(root: () => ParentNode | null): void {
  stopWaiting?.();
  stopWaiting = null;
  const active = document.activeElement;
  if (!free(active)) return;
  if (active instanceof HTMLElement && active.closest(SIDEBAR)) active.blur();
  const scope = root();
  if (!scope || land(scope)) return;
  const observer = new MutationObserver(() => {
    if (!free(document.activeElement) || land(scope)) stop();
  });
  const timer = setTimeout(() => stop(), WAIT_MS);
  function stop(): void {
    observer.disconnect();
    clearTimeout(timer);
    if (stopWaiting === stop) stopWaiting = null;
  }
  observer.observe(scope, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ['tabindex'],
  });
  stopWaiting = stop;
}
