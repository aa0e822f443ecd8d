// The live connection's contract (issue 32, item 3): every Socket.IO event the server sends, by its name in
// SOCKET_EVENTS, with the payload it carries. The server's Socket.IO instance, the web app's socket and the
// counter's dispatcher are typed by it, so an emit or a listener that disagrees with it does not compile.
import type { OrderingState } from './ordering';
import type { OrderStatusEventWire, OrderWire } from './api';
import type { SOCKET_EVENTS } from './constants';
import type { ProblemStatus } from './credit';
import type { CashHandInEventWire, OrderReturnedEventWire, RiderShiftEventWire } from './riders';

/** Why the server cut a socket: its access token expired (reconnect with a fresh one), or its session ended. */
export type SessionEndReason = 'expired' | 'ended';

/** What `kade:error` says to one socket: an event the server does not take, or a failure of its own. */
export interface SocketErrorWire {
  code: 'EVENT_UNKNOWN' | 'SERVER_ERROR';
  message: string;
}

/** A problem report changed (issue 35): which, and its state now. */
export interface ProblemChangedEventWire {
  problemId: string;
  status: ProblemStatus;
}

/** Every event the server sends, each with its one payload. */
export interface ServerToClientEvents {
  /** To staff (orders.view): a new order, whole. */
  [SOCKET_EVENTS.orderNew]: (order: OrderWire) => void;
  /** To staff as staff read the order, and to its shopper as `orderForShopper` shapes it. */
  [SOCKET_EVENTS.orderStatus]: (change: OrderStatusEventWire) => void;
  /** To the sockets of a session that ended or expired, just before they are cut. */
  [SOCKET_EVENTS.sessionEnded]: (event: { reason: SessionEndReason }) => void;
  /** To staff: someone took the order; it stops ringing everywhere. */
  [SOCKET_EVENTS.orderAcknowledged]: (event: { order: OrderWire }) => void;
  /** To every socket: whether the shop takes orders changed (who paused only to staff). */
  [SOCKET_EVENTS.shopOrdering]: (event: { ordering: OrderingState }) => void;
  /** To a rider: one of their orders was assigned, unassigned or moved. */
  [SOCKET_EVENTS.riderOrders]: (event: { orderId: string }) => void;
  /** To staff: a rider could not deliver. */
  [SOCKET_EVENTS.orderReturned]: (event: OrderReturnedEventWire) => void;
  /** To staff: a delivery's cash differed from its total. */
  [SOCKET_EVENTS.orderCashFlagged]: (event: { orderId: string }) => void;
  /** To staff: a rider went on or off shift. */
  [SOCKET_EVENTS.riderShift]: (event: RiderShiftEventWire) => void;
  /** To staff: a hand-in was recorded or voided. */
  [SOCKET_EVENTS.cashHandIn]: (event: CashHandInEventWire) => void;
  /** To staff as staff read the order, and to its shopper as `orderForShopper` shapes it: packing revised it. */
  [SOCKET_EVENTS.orderRevised]: (event: { order: OrderWire }) => void;
  /** To every socket: these products ran out at packing. */
  [SOCKET_EVENTS.stockOut]: (event: { productIds: string[] }) => void;
  /** To staff: a problem report was made, decided or paid back (ids only: the Problems page reads again, with its permission). */
  [SOCKET_EVENTS.problemChanged]: (event: ProblemChangedEventWire) => void;
  /** To one socket: what it sent was refused, or its connection failed. */
  [SOCKET_EVENTS.socketError]: (event: SocketErrorWire) => void;
}

/** The server takes no events from clients (each is refused with `kade:error` `EVENT_UNKNOWN`). */
export type ClientToServerEvents = Record<never, never>;

/** The name of an event the server sends. */
export type LiveEventName = keyof ServerToClientEvents;

/** The payload of one event. */
export type LiveEventPayload<E extends LiveEventName> = Parameters<ServerToClientEvents[E]>[0];

/** Handlers for some of the events, each typed by its payload. */
export type LiveEventHandlers = { [E in LiveEventName]?: (payload: LiveEventPayload<E>) => void };

/** Every name in SOCKET_EVENTS has its payload above, and nothing else is declared: the type check fails otherwise. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const _everyEventDeclared: Same<(typeof SOCKET_EVENTS)[keyof typeof SOCKET_EVENTS], LiveEventName> = true;
