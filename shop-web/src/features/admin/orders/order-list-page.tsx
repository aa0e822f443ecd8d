// /dashboard/:status — one admin order list per status group (pending, processing, shipped, delivered,
// cancelled): 'Orders (count)', cards 10 at a time, the 'Search by status' filter, live updates, and on
// the Pending page the countdown, the reset-code list, today's panel and 'Take order' on untaken cards (new
// orders ring app-wide: features/admin/ringer).
import { useCallback, useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import toast from 'react-hot-toast';
import { SOCKET_EVENTS, TEXT, orderListByKey, type OrderList, type OrderStatus, type OrderWire, type RiderWire } from '@kade/shared';
import { ApiError } from '../../../lib/api-client';
import { adminOrdersApi } from './api/orders-api';
import { useOrderEvents, useSocketEvents } from '../../../lib/realtime';
import { useSentinel } from '../../../components/use-infinite-scroll';
import { OrderCard } from './order-card';
import { OtpUsers, RefreshBar, SummaryPanel, useReloadCountdown } from './pending-extras';
import { takeOrder } from '../ringer/take-order';
import { useOrderList } from './use-order-list';
import './orders.css';
import { SearchBox } from '../../../components/search-box';
import { Loading } from '../../../components/loading';
import { useDebounced } from '../../../lib/use-debounced';
import { useCan } from '../../../state/use-can';
import { showError } from '../../../lib/show-error';

/** Shown when a list has no orders. The icon is drawn inline (an emoji was an empty box where no emoji font is installed). */
function EmptyState() {
  return (
    <div className="empty-state">
      <svg className="empty-state__icon" viewBox="0 0 24 24" width="40" height="40" aria-hidden="true" focusable="false">
        <path
          d="M3 4h2.2l2.1 10.2a1.5 1.5 0 0 0 1.5 1.2h8.4a1.5 1.5 0 0 0 1.5-1.1L20.5 8H6.4"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.6"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
        <circle cx="9.5" cy="19" r="1.4" fill="currentColor" />
        <circle cx="17" cy="19" r="1.4" fill="currentColor" />
      </svg>
      <p>{TEXT.noData}</p>
    </div>
  );
}


/**
 * The active riders (on shift first) for those who may assign orders; read again after a reconnect, after each
 * assignment and whenever a rider goes on or off shift (`rider:shift`).
 */
function useRiders(enabled: boolean): { riders: RiderWire[] | undefined; reloadRiders: () => void } {
  const [riders, setRiders] = useState<RiderWire[] | undefined>(undefined);
  const reloadRiders = useCallback(() => {
    if (!enabled) return;
    adminOrdersApi.riders()
      .then((answer) => setRiders(answer.data))
      .catch(() => undefined); // the dropdown waits for the next try; the orders themselves still show
  }, [enabled]);
  useEffect(reloadRiders, [reloadRiders]);
  return { riders, reloadRiders };
}

function OrdersBoard({ list }: { list: OrderList }) {
  const isPending = list.key === 'pending';
  const [query, setQuery] = useState('');
  const search = useDebounced(query, 300);
  const view = useOrderList(list, search);
  const [busy, setBusy] = useState<string | null>(null);
  const [paused, setPaused] = useState(false);
  // Bumped on every reload of the Pending page, so its side panels load again too.
  const [version, setVersion] = useState(0);
  // The reset codes are read out by admins only: staff never see them (nor can the server be asked).
  const canReadCodes = useCan('users.manage');
  const canAssign = useCan('orders.assign');
  const { riders, reloadRiders } = useRiders(canAssign);

  const { reload, apply } = view;
  const reloadAll = useCallback(() => {
    void reload();
    setVersion((v) => v + 1);
  }, [reload]);
  const seconds = useReloadCountdown(reloadAll, paused || !isPending);

  useOrderEvents({
    onNew: (order) => {
      apply(order);
      if (isPending) setVersion((v) => v + 1);
    },
    // Someone took an order: its card says who.
    onAcknowledged: (order) => apply(order),
    onStatus: (event) => {
      apply(event.order, event.from);
      if (isPending) setVersion((v) => v + 1);
    },
    onReconnect: () => {
      reloadAll();
      reloadRiders();
    },
  });

  useSocketEvents({
    [SOCKET_EVENTS.orderReturned]: (event) => {
      // The order comes back with its reason (returnedReason) through its status event and the list read below.
      toast.error(`Order could not be delivered (${event.rider.name}): ${event.reason}`);
      void reload();
      reloadRiders();
    },
    [SOCKET_EVENTS.riderShift]: () => reloadRiders(),
    // The order's own status event carries the flag to its card; this says it out loud.
    [SOCKET_EVENTS.orderCashFlagged]: ({ orderId }) => {
      const code = view.orders.find((o) => o._id === orderId || o.orderId === orderId)?.orderId;
      toast.error(code ? `Order #${code}: the cash collected differs from its total.` : 'A delivery\'s cash differs from its total.');
    },
  });

  const sentinel = useSentinel(view.loadMore, view.hasMore && !view.loadingMore, 200, view.orders.length);

  async function changeStatus(order: OrderWire, to: OrderStatus) {
    setBusy(order._id);
    try {
      const answer = await adminOrdersApi.updateStatus({ orderId: order._id, order_status: to });
      toast.success(TEXT.statusUpdated);
      apply(answer.data, order.order_status);
    } catch (error) {
      // The server says why (e.g. who moved it first); the list then shows the order as it now is.
      const reason = error instanceof ApiError ? ` ${error.message}` : '';
      toast.error(`${TEXT.statusUpdateFailed}${reason}`);
      if (error instanceof ApiError && error.status === 409) void reload();
    } finally {
      setBusy(null);
    }
  }

  async function assign(order: OrderWire, riderId: string | null) {
    setBusy(order._id);
    try {
      const answer = await adminOrdersApi.assign(order._id, riderId);
      toast.success(answer.message || (riderId ? 'Rider assigned.' : 'Rider removed.'));
      apply(answer.data, order.order_status);
    } catch (error) {
      showError(error);
      if (error instanceof ApiError && (error.status === 409 || error.status === 404)) void reload();
    } finally {
      setBusy(null);
      reloadRiders();
    }
  }

  async function deliver(order: OrderWire, cashCollected: number, reason?: string) {
    setBusy(order._id);
    try {
      const answer = await adminOrdersApi.updateStatus({ orderId: order._id, order_status: 'Delivered', cashCollected, ...(reason ? { reason } : {}) });
      toast.success(TEXT.statusUpdated);
      apply(answer.data, order.order_status);
    } catch (error) {
      const why = error instanceof ApiError ? ` ${error.message}` : '';
      toast.error(`${TEXT.statusUpdateFailed}${why}`);
      if (error instanceof ApiError && error.status === 409) void reload();
    } finally {
      setBusy(null);
    }
  }

  async function take(order: OrderWire) {
    setBusy(order._id);
    try {
      const outcome = await takeOrder(order);
      if (outcome.kind === 'taken') apply(outcome.order);
      // Someone else was first: the card says who, as the server told.
      if (outcome.kind === 'already') {
        if (outcome.acknowledgedBy) apply({ ...order, acknowledgedBy: outcome.acknowledgedBy, acknowledgedAt: outcome.acknowledgedAt });
        else void reload();
      }
    } finally {
      setBusy(null);
    }
  }

  return (
    <section className="orders-page" aria-labelledby="orders-title">
      <div className="orders-page__head">
        <div>
          <p className="orders-page__kicker">{list.title}</p>
          <h1 id="orders-title">{view.phase === 'ready' ? TEXT.ordersTitle(view.total) : TEXT.ordersTitleLoading}</h1>
        </div>
        <SearchBox className="orders-page__search" label={TEXT.searchByStatus} value={query} onChange={setQuery} />
      </div>
      {isPending ? <RefreshBar seconds={seconds} updatedAt={view.updatedAt} paused={paused} onToggle={() => setPaused((p) => !p)} /> : null}
      <div className={isPending ? 'orders-page__layout orders-page__layout--pending' : 'orders-page__layout'}>
        <div className="orders-page__list">
          {view.phase === 'loading' ? (
            <Loading />
          ) : null}
          {view.phase === 'error' ? (
            <p className="empty" role="alert">
              {TEXT.somethingWentWrong}{' '}
              <button type="button" className="button button--ghost" onClick={() => void reload()}>
                Try again
              </button>
            </p>
          ) : null}
          {view.phase === 'ready' && view.orders.length === 0 ? <EmptyState /> : null}
          {view.orders.map((order) => (
            <OrderCard key={order._id} order={order} showDelivery={isPending} busy={busy === order._id} onStatus={(o, to) => void changeStatus(o, to)} onTake={(o) => void take(o)}
              riders={canAssign ? (riders ?? []) : undefined}
              onAssign={(o, riderId) => void assign(o, riderId)}
              onDeliver={(o, cash, reason) => void deliver(o, cash, reason)}
            />
          ))}
          <div ref={sentinel} className="list-end" aria-live="polite">
            {view.loadingMore ? TEXT.loadingMore : ''}
          </div>
        </div>
        {isPending ? (
          <aside className="orders-page__side">
            <SummaryPanel version={version} />
            {canReadCodes ? <OtpUsers version={version} /> : null}
          </aside>
        ) : null}
      </div>
    </section>
  );
}

export default function OrderListPage() {
  const { status = '' } = useParams();
  const list = orderListByKey(status);
  if (!list) {
    return (
      <p className="empty" role="status">
        {TEXT.noDataFound}
      </p>
    );
  }
  // A new list starts afresh (its search, its pages, its timer).
  return <OrdersBoard key={list.key} list={list} />;
}
