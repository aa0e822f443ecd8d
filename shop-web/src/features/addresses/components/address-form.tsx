import { useId, useState, type FormEvent, type ReactNode } from 'react';
import toast from 'react-hot-toast';
import {
  ADDRESS_FIELD_LABELS,
  addressCreateSchema,
  addressUpdateSchema,
  locationText,
  MOBILE_LENGTH,
  PLACE_TYPES,
  TEXT,
} from '@kade/shared';
import { api } from '../../../lib/api-client';
import { showError } from '../../../lib/show-error';
import type { SavedAddress } from '../../../state/atoms';
import { useZoneLocation, type LocationState } from '../hooks/use-zone-location';

type WireField = 'address_line' | 'city' | 'state' | 'pincode' | 'mobile';
type Values = Record<WireField, string>;
type Errors = Partial<Record<WireField | 'location', string>>;

const LABELS = ADDRESS_FIELD_LABELS;

function Row({ id, label, error, children }: { id: string; label: string; error: string | undefined; children: ReactNode }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children}
      {error ? (
        <p className="field__error" id={`${id}-error`} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function LocationStatus({ location }: { location: LocationState }) {
  switch (location.status) {
    case 'idle':
      return <p className="location__text">Detect your location to confirm we deliver there.</p>;
    case 'fetching':
      return (
        <p className="location__text" role="status">
          Detecting your location…
        </p>
      );
    case 'confirmed':
      return (
        <p className="location__text location__text--ok" role="status">
          Location confirmed: inside our delivery area ({locationText(location.position)}).
        </p>
      );
    default:
      return (
        <p className="location__text location__text--bad" role="alert">
          {location.message}
        </p>
      );
  }
}

/**
 * The customer's add and edit address form (SPEC.md sections 3 and 5, fields labelled by what they hold).
 * Adding needs a detected position inside the zone; editing may keep the saved one or detect again.
 */
export function AddressForm({ existing, onSaved, onCancel }: { existing?: SavedAddress | undefined; onSaved: (address: SavedAddress) => void; onCancel: () => void }) {
  const id = useId();
  const { location, detect } = useZoneLocation();
  const [values, setValues] = useState<Values>({
    address_line: existing?.address_line ?? '',
    city: existing?.city ?? '',
    state: existing?.state ?? '',
    pincode: existing?.pincode ?? '',
    mobile: existing?.mobile ?? '',
  });
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const editing = !!existing;
  const positionOk = location.status === 'confirmed' || (editing && location.status === 'idle');

  const set = (field: WireField) => (value: string) => setValues((old) => ({ ...old, [field]: value }));
  const describedBy = (field: WireField) => (errors[field] ? `${id}-${field}-error` : undefined);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!positionOk) return;
    const position = location.status === 'confirmed' ? location.position : null;
    const body = {
      ...(existing ? { _id: existing._id } : {}),
      ...values,
      ...(position ? { country: locationText(position), latitude: position.lat, longitude: position.lng, accuracy: position.accuracy } : {}),
    };
    const parsed = (editing ? addressUpdateSchema : addressCreateSchema).safeParse(body);
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as WireField;
        if (!(field in values) || found[field]) continue;
        // An empty field says which one is missing; the contact mobile keeps SPEC.md's exact texts.
        found[field] =
          field !== 'pincode' && values[field].trim() === '' ? `${LABELS[field]} is required` : issue.message.charAt(0).toUpperCase() + issue.message.slice(1);
      }
      setErrors(found);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const answer = await api<SavedAddress>(editing ? 'PUT' : 'POST', editing ? '/api/address/update' : '/api/address/create', body);
      toast.success(editing ? TEXT.addressUpdated : answer.message);
      onSaved(answer.data);
    } catch (error) {
      showError(error);
    } finally {
      setBusy(false);
    }
  };

  const text = (field: WireField, extra: { autoComplete?: string; maxLength?: number } = {}) => (
    <input
      id={`${id}-${field}`}
      value={values[field]}
      onChange={(event) => set(field)(event.target.value)}
      aria-invalid={errors[field] ? true : undefined}
      aria-describedby={describedBy(field)}
      {...extra}
    />
  );

  return (
    <form className="address-form" onSubmit={(event) => void submit(event)} noValidate>
      <Row id={`${id}-address_line`} label={LABELS.address_line} error={errors.address_line}>
        {text('address_line', { maxLength: 100 })}
      </Row>
      <Row id={`${id}-city`} label={LABELS.city} error={errors.city}>
        <textarea
          id={`${id}-city`}
          rows={2}
          maxLength={500}
          value={values.city}
          onChange={(event) => set('city')(event.target.value)}
          aria-invalid={errors.city ? true : undefined}
          aria-describedby={describedBy('city')}
        />
      </Row>
      <Row id={`${id}-state`} label={editing ? `${LABELS.state} (optional)` : LABELS.state} error={errors.state}>
        {text('state', { maxLength: 200 })}
      </Row>
      <Row id={`${id}-pincode`} label={LABELS.pincode} error={errors.pincode}>
        <input
          id={`${id}-pincode`}
          type="tel"
          inputMode="numeric"
          maxLength={MOBILE_LENGTH}
          value={values.pincode}
          onChange={(event) => set('pincode')(event.target.value.replace(/\D/g, '').slice(0, MOBILE_LENGTH))}
          aria-invalid={errors.pincode ? true : undefined}
          aria-describedby={describedBy('pincode')}
        />
      </Row>
      <Row id={`${id}-mobile`} label={LABELS.mobile} error={errors.mobile}>
        <select
          id={`${id}-mobile`}
          value={values.mobile}
          onChange={(event) => set('mobile')(event.target.value)}
          aria-invalid={errors.mobile ? true : undefined}
          aria-describedby={describedBy('mobile')}
        >
          <option value="">Choose…</option>
          {PLACE_TYPES.map((type) => (
            <option key={type} value={type}>
              {type}
            </option>
          ))}
        </select>
      </Row>
      <div className="location">
        <LocationStatus location={location} />
        <button type="button" className="button button--ghost" onClick={() => void detect()} disabled={location.status === 'fetching'}>
          {location.status === 'idle' ? 'Detect my location' : 'Detect again'}
        </button>
      </div>
      <div className="address-form__actions">
        <button type="button" className="button button--ghost" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="button button--primary" disabled={busy || !positionOk}>
          Save Address
        </button>
      </div>
    </form>
  );
}
