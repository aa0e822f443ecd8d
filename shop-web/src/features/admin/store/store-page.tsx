// /dashboard/store — the admin's Store page (issue 19): each delivery option's capacity, the most open orders
// (Pending, Processing, Shipped) it may hold at once, empty for no limit, beside its open orders now (live, from
// the ordering state). What is typed goes to the server as it is: the server checks it and names the field.
import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { DELIVERY_OPTIONS, type DeliveryOptionLabel } from '@kade/shared';
import { ApiError } from '../../../lib/api-client';
import { storeApi } from './api/store-api';
import { useOrdering, useRefreshOrdering } from '../../../state/ordering';
import { Loading } from '../../../components/loading';
import './store.css';

type Capacities = Partial<Record<DeliveryOptionLabel, number | null>>;
type Typed = Record<DeliveryOptionLabel, string>;

const shown = (capacities: Capacities): Typed =>
  Object.fromEntries(DELIVERY_OPTIONS.map((option) => [option.label, capacities[option.label] == null ? '' : String(capacities[option.label])])) as Typed;

/** Empty is no limit (null); whole numbers go as numbers; anything else goes as typed, for the server to refuse by name. */
function toWire(text: string): number | string | null {
  const value = text.trim();
  if (value === '') return null;
  return /^\d+$/.test(value) ? Number(value) : value;
}

interface Problem {
  message: string;
  /** The option whose field the server named, when it named one. */
  label: DeliveryOptionLabel | null;
}

export default function StorePage() {
  const ordering = useOrdering();
  const refreshOrdering = useRefreshOrdering();
  const [typed, setTyped] = useState<Typed | null>(null);
  const [loadError, setLoadError] = useState('');
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const formId = useId();

  const load = useCallback(async () => {
    setLoadError('');
    try {
      const answer = await storeApi.capacities();
      setTyped(shown(answer.data.capacities));
    } catch (error) {
      setLoadError(error instanceof ApiError && error.message ? error.message : 'The store settings could not be loaded.');
    }
  }, []);

  useEffect(() => {
    void load();
    void refreshOrdering();
  }, [load, refreshOrdering]);

  // A refusal naming one option's field takes the focus there, where its message is read with it.
  useEffect(() => {
    if (!problem?.label) return;
    const code = DELIVERY_OPTIONS.find((option) => option.label === problem.label)?.code;
    document.getElementById(`${formId}-${code}`)?.focus();
  }, [formId, problem]);

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!typed) return;
    setSaving(true);
    setProblem(null);
    try {
      const capacities = Object.fromEntries(DELIVERY_OPTIONS.map((option) => [option.label, toWire(typed[option.label])]));
      const answer = await storeApi.setCapacities({ capacities });
      setTyped(shown(answer.data.capacities));
      toast.success('Capacities saved');
      await refreshOrdering();
    } catch (error) {
      const message = error instanceof ApiError && error.message ? error.message : 'The capacities could not be saved. Please try again.';
      const field = error instanceof ApiError ? (error.field ?? '') : '';
      setProblem({ message, label: DELIVERY_OPTIONS.find((option) => field.includes(option.label))?.label ?? null });
    } finally {
      setSaving(false);
    }
  }

  if (loadError) {
    return (
      <section className="store-page">
        <h1>Store</h1>
        <p role="alert" className="store-page__problem">
          {loadError}
        </p>
        <button type="button" className="button button--ghost" onClick={() => void load()}>
          Try again
        </button>
      </section>
    );
  }
  if (!typed) return <Loading />;

  return (
    <section className="store-page">
      <h1>Store</h1>
      <form className="store-form panel" aria-labelledby={`${formId}-title`} noValidate onSubmit={(event) => void save(event)}>
        <h2 id={`${formId}-title`}>Delivery option capacity</h2>
        <p className="store-form__hint">
          The most open orders (Pending, Processing, Shipped) each option may hold at once. A full option shows &lsquo;Full now&rsquo; to shoppers and suggests the next one.
          Leave it empty for no limit.
        </p>
        {DELIVERY_OPTIONS.map((option) => {
          const state = ordering?.options.find((each) => each.label === option.label);
          const inputId = `${formId}-${option.code}`;
          const ownProblem = problem?.label === option.label;
          return (
            <div key={option.code} className="store-option">
              <label htmlFor={inputId} className="store-option__label">
                {option.label}
              </label>
              <input
                id={inputId}
                className="store-option__input"
                inputMode="numeric"
                autoComplete="off"
                placeholder="No limit"
                value={typed[option.label]}
                aria-invalid={ownProblem || undefined}
                aria-describedby={`${inputId}-now${ownProblem ? ` ${inputId}-problem` : ''}`}
                onChange={(event) => setTyped({ ...typed, [option.label]: event.target.value })}
              />
              <p id={`${inputId}-now`} className="store-option__now">
                {state ? `Open orders now: ${state.openOrders}` : 'Open orders now: unknown'}
                {state && !state.available && state.reason ? ` · ${state.reason.message}` : ''}
              </p>
              {ownProblem ? (
                <p id={`${inputId}-problem`} className="store-page__problem">
                  {problem.message}
                </p>
              ) : null}
            </div>
          );
        })}
        <div role="alert" className="store-page__problem">
          {problem && !problem.label ? problem.message : ''}
        </div>
        <div>
          <button type="submit" className="button button--primary" disabled={saving}>
            {saving ? 'Saving…' : 'Save'}
          </button>
        </div>
      </form>
    </section>
  );
}
