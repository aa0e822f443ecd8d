// The one writer of an order's state (issue 32): every change of an order's status, rider, cash or flags after it
// is placed is a move applied here, and no other code writes `orders` or `order_events` (placing creates them, in
// place-sql.ts; server/test/one-order-writer.test.ts holds the rest of the code to that). One move is: the
// caller's grant (shared ORDER_MOVES), the order's row locked, the shared table's verdict (judgeMove), the move's
// own rule below (what it checks further and what it writes), the stock it moves, the row and its event written in
// one transaction, and after the commit every screen told. A new kind of move is a row of ORDER_MOVES and a rule
// in RULES.
import type { Knex } from 'knex';
import {
  basketDiscountRate,
  can,
  cashNeedsReason,
  formatRs,
  isClosedStatus,
  isOrderStatus,
  judgeMove,
  ORDER_MOVES,
  paiseToRupees,
  reviseTotals,
  rupeesToPaise,
  stockMovement,
  type MoveGrant,
  type MoveRefusal,
  type OrderMoveKind,
  type OrderStatus,
} from '@kade/shared';
import type { Clock } from '../../clock';
import { AppError, conflict, forbidden, notFound } from '../../http/errors';
import type { AuthUser } from '../../http/route';
import { correctStockToZero, giveBackStock, takeStock } from '../catalog/stock';
import type { OrderEvents, RiderEvents } from '../realtime/events';
import type { OrderingService } from '../shop/ordering';
import { orderRefWhere } from './order-ref';
import { amountColumns, type OrderWire } from './wire';

/** A move of an order after it is placed, by kind (the kinds of shared ORDER_MOVE_KINDS). */
export type OrderMove =
  /** Staff move it one step of the status machine; to Delivered with the cash collected (its total when not said). */
  | { kind: 'status'; to: OrderStatus; cashCollected?: number | undefined; reason?: string | undefined }
  /** The shopper cancels their own order. */
  | { kind: 'cancel' }
  /** Staff take it: it stops ringing. */
  | { kind: 'acknowledge' }
  /** Staff give it to a rider, to another, or take it back (null). */
  | { kind: 'assign'; riderId: string | null }
  /** Its rider has it in hand. */
  | { kind: 'pickup' }
  /** Delivered, with the cash collected and the reason when that is not the total. */
  | { kind: 'deliver'; cashCollected: number; reason?: string | undefined }
  /** Its rider could not deliver it and brings it back. */
  | { kind: 'return'; reason: string }
  /** Staff pack it (issue 33): how many of each named line's product were found. */
  | { kind: 'pack'; lines: ReadonlyArray<{ productId: string; found: number }> };

type MoveOf<K extends OrderMoveKind> = Extract<OrderMove, { kind: K }>;

/** The columns of an order every rule decides on, read with the row's lock. */
interface LockedOrder {
  id: string;
  status: string;
  user_id: string;
  rider_id: string | null;
  taken_by: string | null;
  taken_at: Date | string | null;
  picked_up_at: Date | string | null;
  payment_method: string;
  total_paise: number;
  cash_collected_paise: number | null;
  /** What a revision recomputes from (issue 33). */
  delivery_option: string;
  subtotal_paise: number;
  delivery_fee_paise: number;
  revision: number;
  original_total_paise: number | null;
  checkout_basket_rate: string | number | null;
  checkout_fee_paise: number | null;
}

const LOCKED_COLUMNS = [
  'id', 'status', 'user_id', 'rider_id', 'taken_by', 'taken_at', 'picked_up_at', 'payment_method', 'total_paise', 'cash_collected_paise',
  'delivery_option', 'subtotal_paise', 'delivery_fee_paise', 'revision', 'original_total_paise', 'checkout_basket_rate', 'checkout_fee_paise',
];

/** A rider's 'Could not deliver' is kept on the order until it is on its way again or its journey ends. */
const RETURN_CLEARED = { returned_reason: null, returned_at: null, returned_by: null };

/** An order row's status as the machine knows it (an empty one, from old data, is Pending). */
const statusOf = (order: { status: string }): OrderStatus => (isOrderStatus(order.status) ? order.status : 'Pending');

const noOrder = () => notFound('There is no such order.', 'ORDER_NOT_FOUND');
const noRider = () => notFound('There is no such rider. Choose an active rider account.', 'RIDER_NOT_FOUND');

/**
 * The cash recorded when an order becomes Delivered, by a rider or by staff (issue 20, and a store with no riders):
 * a cash order is Paid with its total, or with the amount given, which then needs a reason and is flagged. Throws
 * 400 REASON_REQUIRED before anything is written. Returns the columns to write with the move.
 */
function deliveryCash(order: LockedOrder, input: { cashCollected?: number | undefined; reason?: string | undefined }, actorId: string, now: Date): Record<string, unknown> {
  const cash = order.payment_method === 'Cash on Delivery';
  const collected = input.cashCollected === undefined ? order.total_paise : rupeesToPaise(input.cashCollected);
  const flagged = cash && cashNeedsReason(collected, order.total_paise);
  if (flagged && !input.reason) {
    throw new AppError('REASON_REQUIRED', `The order's total is ${formatRs(order.total_paise)}: say why ${formatRs(collected)} was collected.`, { field: 'reason' });
  }
  return {
    delivered_at: now,
    ...(cash
      ? {
          payment_status: 'Paid',
          cash_collected_paise: collected,
          cash_collected_at: now,
          cash_collected_by: actorId,
          cash_note: flagged ? input.reason : (input.reason ?? null),
          cash_flagged: flagged,
        }
      : {}),
  };
}

/** An order line as packing reads it. */
interface PackedLine {
  id: string;
  product_id: string | null;
  name: string;
  quantity: number;
  found: number | null;
}

/**
 * The order's money after a change of its lines (issue 33), from the lines as found and its kept substitutes, by
 * the shared reviseTotals: the basket discount rate and delivery fee promised at checkout are kept unless the new
 * ones favour the shopper. Answers the columns to write: the new amounts, the next revision, and (at the first
 * revision) the total it was placed with and what checkout promised.
 */
async function revision(trx: Knex.Transaction, order: LockedOrder): Promise<{ set: Record<string, unknown>; revision: number; totalPaise: number }> {
  const lines = await trx('order_lines')
    .where({ order_id: order.id })
    .select<Array<{ original_price_paise: number; discount: string | number; quantity: number; found: number | null }>>('original_price_paise', 'discount', 'quantity', 'found');
  const kept = await trx('order_proposals')
    .where({ order_id: order.id })
    .whereIn('status', ['ACCEPTED', 'AUTO_ACCEPTED'])
    .select<Array<{ status: string; unit_price_paise: number; charge_paise: number; quantity: number }>>('status', 'unit_price_paise', 'charge_paise', 'quantity');
  const promise = {
    optionLabel: order.delivery_option,
    // before the first revision the order's own amounts are what checkout promised
    basketDiscountRate: order.checkout_basket_rate === null ? basketDiscountRate(order.subtotal_paise) : Number(order.checkout_basket_rate),
    deliveryFeePaise: order.checkout_fee_paise ?? order.delivery_fee_paise,
  };
  const totals = reviseTotals(
    [
      ...lines.map((line) => ({ pricePaise: line.original_price_paise, discount: Number(line.discount), quantity: line.found ?? line.quantity })),
      ...kept.map((k) => ({ pricePaise: k.status === 'ACCEPTED' ? k.unit_price_paise : k.charge_paise, discount: 0, quantity: k.quantity })),
    ],
    promise,
  );
  const next = order.revision + 1;
  return {
    revision: next,
    totalPaise: totals.grandTotalPaise,
    set: {
      ...amountColumns(totals),
      revision: next,
      original_total_paise: order.original_total_paise ?? order.total_paise,
      checkout_basket_rate: promise.basketDiscountRate,
      checkout_fee_paise: promise.deliveryFeePaise,
    },
  };
}

interface MoveContext<M> {
  trx: Knex.Transaction;
  order: LockedOrder;
  move: M;
  from: OrderStatus;
  /** Where the shared table says the move leads. */
  to: OrderStatus;
  actor: AuthUser;
  /** The grant the actor moves under ('assigned': a rider on their own order). */
  grant: MoveGrant;
  now: Date;
}

/**
 * What one move writes and who hears it. The writer adds the status (when it changes) to `set`, and `updated_at`
 * to every move that records an event; a move without an event (taking an order) is not a status change on any
 * screen.
 */
interface MoveWrite {
  /** The order's columns this move writes, besides status and updated_at (null: none). */
  set: Record<string, unknown> | null;
  /** The order_events row (null: the move keeps none). */
  event: { kind?: string; note?: string | null; details?: Record<string, unknown>; revision?: number } | null;
  /** After the commit, besides the status change every screen hears. */
  tell?: {
    /** The order was taken (it stops ringing). */
    acknowledged?: boolean;
    /** This rider's page re-reads its list (a rider the order left, or the order's rider when staff moved it). */
    riderOrders?: string | null;
    /** The cash collected differed from the total. */
    cashFlagged?: boolean;
    /** The rider could not deliver. */
    returned?: { reason: string; rider: { id: string; name: string } };
    /** Packing changed the order's lines or total (issue 33). */
    revised?: boolean;
    /** Products packing found gone: their stock is 0 now. */
    stockOut?: string[];
  };
}

/** The move finds it has nothing to do (the same call again): the order is answered as it is. */
const UNCHANGED = Symbol('unchanged');

/** One kind of move's own rule: what it checks beyond the shared table and what it writes. */
interface MoveRule<M> {
  /** In a status the table calls done: return for a plain repeat (nothing is written), throw for a conflicting one. */
  done?(order: LockedOrder, move: M): void;
  write(ctx: MoveContext<M>): MoveWrite | typeof UNCHANGED | Promise<MoveWrite | typeof UNCHANGED>;
}

const RULES: { [K in OrderMoveKind]: MoveRule<MoveOf<K>> } = {
  status: {
    // Staff moving a Pending order on take it too (when nobody has), so it stops ringing with their name on it.
    // Delivered (a store without riders too): a cash order is Paid with its total or the amount given.
    write: ({ order, move, from, to, actor, now }) => {
      const paid = to === 'Delivered' ? deliveryCash(order, move, actor.id, now) : undefined;
      const takes = from === 'Pending' && to !== 'Pending' && !order.taken_by;
      return {
        set: { ...(takes ? { taken_by: actor.id, taken_at: now } : {}), ...(isClosedStatus(to) ? RETURN_CLEARED : {}), ...paid },
        event: {},
        tell: { acknowledged: takes, cashFlagged: paid?.cash_flagged === true },
      };
    },
  },

  // A cancelled order cancelled again is a plain repeat; the shopper's cancel stops the ringing by its status alone.
  cancel: {
    done: () => undefined,
    write: () => ({ set: RETURN_CLEARED, event: {} }),
  },

  // The first to take an order owns it; taking it again is a no-op (still told, so every screen settles); anyone
  // else is answered 409 ORDER_TAKEN naming who took it and when.
  acknowledge: {
    write: async ({ trx, order, actor, now }) => {
      if (order.taken_by && order.taken_by !== actor.id) {
        const taker = await trx('users').where({ id: order.taken_by }).first<{ name: string } | undefined>('name');
        const name = taker?.name ?? 'Someone';
        const at = order.taken_at ? new Date(order.taken_at).toISOString() : null;
        throw conflict(`${name} already took this order.`, 'ORDER_TAKEN', { acknowledgedBy: name, acknowledgedAt: at });
      }
      return { set: order.taken_by ? null : { taken_by: actor.id, taken_at: now }, event: null, tell: { acknowledged: true } };
    },
  },

  // The rider must be an active rider account; the same rider again changes nothing. The rider the order leaves
  // is told; out with a rider again, the last 'Could not deliver' is history (order_events keeps it).
  assign: {
    write: async ({ trx, order, move, actor, now }) => {
      if (move.riderId) {
        const rider = await trx('users').where({ id: move.riderId, role: 'RIDER', status: 'Active' }).first<{ id: string } | undefined>('id');
        if (!rider) throw noRider();
      }
      const from = order.rider_id;
      if (from === (move.riderId ?? null)) return UNCHANGED;
      const kind = !move.riderId ? 'unassigned' : from ? 'reassigned' : 'assigned';
      return {
        set: { rider_id: move.riderId, assigned_at: move.riderId ? now : null, ...(from ? { picked_up_at: null } : {}), ...(move.riderId ? RETURN_CLEARED : {}) },
        event: { kind, note: kind, details: { from, to: move.riderId, by: actor.id } },
        tell: { riderOrders: from },
      };
    },
  },

  // Picking up again changes nothing.
  pickup: {
    write: ({ order, from, now }) =>
      from === 'Shipped' && order.picked_up_at ? UNCHANGED : { set: { picked_up_at: order.picked_up_at ?? now }, event: { kind: 'picked_up', note: 'picked up' } },
  },

  // Delivered again with the same cash is a plain repeat; another amount is 409 ALREADY_DELIVERED. Staff delivering
  // tell the order's rider.
  deliver: {
    done: (order, move) => {
      if (order.cash_collected_paise === rupeesToPaise(move.cashCollected) || (order.payment_method !== 'Cash on Delivery' && order.cash_collected_paise === null)) return;
      throw conflict(`This order was already delivered with ${formatRs(order.cash_collected_paise ?? 0)} collected.`, 'ALREADY_DELIVERED', {
        cashCollected: paiseToRupees(order.cash_collected_paise ?? 0),
      });
    },
    write: ({ order, move, actor, grant, now }) => {
      const cash = deliveryCash(order, move, actor.id, now);
      return {
        set: { ...cash, picked_up_at: order.picked_up_at ?? now },
        event: { note: move.reason ?? null },
        tell: { riderOrders: grant.orders === 'assigned' ? null : order.rider_id, cashFlagged: cash.cash_flagged === true },
      };
    },
  },

  // Each named line found in full or short (issue 33). A line that becomes short sets its product's stock to 0 (a
  // correction recorded once: marking it short again changes nothing); the order is revised when anything changed.
  pack: {
    write: async ({ trx, order, move, actor, now }) => {
      const lines = await trx('order_lines').where({ order_id: order.id }).select<PackedLine[]>('id', 'product_id', 'name', 'quantity', 'found');
      const byProduct = new Map(lines.filter((line) => line.product_id !== null).map((line) => [line.product_id, line]));
      const changes = move.lines.flatMap(({ productId, found }, index) => {
        const line = byProduct.get(productId);
        if (!line) throw new AppError('NOT_IN_ORDER', 'That product is not in this order.', { field: `lines.${index}.productId` });
        if (found > line.quantity) {
          throw new AppError('VALIDATION', `found must be at most ${line.quantity} for ${line.name}: the order has ${line.quantity}.`, {
            field: `lines.${index}.found`,
            details: { rule: 'tooBig', max: line.quantity },
          });
        }
        return line.found === found ? [] : [{ line, found }];
      });
      if (changes.length === 0) return UNCHANGED;
      for (const { line, found } of changes) await trx('order_lines').where({ id: line.id }).update({ found });
      const nowShort = changes.filter(({ line, found }) => found < line.quantity && (line.found === null || line.found >= line.quantity)).map(({ line }) => line.product_id as string);
      const stockOut = await correctStockToZero(trx, nowShort, { reason: 'short at packing', orderId: order.id, actorId: actor.id, at: now });
      // ticked as found in full: what the order sends is as it was, so no revision; the other packers still see the ticks
      const sends = (line: PackedLine, found: number | null) => found ?? line.quantity;
      if (changes.every(({ line, found }) => sends(line, line.found) === found)) return { set: null, event: null, tell: { revised: true } };
      const revised = await revision(trx, order);
      return {
        set: revised.set,
        event: {
          kind: 'revised',
          note: 'packed',
          revision: revised.revision,
          details: {
            lines: changes.map(({ line, found }) => ({ productId: line.product_id, name: line.name, ordered: line.quantity, before: line.found, found })),
            totalBefore: paiseToRupees(order.total_paise),
            totalAfter: paiseToRupees(revised.totalPaise),
          },
        },
        // a rider already given it reads the revised cash to collect at once
        tell: { revised: true, stockOut, riderOrders: order.rider_id },
      };
    },
  },

  // Back in the store, with no rider and the reason kept on the order (when, by whom) until a rider takes it again.
  return: {
    write: async ({ trx, move, actor, now }) => {
      const me = await trx('users').where({ id: actor.id }).first<{ name: string } | undefined>('name');
      return {
        set: { rider_id: null, assigned_at: null, picked_up_at: null, returned_reason: move.reason, returned_at: now, returned_by: actor.id },
        event: { kind: 'returned', note: move.reason, details: { from: actor.id, to: null, by: actor.id } },
        tell: { riderOrders: actor.id, returned: { reason: move.reason, rider: { id: actor.id, name: me?.name ?? '' } } },
      };
    },
  },
};

/** The 409 a move the order's status does not allow is answered. */
async function refusalOf(trx: Knex.Transaction, refusal: MoveRefusal, order: LockedOrder, from: OrderStatus, move: OrderMove): Promise<AppError> {
  switch (refusal) {
    case 'STATUS_STEP_NOT_ALLOWED': {
      const to = move.kind === 'status' ? move.to : from;
      // The second of two people acting at once is told who was first (the last change's author).
      const last = await trx('order_events as e').leftJoin('users as u', 'u.id', 'e.actor_id').where('e.order_id', order.id).whereNotNull('e.actor_id').orderBy('e.created_at', 'desc').first<{ name: string | null } | undefined>('u.name');
      const by = last?.name ?? null;
      const step = from === to ? `This order is already ${from}` : `An order that is ${from} cannot become ${to}`;
      return conflict(by ? `${step}: ${by} moved it to ${from} first.` : `${step}.`, refusal, { order_status: from, by });
    }
    case 'TOO_LATE_TO_CANCEL':
      return conflict(`This order is ${from}: it is being packed or is on its way, so it can no longer be cancelled. Please call the shop.`, refusal, { order_status: from });
    case 'ORDER_NOT_ASSIGNABLE':
      return conflict(`This order is ${from}: only orders being packed, running late or on their way can be given to a rider.`, refusal, { order_status: from });
    case 'ORDER_NOT_OPEN':
      return conflict(`This order is ${from}: it is no longer out for delivery.`, refusal, { order_status: from });
    case 'ORDER_NOT_PACKING':
      return conflict(`This order is ${from}: only an order being packed (Processing) can be packed.`, refusal, { order_status: from });
  }
}

/** What a status change does to stock: cancelling gives it back, reopening a cancelled order takes it again (409 when it is gone). */
async function moveStock(trx: Knex.Transaction, orderId: string, from: OrderStatus, to: OrderStatus): Promise<void> {
  const movement = stockMovement(from, to);
  if (movement === 'none') return;
  // a line packed short holds only what was found: the rest never left the shelf (issue 33)
  const lines = await trx('order_lines').where({ order_id: orderId }).whereNotNull('product_id').orderBy('product_id').select<Array<{ product_id: string; quantity: number; found: number | null; name: string }>>('product_id', 'quantity', 'found', 'name');
  const stockLines = lines.map((line) => ({ productId: line.product_id, quantity: line.found ?? line.quantity })).filter((line) => line.quantity > 0);
  if (movement === 'release') {
    await giveBackStock(trx, stockLines);
    return;
  }
  const taken = await takeStock(trx, stockLines);
  const short = lines.find((line) => !taken.has(line.product_id));
  if (short) throw conflict(`${short.name} is out of stock, so this order cannot be reopened.`, 'OUT_OF_STOCK', { productId: short.product_id });
}

export interface OrderWriterDeps {
  db: Knex;
  clock: Clock;
  events: Pick<OrderEvents, 'orderStatusChanged' | 'orderAcknowledged' | 'orderCashFlagged' | 'orderRevised' | 'stockOut'> & Pick<RiderEvents, 'riderOrders' | 'orderReturned'>;
  ordering?: Pick<OrderingService, 'afterOrderChange'> | undefined;
  /** The order as staff read it, after the commit. */
  byId: (id: string) => Promise<OrderWire>;
}

export function createOrderWriter({ db, clock, events, ordering, byId }: OrderWriterDeps) {
  /**
   * Applies one move to the order with this id or short number. The row lock makes two people acting at once take
   * turns: the second sees what the first did (a plain repeat changes nothing; a move the new status does not
   * allow is refused). `changed` is false when nothing was written.
   */
  async function applyMove(actor: AuthUser, orderRef: string, move: OrderMove): Promise<{ order: OrderWire; changed: boolean }> {
    const grant = ORDER_MOVES[move.kind].grants.find((g) => g.permission === null || can(actor.role, g.permission));
    if (!grant) throw forbidden();
    const rule = RULES[move.kind] as MoveRule<OrderMove>;
    const now = clock.now();
    const outcome = await db.transaction(async (trx) => {
      const order = await trx('orders').where(orderRefWhere(orderRef)).forUpdate().first<LockedOrder | undefined>(LOCKED_COLUMNS);
      if (!order) throw noOrder();
      if ((grant.orders === 'assigned' && order.rider_id !== actor.id) || (grant.orders === 'placed' && order.user_id !== actor.id)) throw noOrder();
      const from = statusOf(order);
      const verdict = judgeMove(move.kind, from, move.kind === 'status' ? move.to : undefined);
      if (verdict.verdict === 'refused') throw await refusalOf(trx, verdict.refusal, order, from, move);
      if (verdict.verdict === 'done') {
        rule.done?.(order, move);
        return { id: order.id, written: null };
      }
      const to = verdict.to;
      const write = await rule.write({ trx, order, move, from, to, actor, grant, now });
      if (write === UNCHANGED) return { id: order.id, written: null };
      if (to !== from) await moveStock(trx, order.id, from, to);
      const set = { ...(to !== from ? { status: to } : {}), ...(write.event ? { updated_at: now } : {}), ...write.set };
      if (Object.keys(set).length > 0) await trx('orders').where({ id: order.id }).update(set);
      if (write.event) {
        const { kind, note, details } = write.event;
        await trx('order_events').insert({
          order_id: order.id,
          actor_id: actor.id,
          from_status: from,
          to_status: to,
          ...(kind !== undefined ? { kind } : {}),
          ...(note !== undefined ? { note } : {}),
          ...(details !== undefined ? { details: JSON.stringify(details) } : {}),
          ...(write.event.revision !== undefined ? { revision: write.event.revision } : {}),
          created_at: now,
        });
      }
      return { id: order.id, written: { from, to, write } };
    });
    const order = await byId(outcome.id);
    if (!outcome.written) return { order, changed: false };
    const { from, to, write } = outcome.written;
    const tell = write.tell ?? {};
    if (write.event && !tell.revised) events.orderStatusChanged(order, { from, to, by: actor.id });
    if (tell.acknowledged) events.orderAcknowledged(order);
    if (tell.riderOrders) events.riderOrders(tell.riderOrders, outcome.id);
    // an option with a capacity may have filled or freed (never fails the caller)
    if (from !== to && ordering && order.Choose) void ordering.afterOrderChange(order.Choose).catch(() => undefined);
    if (tell.cashFlagged) events.orderCashFlagged(outcome.id);
    if (tell.returned) events.orderReturned({ orderId: outcome.id, ...tell.returned });
    if (tell.stockOut && tell.stockOut.length > 0) events.stockOut(tell.stockOut);
    if (tell.revised) events.orderRevised(order);
    return { order, changed: write.set !== null || write.event !== null };
  }

  return { applyMove };
}

export type OrderWriter = ReturnType<typeof createOrderWriter>;
