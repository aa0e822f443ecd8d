import { useCallback } from 'react';
import { useSetAtom } from 'jotai';
import { can, ENDPOINTS } from '@kade/shared';
import { STORAGE_KEYS } from '../lib/ui-constants';
import { call, tokens } from '../lib/api-client';
import { addressesAtom, cartAtom, checkoutAddressIdAtom, checkoutOptionAtom, ordersAtom, sessionCheckedAtom, userAtom, type SessionUser } from './atoms';
import { cartSetHereAtom, startCartRead } from './cart-freshness';
import { localCart } from './local-cart';
import { useAdoptAccountLanguage } from './language-choice';

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
          ? call(ENDPOINTS.cart.merge, { body: { items: phoneItems } }).then((answer) => {
              localCart.clear();
              return answer;
            })
          : call(ENDPOINTS.cart.list)
      ).then(async (answer) => {
        if (fresh()) setCart(answer.data);
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
    } catch {
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

/** Logs out: tells the server, clears local storage except the last mobile number and the phone's language, empties the slices. */
export function useLogout(): () => Promise<void> {
  const setUser = useSetAtom(userAtom);
  const setCartHere = useSetAtom(cartSetHereAtom);
  const setOrders = useSetAtom(ordersAtom);
  const setAddresses = useSetAtom(addressesAtom);
  const setCheckoutAddress = useSetAtom(checkoutAddressIdAtom);
  const setCheckoutOption = useSetAtom(checkoutOptionAtom);
  return useCallback(async () => {
    try {
      await call(ENDPOINTS.account.logout);
    } catch {
      // logging out locally is enough
    }
    const kept = lastMobile();
    const language = window.localStorage.getItem(STORAGE_KEYS.language);
    window.localStorage.clear();
    if (kept) window.localStorage.setItem(STORAGE_KEYS.lastMobile, kept);
    if (language) window.localStorage.setItem(STORAGE_KEYS.language, language);
    tokens.clear();
    setUser(null);
    setCartHere([]);
    setOrders({ count: 0, pending: null });
    setAddresses(null);
    setCheckoutAddress(null);
    setCheckoutOption(null);
  }, [setAddresses, setCartHere, setCheckoutAddress, setCheckoutOption, setOrders, setUser]);
}
