import { useCallback } from 'react';
import { useSetAtom } from 'jotai';
import { ADMIN_ROLE, STORAGE_KEYS } from '@kade/shared';
import { api, tokens } from '../lib/api-client';
import { cartAtom, ordersAtom, sessionCheckedAtom, userAtom, type CartLine, type SessionUser } from './atoms';

/** Loads the session from the stored tokens: the user, their cart and their order count. */
export function useLoadSession(): () => Promise<void> {
  const setUser = useSetAtom(userAtom);
  const setCart = useSetAtom(cartAtom);
  const setOrders = useSetAtom(ordersAtom);
  const setChecked = useSetAtom(sessionCheckedAtom);
  return useCallback(async () => {
    if (!tokens.access() && !tokens.refresh()) {
      setChecked(true);
      return;
    }
    try {
      const user = (await api<SessionUser>('GET', '/api/user/user-details')).data;
      setUser(user);
      type OrderList = { totalCount?: number; counts?: Record<string, number> };
      const isAdmin = user.role === ADMIN_ROLE;
      const [cart, mine, all] = await Promise.allSettled([
        api<CartLine[]>('GET', '/api/cart/get'),
        api<unknown[], OrderList>('GET', '/api/order/order-list?limit=1'),
        isAdmin ? api<unknown[], OrderList>('GET', '/api/order/order-list?scope=all&limit=1') : Promise.reject(new Error('not admin')),
      ]);
      if (cart.status === 'fulfilled') setCart(cart.value.data);
      const count = mine.status === 'fulfilled' ? (mine.value.totalCount ?? mine.value.data.length) : 0;
      const counts = all.status === 'fulfilled' ? all.value.counts : undefined;
      setOrders({ count, pending: isAdmin ? (counts?.pending ?? counts?.Pending ?? 0) : null });
    } catch {
      // an expired or revoked session: the shopper is simply anonymous
      setUser(null);
    } finally {
      setChecked(true);
    }
  }, [setCart, setChecked, setOrders, setUser]);
}

/** Logs out: tells the server, clears local storage except the last mobile number, empties the slices. */
export function useLogout(): () => Promise<void> {
  const setUser = useSetAtom(userAtom);
  const setCart = useSetAtom(cartAtom);
  const setOrders = useSetAtom(ordersAtom);
  return useCallback(async () => {
    try {
      await api('GET', '/api/user/logout');
    } catch {
      // logging out locally is enough
    }
    const lastMobile = window.localStorage.getItem(STORAGE_KEYS.lastMobile);
    window.localStorage.clear();
    if (lastMobile) window.localStorage.setItem(STORAGE_KEYS.lastMobile, lastMobile);
    tokens.clear();
    setUser(null);
    setCart([]);
    setOrders({ count: 0, pending: null });
  }, [setCart, setOrders, setUser]);
}
