import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { useOutboxKey } from '../../../state/outbox';
import { deliveryOptionByLabel, formatRs, rupeesToPaise } from '@kade/shared';
import { SUCCESS_REDIRECT_SECONDS } from '../../../lib/ui-constants';
import { useCountdown } from '../hooks/use-countdown';
import './checkout.css';
import { paths } from '../../../lib/paths';
import type { PlacedFacts } from '../placed-facts';

export type { PlacedFacts } from '../placed-facts';

/** The order's number, total (with the promo and credit it used), delivery window, and a link to it on My Orders. */
function OrderFacts({ order }: { order: PlacedFacts }) {
  const { t } = useTranslation();
  const optionCode = deliveryOptionByLabel(order.Choose)?.code;
  const rs = (rupees: number) => formatRs(rupeesToPaise(rupees));
  return (
    <>
      <dl className="result__facts" aria-label={t('orderFlow.facts')}>
        <div>
          <dt>{t('orderFlow.orderNumber')}</dt>
          <dd data-testid="success-order">{order.orderId}</dd>
        </div>
        <div>
          <dt>{t('orders.total')}</dt>
          <dd data-testid="success-total">{order.maxTotalAmt !== null ? t('weighed.estimate', { amount: rs(order.totalAmt) }) : rs(order.totalAmt)}</dd>
        </div>
        {order.promoDiscount > 0 ? (
          <div>
            <dt>{t('promo.billLine', { code: order.promoCode ?? '' })}</dt>
            <dd>-{rs(order.promoDiscount)}</dd>
          </div>
        ) : null}
        {order.creditUsed > 0 ? (
          <div>
            <dt>{t('promo.creditLine')}</dt>
            <dd data-testid="success-credit">-{rs(order.creditUsed)}</dd>
          </div>
        ) : null}
        <div>
          <dt>{t('promo.cashToCollect')}</dt>
          <dd data-testid="success-cash">{rs(order.cashToCollect)}</dd>
        </div>
        <div>
          <dt>{t('orders.delivery')}</dt>
          <dd data-testid="success-window">{optionCode ? t(`delivery.${optionCode}`) : order.Choose}</dd>
        </div>
      </dl>
      <Link to={paths.dashboard.myOrder(order._id)} className="button button--ghost">
        {t('orderFlow.seeOrder', { id: order.orderId })}
      </Link>
    </>
  );
}

/**
 * /success after an order placed with no network (issue 37 item 5): it waits on the phone and goes when the network
 * is back (app/offline-sync.tsx then opens this page again with the order's facts). No countdown: there is no order
 * to see yet. Once the waiting order is gone (sent from another tab, or refused and said so), My Orders.
 */
function Waiting() {
  const { t } = useTranslation();
  const waitingKey = useOutboxKey();
  if (waitingKey === null) return <Navigate to={paths.dashboard.myOrders} replace />;
  return (
    <section className="result result--waiting">
      {/* a clock drawn, not a glyph: the hourglass character is missing from many phones' fonts */}
      <svg className="result__mark result__clock" aria-hidden="true" width="48" height="48" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
        <circle cx="12" cy="12" r="10" />
        <path d="M12 6v6l4 2" />
      </svg>
      <h1>{t('outbox.waitingTitle')}</h1>
      <p role="status">{t('outbox.waitingText')}</p>
      <p>{t('outbox.waitingOnce')}</p>
      <Link to={paths.home} className="button button--primary">
        {t('result.goHome')}
      </Link>
    </section>
  );
}

/**
 * /success: '{Order or Payment} Successfully', then My Orders after 6 seconds; 'Go To Home' goes to /. After an order
 * (issue 36) also its number, total, delivery window and a link to it, and 'Stay on this page' to stop the countdown
 * (a shopper reading the facts, or reading slowly, is not sent on). An order placed offline waits first.
 */
export default function SuccessPage() {
  const location = useLocation();
  const state = location.state as { waiting?: boolean } | null;
  return state?.waiting ? <Waiting /> : <Placed key={location.key} />;
}

function Placed() {
  const navigate = useNavigate();
  const { t } = useTranslation();
  const location = useLocation();
  const state = location.state as { kind?: string; order?: PlacedFacts } | null;
  const kind = state?.kind === 'Payment' ? 'Payment' : 'Order';
  const order = state?.order;
  const done = useCallback(() => navigate(paths.dashboard.myOrders, { replace: true }), [navigate]);
  const [stayed, setStayed] = useState(false);
  const left = useCountdown(SUCCESS_REDIRECT_SECONDS, done, stayed);
  return (
    <section className="result result--ok">
      {/* a tick drawn, not a glyph: '✓' is missing from many phones' fonts (it showed as nothing) */}
      <svg className="result__mark result__tick" aria-hidden="true" width="48" height="48" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round">
        <circle cx="12" cy="12" r="10" />
        <path d="M7 12.5l3.2 3.2L17 9" />
      </svg>
      <h1>{kind === 'Payment' ? t('result.paymentSuccess') : t('result.orderSuccess')}</h1>
      <p>{t('checkout.placedMessage')}</p>
      {order ? <OrderFacts order={order} /> : null}
      <p role="status">{stayed ? t('result.stayed') : t('result.redirecting', { count: left })}</p>
      {stayed ? null : (
        <button type="button" className="button button--ghost" onClick={() => setStayed(true)}>
          {t('result.stay')}
        </button>
      )}
      <Link to={paths.home} className="button button--primary">
        {t('result.goHome')}
      </Link>
    </section>
  );
}
