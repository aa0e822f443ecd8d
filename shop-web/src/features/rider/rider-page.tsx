// /rider: the delivery partner's phone screen (issue 20). The shift switch, the orders assigned to them as
// cards (customer, a call button, the address and landmark, a map link, the option's promise, the cash to collect
// in large type), then 'Picked up', 'Delivered, cash collected Rs.N' (asked once more before it is sent, issue 36:
// no one-tap accidents; or another amount with a reason) and
// 'Could not deliver' with a reason; below, what they delivered today. It re-reads the list whenever the server
// says one of their orders changed (`rider:orders`) and after the socket comes back. Its words are the rider's
// language's (the catalogues' `rider.*`, with the shop's language switch in the bar); the reasons still go to the
// store in English, as the staff read them.
import { useCallback, useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { useAtomValue } from 'jotai';
import { Navigate, useLocation } from 'react-router-dom';
import toast from 'react-hot-toast';
import { can, clockTime, deliveryOptionByLabel, formatRs, formatWeight, localName, rupeesToPaise, SOCKET_EVENTS, type RiderOrderWire, type RiderOrdersWire } from '@kade/shared';
import { ApiError } from '../../lib/api-client';
import { riderApi } from './api/rider-api';
import { useSocketEvents } from '../../lib/realtime';
import { errorText, showError } from '../../lib/show-error';
import { useShopperDateTime } from '../../lib/shop-clock';
import { useShopConfig } from '../../lib/shop-config';
import { sessionCheckedAtom, userAtom } from '../../state/atoms';
import { useLogout } from '../../state/session';
import { Loading } from '../../components/loading';
import { StatusBadge } from '../../components/status-badge';
import { LanguageSwitch } from '../../components/language-switch';
import { CashForm, FormEnd, ReasonFields } from '../../components/cash-form';
import { localReason, RETURN_REASONS, reasonComplete, reasonText, type CashReason, type CashWords, type ReturnReason } from '../../components/cash-entry';
import './rider.css';
import { paths } from '../../lib/paths';
import { useLanguage } from '../../state/language';

/** Each reason offered (sent in English) as the rider reads it. */
function reasonLabels(t: TFunction): Record<CashReason | ReturnReason, string> {
  return {
    'Short change': t('rider.reasons.shortChange'),
    'Refused item': t('rider.reasons.refusedItem'),
    'Customer not at home': t('rider.reasons.notAtHome'),
    'Could not find the address': t('rider.reasons.addressNotFound'),
    'Customer refused the order': t('rider.reasons.refusedOrder'),
    Other: t('rider.reasons.other'),
  };
}

/** The cash form's words in the rider's language. */
function useCashWords(): CashWords {
  const { t } = useTranslation();
  return useMemo(() => {
    const labels: Record<string, string> = reasonLabels(t);
    return {
      deliveredWith: (amount) => t('rider.cash.deliveredWith', { amount }),
      otherAmount: t('rider.cash.otherAmount'),
      amountLabel: t('rider.cash.amountLabel'),
      amountInvalid: t('rider.cash.amountInvalid'),
      reasonLegend: t('rider.cash.reasonLegend'),
      reasonNeeded: t('rider.cash.reasonNeeded'),
      noteLabel: t('rider.cash.noteLabel'),
      noteLabelOptional: t('rider.cash.noteLabelOptional'),
      formLabel: (orderRef) => t('rider.cash.formLabel', { ref: orderRef }),
      reason: (reason) => labels[reason] ?? reason,
      cancel: t('common.cancel'),
    };
  }, [t]);
}

type Loaded = { kind: 'loading' } | { kind: 'failed'; message: string } | { kind: 'ready'; data: RiderOrdersWire };

function isOpen(order: RiderOrderWire): boolean {
  return order.deliveredAt === null && order.status !== 'Delivered';
}

const rs = (rupees: number) => formatRs(rupeesToPaise(rupees));

/** 'Could not deliver': a reason from the list (a note for Other), then the order goes back to the store. */
function ReturnForm({ order, busy, words, onSubmit, onCancel }: { order: RiderOrderWire; busy: boolean; words: CashWords; onSubmit: (reason: string) => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const [choice, setChoice] = useState('');
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState('');
  const id = useId();
  function submit(event: FormEvent) {
    event.preventDefault();
    if (!reasonComplete(choice, note)) {
      setProblem(words.reasonNeeded);
      return;
    }
    setProblem('');
    onSubmit(reasonText(choice, note));
  }
  return (
    <form className="cash-form" onSubmit={submit} noValidate aria-label={t('rider.couldNotDeliverOrder', { ref: order.ref })}>
      <ReasonFields id={id} legend={t('rider.returnLegend')} reasons={RETURN_REASONS} choice={choice} onChoice={setChoice} note={note} onNote={setNote} words={words} />
      <FormEnd
        problem={problem}
        problemId={`${id}-problem`}
        submitLabel={t('rider.returnSend')}
        submitClassName="rider-card__danger"
        busy={busy}
        cancelLabel={words.cancel}
        onCancel={onCancel}
      />
    </form>
  );
}

type Panel = 'none' | 'amount' | 'return' | 'confirm';

/** The option's promise as the rider reads it: its name in their language and the time it runs out ('by 14:35'). */
function PromiseLine({ order }: { order: RiderOrderWire }) {
  const { t } = useTranslation();
  const { timeZone } = useShopConfig();
  const code = deliveryOptionByLabel(order.deliveryOption.name)?.code;
  const dueAt = order.deliveryOption.dueAt;
  return (
    <p className="rider-card__promise">
      <span className="delivery-badge">{code ? t(`delivery.${code}`) : order.deliveryOption.name}</span> {dueAt ? t('rider.promise', { time: clockTime(dueAt, timeZone) }) : order.deliveryOption.promise}
    </p>
  );
}

/** What packing sent short (issue 33): each line removed or sent in part, named in the rider's language. */
function ShortLines({ order }: { order: RiderOrderWire }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const lines = order.shortLines ?? [];
  if (lines.length === 0) return null;
  return (
    <section className="rider-card__changed" aria-label={t('rider.changed')} data-testid="rider-short-lines">
      <p className="rider-card__changed-title">{t('rider.changed')}</p>
      <ul>
        {lines.map((line, index) => (
          <li key={index}>{t(line.sent === 0 ? 'rider.removedLine' : 'rider.shortLine', { name: localName(line, language), ordered: line.ordered, sent: line.sent })}</li>
        ))}
      </ul>
    </section>
  );
}

/** The lines sold by weight (issue 34): the weight charged and its amount, 'Carrots 742 g · Rs.356'. */
function WeighedLines({ order }: { order: RiderOrderWire }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const lines = order.weighedLines ?? [];
  if (lines.length === 0) return null;
  return (
    <section className="rider-card__changed" aria-label={t('packWeight.riderTitle')} data-testid="rider-weighed-lines">
      <p className="rider-card__changed-title">{t('packWeight.riderTitle')}</p>
      <ul>
        {lines.map((line, index) => (
          <li key={index}>
            {t(line.weighed ? 'packWeight.riderLine' : 'packWeight.riderLineAsked', { name: localName(line, language), weight: formatWeight(line.grams), amount: rs(line.lineTotal) })}
          </li>
        ))}
      </ul>
    </section>
  );
}

function OpenOrderCard({ order, onChanged }: { order: RiderOrderWire; onChanged: () => void }) {
  const { t } = useTranslation();
  const words = useCashWords();
  const [busy, setBusy] = useState(false);
  const [panel, setPanel] = useState<Panel>('none');
  const headingId = useId();
  const pickedUp = order.pickedUpAt !== null || order.status !== 'Processing';

  async function run(send: () => Promise<unknown>, done: string) {
    setBusy(true);
    try {
      await send();
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

  const deliver = (cashCollected: number, reason?: string) => void run(() => riderApi.deliver({ orderId: order.id, cashCollected, ...(reason ? { reason } : {}) }), t('rider.delivered'));

  return (
    <article className="rider-card" aria-labelledby={headingId} data-testid="rider-order">
      <header className="rider-card__head">
        <h3 id={headingId} className="rider-card__ref">
          {t('rider.order', { ref: order.ref })}
        </h3>
        <StatusBadge status={order.status} translated />
      </header>
      <p className="rider-card__customer">{order.customerName}</p>
      <a className="button rider-card__call" href={`tel:${order.customerMobile}`}>
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
          <path d="M6.6 10.8a15.1 15.1 0 0 0 6.6 6.6l2.2-2.2a1 1 0 0 1 1-.25 11.4 11.4 0 0 0 3.6.57 1 1 0 0 1 1 1V20a1 1 0 0 1-1 1A17 17 0 0 1 3 4a1 1 0 0 1 1-1h3.5a1 1 0 0 1 1 1c0 1.25.2 2.45.57 3.57a1 1 0 0 1-.25 1z" fill="currentColor" />
        </svg>
        {t('rider.call', { name: order.customerName })} <span className="rider-card__number">{order.customerMobile}</span>
      </a>
      <address className="rider-card__address">
        <span>{order.address.text}</span>
        {order.address.landmark ? (
          <span>
            <strong>{t('address.fields.landmark')}:</strong> {order.address.landmark}
          </span>
        ) : null}
      </address>
      <a className="button button--ghost rider-card__map" href={order.mapUrl} target="_blank" rel="noreferrer">
        {t('rider.map')}
        <span className="visually-hidden">{t('rider.mapFor', { ref: order.ref })}</span>
      </a>
      <PromiseLine order={order} />
      <div className="rider-card__cash">
        <span>{order.cashToCollect > 0 ? t('rider.collect') : t('rider.paid')}</span>
        <strong data-testid="cash-to-collect">{rs(order.cashToCollect)}</strong>
        {/* struck through only when packing changed the total: a weighed line can leave it as it was (issue 34) */}
        {order.originalTotal != null && order.originalTotal !== order.total ? (
          <del className="rider-card__was" data-testid="cash-was">
            {t('rider.was', { amount: rs(order.originalTotal) })}
          </del>
        ) : null}
      </div>
      <ShortLines order={order} />
      <WeighedLines order={order} />
      {panel === 'amount' ? (
        <CashForm total={order.cashToCollect} busy={busy} orderRef={order.ref} onSubmit={deliver} onCancel={() => setPanel('none')} words={words} />
      ) : null}
      {panel === 'confirm' ? (
        // the question sits where the big button was and 'Not yet' comes first, so a second tap confirms nothing
        <div className="rider-card__confirm" role="group" aria-label={t('rider.confirm.label', { ref: order.ref })}>
          <p className="rider-card__question">
            {order.cashToCollect > 0 ? t('rider.confirm.question', { name: order.customerName, amount: rs(order.cashToCollect) }) : t('rider.confirm.questionPaid', { name: order.customerName })}
          </p>
          <div className="rider-card__actions">
            <button type="button" className="button button--ghost" disabled={busy} onClick={() => setPanel('none')}>
              {t('rider.confirm.back')}
            </button>
            <button type="button" className="button button--primary rider-card__big" disabled={busy} aria-busy={busy} onClick={() => deliver(order.cashToCollect)}>
              {t('rider.confirm.yes')}
            </button>
          </div>
        </div>
      ) : null}
      {panel === 'return' ? <ReturnForm order={order} busy={busy} words={words} onSubmit={(reason) => void run(() => riderApi.returnToStore({ orderId: order.id, reason }), t('rider.returned'))} onCancel={() => setPanel('none')} /> : null}
      {panel === 'none' ? (
        <div className="rider-card__actions">
          {pickedUp ? (
            <>
              <button type="button" className="button button--primary rider-card__big" disabled={busy} onClick={() => setPanel('confirm')}>
                {words.deliveredWith(rs(order.cashToCollect))}
              </button>
              <button type="button" className="button button--ghost" disabled={busy} onClick={() => setPanel('amount')}>
                {words.otherAmount}
              </button>
            </>
          ) : (
            <button type="button" className="button button--primary rider-card__big" disabled={busy} aria-busy={busy} onClick={() => void run(() => riderApi.pickup({ orderId: order.id }), t('rider.pickedUpDone'))}>
              {t('rider.pickedUp')}
            </button>
          )}
          <button type="button" className="button rider-card__danger" disabled={busy} onClick={() => setPanel('return')}>
            {t('rider.couldNotDeliver')}
          </button>
        </div>
      ) : null}
    </article>
  );
}

function DeliveredCard({ order }: { order: RiderOrderWire }) {
  const { t } = useTranslation();
  const words = useCashWords();
  // The time as the rider's language writes it (Intl's ta-LK, si-LK, en-IN).
  const { dateTime } = useShopperDateTime();
  return (
    <li className="rider-done" data-testid="rider-delivered">
      <span className="rider-done__ref">#{order.ref}</span>
      <span>{order.customerName}</span>
      <span>{order.cashCollected === null ? '' : t('rider.collected', { amount: rs(order.cashCollected) })}</span>
      {order.cashNote ? <span className="rider-done__note">{localReason(order.cashNote, words.reason)}</span> : null}
      {order.deliveredAt ? <time dateTime={order.deliveredAt}>{dateTime(order.deliveredAt)}</time> : null}
    </li>
  );
}

function ShiftSwitch({ onShift, onChange }: { onShift: boolean; onChange: (next: boolean) => Promise<void> }) {
  const { t } = useTranslation();
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
        <span>{t('rider.onShift')}</span>
      </button>
      <p className="rider-shift__text" aria-live="polite">
        {onShift ? t('rider.shiftOn') : t('rider.shiftOff')}
      </p>
    </div>
  );
}

function RiderDeliveries() {
  const { t } = useTranslation();
  const user = useAtomValue(userAtom);
  const shopName = useShopConfig().name;
  const logout = useLogout();
  const [loaded, setLoaded] = useState<Loaded>({ kind: 'loading' });

  const shown = useRef(false);
  const load = useCallback(async () => {
    try {
      const answer = await riderApi.myOrders();
      shown.current = true;
      setLoaded({ kind: 'ready', data: answer.data });
    } catch (error) {
      // A list already on screen stays, and a toast says the refresh failed.
      if (shown.current) showError(error);
      else setLoaded({ kind: 'failed', message: error instanceof ApiError ? errorText(error) : t('rider.failed') });
    }
  }, [t]);

  useEffect(() => {
    void load();
  }, [load]);

  useEffect(() => {
    document.title = `${t('rider.title')} · ${shopName}`;
  }, [shopName, t]);

  useSocketEvents({ [SOCKET_EVENTS.riderOrders]: () => void load() }, () => void load());

  async function setShift(next: boolean) {
    try {
      const answer = await riderApi.setShift(next);
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
        {t('common.skip')}
      </a>
      <header className="rider__bar">
        <span className="rider__shop">{shopName}</span>
        <span className="rider__name">{user?.name}</span>
        <LanguageSwitch />
        <button type="button" className="button button--ghost rider__signout" onClick={() => void logout()}>
          {t('rider.signOut')}
        </button>
      </header>
      <main id="main" className="rider__main">
        <h1>{t('rider.title')}</h1>
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
              {t('rider.tryAgain')}
            </button>
          </div>
        ) : null}
        {loaded.kind === 'ready' ? (
          <>
            <ShiftSwitch onShift={loaded.data.onShift} onChange={setShift} />
            <section aria-labelledby="rider-open" className="rider__list">
              <h2 id="rider-open" className="visually-hidden">
                {t('rider.assigned')}
              </h2>
              {open.length === 0 ? (
                <div className="rider__empty" role="status">
                  <p className="rider__empty-title">{t('rider.empty')}</p>
                  <p>{t('rider.emptyHint')}</p>
                </div>
              ) : (
                open.map((order) => <OpenOrderCard key={order.id} order={order} onChanged={() => void load()} />)
              )}
            </section>
            {done.length > 0 ? (
              <section aria-labelledby="rider-done" className="rider__done">
                <h2 id="rider-done">{t('rider.deliveredToday')}</h2>
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
  const { t } = useTranslation();
  const user = useAtomValue(userAtom);
  const checked = useAtomValue(sessionCheckedAtom);
  const location = useLocation();
  if (!checked) return <Loading />;
  if (!user) return <Navigate to={paths.login} replace state={{ from: location.pathname }} />;
  if (!can(user.role, 'deliveries.carry')) {
    return (
      <p className="no-permission" role="alert">
        {t('rider.noPermission')}
      </p>
    );
  }
  return <RiderDeliveries />;
}
