// /rider: the delivery partner's phone screen (issue 20). The shift switch, the orders assigned to them as
// cards (customer, a call button, the address and landmark, a map link, the option's promise, the cash to collect
// in large type), then 'Picked up', 'Delivered, cash collected Rs.N' (or another amount with a reason) and
// 'Could not deliver' with a reason; below, what they delivered today. It re-reads the list whenever the server
// says one of their orders changed (`rider:orders`) and after the socket comes back.
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useAtomValue } from 'jotai';
import { Navigate, useLocation } from 'react-router-dom';
import toast from 'react-hot-toast';
import { can, formatRs, rupeesToPaise, SOCKET_EVENTS, type RiderOrderWire, type RiderOrdersWire } from '@kade/shared';
import { ApiError, api } from '../../lib/api-client';
import { useSocketEvents } from '../../lib/realtime';
import { showError } from '../../lib/show-error';
import { useFormatDateTime } from '../../lib/shop-clock';
import { useShopConfig } from '../../lib/shop-config';
import { sessionCheckedAtom, userAtom } from '../../state/atoms';
import { useLogout } from '../../state/session';
import { Loading } from '../../components/loading';
import { StatusBadge } from '../../components/status-badge';
import { CashForm, ReasonFields } from '../../components/cash-form';
import { CASH_TEXT, RETURN_REASONS, reasonComplete, reasonText } from '../../components/cash-entry';
import './rider.css';

export const RIDER_TEXT = {
  title: 'My deliveries',
  onShift: 'On shift',
  shiftOn: 'You are on shift: staff can give you orders.',
  shiftOff: 'You are off shift: staff will not give you new orders.',
  empty: 'No deliveries assigned to you',
  emptyHint: 'New orders appear here by themselves when staff give them to you.',
  failed: 'Your deliveries could not be loaded.',
  tryAgain: 'Try again',
  deliveredToday: 'Delivered today',
  collect: 'Cash to collect',
  paid: 'Already paid',
  call: (name: string) => `Call ${name}`,
  map: 'Open map',
  landmark: 'Landmark',
  pickedUp: 'Picked up',
  pickedUpDone: 'Picked up: on the way.',
  delivered: 'Marked delivered. Thank you!',
  couldNotDeliver: 'Could not deliver',
  returnLegend: 'Why could it not be delivered?',
  returnSend: 'Return the order to the store',
  returned: 'The store has been told: bring the order back.',
  collected: (amount: string) => `Collected ${amount}`,
  signOut: 'Sign out',
  noPermission: 'This page is for the shop’s riders.',
} as const;

type Loaded = { kind: 'loading' } | { kind: 'failed'; message: string } | { kind: 'ready'; data: RiderOrdersWire };

function isOpen(order: RiderOrderWire): boolean {
  return order.deliveredAt === null && order.status !== 'Delivered';
}

const rs = (rupees: number) => formatRs(rupeesToPaise(rupees));

/** 'Could not deliver': a reason from the list (a note for Other), then the order goes back to the store. */
function ReturnForm({ order, busy, onSubmit, onCancel }: { order: RiderOrderWire; busy: boolean; onSubmit: (reason: string) => void; onCancel: () => void }) {
  const [choice, setChoice] = useState('');
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState('');
  const id = useId();
  function submit(event: FormEvent) {
    event.preventDefault();
    if (!reasonComplete(choice, note)) {
      setProblem(CASH_TEXT.reasonNeeded);
      return;
    }
    setProblem('');
    onSubmit(reasonText(choice, note));
  }
  return (
    <form className="cash-form" onSubmit={submit} noValidate aria-label={`Could not deliver order ${order.ref}`}>
      <ReasonFields id={id} legend={RIDER_TEXT.returnLegend} reasons={RETURN_REASONS} choice={choice} onChoice={setChoice} note={note} onNote={setNote} />
      {problem ? (
        <p className="form-problem" role="alert">
          {problem}
        </p>
      ) : null}
      <div className="cash-form__actions">
        <button type="submit" className="button rider-card__danger" disabled={busy} aria-busy={busy}>
          {RIDER_TEXT.returnSend}
        </button>
        <button type="button" className="button button--ghost" onClick={onCancel} disabled={busy}>
          {CASH_TEXT.cancel}
        </button>
      </div>
    </form>
  );
}

type Panel = 'none' | 'amount' | 'return';

function OpenOrderCard({ order, onChanged }: { order: RiderOrderWire; onChanged: () => void }) {
  const [busy, setBusy] = useState(false);
  const [panel, setPanel] = useState<Panel>('none');
  const headingId = useId();
  const pickedUp = order.pickedUpAt !== null || order.status !== 'Processing';

  async function run(path: string, body: Record<string, unknown>, done: string) {
    setBusy(true);
    try {
      await api('PUT', path, { orderId: order.id, ...body });
      toast.success(done);
      setPanel('none');
    } catch (error) {
      showError(error);
    } finally {
      setBusy(false);
      // The list is the server's: read it again whether the call went through or someone changed the order first.
      onChanged();
    }
  }

  const deliver = (cashCollected: number, reason?: string) => void run('/api/orders/deliver', { cashCollected, ...(reason ? { reason } : {}) }, RIDER_TEXT.delivered);

  return (
    <article className="rider-card" aria-labelledby={headingId} data-testid="rider-order">
      <header className="rider-card__head">
        <h3 id={headingId} className="rider-card__ref">
          Order #{order.ref}
        </h3>
        <StatusBadge status={order.status} />
      </header>
      <p className="rider-card__customer">{order.customerName}</p>
      <a className="button rider-card__call" href={`tel:${order.customerMobile}`}>
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
          <path d="M6.6 10.8a15.1 15.1 0 0 0 6.6 6.6l2.2-2.2a1 1 0 0 1 1-.25 11.4 11.4 0 0 0 3.6.57 1 1 0 0 1 1 1V20a1 1 0 0 1-1 1A17 17 0 0 1 3 4a1 1 0 0 1 1-1h3.5a1 1 0 0 1 1 1c0 1.25.2 2.45.57 3.57a1 1 0 0 1-.25 1z" fill="currentColor" />
        </svg>
        {RIDER_TEXT.call(order.customerName)} <span className="rider-card__number">{order.customerMobile}</span>
      </a>
      <address className="rider-card__address">
        <span>{order.address.text}</span>
        {order.address.landmark ? (
          <span>
            <strong>{RIDER_TEXT.landmark}:</strong> {order.address.landmark}
          </span>
        ) : null}
      </address>
      <a className="button button--ghost rider-card__map" href={order.mapUrl} target="_blank" rel="noreferrer">
        {RIDER_TEXT.map}
        <span className="visually-hidden"> for order {order.ref} (opens in a new tab)</span>
      </a>
      <p className="rider-card__promise">
        <span className="delivery-badge">{order.deliveryOption.name}</span> {order.deliveryOption.promise}
      </p>
      <div className="rider-card__cash">
        <span>{order.cashToCollect > 0 ? RIDER_TEXT.collect : RIDER_TEXT.paid}</span>
        <strong data-testid="cash-to-collect">{rs(order.cashToCollect)}</strong>
      </div>
      {panel === 'amount' ? (
        <CashForm total={order.cashToCollect} busy={busy} orderLabel={`order ${order.ref}`} onSubmit={deliver} onCancel={() => setPanel('none')} />
      ) : null}
      {panel === 'return' ? <ReturnForm order={order} busy={busy} onSubmit={(reason) => void run('/api/orders/return', { reason }, RIDER_TEXT.returned)} onCancel={() => setPanel('none')} /> : null}
      {panel === 'none' ? (
        <div className="rider-card__actions">
          {pickedUp ? (
            <>
              <button type="button" className="button button--primary rider-card__big" disabled={busy} aria-busy={busy} onClick={() => deliver(order.cashToCollect)}>
                {CASH_TEXT.deliveredWith(rs(order.cashToCollect))}
              </button>
              <button type="button" className="button button--ghost" disabled={busy} onClick={() => setPanel('amount')}>
                {CASH_TEXT.otherAmount}
              </button>
            </>
          ) : (
            <button type="button" className="button button--primary rider-card__big" disabled={busy} aria-busy={busy} onClick={() => void run('/api/orders/pickup', {}, RIDER_TEXT.pickedUpDone)}>
              {RIDER_TEXT.pickedUp}
            </button>
          )}
          <button type="button" className="button rider-card__danger" disabled={busy} onClick={() => setPanel('return')}>
            {RIDER_TEXT.couldNotDeliver}
          </button>
        </div>
      ) : null}
    </article>
  );
}

function DeliveredCard({ order }: { order: RiderOrderWire }) {
  const format = useFormatDateTime();
  return (
    <li className="rider-done" data-testid="rider-delivered">
      <span className="rider-done__ref">#{order.ref}</span>
      <span>{order.customerName}</span>
      <span>{order.cashCollected === null ? '' : RIDER_TEXT.collected(rs(order.cashCollected))}</span>
      {order.cashNote ? <span className="rider-done__note">{order.cashNote}</span> : null}
      {order.deliveredAt ? <time dateTime={order.deliveredAt}>{format(order.deliveredAt)}</time> : null}
    </li>
  );
}

function ShiftSwitch({ onShift, onChange }: { onShift: boolean; onChange: (next: boolean) => Promise<void> }) {
  const [busy, setBusy] = useState(false);
  return (
    <div className="rider-shift">
      <button
        type="button"
        role="switch"
        aria-checked={onShift}
        className={onShift ? 'rider-shift__switch rider-shift__switch--on' : 'rider-shift__switch'}
        disabled={busy}
        onClick={() => {
          setBusy(true);
          void onChange(!onShift).finally(() => setBusy(false));
        }}
      >
        <span className="rider-shift__knob" aria-hidden="true" />
        <span>{RIDER_TEXT.onShift}</span>
      </button>
      <p className="rider-shift__text" aria-live="polite">
        {onShift ? RIDER_TEXT.shiftOn : RIDER_TEXT.shiftOff}
      </p>
    </div>
  );
}

function RiderDeliveries() {
  const user = useAtomValue(userAtom);
  const shopName = useShopConfig().name;
  const logout = useLogout();
  const [loaded, setLoaded] = useState<Loaded>({ kind: 'loading' });

  const shown = useRef(false);
  const load = useCallback(async () => {
    try {
      const answer = await api<RiderOrdersWire>('GET', '/api/rider/orders');
      shown.current = true;
      setLoaded({ kind: 'ready', data: answer.data });
    } catch (error) {
      // A list already on screen stays, and a toast says the refresh failed.
      if (shown.current) showError(error);
      else setLoaded({ kind: 'failed', message: error instanceof ApiError && error.message ? error.message : RIDER_TEXT.failed });
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  useEffect(() => {
    document.title = `${RIDER_TEXT.title} · ${shopName}`;
  }, [shopName]);

  useSocketEvents({ [SOCKET_EVENTS.riderOrders]: () => void load() }, () => void load());

  async function setShift(next: boolean) {
    try {
      const answer = await api<{ onShift: boolean }>('PUT', '/api/rider/shift', { onShift: next });
      setLoaded((now) => (now.kind === 'ready' ? { kind: 'ready', data: { ...now.data, onShift: answer.data.onShift } } : now));
    } catch (error) {
      showError(error);
    }
  }

  const open = loaded.kind === 'ready' ? loaded.data.orders.filter(isOpen) : [];
  const done = loaded.kind === 'ready' ? loaded.data.orders.filter((order) => !isOpen(order)) : [];

  return (
    <div className="rider">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="rider__bar">
        <span className="rider__shop">{shopName}</span>
        <span className="rider__name">{user?.name}</span>
        <button type="button" className="button button--ghost rider__signout" onClick={() => void logout()}>
          {RIDER_TEXT.signOut}
        </button>
      </header>
      <main id="main" className="rider__main">
        <h1>{RIDER_TEXT.title}</h1>
        {loaded.kind === 'loading' ? <Loading /> : null}
        {loaded.kind === 'failed' ? (
          <div className="rider__failed" role="alert">
            <p>{loaded.message}</p>
            <button
              type="button"
              className="button button--primary"
              onClick={() => {
                setLoaded({ kind: 'loading' });
                void load();
              }}
            >
              {RIDER_TEXT.tryAgain}
            </button>
          </div>
        ) : null}
        {loaded.kind === 'ready' ? (
          <>
            <ShiftSwitch onShift={loaded.data.onShift} onChange={setShift} />
            <section aria-labelledby="rider-open" className="rider__list">
              <h2 id="rider-open" className="visually-hidden">
                Assigned to you
              </h2>
              {open.length === 0 ? (
                <div className="rider__empty" role="status">
                  <p className="rider__empty-title">{RIDER_TEXT.empty}</p>
                  <p>{RIDER_TEXT.emptyHint}</p>
                </div>
              ) : (
                open.map((order) => <OpenOrderCard key={order.id} order={order} onChanged={() => void load()} />)
              )}
            </section>
            {done.length > 0 ? (
              <section aria-labelledby="rider-done" className="rider__done">
                <h2 id="rider-done">{RIDER_TEXT.deliveredToday}</h2>
                <ul className="rider-done__list">
                  {done.map((order) => (
                    <DeliveredCard key={order.id} order={order} />
                  ))}
                </ul>
              </section>
            ) : null}
          </>
        ) : null}
      </main>
    </div>
  );
}

/** Signed-in riders only: anonymous visitors go to /login and come back; other accounts are told the page is not theirs. */
export default function RiderPage() {
  const user = useAtomValue(userAtom);
  const checked = useAtomValue(sessionCheckedAtom);
  const location = useLocation();
  if (!checked) return <Loading />;
  if (!user) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  if (!can(user.role, 'deliveries.carry')) {
    return (
      <p className="no-permission" role="alert">
        {RIDER_TEXT.noPermission}
      </p>
    );
  }
  return <RiderDeliveries />;
}
