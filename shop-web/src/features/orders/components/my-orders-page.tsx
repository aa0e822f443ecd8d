import { useCallback, useEffect, useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { deliveryOptionByLabel, formatPerKg, formatRs, formatWeight, isPaymentPaid, rupeesToPaise, SOCKET_EVENTS, TEXT, weighedAmountPaise, type OrderLineWire, type OrderWire } from '@kade/shared';
import { MY_ORDERS_PAGE_SIZE } from '../../../lib/ui-constants';
import { ordersApi } from '../api/orders-api';
import { imageAt } from '../../../lib/images';
import { useOrderEvents, useSocketEvents } from '../../../lib/realtime';
import { useShopperDateTime } from '../../../lib/shop-clock';
import { useAddressLines } from '../../../hooks/use-address-lines';
import { showError } from '../../../lib/show-error';
import { ordersAtom, sessionCheckedAtom, userAtom } from '../../../state/atoms';
import { useLocalName, useLocalUnit } from '../../../state/local-name';
import { useLanguage } from '../../../state/language';
import './orders.css';
import { Loading } from '../../../components/loading';
import { StatusBadge } from '../../../components/status-badge';
import { CancelOrder } from './cancel-order';
import { OrderAgain } from './order-again';
import { OrderProblems } from './order-problems';
import { RiderLine } from './rider-line';
import { paths } from '../../../lib/paths';
import { serverNow } from '../../../lib/server-clock';
import { answeredOrderAtom } from '../../../state/shopper-orders';
import { isRevised, keptUnitPrice, newestOrder, newestOrders, revisedLines, waitingProposals, weighedLine } from '../revision';
import { ProposalView } from './proposal';
import './proposal.css';



/** The payment method and status in the shopper's words ('Cash on Delivery', 'Paid', 'Not Paid'); other values as stored. */
function usePaymentText(): (order: OrderWire) => string {
  const { t } = useTranslation();
  return (order) => {
    const method = order.payment_method === TEXT.cashOnDelivery ? t('checkout.cashOnDelivery') : order.payment_method || t('orders.notApplicable');
    const status = isPaymentPaid(order.payment_status) ? t('orders.paid') : order.payment_status || t('orders.notPaid');
    return `${method} · ${status}`;
  };
}

/**
 * The order's lines. Once packing changed it (issue 33): 'Ordered 2 → Sent 1' on each line, a line with none sent
 * struck through as removed, and under a line the substitutes the order keeps for it at what they cost.
 */
function OrderLines({ order }: { order: OrderWire }) {
  const nameOf = useLocalName();
  const unitOf = useLocalUnit();
  const { t } = useTranslation();
  const revised = isRevised(order);
  return (
    <ul className="order-card__lines" aria-label={t('orders.products')}>
      {revisedLines(order).map(({ line, ordered, sent, removed, substitutes }, index) => {
        const weighed = weighedLine(line);
        if (weighed) return <WeighedLine key={`${line.productId ?? 'gone'}-${index}`} line={line} weighed={weighed} />;
        return (
          <li key={`${line.productId ?? 'gone'}-${index}`} className={removed && revised ? 'order-card__line--removed' : undefined}>
            <img src={imageAt(line.product_details.image[0], 160)} alt="" width={40} height={40} />
            <span className="order-card__name">
              {nameOf(line.product_details)} <span className="order-card__unit">{unitOf(line.product_details.unit)}</span>
            </span>
            {revised ? (
              <span className="order-card__sent">
                {t('orders.revision.orderedSent', { ordered, sent })}
                {removed ? <strong className="order-card__removed"> {t('orders.revision.removed')}</strong> : null}
              </span>
            ) : (
              <span>× {line.quantity}</span>
            )}
            <span>{removed && revised ? <s>{formatRs(rupeesToPaise(line.product_details.price) * ordered)}</s> : formatRs(rupeesToPaise(line.product_details.price) * (revised ? sent : ordered))}</span>
            {substitutes.map((proposal) => (
              <span key={proposal._id} className="order-card__substitute">
                <span>{t('orders.revision.replacedBy', { name: nameOf(proposal), qty: proposal.quantity })}</span>
                <span>{formatRs(rupeesToPaise(keptUnitPrice(proposal)) * proposal.quantity)}</span>
              </span>
            ))}
          </li>
        );
      })}
    </ul>
  );
}

/**
 * A weighed line (issue 34): its price per kg, the weight asked, then once packed the scale's ('750 g asked · 742 g
 * weighed'), and the line's amount as the server sent it (the receipt's figure).
 */
function WeighedLine({ line, weighed }: { line: OrderLineWire; weighed: NonNullable<ReturnType<typeof weighedLine>> }) {
  const nameOf = useLocalName();
  const language = useLanguage();
  const { t } = useTranslation();
  const asked = formatWeight(weighed.askedGrams);
  // the server always sends lineTotal; an older order without it counts the asked grams at the per-kg price paid
  const amountPaise = weighed.lineTotal !== null ? rupeesToPaise(weighed.lineTotal) : weighedAmountPaise(weighed.askedGrams, rupeesToPaise(line.product_details.price));
  return (
    <li className="order-card__line--weighed">
      <img src={imageAt(line.product_details.image[0], 160)} alt="" width={40} height={40} />
      <span className="order-card__name">
        {nameOf(line.product_details)} <span className="order-card__unit">{formatPerKg(rupeesToPaise(line.product_details.price), language)}</span>
      </span>
      <span className="order-card__grams" data-testid="order-line-weight">
        {weighed.weighedGrams === null ? t('weighed.asked', { weight: asked }) : t('weighed.askedWeighed', { asked, weighed: formatWeight(weighed.weighedGrams) })}
      </span>
      <span>{weighed.weighedGrams === null ? t('weighed.estimate', { amount: formatRs(amountPaise) }) : formatRs(amountPaise)}</span>
    </li>
  );
}

/** The order's proposals still waiting for the shopper, answerable here as in the live prompt. */
function WaitingAnswers({ order, onChanged }: { order: OrderWire; onChanged: (order: OrderWire | undefined) => void }) {
  const { t } = useTranslation();
  const [closed, setClosed] = useState<ReadonlySet<string>>(new Set());
  const waiting = waitingProposals([order], serverNow()).filter((each) => !closed.has(each.proposal._id));
  if (waiting.length === 0) return null;
  return (
    <section className="order-card__waiting" aria-label={t('orders.revision.waiting')}>
      <h2>{t('orders.revision.waiting')}</h2>
      {waiting.map((each) => (
        <ProposalView
          key={each.proposal._id}
          waiting={each}
          titleId={`card-proposal-${each.proposal._id}`}
          onDone={(outcome) => {
            setClosed((old) => new Set(old).add(each.proposal._id));
            if (outcome.kind === 'answered') onChanged(outcome.order);
          }}
        />
      ))}
    </section>
  );
}

/**
 * Issue 35: the promo the order used and what it took off, the store credit it used, and the cash to pay at the door
 * (the server's figures: the total less the credit); nothing for an order with neither.
 */
function PaidWith({ order }: { order: OrderWire }) {
  const { t } = useTranslation();
  const promo = order.promoDiscount ?? 0;
  const credit = order.creditUsed ?? 0;
  if (promo <= 0 && credit <= 0) return null;
  return (
    <>
      {promo > 0 ? (
        <div>
          <dt>{t('promo.billLine', { code: order.promoCode ?? '' })}</dt>
          <dd data-testid="order-promo">-{formatRs(rupeesToPaise(promo))}</dd>
        </div>
      ) : null}
      {credit > 0 ? (
        <div>
          <dt>{t('promo.creditLine')}</dt>
          <dd data-testid="order-credit">-{formatRs(rupeesToPaise(credit))}</dd>
        </div>
      ) : null}
      <div className="order-card__total">
        <dt>{t('promo.cashToPay')}</dt>
        <dd data-testid="order-cash">{formatRs(rupeesToPaise(order.cashToCollect ?? order.totalAmt))}</dd>
      </div>
    </>
  );
}

function OrderCard({ order, onChanged }: { order: OrderWire; onChanged: (order: OrderWire | undefined) => void }) {
  const { t } = useTranslation();
  const { dateTime } = useShopperDateTime();
  const addressLines = useAddressLines();
  const paymentText = usePaymentText();
  const optionCode = deliveryOptionByLabel(order.Choose)?.code;
  // a weighed line is one item, whatever its steps (issue 34)
  const items = order.products.reduce((sum, line) => sum + (weighedLine(line) ? 1 : line.quantity), 0);
  const lines = addressLines(order.delivery_address as Record<string, string | null>);
  const revised = isRevised(order);
  return (
    <article id={`order-${order._id}`} className="order-card" aria-label={t('orders.order', { id: order.orderId })}>
      <header className="order-card__head">
        <StatusBadge status={order.order_status} translated />
        <span className="order-card__id">{t('orders.orderId', { id: order.orderId })}</span>
      </header>
      {revised ? <p className="order-card__revised">{t('orders.revision.changed')}</p> : null}
      <dl className="order-card__facts">
        <div>
          <dt>{t('orders.orderedAt')}</dt>
          <dd>{dateTime(order.createdAt)}</dd>
        </div>
        <div>
          <dt>{t('orders.completedAt')}</dt>
          <dd>{dateTime(order.updatedAt)}</dd>
        </div>
        <div>
          <dt>{t('orders.items')}</dt>
          <dd>{items}</dd>
        </div>
        <div>
          <dt>{t('orders.delivery')}</dt>
          <dd>{optionCode ? t(`delivery.${optionCode}`) : order.Choose}</dd>
        </div>
        <div>
          <dt>{t('orders.payment')}</dt>
          <dd>{paymentText(order)}</dd>
        </div>
        <div className="order-card__total">
          <dt>{t('orders.total')}</dt>
          <dd>
            {revised && order.originalTotalAmt !== undefined && order.originalTotalAmt !== order.totalAmt ? (
              <>
                <s className="order-card__was">{t('orders.revision.originalTotal', { amount: formatRs(rupeesToPaise(order.originalTotalAmt)) })}</s>{' '}
              </>
            ) : null}
            {order.maxTotalAmt != null ? (
              <>
                <span data-testid="order-total">{t('weighed.estimate', { amount: formatRs(rupeesToPaise(order.totalAmt)) })}</span>
                <span className="order-card__at-most" data-testid="order-at-most">
                  {t('weighed.atMost', { amount: formatRs(rupeesToPaise(order.maxTotalAmt)) })}
                </span>
              </>
            ) : (
              <span data-testid="order-total">{formatRs(rupeesToPaise(order.totalAmt))}</span>
            )}
          </dd>
        </div>
        <PaidWith order={order} />
      </dl>
      <RiderLine order={order} />
      <section className="order-card__address" aria-label={t('orders.shippingAddress')}>
        <h2>{t('orders.shippingAddress')}</h2>
        {lines.map((line) => (
          <p key={line}>{line}</p>
        ))}
      </section>
      <OrderLines order={order} />
      <WaitingAnswers order={order} onChanged={onChanged} />
      <CancelOrder order={order} onChanged={onChanged} />
      <OrderProblems order={order} />
      <OrderAgain order={order} />
    </article>
  );
}

/** /dashboard/myorders: the shopper's own orders, updated live when the store moves a status; a Pending one can be cancelled. */
export default function MyOrdersPage() {
  const user = useAtomValue(userAtom);
  const checked = useAtomValue(sessionCheckedAtom);
  const setCounts = useSetAtom(ordersAtom);
  const [orders, setOrders] = useState<OrderWire[] | null>(null);
  const [page, setPage] = useState(1);
  const [totalPage, setTotalPage] = useState(1);
  const [loading, setLoading] = useState(false);
  const { t } = useTranslation();
  const { hash } = useLocation();
  // a link to one order (the success page's): its card, once the list shows it
  const shown = orders !== null;
  useEffect(() => {
    if (!shown || !hash.startsWith('#order-')) return;
    document.getElementById(hash.slice(1))?.scrollIntoView({ block: 'start' });
  }, [hash, shown]);

  const load = useCallback(
    async (pageNumber: number) => {
      setLoading(true);
      try {
        const answer = await ordersApi.myOrders(pageNumber, MY_ORDERS_PAGE_SIZE);
        // Page 1 starts the list again (first load, reconnect); later pages add what is not shown yet.
        // (each order as the newest copy of it: a read answered after a live change keeps the change)
        setOrders((old) => {
          if (pageNumber === 1 || !old) return newestOrders(old, answer.data);
          const shown = new Set(old.map((order) => order._id));
          return [...old, ...answer.data.filter((order) => !shown.has(order._id))];
        });
        setTotalPage(Math.max(1, answer.totalPage));
        setCounts((old) => ({ ...old, count: answer.totalCount }));
      } catch (error) {
        showError(error);
        setOrders((old) => old ?? []);
      } finally {
        setLoading(false);
      }
    },
    [setCounts],
  );

  useEffect(() => {
    if (user) void load(page);
  }, [load, page, user]);

  const replace = useCallback((order: OrderWire) => setOrders((old) => (old ? old.map((each) => (each._id === order._id ? newestOrder(each, order) : each)) : old)), []);
  useOrderEvents(
    {
      onStatus: ({ order }) => replace(order),
      onReconnect: () => {
        setPage(1);
        void load(1);
      },
    },
    !!user,
  );
  // packing changed an order (Ordered → Sent, a substitute proposed or settled), live
  useSocketEvents({ [SOCKET_EVENTS.orderRevised]: ({ order }) => replace(order) }, undefined, !!user);
  // an answer given in the live prompt
  const answered = useAtomValue(answeredOrderAtom);
  useEffect(() => {
    if (answered) replace(answered);
  }, [answered, replace]);

  /** An order this page changed (cancelled): shown as it now is, or the list read again when that is unknown. */
  const changed = (order: OrderWire | undefined) => {
    if (order) setOrders((old) => (old ? old.map((each) => (each._id === order._id ? order : each)) : old));
    else {
      setPage(1);
      void load(1);
    }
  };

  if (!checked) {
    return <Loading />;
  }
  if (!user) {
    return (
      <section className="page-text">
        <h1>{t('account.myOrders')}</h1>
        <p>
          <Link to={paths.login} state={{ from: paths.dashboard.myOrders }}>
            {t('orders.loginToSee')}
          </Link>
        </p>
      </section>
    );
  }
  return (
    <section className="my-orders">
      <h1>{t('account.myOrders')}</h1>
      {orders === null ? (
        <Loading />
      ) : orders.length === 0 ? (
        <p className="empty">{t('orders.none')}</p>
      ) : (
        <>
          <div className="my-orders__list">
            {orders.map((order) => (
              <OrderCard key={order._id} order={order} onChanged={changed} />
            ))}
          </div>
          {page < totalPage ? (
            <button type="button" className="button button--ghost my-orders__more" disabled={loading} onClick={() => setPage((p) => p + 1)}>
              {loading ? t('common.loadingMore') : t('orders.showMore')}
            </button>
          ) : null}
        </>
      )}
    </section>
  );
}
