// The new-order ringer, for everyone who may take orders (staff and admins), mounted once for the whole app so it
// rings on whatever page is open (a lazy chunk: a shopper never downloads it). While any Pending order is untaken
// it shows a bar at the bottom of the screen listing them, each with 'Take order', and plays the bundled chime on
// repeat. The bar never covers the page (issue 36): its height is the page's (--ringer-height: the dashboard's side
// menu ends above it, a spacer ends the page), and beyond two orders it is one line with the count, opened on a tap. Taking is a server action, so when anyone takes an order every counter and dashboard stops ringing for it.
//
// The set: the Pending list at start, after every reconnect and once a minute (a safety net for a missed event),
// plus order:new, minus order:acknowledged and orders leaving Pending (ring-set.ts holds the rules).
//
// Sound: an <audio loop> element playing chime.wav (made by scripts/make-chime.mjs). Browsers refuse to start sound
// before the person has used the page; then the bar offers 'Turn on sound' (a click is the gesture they need). The
// counter app's window allows it from the start (Electron's autoplayPolicy), so a counter rings unattended.
import { useCallback, useEffect, useId, useReducer, useRef, useState, type RefObject } from 'react';
import { Link } from 'react-router-dom';
import { formatRs, rupeesToPaise, type OrderWire } from '@kade/shared';
import { adminOrdersApi } from '../orders/api/orders-api';
import { STAFF_HOME } from '../../../lib/dashboard-links';
import { useOrderEvents } from '../../../lib/realtime';
import { useShopConfig } from '../../../lib/shop-config';
import { useNow } from '../../../lib/shop-clock';
import { barListsOrders, EMPTY_RING, isOverdue, longestWait, minutesWaited, ringLoaded, ringRemove, ringUpdate, type RingState } from './ring-set';
import { RINGER_TEXT, takeOrder } from './take-order';
import { WAIT_TICK_MS, WaitingMark } from './waiting-mark';
import chime from './chime.wav';
import './ringer.css';

/** The Pending list is read in pages of the most the server gives, up to this many (1000 orders). */
const PAGE_LIMIT = 50;
const MAX_PAGES = 20;
/** The Pending list is read again this often, in case an event was missed without a reconnect. */
const RESYNC_MS = 60_000;

/** Every untaken Pending order, read page by page. */
async function loadPending(): Promise<OrderWire[]> {
  const orders: OrderWire[] = [];
  for (let page = 1; page <= MAX_PAGES; page += 1) {
    const answer = await adminOrdersApi.list({ list: 'pending', page, limit: PAGE_LIMIT });
    orders.push(...answer.data);
    if (page >= answer.totalPage) break;
  }
  return orders;
}

type RingAction = { type: 'update'; order: OrderWire } | { type: 'remove'; id: string } | { type: 'loaded'; orders: OrderWire[]; arrived: ReadonlySet<string> };

function ringReducer(state: RingState, action: RingAction): RingState {
  if (action.type === 'update') return ringUpdate(state, action.order);
  if (action.type === 'remove') return ringRemove(state, action.id);
  return ringLoaded(state, action.orders, action.arrived);
}

/** The untaken orders, kept current from the list and the live events. */
function useUntakenOrders(): [RingState, (id: string) => void] {
  const [state, dispatch] = useReducer(ringReducer, EMPTY_RING);
  const generation = useRef(0);
  // Orders that arrived live while the newest load was under way (its answer may have been read before them).
  const arrived = useRef(new Set<string>());

  const load = useCallback(async () => {
    const current = ++generation.current;
    arrived.current = new Set();
    try {
      const orders = await loadPending();
      if (current === generation.current) dispatch({ type: 'loaded', orders, arrived: arrived.current });
    } catch {
      // offline or signed out: the next reconnect or check tries again, and the live events still count
    }
  }, []);

  useEffect(() => {
    void load();
    const timer = window.setInterval(() => void load(), RESYNC_MS);
    return () => window.clearInterval(timer);
  }, [load]);

  useOrderEvents({
    onNew: (order) => {
      arrived.current.add(order._id);
      dispatch({ type: 'update', order });
    },
    onStatus: (event) => dispatch({ type: 'update', order: event.order }),
    onAcknowledged: (order) => dispatch({ type: 'update', order }),
    onReconnect: () => void load(),
  });

  const remove = useCallback((id: string) => dispatch({ type: 'remove', id }), []);
  return [state, remove];
}

/**
 * Plays the chime on repeat while `ringing`; answers whether the browser refused to start it, and a way to
 * start it from a click.
 */
function useChime(audio: RefObject<HTMLAudioElement | null>, ringing: boolean): { blocked: boolean; start: () => void } {
  const [blocked, setBlocked] = useState(false);
  const start = useCallback(() => {
    const element = audio.current;
    if (!element) return;
    // A sound that failed to load (a dropped connection) is fetched again: 'Turn on sound' is also a retry.
    if (element.error) element.load();
    element
      .play()
      .then(() => setBlocked(false))
      .catch((error: unknown) => {
        // AbortError: paused again before it started (the last order was taken meanwhile): nothing to do.
        if (!(error instanceof DOMException && error.name === 'AbortError')) setBlocked(true);
      });
  }, [audio]);

  useEffect(() => {
    const element = audio.current;
    if (!element) return;
    if (ringing) {
      start();
      return;
    }
    element.pause();
    element.currentTime = 0;
    setBlocked(false);
  }, [audio, ringing, start]);

  // Signed out (the ringer unmounts): silence.
  useEffect(() => {
    const element = audio.current;
    return () => element?.pause();
  }, [audio]);

  return { blocked, start };
}

/**
 * The bar's height, so a spacer of the same height lets the page's last controls scroll out from under it, and
 * --ringer-height on the root for the layouts that must end above it (the dashboard's side menu).
 */
function useHeight(element: RefObject<HTMLElement | null>, active: boolean): number {
  const [height, setHeight] = useState(0);
  useEffect(() => {
    const node = element.current;
    if (!active || !node) return undefined;
    const root = document.documentElement;
    const measure = () => {
      setHeight(node.offsetHeight);
      root.style.setProperty('--ringer-height', `${node.offsetHeight}px`);
    };
    const observer = new ResizeObserver(measure);
    observer.observe(node);
    measure();
    return () => {
      observer.disconnect();
      root.style.removeProperty('--ringer-height');
    };
  }, [element, active]);
  return height;
}

function RingingOrder({ order, now, takeAlertMinutes, busy, onTake }: { order: OrderWire; now: number; takeAlertMinutes: number; busy: boolean; onTake: (order: OrderWire) => void }) {
  const minutes = minutesWaited(order.createdAt, now);
  const overdue = isOverdue(order, now, takeAlertMinutes);
  return (
    <li className={overdue ? 'ringer__order ringer__order--late' : 'ringer__order'} data-testid="ringing-order">
      <span className="ringer__id">#{order.orderId}</span>
      <span className="ringer__total">{formatRs(rupeesToPaise(order.totalAmt))}</span>
      {order.Choose ? <span className="ringer__choose">{order.Choose}</span> : null}
      {overdue ? <WaitingMark minutes={minutes} /> : <span className="ringer__age">{minutes === 0 ? RINGER_TEXT.placedJustNow : RINGER_TEXT.placedMinutesAgo(minutes)}</span>}
      <button type="button" className="button button--light ringer__take" disabled={busy} onClick={() => onTake(order)}>
        {RINGER_TEXT.takeOrder}
        <span className="visually-hidden"> #{order.orderId}</span>
      </button>
    </li>
  );
}


export default function OrderRinger() {
  const { takeAlertMinutes } = useShopConfig();
  const [state, remove] = useUntakenOrders();
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());
  const audio = useRef<HTMLAudioElement>(null);
  const bar = useRef<HTMLElement>(null);
  const titleId = useId();
  const ringing = state.orders.length > 0;
  const { blocked, start } = useChime(audio, ringing);
  const height = useHeight(bar, ringing);
  const now = useNow(WAIT_TICK_MS);
  const [opened, setOpened] = useState(false);
  const listId = useId();
  const count = state.orders.length;
  const listed = barListsOrders(count, opened);
  const collapsible = !barListsOrders(count, false);

  async function take(order: OrderWire) {
    setBusy((ids) => new Set(ids).add(order._id));
    const outcome = await takeOrder(order);
    if (outcome.kind !== 'failed') remove(order._id);
    setBusy((ids) => {
      const next = new Set(ids);
      next.delete(order._id);
      return next;
    });
  }

  return (
    <>
      <audio ref={audio} src={chime} loop preload="auto" data-testid="order-ringer-sound" />
      {ringing ? (
        <>
          <div className="ringer-spacer" style={{ height }} aria-hidden="true" />
          <section ref={bar} className={listed ? 'ringer' : 'ringer ringer--collapsed'} role="alert" aria-labelledby={titleId} data-ringing="true">
            <div className="ringer__head">
              <p id={titleId} className="ringer__title">
                {RINGER_TEXT.title(count)}
              </p>
              {collapsible ? <span className="ringer__oldest">{RINGER_TEXT.oldest(longestWait(state.orders, now))}</span> : null}
              {blocked ? (
                <button type="button" className="button button--light ringer__sound" onClick={start}>
                  {RINGER_TEXT.turnOnSound}
                </button>
              ) : null}
              {collapsible ? (
                <button type="button" className="button button--light ringer__open" aria-expanded={opened} aria-controls={listId} onClick={() => setOpened((v) => !v)}>
                  {opened ? RINGER_TEXT.hideOrders : RINGER_TEXT.showOrders(count)}
                </button>
              ) : null}
            </div>
            {listed ? (
              <ul id={listId} className="ringer__list">
                {state.orders.map((order) => (
                  <RingingOrder key={order._id} order={order} now={now} takeAlertMinutes={takeAlertMinutes} busy={busy.has(order._id)} onTake={(o) => void take(o)} />
                ))}
              </ul>
            ) : null}
            {collapsible && opened ? (
              <p className="ringer__more">
                <Link to={STAFF_HOME}>{RINGER_TEXT.onPendingPage}</Link>
              </p>
            ) : null}
          </section>
        </>
      ) : null}
    </>
  );
}
