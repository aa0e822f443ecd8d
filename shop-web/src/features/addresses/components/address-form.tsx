import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import toast from 'react-hot-toast';
import type {
  ENDPOINTS} from '@kade/shared';
import {
  addressCreateSchema,
  addressUpdateSchema,
  formatKm,
  issueRule,
  locationText,
  MOBILE_LENGTH,
  PLACE_TYPES,
  type BodyOf,
} from '@kade/shared';
import { addressesApi } from '../api/addresses-api';
import { showError } from '../../../lib/show-error';
import { ADDRESS_LABEL_KEYS, validationText } from '../../../lib/validation-text';
import type { SavedAddress } from '../../../state/atoms';
import { useZoneLocation, type LocationState } from '../hooks/use-zone-location';
import { useShopConfig } from '../../../lib/shop-config';

type WireField = 'address_line' | 'city' | 'state' | 'pincode' | 'mobile';
type Values = Record<WireField, string>;
type Errors = Partial<Record<WireField | 'location', string>>;

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

/** Where the store delivers: 'We deliver within 1.75 km of <the store's address>.' (the zone and address of the store's settings). */
function ZoneLine() {
  const { t } = useTranslation();
  const { deliveryZone, address } = useShopConfig();
  return <p className="location__zone">{t('roughEdges.location.zone', { radius: formatKm(deliveryZone.radiusKm), address })}</p>;
}

/**
 * How to let the shop see the location (issue 36): in the Kade app, the phone's settings for the app; in a browser,
 * the site's settings beside the address bar; either way the phone's location switched on.
 */
function AllowLocationHelp() {
  const { t } = useTranslation();
  const { insideShell } = useShopConfig();
  const id = useId();
  return (
    <section className="location__help" aria-labelledby={id}>
      <h3 id={id} className="location__help-title">
        {t('roughEdges.location.howTitle')}
      </h3>
      <p>{insideShell ? t('roughEdges.location.howInApp') : t('roughEdges.location.howInBrowser')}</p>
    </section>
  );
}

function LocationStatus({ location }: { location: LocationState }) {
  const { t } = useTranslation();
  const { deliveryZone, address } = useShopConfig();
  switch (location.status) {
    case 'idle':
      return (
        <>
          <p className="location__text">{t('address.detectPrompt')}</p>
          <ZoneLine />
        </>
      );
    case 'fetching':
      return (
        <p className="location__text" role="status">
          {t('address.detecting')}
        </p>
      );
    case 'confirmed':
      return (
        <p className="location__text location__text--ok" role="status">
          {t('address.confirmed', { where: locationText(location.position) })}
        </p>
      );
    case 'outside': {
      // how far, and the zone; SPEC.md's advice to step outside only where a better fix could bring the shopper inside
      const away = { distance: formatKm(location.standing.distanceKm), radius: formatKm(deliveryZone.radiusKm), address };
      return (
        <div className="location__text location__text--bad" role="alert">
          {location.standing.couldBeInside ? <p>{t('address.outside')}</p> : null}
          <p>{t('roughEdges.location.howFar', away)}</p>
        </div>
      );
    }
    default:
      return (
        <>
          <p className="location__text location__text--bad" role="alert">
            {location.reason === 'unsupported' ? t('address.unsupported') : t('address.unavailable')}
          </p>
          {location.reason === 'failed' ? <AllowLocationHelp /> : null}
          <ZoneLine />
        </>
      );
  }
}

/**
 * The customer's add and edit address form (SPEC.md sections 3 and 5, fields labelled by what they hold).
 * Adding needs a detected position inside the zone; editing may keep the saved one or detect again.
 */
export function AddressForm({ existing, onSaved, onCancel }: { existing?: SavedAddress | undefined; onSaved: (address: SavedAddress) => void; onCancel: () => void }) {
  const id = useId();
  const { t } = useTranslation();
  const fieldLabel = (field: WireField) => t(ADDRESS_LABEL_KEYS[field]);
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
        // An empty field says which one is missing; the contact mobile keeps SPEC.md's exact texts; the rest
        // say the rule the shared schema names, in the shopper's language.
        found[field] =
          field !== 'pincode' && values[field].trim() === '' ? t('validation.required', { field: fieldLabel(field) }) : validationText(issueRule(issue), fieldLabel(field));
      }
      setErrors(found);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      // checked by the same schema just above: what the server will take
      const sent = body as BodyOf<typeof ENDPOINTS.addresses.create> & BodyOf<typeof ENDPOINTS.addresses.update>;
      const answer = await (editing ? addressesApi.update(sent) : addressesApi.create(sent));
      toast.success(editing ? t('address.updated') : t('address.saved'));
      onSaved(answer.data);
    } catch (error) {
      showError(error);
    } finally {
      setBusy(false);
    }
  };

  const textInput = (field: WireField, extra: { autoComplete?: string; maxLength?: number } = {}) => (
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
      <Row id={`${id}-address_line`} label={fieldLabel('address_line')} error={errors.address_line}>
        {textInput('address_line', { maxLength: 100 })}
      </Row>
      <Row id={`${id}-city`} label={fieldLabel('city')} error={errors.city}>
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
      <Row id={`${id}-state`} label={editing ? t('address.optional', { field: fieldLabel('state') }) : fieldLabel('state')} error={errors.state}>
        {textInput('state', { maxLength: 200 })}
      </Row>
      <Row id={`${id}-pincode`} label={fieldLabel('pincode')} error={errors.pincode}>
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
      <Row id={`${id}-mobile`} label={fieldLabel('mobile')} error={errors.mobile}>
        <select
          id={`${id}-mobile`}
          value={values.mobile}
          onChange={(event) => set('mobile')(event.target.value)}
          aria-invalid={errors.mobile ? true : undefined}
          aria-describedby={describedBy('mobile')}
        >
          <option value="">{t('address.choose')}</option>
          {PLACE_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`address.place.${type}`)}
            </option>
          ))}
        </select>
      </Row>
      <div className="location">
        <LocationStatus location={location} />
        <button type="button" className="button button--ghost" onClick={() => void detect()} disabled={location.status === 'fetching'}>
          {location.status === 'idle' ? t('address.detect') : location.status === 'failed' ? t('roughEdges.location.tryAgain') : t('address.detectAgain')}
        </button>
      </div>
      <div className="address-form__actions">
        <button type="button" className="button button--ghost" onClick={onCancel}>
          {t('common.cancel')}
        </button>
        <button type="submit" className="button button--primary" disabled={busy || !positionOk}>
          {t('address.save')}
        </button>
      </div>
    </form>
  );
}
