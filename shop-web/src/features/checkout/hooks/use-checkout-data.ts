import { useCallback, useEffect, useState } from 'react';
import { useAtom, useAtomValue } from 'jotai';
import { useNavigate } from 'react-router-dom';
import toast from 'react-hot-toast';
import { checkoutApi } from '../api/checkout-api';
import { showError } from '../../../lib/show-error';
import { ApiError } from '../../../lib/api-client';
import { keptAddresses } from '../../../state/offline-cart';
import { i18n } from '../../../i18n/i18n';
import { addressesAtom, cartAtom, sessionCheckedAtom, userAtom, type SavedAddress } from '../../../state/atoms';
import { paths } from '../../../lib/paths';

/**
 * What both checkout steps need, with their entry rules: a shopper who is not logged in goes to /login
 * ('Please Login'), an empty cart goes home ('Your cart is empty! …'). The active addresses are loaded fresh.
 */
export function useCheckoutData(step: string): { ready: boolean; addresses: SavedAddress[] | null; reloadAddresses: () => Promise<SavedAddress[] | null> } {
  const user = useAtomValue(userAtom);
  const checked = useAtomValue(sessionCheckedAtom);
  const cart = useAtomValue(cartAtom);
  const [addresses, setAddresses] = useAtom(addressesAtom);
  const [loaded, setLoaded] = useState(false);
  const navigate = useNavigate();

  const reloadAddresses = useCallback(async () => {
    try {
      const list = (await checkoutApi.listAddresses()).data.filter((address) => address.status);
      setAddresses(list);
      if (user) keptAddresses.save(user._id, list);
      return list;
    } catch (error) {
      // offline (issue 37 item 5): the addresses last read, so the order can still be placed and wait in the outbox
      const kept = error instanceof ApiError && error.status === 0 && user ? keptAddresses.read(user._id) : null;
      if (kept) {
        setAddresses(kept);
        return kept;
      }
      showError(error);
      return null;
    } finally {
      setLoaded(true);
    }
  }, [setAddresses, user]);

  const blocked = checked && (!user || cart.length === 0);
  useEffect(() => {
    if (!checked) return;
    if (!user) {
      toast.error(i18n.t('cart.pleaseLogin'));
      navigate(paths.login, { replace: true, state: { from: step } });
    } else if (cart.length === 0) {
      toast.error(i18n.t('checkout.cartEmpty'));
      navigate(paths.home, { replace: true });
    }
    // Only on arrival: an order placed here empties the cart on purpose.
  }, [checked]);

  useEffect(() => {
    if (checked && user) void reloadAddresses();
  }, [checked, reloadAddresses, user]);

  return { ready: checked && !blocked && loaded, addresses, reloadAddresses };
}
