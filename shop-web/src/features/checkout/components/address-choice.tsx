import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ADDRESS_FIELD_LABELS } from '@kade/shared';
import type { SavedAddress } from '../../../state/atoms';
import { paths } from '../../../lib/paths';

/**
 * 'Choose your address': a radio list of the active addresses (admins also see the location and the
 * contact mobile, SPEC.md's country and pincode) and the 'Add address' tile, which opens the address form in
 * the shop's own frame and comes back to this step.
 */
export function AddressChoice({
  addresses,
  chosen,
  onChoose,
  isAdmin,
  returnTo,
}: {
  addresses: readonly SavedAddress[];
  chosen: string | null;
  onChoose: (id: string) => void;
  isAdmin: boolean;
  returnTo: string;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="checkout__addresses">
      <legend>
        <h2>{t('checkout.chooseAddress')}</h2>
      </legend>
      {addresses.map((address) => (
        <label key={address._id} className={`choice${chosen === address._id ? ' choice--on' : ''}`}>
          <input type="radio" name="address" value={address._id} checked={chosen === address._id} onChange={() => onChoose(address._id)} />
          <span className="choice__text">
            <strong>
              {address.address_line}
              {address.mobile && address.mobile !== address.address_line ? ` (${address.mobile})` : ''}
            </strong>
            <span>{address.city}</span>
            {address.state ? <span>{t('address.landmarkValue', { landmark: address.state })}</span> : null}
            {isAdmin ? (
              <>
                <span>
                  {ADDRESS_FIELD_LABELS.pincode}: {address.pincode}
                </span>
                <span>
                  {ADDRESS_FIELD_LABELS.country}: {address.country || '-'}
                </span>
              </>
            ) : null}
          </span>
        </label>
      ))}
      <Link className="choice choice--add" to={paths.checkoutAddressFrom(returnTo)}>
        + {t('checkout.addAddress')}
      </Link>
    </fieldset>
  );
}
