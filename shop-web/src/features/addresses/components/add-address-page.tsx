// /checkout/address?from=/checkout/payment: the checkout's 'Add address', a page in the shop's own frame. Saved,
// the new address becomes the checkout's choice and the shopper goes back to the step they came from;
// Cancel goes back with nothing changed.
import { useEffect } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { Loading } from '../../../components/loading';
import { addressesAtom, checkoutAddressIdAtom, sessionCheckedAtom, userAtom, type SavedAddress } from '../../../state/atoms';
import { AddressForm } from './address-form';
import './addresses.css';
import { paths } from '../../../lib/paths';

/** The checkout step to return to: one of the checkout's own paths, else its first step. */
function checkoutStep(value: string | null): string {
  return value === paths.checkout || value === paths.checkoutPayment ? value : paths.checkout;
}

export default function AddAddressPage() {
  const user = useAtomValue(userAtom);
  const checked = useAtomValue(sessionCheckedAtom);
  const setAddresses = useSetAtom(addressesAtom);
  const setCheckoutAddress = useSetAtom(checkoutAddressIdAtom);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const back = checkoutStep(params.get('from'));
  const { t } = useTranslation();
  // the same words as the saved-addresses page's Add Address dialog
  const title = t('address.addTitle');

  useEffect(() => {
    document.title = title;
  }, [title]);

  if (!checked) return <Loading />;
  if (!user) return <Navigate to={paths.login} replace state={{ from: back }} />;

  const saved = (address: SavedAddress) => {
    setAddresses((old) => [address, ...(old ?? []).filter((other) => other._id !== address._id)]);
    setCheckoutAddress(address._id);
    navigate(back, { replace: true });
  };

  return (
    <section className="addresses add-address" aria-labelledby="add-address-title">
      <h1 id="add-address-title">{title}</h1>
      <AddressForm onSaved={saved} onCancel={() => navigate(back, { replace: true })} />
    </section>
  );
}
