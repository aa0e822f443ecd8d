import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAtom, useAtomValue } from 'jotai';
import { useNavigate } from 'react-router-dom';
import { can } from '@kade/shared';
import { cartAtom, checkoutAddressIdAtom, userAtom } from '../../../state/atoms';
import { cartTotals } from '../../../state/cart-totals';
import { useCheckoutData } from '../hooks/use-checkout-data';
import { AddressChoice } from './address-choice';
import './checkout.css';
import { Loading } from '../../../components/loading';
import { paths } from '../../../lib/paths';

/** /checkout: the address step (DESIGN.md section 10): choose an active address or add one, then continue. */
export default function CheckoutAddressPage() {
  const user = useAtomValue(userAtom);
  const cart = useAtomValue(cartAtom);
  const [chosen, setChosen] = useAtom(checkoutAddressIdAtom);
  const { ready, addresses } = useCheckoutData(paths.checkout);
  const navigate = useNavigate();
  const { t } = useTranslation();

  // Pre-select the only (or the newest) address when none is chosen yet, or when the chosen one is gone.
  useEffect(() => {
    if (addresses && addresses.length > 0 && !addresses.some((a) => a._id === chosen)) setChosen(addresses[0]?._id ?? null);
  }, [addresses, chosen, setChosen]);

  if (!ready || !addresses) {
    return <Loading />;
  }
  const { itemCount } = cartTotals(cart);
  return (
    <section className="checkout">
      <h1>{t('checkout.title')}</h1>
      <p className="checkout__shipment">{t('checkout.shipment', { count: itemCount })}</p>
      <AddressChoice addresses={addresses} chosen={chosen} onChoose={setChosen} isAdmin={can(user?.role, 'addresses.manage')} returnTo="/checkout" />
      <button type="button" className="button button--primary checkout__next" disabled={!chosen} onClick={() => navigate(paths.checkoutPayment)}>
        {t('checkout.continue')}
      </button>
    </section>
  );
}
