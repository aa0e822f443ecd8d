// Whether the shop can reach its server (issue 37 item 5): offline when the browser says so, or when a read found
// no network (the service worker then answered from its cache and says so in FROM_CACHE_HEADER); online again on
// the browser's 'online' event or the next answer that came from the server. The offline notice shows it.
import { useSyncExternalStore } from 'react';

/** The header the service worker puts on an answer it gave from its cache because the network failed. */
export const FROM_CACHE_HEADER = 'x-kade-from-cache';

let failed = false;
const listeners = new Set<() => void>();

function browserOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

function set(value: boolean): void {
  if (failed === value) return;
  failed = value;
  for (const listener of listeners) listener();
}

/** A call found no network (its fetch failed, or the answer came from the service worker's cache). */
export function noteNoNetwork(): void {
  set(true);
}

/** An answer came from the server itself. */
export function noteNetwork(): void {
  set(false);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onOnline = (): void => set(false);
  window.addEventListener('online', onOnline);
  window.addEventListener('offline', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('online', onOnline);
    window.removeEventListener('offline', listener);
  };
}

export function isOffline(): boolean {
  return failed || browserOffline();
}

/** Whether the shop is offline now; re-renders when that changes. */
export function useOffline(): boolean {
  return useSyncExternalStore(subscribe, isOffline, () => false);
}
