// Issue 37 item 5, mounted once beside the routes: keeps the signed-in shopper's cart on the phone as it is read (for
// showing it offline), and when the network is back (the 'online' event, the app opened with a network, or every
// half minute while something waits and the browser thinks it is online) sends what waits: first the cart changes
// made offline, then the order in the outbox. The shopper is told how the order went (a toast, then the success page
// with its facts; a refusal is said and leads to the cart).
import { useCallback, useEffect, useRef } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { useNavigate } from 'react-router-dom';
import toast from 'react-hot-toast';
import { ENDPOINTS } from '@kade/shared';
import { call } from '../lib/api-client';
import { paths } from '../lib/paths';
import { showError } from '../lib/show-error';
import { i18n } from '../i18n/i18n';
import { checkoutApi } from '../features/checkout/api/checkout-api';
import { placedFacts } from '../features/checkout/placed-facts';
import { cartAtom, ordersAtom, userAtom } from '../state/atoms';
import { cartSetHereAtom, startCartRead } from '../state/cart-freshness';
import { cartEdits, keptCart } from '../state/offline-cart';
import { sendCartEdits } from '../state/offline-sync';
import { flushOutbox, outbox, useOutboxKey } from '../state/outbox';
import { sessionFromKept, useLoadSession } from '../state/session';
import { logoutWaiting } from '../state/logout-waiting';

/** How often a waiting order or cart change is tried again while the browser says it is online. */
export const OFFLINE_RETRY_MS = 30_000;

export function OfflineSync() {
  const user = useAtomValue(userAtom);
  const cart = useAtomValue(cartAtom);
  const setCart = useSetAtom(cartAtom);
  const setCartHere = useSetAtom(cartSetHereAtom);
  const setOrders = useSetAtom(ordersAtom);
  const navigate = useNavigate();
  const load = useLoadSession();
  const waitingKey = useOutboxKey();
  const userId = user?._id ?? null;

  // the cart as shown, kept for showing it offline (the session's first render, before its cart came, is skipped)
  const shownFor = useRef<string | null>(null);
  useEffect(() => {
    if (!user) {
      shownFor.current = null;
      return;
    }
    if (shownFor.current !== user._id) {
      shownFor.current = user._id;
      return;
    }
    keptCart.save(user, cart);
  }, [cart, user]);

  const send = useCallback(async () => {
    if (!userId || navigator.onLine === false) return;
    if (sessionFromKept()) {
      // the app opened offline: read the session afresh first (it sends nothing yet); this runs again after it
      await load();
      if (sessionFromKept()) return;
    }
    const fresh = startCartRead();
    const lines = await sendCartEdits(userId);
    if (lines && fresh() && !cartEdits.waiting(userId)) setCart(lines);
    // the order is placed only for the cart the server holds: not before the changes made with it have gone
    if (cartEdits.waiting(userId)) return;
    const result = await flushOutbox({ send: checkoutApi.placeCashOnDelivery, userId });
    if (result.kind === 'placed') {
      setOrders((old) => ({ ...old, count: old.count + 1 }));
      setCartHere([]);
      toast.success(i18n.t('outbox.placed'));
      navigate(paths.success, { replace: window.location.pathname === paths.success, state: { kind: 'Order', order: placedFacts(result.order) } });
      // the order took the server's cart: read what it holds now (a change made after the order was kept stays)
      const again = startCartRead();
      call(ENDPOINTS.cart.list).then(
        (answer) => {
          if (again() && !cartEdits.waiting(userId)) setCart(answer.data);
        },
        () => undefined,
      );
    } else if (result.kind === 'refused') {
      toast.error(i18n.t('outbox.refused'));
      showError(result.error);
      navigate(paths.cart, { replace: true });
      const again = startCartRead();
      call(ENDPOINTS.cart.list).then(
        (answer) => {
          if (again()) setCart(answer.data);
        },
        () => undefined,
      );
    }
  }, [load, navigate, setCart, setCartHere, setOrders, userId]);

  useEffect(() => {
    if (!userId) return undefined;
    void send();
    const onOnline = () => void send();
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [send, userId]);

  // a logout made offline is sent when the network is back, whoever is signed in meanwhile (logout-waiting.ts)
  useEffect(() => {
    const onOnline = () => void logoutWaiting.send();
    onOnline();
    window.addEventListener('online', onOnline);
    const timer = window.setInterval(() => {
      if (logoutWaiting.waiting()) onOnline();
    }, OFFLINE_RETRY_MS);
    return () => {
      window.removeEventListener('online', onOnline);
      window.clearInterval(timer);
    };
  }, []);

  // a network the browser thinks is there but that failed: try again now and then while something waits
  useEffect(() => {
    if (!userId) return undefined;
    const timer = window.setInterval(() => {
      if (outbox.read() || cartEdits.waiting(userId)) void send();
    }, OFFLINE_RETRY_MS);
    return () => window.clearInterval(timer);
  }, [send, userId, waitingKey]);

  return null;
}
