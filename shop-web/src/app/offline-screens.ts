// The screens a shopper needs with no network (issue 37 item 5). Each screen is its own chunk, fetched the first
// time it opens, and the service worker keeps a chunk only once it was fetched: a shopper who browsed online and
// lost the network before ever opening the cart could not open the cart. So once the service worker controls the
// page, the page asks the build's list of those screens' files (first-modules.json `offline`, written by
// vite.config.ts) and fetches each, one at a time while the phone is idle, through the service worker, which keeps
// them. Fetched, not imported: nothing runs and no style sheet applies until the screen opens.

/** Staff pages are not the shop's: nothing to keep for them. */
const NOT_THE_SHOP = /^\/(dashboard|rider)(\/|$)/;

/** Where the build lists the files (shop-web/vite.config.ts FIRST_MODULES_FILE). */
const LIST = '/first-modules.json';

function whenControlled(container: ServiceWorkerContainer): Promise<void> {
  if (container.controller) return Promise.resolve();
  return new Promise((resolve) => container.addEventListener('controllerchange', () => resolve(), { once: true }));
}

function whenIdle(): Promise<void> {
  return new Promise((resolve) => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(() => resolve(), { timeout: 10_000 });
    else setTimeout(resolve, 2_000);
  });
}

/** The files to keep: the build's list, or none when it cannot be read. */
async function offlineFiles(): Promise<string[]> {
  const answer = await fetch(LIST, { cache: 'no-cache' });
  if (!answer.ok) return [];
  const list = ((await answer.json()) as { offline?: unknown }).offline;
  return Array.isArray(list) ? list.filter((file): file is string => typeof file === 'string' && file.startsWith('/assets/')) : [];
}

/**
 * Has the service worker keep the offline screens' files. Failures change nothing: a screen not kept says so
 * offline (page-boundary.tsx).
 */
export async function keepOfflineScreens(): Promise<void> {
  if (!('serviceWorker' in navigator) || NOT_THE_SHOP.test(window.location.pathname)) return;
  await whenControlled(navigator.serviceWorker);
  await whenIdle();
  const files = await offlineFiles().catch(() => []);
  for (const file of files) {
    await whenIdle();
    await fetch(file).catch(() => undefined);
  }
}
