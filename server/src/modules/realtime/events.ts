import type { CashHandInEventWire, OrderingState, OrderWire, ProblemChangedEventWire, RiderShiftEventWire } from '@kade/shared';

/**
 * What the services tell the outside world after a commit. The realtime module implements it over
 * Socket.IO; until a socket server is attached (and in services built without one) events go nowhere.
 */
export interface OrderEvents {
  /** A new order: resolves once the event has left this instance (Redis took it), so the answer may go out. */
  orderCreated(order: OrderWire): Promise<void>;
  orderStatusChanged(order: OrderWire, change: { from: string; to: string; by: string }): void;
  /** Someone took the order: it stops ringing on every counter and dashboard. */
  orderAcknowledged(order: OrderWire): void;
  /** To staff: the cash collected at delivery differed from the order's total (issue 20). */
  orderCashFlagged(orderId: string): void;
  /** To staff and the order's shopper: packing revised the order (issue 33). */
  orderRevised(order: OrderWire): void;
  /** To every screen: packing found these products gone; their stock is 0 now. */
  stockOut(productIds: string[]): void;
}

/** Sessions that ended or whose rights changed: their live connections are cut on every instance. */
export interface SessionEvents {
  /** One session ended (logout, a reused refresh token): its sockets go. */
  sessionEnded(sessionId: string): void;
  /** Every session of an account ended (password reset, disabled) or its role changed: all its sockets go. */
  accountSessionsEnded(userId: string): void;
}

/**
 * Whether the shop takes orders changed (issue 19): every screen, shoppers' included, hears the new state; staff
 * hear `ordering`, everyone else `forShoppers` (the same without who paused).
 */
export interface ShopEvents {
  shopOrdering(ordering: OrderingState, forShoppers: OrderingState): void;
}

/**
 * Riders (issue 20): a rider's own orders changed, a rider brought an order back, a delivery's cash differed, a
 * rider's shift changed, a hand-in was recorded.
 */
export interface RiderEvents {
  /** To the rider's room: one of their orders was assigned, unassigned or moved; their page re-reads its list. */
  riderOrders(riderId: string, orderId: string): void;
  /** To staff: the rider could not deliver; the order is back in the store. */
  orderReturned(payload: { orderId: string; reason: string; rider: { id: string; name: string } }): void;
  /** To staff: a rider went on or off shift (the riders offered for assigning change). */
  riderShift(payload: RiderShiftEventWire): void;
  /** To staff: a rider's hand-in was recorded, or voided (`voided`: that day's cash per rider changed, and later days'). */
  cashHandedIn(payload: CashHandInEventWire): void;
}

/** Problem reports (issue 35): to staff, a report was made, decided or its cash refund paid. */
export interface ProblemEvents {
  problemChanged(payload: ProblemChangedEventWire): void;
}

export type LiveEvents = OrderEvents & SessionEvents & ShopEvents & RiderEvents & ProblemEvents;

export const silentEvents: LiveEvents = {
  orderCreated: () => Promise.resolve(),
  orderStatusChanged: () => undefined,
  orderAcknowledged: () => undefined,
  sessionEnded: () => undefined,
  accountSessionsEnded: () => undefined,
  shopOrdering: () => undefined,
  riderOrders: () => undefined,
  orderReturned: () => undefined,
  orderCashFlagged: () => undefined,
  orderRevised: () => undefined,
  stockOut: () => undefined,
  riderShift: () => undefined,
  cashHandedIn: () => undefined,
  problemChanged: () => undefined,
};

/** A bus the services can hold from the start, wired to the socket server once it exists. */
export function lateBoundEvents(): LiveEvents & { attach(target: LiveEvents): void } {
  let target: LiveEvents = silentEvents;
  return {
    attach: (next) => {
      target = next;
    },
    orderCreated: (order) => target.orderCreated(order),
    orderStatusChanged: (order, change) => target.orderStatusChanged(order, change),
    orderAcknowledged: (order) => target.orderAcknowledged(order),
    sessionEnded: (sessionId) => target.sessionEnded(sessionId),
    accountSessionsEnded: (userId) => target.accountSessionsEnded(userId),
    shopOrdering: (ordering, forShoppers) => target.shopOrdering(ordering, forShoppers),
    riderOrders: (riderId, orderId) => target.riderOrders(riderId, orderId),
    orderReturned: (payload) => target.orderReturned(payload),
    orderCashFlagged: (orderId) => target.orderCashFlagged(orderId),
    orderRevised: (order) => target.orderRevised(order),
    stockOut: (productIds) => target.stockOut(productIds),
    riderShift: (payload) => target.riderShift(payload),
    cashHandedIn: (payload) => target.cashHandedIn(payload),
    problemChanged: (payload) => target.problemChanged(payload),
  };
}
