/* Kade's service worker: the shell, the pictures and the catalogue the shopper has seen work offline.
   - navigations: network first, the cached shell when offline;
   - /assets/* (hashed, immutable): cache first;
   - /files/* (content-hashed pictures): cache first, at most 300 kept;
   - the public catalogue reads sent as GET without a session (PUBLIC_READS, the same list as
     shop-web/src/lib/catalogue-reads.ts): stale while revalidating, at most 100 kept; a cached answer says so in
     FROM_CACHE ('offline' when the browser is offline, which the shop's offline notice shows);
   - every other /api/* call (POST, anything with an Authorization header), range requests (audio) and everything
     else: straight to the network, never cached.
   The catalogue's reads sent as POST are kept by the page itself (kade-posted-reads-*, kept here across activations). */
const VERSION = 'v2'; // a new version drops every cache of the old one on activation
const SHELL = `kade-shell-${VERSION}`;
const ASSETS = `kade-assets-${VERSION}`;
const IMAGES = `kade-images-${VERSION}`;
const READS = `kade-reads-${VERSION}`;
const POSTED_READS = `kade-posted-reads-${VERSION}`;
const KEEP = [SHELL, ASSETS, IMAGES, READS, POSTED_READS];
const MAX_IMAGES = 300;
const MAX_READS = 100;
const PUBLIC_READS = ['/api/category/get', '/api/product/home'];
const FROM_CACHE = 'x-kade-from-cache';

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(SHELL).then((cache) => cache.add('/')).catch(() => undefined).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => !KEEP.includes(name)).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

async function trim(cacheName, max) {
  const cache = await caches.open(cacheName);
  const keys = await cache.keys();
  for (const key of keys.slice(0, Math.max(0, keys.length - max))) await cache.delete(key);
}

/**
 * A hashed file or picture, from the cache when it is there. Matched by address alone (ignoreVary): its bytes never
 * change, and the server's Vary (Origin, Accept-Encoding) would otherwise keep a file fetched by the page
 * (offline-screens.ts) from answering the same file asked for as a module script or a style sheet.
 */
async function cacheFirst(request, cacheName) {
  const cache = await caches.open(cacheName);
  const hit = await cache.match(request, { ignoreVary: true });
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok) {
    await cache.put(request, response.clone());
    if (cacheName === IMAGES) trim(IMAGES, MAX_IMAGES).catch(() => undefined);
  }
  return response;
}

async function networkFirstShell(request) {
  try {
    const response = await fetch(request);
    if (response.ok) (await caches.open(SHELL)).put('/', response.clone()).catch(() => undefined);
    return response;
  } catch (error) {
    const cached = await caches.match('/');
    if (cached) return cached;
    throw error;
  }
}

/**
 * The cached answer at once, a fresh one fetched for next time; without a cached one, the network's. A cached answer
 * says so in FROM_CACHE: 'offline' when the browser is offline, else 'stale' (the page then learns nothing about the
 * network from it).
 */
async function staleWhileRevalidate(event, request) {
  const cache = await caches.open(READS);
  const hit = await cache.match(request);
  const fresh = fetch(request).then(async (response) => {
    if (response.ok) {
      await cache.delete(request); // put anew, so the order of keys is the order of use
      await cache.put(request, response.clone());
      await trim(READS, MAX_READS);
    }
    return response;
  });
  if (!hit) return fresh;
  event.waitUntil(fresh.catch(() => undefined));
  const headers = new Headers(hit.headers);
  headers.set(FROM_CACHE, self.navigator.onLine === false ? 'offline' : 'stale');
  return new Response(hit.body, { status: hit.status, statusText: hit.statusText, headers });
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (PUBLIC_READS.includes(url.pathname) && !request.headers.has('authorization')) {
    event.respondWith(staleWhileRevalidate(event, request));
    return;
  }
  if (url.pathname.startsWith('/api/') || url.pathname.startsWith('/socket.io')) return;
  // Audio asks for byte ranges, which a cached whole file does not answer (the staff's new-order chime failed to
  // load through the cache): such requests go straight to the network.
  if (request.headers.has('range')) return;
  if (request.mode === 'navigate') {
    if (url.pathname.startsWith('/dashboard')) return;
    event.respondWith(networkFirstShell(request));
  } else if (url.pathname.startsWith('/assets/')) {
    event.respondWith(cacheFirst(request, ASSETS));
  } else if (url.pathname.startsWith('/files/')) {
    event.respondWith(cacheFirst(request, IMAGES));
  }
});
