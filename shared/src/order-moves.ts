// The moves an order takes after it is placed (issue 32), as data: who may make each, the statuses it may start
// from, where it leads, when it has already happened and what a refusal is called. Staff's status steps follow
// NEXT_STATUSES (order-status.ts); the rider's moves (pickup, deliver, return) and assigning start from the
// statuses of an order being packed or out with a rider. The server's one writer of an order's state
// (server/src/modules/orders/moves.ts) asks judgeMove before it writes anything; the screens ask the same table
// (isAssignable) before they offer a move. Placing an order creates it and is not a move.
import { canTransition, ORDER_STATUSES, SHOPPER_CANCELLABLE, STATUS_DELAYED, type OrderStatus } from './order-status';
import type { Permission } from './permissions';

/** Every kind of move, as the server's `applyMove` takes it. */
export const ORDER_MOVE_KINDS = ['status', 'cancel', 'acknowledge', 'assign', 'pickup', 'deliver', 'return', 'pack', 'propose', 'answer', 'settle'] as const;
export type OrderMoveKind = (typeof ORDER_MOVE_KINDS)[number];

/** The statuses of an order being packed, running late or on its way: it may be given to a rider, and its rider may pick it up, deliver it or bring it back. */
export const ASSIGNABLE_STATUSES: readonly OrderStatus[] = ['Processing', 'Shipped', STATUS_DELAYED];

/** The status of an order being packed: its lines may be found, marked short and substituted (issue 33). */
export const PACKING_STATUSES: readonly OrderStatus[] = ['Processing'];

/**
 * Who may make a move: holders of `permission` (null: any signed-in account), on `orders`: 'any' order, the
 * orders 'assigned' to them (a rider's own; another's is answered as if it did not exist), or the orders they
 * 'placed' (a shopper's own, the same, staff and admins included: nobody answers for the shopper). 'system': the
 * server itself, with no caller (a countdown running out); no account holds such a grant.
 */
export interface MoveGrant {
  readonly permission: Permission | null;
  readonly orders: 'any' | 'assigned' | 'placed' | 'system';
}

/** The 409 codes of a move the order's status does not allow. */
export type MoveRefusal = 'STATUS_STEP_NOT_ALLOWED' | 'TOO_LATE_TO_CANCEL' | 'ORDER_NOT_ASSIGNABLE' | 'ORDER_NOT_OPEN' | 'ORDER_NOT_PACKING';

export interface OrderMoveRule {
  /** Who may make it, the first grant the caller holds deciding (a rider who delivers acts on their own orders, staff on any). */
  readonly grants: readonly MoveGrant[];
  /** The statuses it may start from. */
  readonly from: readonly OrderStatus[];
  /** Where it leads: a status; 'kept' (the order keeps its status); 'chosen' (staff choose the next status, within NEXT_STATUSES). */
  readonly to: OrderStatus | 'kept' | 'chosen';
  /** Statuses in which it has already happened: the same call again changes nothing (the writer may still weigh what was sent). */
  readonly done: readonly OrderStatus[];
  /** What a start from any other status is answered (null: it may start from every status). */
  readonly refusal: MoveRefusal | null;
}

/** The move table. */
export const ORDER_MOVES: Readonly<Record<OrderMoveKind, OrderMoveRule>> = {
  /** Staff move an order one step of the status machine (a cancelled order may be reopened). */
  status: { grants: [{ permission: 'orders.update', orders: 'any' }], from: ORDER_STATUSES, to: 'chosen', done: [], refusal: 'STATUS_STEP_NOT_ALLOWED' },
  /** A shopper cancels their own order before it is packed; cancelling a cancelled order again changes nothing. */
  cancel: { grants: [{ permission: null, orders: 'placed' }], from: SHOPPER_CANCELLABLE, to: 'Cancelled', done: ['Cancelled'], refusal: 'TOO_LATE_TO_CANCEL' },
  /** Staff take an order (it stops ringing), in any status; the first to take it keeps it. */
  acknowledge: { grants: [{ permission: 'orders.take', orders: 'any' }], from: ORDER_STATUSES, to: 'kept', done: [], refusal: null },
  /** Staff give an order to a rider, to another, or take it back. */
  assign: { grants: [{ permission: 'orders.assign', orders: 'any' }], from: ASSIGNABLE_STATUSES, to: 'kept', done: [], refusal: 'ORDER_NOT_ASSIGNABLE' },
  /** The rider has the order in hand: it is Shipped. */
  pickup: { grants: [{ permission: 'deliveries.carry', orders: 'assigned' }], from: ASSIGNABLE_STATUSES, to: 'Shipped', done: [], refusal: 'ORDER_NOT_OPEN' },
  /** Delivered with the cash collected: a rider their own orders, staff any open one. Delivered again changes nothing when the cash is the same. */
  deliver: {
    grants: [
      { permission: 'deliveries.carry', orders: 'assigned' },
      { permission: 'orders.update', orders: 'any' },
    ],
    from: ASSIGNABLE_STATUSES,
    to: 'Delivered',
    done: ['Delivered'],
    refusal: 'ORDER_NOT_OPEN',
  },
  /** 'Could not deliver': the rider brings the order back to the store, Processing and with no rider. */
  return: { grants: [{ permission: 'deliveries.carry', orders: 'assigned' }], from: ASSIGNABLE_STATUSES, to: 'Processing', done: [], refusal: 'ORDER_NOT_OPEN' },
  /** Staff pack a taken order (issue 33): each line found in full or short; the order is revised and keeps its status. */
  pack: { grants: [{ permission: 'orders.update', orders: 'any' }], from: PACKING_STATUSES, to: 'kept', done: [], refusal: 'ORDER_NOT_PACKING' },
  /** Staff propose a substitute for a line packed short (issue 33): kept at once or asked of the shopper. */
  propose: { grants: [{ permission: 'orders.update', orders: 'any' }], from: PACKING_STATUSES, to: 'kept', done: [], refusal: 'ORDER_NOT_PACKING' },
  /**
   * The order's shopper answers a proposal, and nobody else. From any status: a proposal still waiting is only ever
   * on an order being packed (leaving packing settles it), and one settled is refused by what settled it.
   */
  answer: { grants: [{ permission: null, orders: 'placed' }], from: ORDER_STATUSES, to: 'kept', done: [], refusal: null },
  /** The server settles proposals whose countdown ran out, without the shopper (unansweredOutcome). */
  settle: { grants: [{ permission: null, orders: 'system' }], from: ORDER_STATUSES, to: 'kept', done: [], refusal: null },
};

/** What the table says of a move from a status: go (to that status), done already, or refused with its code. */
export type MoveVerdict =
  | { readonly verdict: 'go'; readonly to: OrderStatus }
  | { readonly verdict: 'done' }
  | { readonly verdict: 'refused'; readonly refusal: MoveRefusal };

/**
 * Judges a move of an order in status `from`; `chosen` is the status staff chose for a 'status' move. Done comes
 * first (a second cancel of a cancelled order is not refused), then the statuses it may start from, then, for a
 * status step, canTransition (never to the status the order already has).
 */
export function judgeMove(kind: OrderMoveKind, from: OrderStatus, chosen?: OrderStatus): MoveVerdict {
  const rule = ORDER_MOVES[kind];
  if (rule.done.includes(from)) return { verdict: 'done' };
  const refused = (): MoveVerdict => ({ verdict: 'refused', refusal: rule.refusal ?? 'STATUS_STEP_NOT_ALLOWED' });
  if (!rule.from.includes(from)) return refused();
  if (rule.to === 'chosen') return chosen !== undefined && canTransition(from, chosen) ? { verdict: 'go', to: chosen } : refused();
  return { verdict: 'go', to: rule.to === 'kept' ? from : rule.to };
}

/** True when an order in this status may be assigned to a rider, reassigned or unassigned (the assign row of the table). */
export function isAssignable(status: OrderStatus): boolean {
  return judgeMove('assign', status).verdict === 'go';
}
