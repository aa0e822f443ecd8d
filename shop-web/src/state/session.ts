import { useCallback } from 'react';
import { useSetAtom } from 'jotai';
import { can, ENDPOINTS } from '@kade/shared';
import { STORAGE_KEYS } from '../lib/ui-constants';
import { ApiError, call, tokens } from '../lib/api-client';
import { addressesAtom, cartAtom, type CartLine, checkoutAddressIdAtom, checkoutOptionAtom, ordersAtom, sessionCheckedAtom, userAtom, type SessionUser } from './atoms';
import { cartSetHereAtom, startCartRead } from './cart-freshness';
import { localCart } from './local-cart';
import { cartEdits, keptCart } from './offline-cart';
import { clearAtLogout } from './kept-at-logout';
import { logoutWaiting } from './logout-waiting';

let fromKept = false;

/**
 * Whether the session shown was taken from the phone because the server could not be reached at start (issue 37
 * item 5): app/offline-sync.tsx loads it afresh when the network is back.
 */
export function sessionFromKept(): boolean {
  return fromKept;
}
import { useAdoptAccountLanguage } from './language-choice';

type PhoneItems = ReturnType<typeof localCart.mergeItems>;

const counted = (items: PhoneItems): Map<string, number> => new Map(items.map((item) => [item.productId, item.quantity]));

/**
 * Applies to the account's cart what the shopper changed on the phone's cart since `sent` was merged: the screen
 * shows the phone's lines until the merge answers, so a tap there (a step, a removal) must reach the account as a
 * change of the merged line. Without it a weighed line taken out while its merge was under way came back.
 */
async function applyPhoneChanges(sent: PhoneItems, now: PhoneItems, account: readonly CartLine[]): Promise<void> {
  const before = counted(sent);
  const after = counted(now);
  for (const productId of new Set([...before.keys(), ...after.keys()])) {
    const change = (after.get(productId) ?? 0) - (before.get(productId) ?? 0);
    if (change === 0) continue;
    const line = account.find((held) => held.productId._id === productId);
    if (!line) {
      if (change > 0) await call(ENDPOINTS.cart.merge, { body: { items: [{ productId, quantity: change }] } });
    } else if (line.quantity + change <= 0) {
      await call(ENDPOINTS.cart.remove, { body: { _id: line._id } });
    } else {
      await call(ENDPOINTS.cart.setQuantity, { body: { _id: line._id, qty: line.quantity + change } });
    }
  }
}

/**
 * Merges the phone's cart into the account, then whatever the shopper changed on the phone meanwhile, until the phone
 * holds nothing unsent; then the phone's cart is emptied. Answers the account's cart as last read.
 */
async function mergePhoneCart(items: PhoneItems): Promise<{ data: CartLine[] }> {
  let sent = items;
  let answer: { data: CartLine[] } = await call(ENDPOINTS.cart.merge, { body: { items } });
  try {
    for (;;) {
      const now = localCart.mergeItems();
      if (now.length === sent.length && now.every((item) => counted(sent).get(item.productId) === item.quantity)) return answer;
      await applyPhoneChanges(sent, now, answer.data);
      sent = now;
      answer = await call(ENDPOINTS.cart.list);
    }
  } finally {
    // merged: the account holds the phone's cart now, whatever came after
    localCart.clear();
  }
}

/**
 * Loads the session from the stored tokens: the user, their cart (with the phone's cart merged in, once) and
 * their order count. Without a session the cart is the one kept on the phone.
 */
export function useLoadSession(): () => Promise<SessionUser | null> {
  const setUser = useSetAtom(userAtom);
  const setCart = useSetAtom(cartAtom);
  const setCartHere = useSetAtom(cartSetHereAtom);
  const setOrders = useSetAtom(ordersAtom);
  const setChecked = useSetAtom(sessionCheckedAtom);
  const adoptLanguage = useAdoptAccountLanguage();
  return useCallback(async () => {
    if (!tokens.access() && !tokens.refresh()) {
      setCartHere(localCart.lines());
      setChecked(true);
      return null;
    }
    try {
      const user = (await call(ENDPOINTS.account.details)).data;
      fromKept = false;
      setUser(user);
      adoptLanguage(user);
      const isStaff = can(user.role, 'orders.view');
      const phoneItems = localCart.mergeItems();
      // The cart is shown as soon as it comes, not after the order counts: the shopper may add or step items in
      // between, and an answer older than theirs is dropped (cart-freshness.ts). A merge's answer, dropped so,
      // is read again: the cart shown must hold the phone's items.
      const fresh = startCartRead();
      const cartCall = (
        phoneItems.length > 0
          ? mergePhoneCart(phoneItems)
          : call(ENDPOINTS.cart.list)
      ).then(async (answer) => {
        // changes made offline still wait to be sent (app/offline-sync.tsx): the cart shows them meanwhile
        const waiting = cartEdits.read(user._id);
        if (waiting) setCartHere(waiting.lines);
        else if (fresh()) setCart(answer.data);
        else if (phoneItems.length > 0) {
          const again = startCartRead();
          const reread = await call(ENDPOINTS.cart.list);
          if (again()) setCart(reread.data);
        }
      });
      const [, mine, all] = await Promise.allSettled([
        cartCall,
        call(ENDPOINTS.orders.list, { query: { limit: 1 } }),
        isStaff ? call(ENDPOINTS.orders.list, { query: { scope: 'all', limit: 1 } }) : Promise.reject(new Error('not admin')),
      ]);
      const count = mine.status === 'fulfilled' ? (mine.value.totalCount ?? mine.value.data.length) : 0;
      const counts = all.status === 'fulfilled' ? all.value.counts : undefined;
      setOrders({ count, pending: isStaff ? (counts?.pending ?? counts?.Pending ?? 0) : null });
      return user;
    } catch (error) {
      // no network at start: the shopper and cart last read on this phone, with the changes made offline since
      const kept = error instanceof ApiError && error.status === 0 ? keptCart.read() : null;
      if (kept) {
        fromKept = true;
        setUser(kept.user);
        setCartHere(cartEdits.read(kept.user._id)?.lines ?? kept.lines);
        return kept.user;
      }
      // an expired or revoked session: the shopper is simply anonymous, with the phone's cart
      setUser(null);
      setCartHere(localCart.lines());
      return null;
    } finally {
      setChecked(true);
    }
  }, [adoptLanguage, setCart, setCartHere, setChecked, setOrders, setUser]);
}

/** After a successful login: keeps the tokens and the number (to pre-fill the next login), then loads the session (its user). */
export function useSignIn(): (answer: { accesstoken: string; refreshToken: string }, mobile: string) => Promise<SessionUser | null> {
  const load = useLoadSession();
  return useCallback(
    async (answer, mobile) => {
      tokens.save(answer.accesstoken, answer.refreshToken);
      // the new session's cookies replaced the old one's: a logout still waiting must not end this one
      logoutWaiting.forget();
      window.localStorage.setItem(STORAGE_KEYS.lastMobile, mobile);
      return load();
    },
    [load],
  );
}

/** The last mobile number used to log in (kept after logout), or ''. */
export function lastMobile(): string {
  try {
    return window.localStorage.getItem(STORAGE_KEYS.lastMobile) ?? '';
  } catch {
    return '';
  }
}

/** Logs out: tells the server, clears local storage except KEPT_AT_LOGOUT, empties the slices. */
export function useLogout(): () => Promise<void> {
  const setUser = useSetAtom(userAtom);
  const setCartHere = useSetAtom(cartSetHereAtom);
  const setOrders = useSetAtom(ordersAtom);
  const setAddresses = useSetAtom(addressesAtom);
  const setCheckoutAddress = useSetAtom(checkoutAddressIdAtom);
  const setCheckoutOption = useSetAtom(checkoutOptionAtom);
  return useCallback(async () => {
    let unsent = false;
    try {
      await call(ENDPOINTS.account.logout);
    } catch (error) {
      // logging out on the phone is done at once; with no network, the server is told when it is back
      unsent = error instanceof ApiError && error.status === 0;
    }
    clearAtLogout(window.localStorage);
    if (unsent) logoutWaiting.remember();
    tokens.clear();
    setUser(null);
    setCartHere([]);
    setOrders({ count: 0, pending: null });
    setAddresses(null);
    setCheckoutAddress(null);
    setCheckoutOption(null);
  }, [setAddresses, setCartHere, setCheckoutAddress, setCheckoutOption, setOrders, setUser]);
}
