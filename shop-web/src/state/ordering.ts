// Whether the shop takes orders now (issue 19): the server's `ordering` state, as GET /api/shop/config and the
// `shop:ordering` socket event answer it. The shop's notice, the checkout and the staff's pause control all read
// this one copy; app/ordering-sync.tsx keeps it current. The screens only show it: the server decides again
// when an order is placed.
import { useCallback } from 'react';
import { atom, useAtomValue, useSetAtom, useStore } from 'jotai';
import { ENDPOINTS, type OrderingState } from '@kade/shared';
import { call } from '../lib/api-client';
import { useShopConfig } from '../lib/shop-config';

/** The latest state and how many times it was replaced (a re-read started before a newer state is dropped). */
export const orderingAtom = atom<{ state: OrderingState | null; version: number } | null>(null);

/**
 * The ordering state now: the latest one read or heard, else the one the app started with. Null while the
 * server does not answer it (then nothing is shown and the server still decides at placing).
 */
export function useOrdering(): OrderingState | null {
  const latest = useAtomValue(orderingAtom);
  const config = useShopConfig();
  return latest ? latest.state : (config.ordering ?? null);
}

/** Replaces the state with one the server sent (an answer to pause or resume, a socket event). */
export function useSetOrdering(): (state: OrderingState) => void {
  const set = useSetAtom(orderingAtom);
  return useCallback((state: OrderingState) => set((old) => ({ state, version: (old?.version ?? 0) + 1 })), [set]);
}

type Held = { state: OrderingState | null; version: number } | null;

/** What a re-read started at version `started` leaves: its state, unless a newer one arrived meanwhile. */
export function afterReread(held: Held, started: number, state: OrderingState | null): Held {
  const now = held?.version ?? 0;
  return now > started ? held : { state, version: now + 1 };
}

/**
 * Reads the state again from GET /api/shop/config. An answer that arrives after a newer state was set (a socket
 * event overtook it) is dropped. Failures are quiet: the state on screen stays, and the next read tries again.
 */
export function useRefreshOrdering(): () => Promise<void> {
  const store = useStore();
  return useCallback(async () => {
    const started = store.get(orderingAtom)?.version ?? 0;
    try {
      const answer = await call(ENDPOINTS.shop.config);
      const state = answer.data.ordering ?? null;
      store.set(orderingAtom, (old) => afterReread(old, started, state));
    } catch {
      // offline or the server restarting: keep what is shown, the next re-read will tell
    }
  }, [store]);
}
