import { useTranslation } from 'react-i18next';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useAtom, useAtomValue } from 'jotai';
import { Link, useSearchParams } from 'react-router-dom';
import toast from 'react-hot-toast';
import { useAddressLines } from '../../../hooks/use-address-lines';
import { addressesApi } from '../api/addresses-api';
import { showError } from '../../../lib/show-error';
import { useFocusTrap } from '../../../lib/use-focus-trap';
import { addressesAtom, checkoutAddressIdAtom, sessionCheckedAtom, userAtom, type SavedAddress } from '../../../state/atoms';
import { AddressForm } from './address-form';
import './addresses.css';
import { Loading } from '../../../components/loading';
import { paths } from '../../../lib/paths';

/** The add/edit dialog: a modal with its own heading; Escape or Cancel closes it. */
function AddressDialog({ existing, onClose, onSaved }: { existing?: SavedAddress | undefined; onClose: () => void; onSaved: (address: SavedAddress) => void }) {
  const box = useRef<HTMLDivElement | null>(null);
  const { t } = useTranslation();
  const keepFocus = useFocusTrap(box, (node) => node.querySelector<HTMLElement>('input, textarea, select'));
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);
  const title = existing ? t('address.editTitle') : t('address.addTitle');
  return (
    <div className="address-modal-backdrop">
      <div className="address-modal" role="dialog" aria-modal="true" aria-labelledby="address-dialog-title" ref={box} onKeyDown={keepFocus}>
        <h2 id="address-dialog-title">{title}</h2>
        <AddressForm existing={existing} onSaved={onSaved} onCancel={onClose} />
      </div>
    </div>
  );
}

/** /dashboard/address: the shopper's saved addresses, add ('Save Address'), edit ('Address Updated'), remove ('Address Remove'). */
export default function AddressPage() {
  const { t } = useTranslation();
  const addressLines = useAddressLines();
  const user = useAtomValue(userAtom);
  const checked = useAtomValue(sessionCheckedAtom);
  const [addresses, setAddresses] = useAtom(addressesAtom);
  const [checkoutAddress, setCheckoutAddress] = useAtom(checkoutAddressIdAtom);
  const [params, setParams] = useSearchParams();
  const [editing, setEditing] = useState<SavedAddress | 'new' | null>(params.get('new') === '1' ? 'new' : null);
  const [failed, setFailed] = useState(false);

  const load = useCallback(async () => {
    try {
      setAddresses((await addressesApi.listOwn()).data);
      setFailed(false);
    } catch (error) {
      setFailed(true);
      showError(error);
    }
  }, [setAddresses]);

  useEffect(() => {
    if (user) void load();
  }, [load, user]);

  const close = useCallback(() => {
    setEditing(null);
    if (params.has('new')) setParams({}, { replace: true });
  }, [params, setParams]);

  const saved = (address: SavedAddress) => {
    setAddresses((old) => [address, ...(old ?? []).filter((other) => other._id !== address._id)]);
    setEditing(null);
    if (params.has('new')) setParams({}, { replace: true });
  };

  const remove = async (address: SavedAddress) => {
    try {
      await addressesApi.disable(address._id);
      setAddresses((old) => (old ?? []).filter((other) => other._id !== address._id));
      if (checkoutAddress === address._id) setCheckoutAddress(null);
      toast.success(t('address.removed'));
    } catch (error) {
      showError(error);
    }
  };

  if (!checked) {
    return <Loading />;
  }
  if (!user) {
    return (
      <section className="page-text">
        <h1>{t('account.saveAddress')}</h1>
        <p>
          <Link to={paths.login} state={{ from: paths.dashboard.address }}>
            {t('address.loginToSee')}
          </Link>
        </p>
      </section>
    );
  }

  return (
    <section className="addresses">
      <h1>{t('account.saveAddress')}</h1>
      {addresses === null ? (
        failed ? (
          <p className="field__error" role="alert">
            {t('address.loadFailed')}
          </p>
        ) : (
          <p className="route-loading" role="status">
            {t('address.loading')}
          </p>
        )
      ) : (
        <ul className="address-cards">
          {addresses.length === 0 ? <li className="empty">{t('address.none')}</li> : null}
          {addresses.map((address) => (
            <li key={address._id} className="address-card" aria-label={address.address_line}>
              {addressLines(address).map((line) => (
                <p key={line}>{line}</p>
              ))}
              <p className="address-card__muted">
                {t('address.locationValue', { where: address.country || '-' })}
              </p>
              <div className="address-card__actions">
                <button type="button" className="button button--ghost" onClick={() => setEditing(address)} aria-label={t('address.editNamed', { name: address.address_line })}>
                  {t('address.edit')}
                </button>
                <button type="button" className="button button--ghost address-card__remove" onClick={() => void remove(address)} aria-label={t('address.removeNamed', { name: address.address_line })}>
                  {t('address.remove')}
                </button>
              </div>
            </li>
          ))}
          <li>
            <button type="button" className="address-card address-card--add" onClick={() => setEditing('new')}>
              + {t('checkout.addAddress')}
            </button>
          </li>
        </ul>
      )}
      {editing ? <AddressDialog existing={editing === 'new' ? undefined : editing} onClose={close} onSaved={saved} /> : null}
    </section>
  );
}
