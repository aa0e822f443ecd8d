// The shop's public catalogue reads (issue 37 item 5, read through api-client's callCatalogue; the dashboard reads the
// same endpoints fresh through call): the same answer for everyone, so they are sent without the
// session (no bearer, no cookies) and may be kept for browsing offline. The GET ones are kept by the service
// worker (stale while revalidating, shop-web/public/service-worker.js lists the same paths); the ones sent as POST
// (their filters ride in the body) are kept here, last answer per path and body, and given back only when the
// network fails. The shop's settings are not here: staff get another answer (lib/shop-config.tsx falls back to
// the settings written into the cached page).
import { ENDPOINTS, type Endpoint } from '@kade/shared';

const READS: readonly Endpoint[] = [
  ENDPOINTS.categories.list,
  ENDPOINTS.subCategories.list,
  ENDPOINTS.products.home,
  ENDPOINTS.products.byCategory,
  ENDPOINTS.products.listing,
  ENDPOINTS.products.details,
];

/** The GET paths the service worker keeps (a test checks its list is this one). */
export const CACHED_GET_PATHS: readonly string[] = READS.filter((e) => e.method === 'get').map((e) => e.path);

/** Whether an endpoint is one of the public catalogue reads. */
export function isCatalogueRead(e: Endpoint): boolean {
  return READS.includes(e);
}

/** The cache kept answers live in; the service worker keeps it across versions only while its name is in its list. */
export const POSTED_READS_CACHE = 'kade-posted-reads-v2';
/** At most this many answers are kept (oldest dropped first). */
export const MAX_POSTED_READS = 200;

function key(path: string, body: unknown): string {
  return `${path}?body=${encodeURIComponent(JSON.stringify(body ?? null))}`;
}

function cacheStorage(): CacheStorage | undefined {
  return typeof caches === 'undefined' ? undefined : caches;
}

/** Keeps a POST read's answer (its JSON) for when the network fails; never throws. */
export async function keepPostedRead(path: string, body: unknown, answer: unknown): Promise<void> {
  try {
    const store = cacheStorage();
    if (!store) return;
    const cache = await store.open(POSTED_READS_CACHE);
    await cache.delete(key(path, body)); // put anew, so the order of keys is the order of use
    await cache.put(key(path, body), new Response(JSON.stringify(answer), { headers: { 'content-type': 'application/json' } }));
    const keys = await cache.keys();
    for (const old of keys.slice(0, Math.max(0, keys.length - MAX_POSTED_READS))) await cache.delete(old);
  } catch {
    // private mode or a full disk: browsing offline just has less to show
  }
}

/** The kept answer of a POST read, or undefined. */
export async function keptPostedRead(path: string, body: unknown): Promise<Record<string, unknown> | undefined> {
  try {
    const hit = await (await cacheStorage()?.open(POSTED_READS_CACHE))?.match(key(path, body));
    return hit ? ((await hit.json()) as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
