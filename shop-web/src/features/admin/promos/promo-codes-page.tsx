// /dashboard/promo-codes (issue 35, promotions.manage): the promo codes, made and deleted here. A code is FIXED
// (rupees off) or PERCENT, with a minimum basket, uses in all and per shopper (blank: no limit) and the last day it
// works (3 days from today unless changed; it ends at that day's midnight on the shop's clock). The server checks
// every field and says what it refuses.
import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { dayBounds, formatRs, localDay, promoExpiresAt, rupeesToPaise, type PromoCodeWire, type PromoKind } from '@kade/shared';
import { Loading } from '../../../components/loading';
import { showError } from '../../../lib/show-error';
import { serverNow } from '../../../lib/server-clock';
import { useShopConfig } from '../../../lib/shop-config';
import { useFormatDateTime } from '../../../lib/shop-clock';
import { promosApi } from './api/promos-api';
import './promos.css';

/** What a code takes off, as the list says it: 'Rs.100.00 off' or '10% off'. */
export const promoValueText = (code: Pick<PromoCodeWire, 'kind' | 'value'>): string => (code.kind === 'PERCENT' ? `${code.value}% off` : `${formatRs(rupeesToPaise(code.value))} off`);

const optionalCount = (text: string): number | undefined => (text.trim() === '' ? undefined : Number(text));

function CreateCode({ onCreated }: { onCreated: () => void }) {
  const { timeZone } = useShopConfig();
  const [code, setCode] = useState('');
  const [kind, setKind] = useState<PromoKind>('FIXED');
  const [value, setValue] = useState('');
  const [minBasket, setMinBasket] = useState('0');
  const [maxUses, setMaxUses] = useState('');
  const [perCustomer, setPerCustomer] = useState('1');
  const [lastDay, setLastDay] = useState(() => localDay(promoExpiresAt(new Date(serverNow())), timeZone));
  const [saving, setSaving] = useState(false);
  const titleId = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    try {
      const answer = await promosApi.create({
        code,
        kind,
        value: Number(value),
        minBasket: Number(minBasket || 0),
        maxUses: optionalCount(maxUses),
        perCustomer: optionalCount(perCustomer),
        // the code works through the whole of its last day on the shop's clock
        expiresAt: new Date(dayBounds(lastDay, timeZone).end.getTime() - 1000).toISOString(),
      });
      toast.success(answer.message);
      setCode('');
      setValue('');
      onCreated();
    } catch (error) {
      showError(error);
    } finally {
      setSaving(false);
    }
  }

  return (
    <section className="panel promo-create" aria-labelledby={titleId}>
      <h2 id={titleId}>New promo code</h2>
      <form className="promo-create__form" onSubmit={(event) => void submit(event)} noValidate>
        <label className="dash-field">
          <span>Code</span>
          <input value={code} maxLength={32} autoCapitalize="characters" onChange={(event) => setCode(event.target.value.toUpperCase())} />
        </label>
        <label className="dash-field">
          <span>Kind</span>
          <select value={kind} onChange={(event) => setKind(event.target.value as PromoKind)}>
            <option value="FIXED">Fixed (Rs.)</option>
            <option value="PERCENT">Percent (%)</option>
          </select>
        </label>
        <label className="dash-field">
          <span>{kind === 'PERCENT' ? 'Percent off' : 'Rupees off'}</span>
          <input inputMode="decimal" value={value} onChange={(event) => setValue(event.target.value)} />
        </label>
        <label className="dash-field">
          <span>Minimum basket (Rs.)</span>
          <input inputMode="decimal" value={minBasket} onChange={(event) => setMinBasket(event.target.value)} />
        </label>
        <label className="dash-field">
          <span>Uses in all (blank: no limit)</span>
          <input inputMode="numeric" value={maxUses} onChange={(event) => setMaxUses(event.target.value)} />
        </label>
        <label className="dash-field">
          <span>Uses per shopper (blank: no limit)</span>
          <input inputMode="numeric" value={perCustomer} onChange={(event) => setPerCustomer(event.target.value)} />
        </label>
        <label className="dash-field">
          <span>Last day</span>
          <input type="date" value={lastDay} onChange={(event) => setLastDay(event.target.value)} />
        </label>
        <button type="submit" className="button button--primary" disabled={saving || code.trim() === '' || value.trim() === '' || lastDay === ''}>
          Create code
        </button>
      </form>
    </section>
  );
}

export default function PromoCodesPage() {
  const when = useFormatDateTime();
  const [codes, setCodes] = useState<PromoCodeWire[] | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      setCodes((await promosApi.list()).data);
    } catch (error) {
      showError(error);
      setCodes([]);
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  async function remove(promo: PromoCodeWire) {
    setBusy(promo._id);
    try {
      const answer = await promosApi.remove(promo._id);
      toast.success(answer.message);
      await load();
    } catch (error) {
      showError(error);
    } finally {
      setBusy(null);
    }
  }

  return (
    <section className="promos-page" aria-labelledby="promos-title">
      <h1 id="promos-title">Promo codes</h1>
      <CreateCode onCreated={() => void load()} />
      {codes === null ? (
        <Loading />
      ) : codes.length === 0 ? (
        <p className="empty">No promo codes yet.</p>
      ) : (
        <div className="promos-table-wrap">
          <table className="promos-table">
            <thead>
              <tr>
                <th scope="col">Code</th>
                <th scope="col">Takes off</th>
                <th scope="col">Minimum basket</th>
                <th scope="col">Used</th>
                <th scope="col">Per shopper</th>
                <th scope="col">Expires</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {codes.map((promo) => (
                <tr key={promo._id} aria-label={promo.code}>
                  <th scope="row">{promo.code}</th>
                  <td>{promoValueText(promo)}</td>
                  <td>{formatRs(rupeesToPaise(promo.minBasket))}</td>
                  <td>
                    {promo.uses}
                    {promo.maxUses === null ? '' : ` of ${promo.maxUses}`}
                  </td>
                  <td>{promo.perCustomer ?? 'No limit'}</td>
                  <td>{when(promo.expiresAt)}</td>
                  <td>
                    <button type="button" className="button button--ghost" disabled={busy === promo._id} onClick={() => void remove(promo)} aria-label={`Delete ${promo.code}`}>
                      Delete
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
