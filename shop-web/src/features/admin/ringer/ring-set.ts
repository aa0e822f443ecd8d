// The orders that ring: every Pending order nobody has taken yet. Pure rules (tested in ring-set.test.ts); the
// ringer feeds them the order list and the live events.
//
// Taking is for good: an order once taken (Take order, or moved on from Pending, which takes it) never rings again,
// so the ids seen taken are kept (`gone`) and a list loaded before the take cannot bring one back.
import { compareListOrder, statusLabel, type OrderWire } from '@kade/shared';

/** How many taken ids are remembered: far more than can be taken while one list is loading. */
const GONE_KEPT = 500;

export interface RingState {
  /** The untaken Pending orders in the Pending page's order: newest first (compareListOrder, issue 36). */
  orders: OrderWire[];
  /** Orders seen taken or gone from Pending (newest last). */
  gone: string[];
}

export const EMPTY_RING: RingState = { orders: [], gone: [] };

/** True for a Pending order that nobody has taken. */
export function isUntaken(order: OrderWire): boolean {
  return statusLabel(order.order_status) === 'Pending' && order.acknowledgedBy === null && order.acknowledgedAt === null;
}


function forget(state: RingState, id: string): RingState {
  const orders = state.orders.filter((o) => o._id !== id);
  const gone = state.gone.includes(id) ? state.gone : [...state.gone, id].slice(-GONE_KEPT);
  return { orders, gone };
}

/**
 * An order as it now is (a new order, a status change, a take): it rings while it is untaken and Pending, and
 * stops for good once it is not.
 */
export function ringUpdate(state: RingState, order: OrderWire): RingState {
  if (!isUntaken(order)) return ringRemove(state, order._id);
  if (state.gone.includes(order._id)) return state;
  const known = state.orders.some((o) => o._id === order._id);
  const orders = known ? state.orders.map((o) => (o._id === order._id ? order : o)) : [...state.orders, order].sort(compareListOrder);
  return { ...state, orders };
}

/** This screen took the order, or was told someone else had: it stops ringing. */
export function ringRemove(state: RingState, id: string): RingState {
  if (state.gone.includes(id) && !state.orders.some((o) => o._id === id)) return state;
  return forget(state, id);
}

/**
 * The Pending list as the server answered it (after a start, a reconnect or the periodic check) replaces the set:
 * orders taken while the screen was away stop ringing. Orders that arrived live while the list was loading are
 * kept even if the answer missed them (a missed order is worse than a ring too many), and orders seen taken stay
 * taken even if the answer was read before the take.
 */
export function ringLoaded(state: RingState, loaded: readonly OrderWire[], arrivedWhileLoading: ReadonlySet<string>): RingState {
  const seen = new Set<string>();
  const orders = [...loaded.filter(isUntaken), ...state.orders.filter((o) => arrivedWhileLoading.has(o._id))]
    .filter((o) => !state.gone.includes(o._id))
    .filter((o) => (seen.has(o._id) ? false : (seen.add(o._id), true)))
    .sort(compareListOrder);
  return { ...state, orders };
}

/** Whole minutes an order has waited at `nowMs` (never below 0, whatever the device's clock says). */
export function minutesWaited(createdAt: string, nowMs: number): number {
  const placed = Date.parse(createdAt);
  if (Number.isNaN(placed)) return 0;
  return Math.max(0, Math.floor((nowMs - placed) / 60_000));
}

/** True once an untaken order has waited `takeAlertMinutes` (the shop's setting, TAKE_ALERT_MINUTES): it escalates. */
export function isOverdue(order: Pick<OrderWire, 'createdAt'>, nowMs: number, takeAlertMinutes: number): boolean {
  return minutesWaited(order.createdAt, nowMs) >= takeAlertMinutes;
}

/** Up to this many waiting orders the bar lists them; beyond, it is one line with the count until opened (issue 36). */
export const BAR_LIST_MAX = 2;

/** Whether the bar lists the waiting orders: always up to BAR_LIST_MAX, beyond only when opened. */
export function barListsOrders(count: number, opened: boolean): boolean {
  return count <= BAR_LIST_MAX || opened;
}

/** The longest any of the orders has waited, in whole minutes (the collapsed bar's 'oldest' figure). */
export function longestWait(orders: readonly Pick<OrderWire, 'createdAt'>[], nowMs: number): number {
  return orders.reduce((most, order) => Math.max(most, minutesWaited(order.createdAt, nowMs)), 0);
}
