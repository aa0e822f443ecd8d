import { STORAGE_KEYS } from '../lib/ui-constants';
import { OUTBOX_KEY } from './outbox';
import { LOGOUT_WAITING_KEY } from './logout-waiting';

/**
 * What a logout leaves on the phone: the last mobile number, the phone's language, and an order waiting in the outbox
 * for the network (its shopper's, sent when they sign in again: a logout never loses an order), and a logout itself
 * still waiting for the network (logout-waiting.ts).
 */
export const KEPT_AT_LOGOUT = [STORAGE_KEYS.lastMobile, STORAGE_KEYS.language, OUTBOX_KEY, LOGOUT_WAITING_KEY] as const;

/** Clears the phone's storage except KEPT_AT_LOGOUT. */
export function clearAtLogout(store: Pick<Storage, 'getItem' | 'setItem' | 'clear'>): void {
  const kept = KEPT_AT_LOGOUT.map((key) => [key, store.getItem(key)] as const);
  store.clear();
  for (const [key, value] of kept) if (value !== null && value !== '') store.setItem(key, value);
}
