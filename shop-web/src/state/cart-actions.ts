import { ENDPOINTS, type SubstitutionPreference } from '@kade/shared';
import { useCallback } from 'react';
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import toast from 'react-hot-toast';
import { i18n } from '../i18n/i18n';
import type { SellableProduct } from '../components/types';
import { ApiError, call } from '../lib/api-client';
import { isOffline } from '../lib/network-state';
import { showError } from '../lib/show-error';
import { cartAtom, userAtom, type CartLine } from './atoms';
import { cartSetHereAtom, startCartRead } from './cart-freshness';
import { isLocalLine, localCart } from './local-cart';
import { cartEdits, isOfflineLine } from './offline-cart';

/** A change that found no network: it is kept on the phone instead (issue 37 item 5). */
const noNetwork = (error: unknown): boolean => error instanceof ApiError && error.status === 0;

export interface CartActions {
  /** The cart line holding this product, if any. */
  lineFor(productId: string): CartLine | undefined;
  /** Adds one of the product: to the account's cart, or (not logged in) to the cart kept on the phone. */
  add(productId: string, product?: SellableProduct): Promise<void>;
  /** Sets a line's quantity; 0 removes it. */
  setQuantity(line: CartLine, qty: number): Promise<void>;
  remove(line: CartLine): Promise<void>;
  /**
   * Sets what the shopper wants if these lines run short (issue 33): shown at once, saved line by line with PUT
   * /api/cart/substitution (a phone's cart, not in an account yet, has nothing to save). On a refusal the cart is
   * read again, so the screen shows what the server kept.
   */
  setSubstitution(lines: readonly CartLine[], substitution: SubstitutionPreference): Promise<void>;
  /** Reads the account's cart again (after the server refused an order because the cart or prices changed). */
  reload(): Promise<void>;
}

/** Cart changes with the toasts of SPEC.md section 8: through the API when logged in, on the phone otherwise. */
export function useCartActions(): CartActions {
  const [cart, setCart] = useAtom(cartAtom);
  const setCartHere = useSetAtom(cartSetHereAtom);
  const user = useAtomValue(userAtom);

  // A signed-in shopper's change is kept on the phone while offline, and while earlier offline changes still wait to
  // be sent (so they keep their order); app/offline-sync.tsx sends them when the network is back.
  const keptHere = useCallback((line?: CartLine) => user !== null && ((line !== undefined && isOfflineLine(line)) || isOffline() || cartEdits.waiting(user._id)), [user]);

  const reload = useCallback(async () => {
    const waiting = user ? cartEdits.read(user._id) : null;
    if (waiting) {
      setCartHere(waiting.lines);
      return;
    }
    const fresh = startCartRead();
    const answer = await call(ENDPOINTS.cart.list);
    if (fresh()) setCart(answer.data);
  }, [setCart, setCartHere, user]);

  const lineFor = useCallback((productId: string) => cart.find((line) => line.productId._id === productId), [cart]);

  const add = useCallback(
    async (productId: string, product?: SellableProduct) => {
      if (!user) {
        if (!product) return;
        setCartHere(localCart.add(product));
        toast.success(i18n.t('cart.itemAdded'));
        return;
      }
      const addHere = () => {
        if (!product) return false;
        setCartHere(cartEdits.add(user._id, cart, product));
        toast.success(i18n.t('cart.itemAdded'));
        return true;
      };
      if (keptHere() && addHere()) return;
      try {
        await call(ENDPOINTS.cart.add, { body: { productId } });
        await reload();
        toast.success(i18n.t('cart.itemAdded'));
      } catch (error) {
        if (!(noNetwork(error) && addHere())) showError(error);
      }
    },
    [cart, keptHere, reload, setCartHere, user],
  );

  const remove = useCallback(
    async (line: CartLine) => {
      if (isLocalLine(line)) {
        setCartHere(localCart.setQuantity(line.productId._id, 0));
        toast.success(i18n.t('cart.itemRemoved'));
        return;
      }
      const removeHere = () => {
        setCartHere(cartEdits.setQuantity(user!._id, cart, line.productId._id, 0));
        toast.success(i18n.t('cart.itemRemoved'));
      };
      if (keptHere(line)) return removeHere();
      try {
        await call(ENDPOINTS.cart.remove, { body: { _id: line._id } });
        setCartHere((lines) => lines.filter((other) => other._id !== line._id));
        toast.success(i18n.t('cart.itemRemoved'));
      } catch (error) {
        if (noNetwork(error) && user) removeHere();
        else showError(error);
      }
    },
    [cart, keptHere, setCartHere, user],
  );

  const setQuantity = useCallback(
    async (line: CartLine, qty: number) => {
      if (qty <= 0) return remove(line);
      if (isLocalLine(line)) {
        setCartHere(localCart.setQuantity(line.productId._id, qty));
        return;
      }
      const setHere = () => setCartHere(cartEdits.setQuantity(user!._id, cart, line.productId._id, qty));
      if (keptHere(line)) return setHere();
      try {
        await call(ENDPOINTS.cart.setQuantity, { body: { _id: line._id, qty } });
        await reload();
      } catch (error) {
        if (noNetwork(error) && user) setHere();
        else showError(error);
      }
    },
    [cart, keptHere, reload, remove, setCartHere, user],
  );

  const setSubstitution = useCallback(
    async (lines: readonly CartLine[], substitution: SubstitutionPreference) => {
      const saved = lines.filter((line) => !isLocalLine(line) && !isOfflineLine(line) && line.substitution !== substitution);
      if (saved.length === 0) return;
      const ids = new Set(saved.map((line) => line._id));
      setCartHere((all) => all.map((line) => (ids.has(line._id) ? { ...line, substitution } : line)));
      try {
        await Promise.all(saved.map((line) => call(ENDPOINTS.cart.setSubstitution, { body: { _id: line._id, substitution } })));
      } catch (error) {
        showError(error);
        await reload().catch(() => undefined);
      }
    },
    [reload, setCartHere],
  );

  return { lineFor, add, setQuantity, remove, reload, setSubstitution };
}
