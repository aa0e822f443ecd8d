// The order outbox (issue 37 item 5): an order placed with no network waits on the phone (localStorage) with the
// Idempotency-Key of its attempt, and is sent when the network is back. Exactly once: every send of it carries the
// same key, so the server places it once and answers any later send with the first answer; an answer that is a
// refusal (4xx: out of stock, the shop closed, the cart changed) ends it and is shown; no answer or a 5xx keeps it.
// One send at a time: within a tab by a promise held while it runs, across tabs by the Web Lock OUTBOX_LOCK (a tab
// that finds the lock taken leaves the send to the tab holding it, which clears the entry for all). Where the
// browser has no Web Locks, two tabs may send at once; the key still makes the server place it once.
// A logout keeps the waiting order (kept-at-logout.ts): it is its shopper's, sent when they sign in again.
import { useSyncExternalStore } from 'react';
import type { BodyOf, ENDPOINTS, OrderWire } from '@kade/shared';
import { ApiError } from '../lib/api-client';

export type PlaceBody = BodyOf<typeof ENDPOINTS.orders.cashOnDelivery>;

/** One order waiting to be sent: the key of its attempt, what is sent, whose it is, and when it was kept. */
export interface OutboxEntry {
  key: string;
  body: PlaceBody;
  userId: string;
  savedAt: string;
}

export const OUTBOX_KEY = 'kadeOutbox';
export const OUTBOX_LOCK = 'kade-outbox';

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

function isEntry(value: unknown): value is OutboxEntry {
  const entry = value as OutboxEntry | null;
  return (
    typeof entry === 'object' &&
    entry !== null &&
    typeof entry.key === 'string' &&
    entry.key !== '' &&
    typeof entry.userId === 'string' &&
    typeof entry.body === 'object' &&
    entry.body !== null &&
    Array.isArray(entry.body.list_items)
  );
}

const listeners = new Set<() => void>();
function changed(): void {
  for (const listener of listeners) listener();
}

export const outbox = {
  /** The order waiting to be sent, or null. */
  read(): OutboxEntry | null {
    try {
      const parsed = JSON.parse(storage()?.getItem(OUTBOX_KEY) ?? 'null') as unknown;
      return isEntry(parsed) ? parsed : null;
    } catch {
      return null;
    }
  },
  /**
   * Keeps an order to send later; false when the phone cannot keep it (storage full or blocked) or another order
   * (this shopper's or, after a logout, another's) is still waiting: one is never written over and lost.
   */
  put(entry: OutboxEntry): boolean {
    try {
      const store = storage();
      if (!store) return false;
      const waiting = outbox.read();
      if (waiting && waiting.key !== entry.key) return false;
      store.setItem(OUTBOX_KEY, JSON.stringify(entry));
      changed();
      return true;
    } catch {
      return false;
    }
  },
  /** Ends the entry of this key (not one kept since under another key). */
  clear(key: string): void {
    if (outbox.read()?.key !== key) return;
    storage()?.removeItem(OUTBOX_KEY);
    changed();
  },
};

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // another tab put or sent the order
  const onStorage = (event: StorageEvent): void => {
    if (event.key === OUTBOX_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The key of the order waiting to be sent, or null; re-renders when that changes (here or in another tab). */
export function useOutboxKey(): string | null {
  return useSyncExternalStore(subscribe, () => outbox.read()?.key ?? null, () => null);
}

/** Whether a failed placing may succeed when sent again as it is: no answer (offline), a server fault, or a session to renew. */
export function worthRetrying(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.status === 0 || error.status >= 500 || error.status === 401 || error.status === 408 || error.status === 429;
}

export type FlushResult =
  | { kind: 'empty' }
  /** Another send is under way (this tab's or another tab's): it tells. */
  | { kind: 'busy' }
  | { kind: 'placed'; entry: OutboxEntry; order: OrderWire }
  | { kind: 'refused'; entry: OutboxEntry; error: unknown }
  | { kind: 'kept'; entry: OutboxEntry; error: unknown };

export interface FlushDeps {
  /** Sends the order with its key (checkoutApi.placeCashOnDelivery). */
  send(body: PlaceBody, key: string): Promise<{ data: OrderWire }>;
  /** The signed-in shopper: only their own order is sent. */
  userId: string;
  /**
   * Runs `task` only if no other tab runs one under the same name; answers null when one does. Defaults to the
   * browser's Web Locks (navigator.locks, ifAvailable), or to running it when the browser has none.
   */
  exclusive?: <T>(task: () => Promise<T>) => Promise<T | null>;
}

/**
 * Runs `task` unless another tab holds the Web Lock `name` (then answers null); where the browser has no Web Locks,
 * just runs it.
 */
export async function exclusively<T>(name: string, task: () => Promise<T>): Promise<T | null> {
  const locks = typeof navigator !== 'undefined' ? (navigator as Navigator & { locks?: LockManager }).locks : undefined;
  if (!locks?.request) return task();
  let ran = false;
  const answer = await locks.request(name, { ifAvailable: true }, async (lock) => {
    if (!lock) return null;
    ran = true;
    return task();
  });
  return ran ? (answer as T) : null;
}

let flushing: Promise<FlushResult> | null = null;

/**
 * Sends the waiting order, if there is one of this shopper's: placed (the entry ends), refused (4xx: the entry ends,
 * the caller shows why), or kept for the next try (no answer, 5xx). Never two sends at once.
 */
export function flushOutbox(deps: FlushDeps): Promise<FlushResult> {
  if (flushing) return Promise.resolve({ kind: 'busy' });
  if (!outbox.read()) return Promise.resolve({ kind: 'empty' });
  const exclusive = deps.exclusive ?? (<T,>(task: () => Promise<T>) => exclusively(OUTBOX_LOCK, task));
  flushing = (async (): Promise<FlushResult> => {
    const done = await exclusive(async (): Promise<FlushResult> => {
      // read again under the lock: another tab may have sent it meanwhile
      const entry = outbox.read();
      if (!entry || entry.userId !== deps.userId) return { kind: 'empty' };
      try {
        const answer = await deps.send(entry.body, entry.key);
        outbox.clear(entry.key);
        return { kind: 'placed', entry, order: answer.data };
      } catch (error) {
        if (worthRetrying(error)) return { kind: 'kept', entry, error };
        outbox.clear(entry.key);
        return { kind: 'refused', entry, error };
      }
    });
    return done ?? { kind: 'busy' };
  })().finally(() => {
    flushing = null;
  });
  return flushing;
}

/** A random key for one order attempt (getRandomValues works outside secure contexts, unlike randomUUID). */
export function newAttemptKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
