/* Kade's service worker: the app shell works offline-ish and pictures load from the cache.
   - navigations: network first, the cached shell when offline;
   - /assets/* (hashed, immutable): cache first;
   - /files/* (content-hashed pictures): cache first, at most 300 kept;
   - /api/*, range requests (audio) and everything else: straight to the network, never cached. */
const SHELL = 'kade-shell-v1';
const ASSETS = 'kade-assets-v1';
const IMAGES = 'kade-images-v1';
const KEEP = [SHELL, ASSETS, IMAGES];
const MAX_IMAGES = 300;

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

async function cacheFirst(request, cacheName) {
  const cache = await caches.open(cacheName);
  const hit = await cache.match(request);
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

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
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
