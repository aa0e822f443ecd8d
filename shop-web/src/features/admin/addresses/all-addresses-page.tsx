// /dashboard/alladdress — 'All User Addresses': every customer's addresses, searched on the phone
// (name, e-mail, city, address line, pincode, country), each card labelled by what its fields hold, and
// 'Edit Address' to correct one (the server checks the values; the list reloads after a save).
import { useCallback, useEffect, useMemo, useState } from 'react';
import { ADDRESS_FIELD_LABELS, TEXT, matchesAddressSearch } from '@kade/shared';
import { adminAddressesApi } from './api/addresses-api';
import { addressesLoadFailure } from './load-failure';
import { useFormatDateTime } from '../../../lib/shop-clock';
import { EditAddressDialog, type AdminAddress } from './edit-address-dialog';
import { SearchBox } from '../../../components/search-box';
import './addresses.css';

type Phase = { kind: 'loading' } | { kind: 'error'; message: string } | { kind: 'ready'; addresses: AdminAddress[] };

function ownerOf(address: AdminAddress) {
  return typeof address.userId === 'object' && address.userId !== null ? address.userId : { name: '', email: '', mobile: '' };
}

function AddressCard({ address, onEdit }: { address: AdminAddress; onEdit: () => void }) {
  const format = useFormatDateTime();
  const owner = ownerOf(address);
  const rows: Array<[string, string]> = [
    ['E-mail', owner.email],
    ['User mobile', owner.mobile || '-'],
    [ADDRESS_FIELD_LABELS.address_line, address.address_line],
    [ADDRESS_FIELD_LABELS.city, address.city],
    [ADDRESS_FIELD_LABELS.state, address.state],
    [ADDRESS_FIELD_LABELS.pincode, address.pincode],
    [ADDRESS_FIELD_LABELS.country, address.country],
    [ADDRESS_FIELD_LABELS.mobile, address.mobile],
  ];
  return (
    <li className="address-card" data-testid="address-card">
      <h2 className="address-card__name">{owner.name || '-'}</h2>
      <dl className="address-card__fields">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value || '-'}</dd>
          </div>
        ))}
        <div>
          <dt>Status</dt>
          <dd>
            <span className={address.status ? 'address-status address-status--active' : 'address-status address-status--disabled'}>
              {address.status ? TEXT.addressActive : TEXT.addressDisabled}
            </span>
          </dd>
        </div>
        <div>
          <dt>Added</dt>
          <dd>{format(address.createdAt)}</dd>
        </div>
      </dl>
      <button type="button" className="button button--ghost" onClick={onEdit} aria-label={`Edit address ${address.address_line || ''} of ${owner.name || 'this user'}`}>
        Edit
      </button>
    </li>
  );
}

export default function AllAddressesPage() {
  const [phase, setPhase] = useState<Phase>({ kind: 'loading' });
  const [query, setQuery] = useState('');
  const [editing, setEditing] = useState<AdminAddress | null>(null);

  const load = useCallback(async () => {
    try {
      const answer = await adminAddressesApi.listAll();
      setPhase({ kind: 'ready', addresses: answer.data });
    } catch (error) {
      setPhase({ kind: 'error', message: addressesLoadFailure(error) });
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  const shown = useMemo(() => (phase.kind === 'ready' ? phase.addresses.filter((a) => matchesAddressSearch(a, query)) : []), [phase, query]);

  return (
    <section className="all-addresses" aria-labelledby="all-addresses-title">
      <h1 id="all-addresses-title">{TEXT.allUserAddresses}</h1>
      <SearchBox className="all-addresses__search" label={TEXT.searchAddressesPlaceholder} value={query} onChange={setQuery} />
      {phase.kind === 'loading' ? (
        <p className="empty" role="status">
          {TEXT.loadingAddresses}
        </p>
      ) : null}
      {phase.kind === 'error' ? (
        <p className="empty address-error" role="alert">
          {phase.message}
        </p>
      ) : null}
      {phase.kind === 'ready' && shown.length === 0 ? <p className="empty">{TEXT.noAddressesFound}</p> : null}
      {shown.length > 0 ? (
        <ul className="address-grid">
          {shown.map((address) => (
            <AddressCard key={address._id} address={address} onEdit={() => setEditing(address)} />
          ))}
        </ul>
      ) : null}
      {editing ? (
        <EditAddressDialog
          address={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void load();
          }}
        />
      ) : null}
    </section>
  );
}
