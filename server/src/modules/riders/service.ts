import type { Knex } from 'knex';
import {
  ASSIGNABLE_STATUSES,
  cashToCollectPaise,
  clockTime,
  dayBounds,
  formatRs,
  handInAllowed,
  isOrderStatus,
  localDay,
  mapUrl,
  maxHandIn,
  paiseToRupees,
  promiseDue,
  rupeesToPaise,
  type HandInWire,
  type OrderStatus,
  type RiderCashRow,
  type RiderOrderWire,
  type RiderOrdersWire,
  type RiderWire,
  weighedAmountPaise,
} from '@kade/shared';
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import { toCount, type Db } from '../../db/database';
import { AppError, conflict, notFound } from '../../http/errors';
import type { AuthUser } from '../../http/route';
import type { OrderService } from '../orders/service';
import type { OrderWire } from '../orders/wire';
import type { LiveEvents } from '../realtime/events';

/** An order row's status as the rider's page shows it (an empty one, from old data, is Pending). */
const statusOf = (order: { status: string }): OrderStatus => (isOrderStatus(order.status) ? order.status : 'Pending');

const noRider = () => notFound('There is no such rider. Choose an active rider account.', 'RIDER_NOT_FOUND');

/** An option's promise for an order placed at `placedAt`: 'by 14:35' on the shop's clock and when that is. */
function promiseOf(label: string, placedAt: Date, timeZone: string): RiderOrderWire['deliveryOption'] {
  const due = promiseDue(label, placedAt);
  return due ? { name: label, promise: `by ${clockTime(due, timeZone)}`, dueAt: due.toISOString() } : { name: label, promise: label, dueAt: null };
}

interface RiderOrderRow {
  id: string;
  order_code: string;
  status: string;
  customer_name: string;
  customer_mobile: string;
  delivery_address: unknown;
  latitude: number | null;
  longitude: number | null;
  address_latitude: number | null;
  address_longitude: number | null;
  delivery_option: string;
  total_paise: number;
  /** The store credit the order used (issue 35): the rider collects the total less it. */
  credit_used_paise: number;
  payment_status: string;
  assigned_at: Date | string | null;
  picked_up_at: Date | string | null;
  delivered_at: Date | string | null;
  cash_collected_paise: number | null;
  cash_note: string | null;
  created_at: Date | string;
  revision: number;
  original_total_paise: number | null;
}

/** A line sold by weight (issue 34) that is sent, as the rider's card shows it. */
interface WeighedLineRow {
  order_id: string;
  name: string;
  name_si: string | null;
  name_ta: string | null;
  grams: number;
  weighed_grams: number | null;
  charged_grams: number | null;
  price_paise: number;
}

/** A line packing sent short (issue 33), as the rider's card notes it. */
interface ShortLineRow {
  order_id: string;
  name: string;
  name_si: string | null;
  name_ta: string | null;
  quantity: number;
  found: number;
}

const iso = (value: Date | string | null) => (value ? new Date(value).toISOString() : null);

export interface RiderServiceDeps {
  db: Knex;
  config: Config;
  clock: Clock;
  events: LiveEvents;
  /** Every change of an order (assigning, picking up, delivering, bringing back) is a move of the orders module's one writer. */
  orders: Pick<OrderService, 'move'>;
}

/**
 * Riders and their cash (issue 20): the riders list and shifts, assigning, the rider's own orders, picking up,
 * delivering with the cash, bringing an order back, and the cash handed in. Assigning, picking up, delivering and
 * bringing back are moves of the orders module's one writer (orders/moves.ts), which locks the order's row, so two
 * staff assigning at once leave one rider and a double-tapped Delivered records the cash once.
 */
export function createRiderService({ db, config, clock, events, orders }: RiderServiceDeps) {
  const timeZone = config.shop.timeZone;

  /**
   * The cash rows of a day, or one rider's: each rider who delivered, collected or handed in cash that day, or who
   * still held cash when it began. The day's deliveries, collected and handed in are the day's own; the balance runs
   * across days: brought forward (every cash collected before the day, less every hand-in before it) plus the day's
   * collected less its hand-ins is what the rider holds at the day's end.
   */
  async function cashRows(trx: Db, day: string, riderId?: string): Promise<RiderCashRow[]> {
    const { start, end } = dayBounds(day, timeZone);
    const collected = trx('orders as o')
      .whereNotNull('o.rider_id')
      .where((w) => w.where((c) => c.where('o.cash_collected_at', '>=', start).andWhere('o.cash_collected_at', '<', end)).orWhere((d) => d.where('o.delivered_at', '>=', start).andWhere('o.delivered_at', '<', end)))
      .groupBy('o.rider_id')
      .select(
        'o.rider_id',
        trx.raw(`count(*) filter (where o.status = 'Delivered' and o.delivered_at >= ? and o.delivered_at < ?) as deliveries`, [start, end]),
        trx.raw('coalesce(sum(o.cash_collected_paise) filter (where o.cash_collected_at >= ? and o.cash_collected_at < ?), 0) as collected', [start, end]),
        trx.raw('count(*) filter (where o.cash_flagged and o.cash_collected_at >= ? and o.cash_collected_at < ?) as flagged', [start, end]),
      );
    if (riderId) collected.where('o.rider_id', riderId);
    const handIns = trx('cash_hand_ins as h')
      .leftJoin('users as r', 'r.id', 'h.received_by')
      .leftJoin('users as v', 'v.id', 'h.voided_by')
      .where('h.received_at', '>=', start)
      .andWhere('h.received_at', '<', end)
      .orderBy('h.received_at')
      .orderBy('h.id')
      .select('h.id', 'h.rider_id', 'h.amount_paise', 'h.received_at', 'h.note', 'r.name as received_by', 'h.voided_at', 'v.name as voided_by', 'h.void_reason');
    if (riderId) handIns.where('h.rider_id', riderId);
    // What each rider still held when the day began (riders whose cash was all handed in are left out): what they
    // hold now (rider_cash, kept by the database with every cash amount and hand-in) less what was recorded from the
    // day's start on. One statement, so the balance and the rows since agree; it reads no row before the day.
    const cashSince = trx
      .from('orders as o')
      .whereNotNull('o.rider_id')
      .whereNotNull('o.cash_collected_paise')
      .where('o.cash_collected_at', '>=', start)
      .select('o.rider_id', trx.raw('o.cash_collected_paise::bigint as paise'));
    // a voided hand-in is not in the balance (its trigger gave the amount back), so it is not taken off it here either
    const handInsSince = trx.from('cash_hand_ins as h').where('h.received_at', '>=', start).whereNull('h.voided_at').select('h.rider_id', trx.raw('-h.amount_paise::bigint as paise'));
    if (riderId) {
      cashSince.where('o.rider_id', riderId);
      handInsSince.where('h.rider_id', riderId);
    }
    const since = cashSince.unionAll(handInsSince);
    const sinceByRider = trx.from(since.as('t')).groupBy('t.rider_id').select('t.rider_id', trx.raw('sum(t.paise) as paise'));
    const heldThen = 'c.held_paise - coalesce(s.paise, 0)';
    const carried = trx
      .from('rider_cash as c')
      .leftJoin(sinceByRider.as('s'), 's.rider_id', 'c.rider_id')
      .whereRaw(`${heldThen} <> 0`)
      .select('c.rider_id', trx.raw(`${heldThen} as paise`));
    if (riderId) carried.where('c.rider_id', riderId);
    // One after the other: they run on one connection (a transaction's), which takes one query at a time.
    const [sums, ins, before] = [await collected, await handIns, await carried] as [
      Array<{ rider_id: string; deliveries: unknown; collected: unknown; flagged: unknown }>,
      Array<{
        id: string;
        rider_id: string;
        amount_paise: number;
        received_at: Date | string;
        note: string | null;
        received_by: string | null;
        voided_at: Date | string | null;
        voided_by: string | null;
        void_reason: string | null;
      }>,
      Array<{ rider_id: string; paise: unknown }>,
    ];
    const ids = [...new Set([...sums.map((s) => s.rider_id), ...ins.map((h) => h.rider_id), ...before.map((b) => b.rider_id), ...(riderId ? [riderId] : [])])];
    if (ids.length === 0) return [];
    const names = new Map((await trx('users').whereIn('id', ids).select<Array<{ id: string; name: string }>>('id', 'name')).map((u) => [u.id, u.name]));
    return ids
      .map((id) => {
        const sum = sums.find((s) => s.rider_id === id);
        const mine = ins.filter((h) => h.rider_id === id);
        const carriedPaise = toCount(before.find((b) => b.rider_id === id)?.paise);
        const collectedPaise = toCount(sum?.collected);
        const handedPaise = mine.reduce((n, h) => (h.voided_at ? n : n + h.amount_paise), 0);
        const handInsWire: HandInWire[] = mine.map((h) => ({
          id: h.id,
          amount: paiseToRupees(h.amount_paise),
          receivedAt: new Date(h.received_at).toISOString(),
          receivedBy: h.received_by ?? '',
          note: h.note,
          voided: h.voided_at ? { at: new Date(h.voided_at).toISOString(), by: h.voided_by ?? '', reason: h.void_reason ?? '' } : null,
        }));
        return {
          riderId: id,
          name: names.get(id) ?? '',
          deliveries: toCount(sum?.deliveries),
          broughtForward: paiseToRupees(carriedPaise),
          collected: paiseToRupees(collectedPaise),
          handedIn: paiseToRupees(handedPaise),
          outstanding: paiseToRupees(carriedPaise + collectedPaise - handedPaise),
          flagged: toCount(sum?.flagged),
          handIns: handInsWire,
        };
      })
      .sort((a, b) => a.name.localeCompare(b.name) || a.riderId.localeCompare(b.riderId));
  }

  function toRiderOrder(row: RiderOrderRow, short: readonly ShortLineRow[], weighed: readonly WeighedLineRow[]): RiderOrderWire {
    const address = (typeof row.delivery_address === 'string' ? JSON.parse(row.delivery_address) : row.delivery_address) as Record<string, unknown>;
    const part = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
    // The address as typed (the snapshot's `city` holds its text); its name ('Home') only when there is no text.
    const text = part(address.city) || part(address.address_line);
    // The saved address's point (checked inside the zone when the order was placed), else where the phone was.
    const lat = row.address_latitude ?? row.latitude;
    const lng = row.address_longitude ?? row.longitude;
    const location = lat !== null && lng !== null ? { lat, lng } : null;
    const status = statusOf(row);
    const paid = row.payment_status === 'Paid';
    return {
      id: row.id,
      ref: row.order_code,
      status,
      customerName: row.customer_name,
      customerMobile: typeof address.pincode === 'string' && address.pincode ? address.pincode : row.customer_mobile,
      address: { text, landmark: typeof address.state === 'string' ? address.state : '' },
      location,
      mapUrl: mapUrl(location, text),
      deliveryOption: promiseOf(row.delivery_option, new Date(row.created_at), timeZone),
      total: paiseToRupees(row.total_paise),
      cashToCollect: paid ? 0 : paiseToRupees(cashToCollectPaise(row.total_paise, row.credit_used_paise)),
      revision: row.revision,
      originalTotal: row.revision > 0 && row.original_total_paise !== null ? paiseToRupees(row.original_total_paise) : null,
      shortLines: short
        .filter((line) => line.order_id === row.id)
        .map((line) => ({ name: line.name, nameSi: line.name_si, nameTa: line.name_ta, ordered: line.quantity, sent: line.found })),
      // the weight charged (the server's charged grams once weighed, else the asked grams) at the per-kg price
      weighedLines: weighed
        .filter((line) => line.order_id === row.id)
        .map((line) => {
          const grams = line.charged_grams ?? line.grams;
          return { name: line.name, nameSi: line.name_si, nameTa: line.name_ta, grams, weighed: line.weighed_grams !== null, lineTotal: paiseToRupees(weighedAmountPaise(grams, line.price_paise)) };
        }),
      assignedAt: iso(row.assigned_at),
      pickedUpAt: iso(row.picked_up_at),
      deliveredAt: iso(row.delivered_at),
      cashCollected: row.cash_collected_paise === null ? null : paiseToRupees(row.cash_collected_paise),
      cashNote: row.cash_note,
    };
  }

  return {
    /** Active rider accounts, on shift first, with how many open orders each carries. */
    async list(): Promise<RiderWire[]> {
      const rows = (await db('users as u')
        .where({ 'u.role': 'RIDER', 'u.status': 'Active' })
        .select(
          'u.id',
          'u.name',
          'u.mobile',
          'u.on_shift',
          db.raw('(select count(*) from orders o where o.rider_id = u.id and o.status = any(?)) as open_orders', [[...ASSIGNABLE_STATUSES]]),
        )
        .orderBy([{ column: 'u.on_shift', order: 'desc' }, { column: 'u.name' }, { column: 'u.id' }])) as Array<{ id: string; name: string; mobile: string; on_shift: boolean; open_orders: unknown }>;
      return rows.map((r) => ({ id: r.id, name: r.name, mobile: r.mobile, onShift: r.on_shift, openOrders: toCount(r.open_orders) }));
    },

    /** The rider starts or ends their shift; every staff screen hears it (its riders dropdown reads the list again). */
    async setShift(rider: AuthUser, onShift: boolean): Promise<{ onShift: boolean }> {
      await db('users').where({ id: rider.id }).update({ on_shift: onShift, updated_at: clock.now() });
      events.riderShift({ riderId: rider.id, onShift });
      return { onShift };
    },

    /** The rider's open orders (oldest assignment first), then the ones they delivered today (latest first). */
    async myOrders(rider: AuthUser): Promise<RiderOrdersWire> {
      const { start } = dayBounds(localDay(clock.now(), timeZone), timeZone);
      const select = [
        'o.id',
        'o.order_code',
        'o.status',
        'o.delivery_address',
        'o.latitude',
        'o.longitude',
        'o.delivery_option',
        'o.total_paise',
        'o.credit_used_paise',
        'o.payment_status',
        'o.assigned_at',
        'o.picked_up_at',
        'o.delivered_at',
        'o.cash_collected_paise',
        'o.cash_note',
        'o.created_at',
        'o.revision',
        'o.original_total_paise',
        'u.name as customer_name',
        'u.mobile as customer_mobile',
        'a.latitude as address_latitude',
        'a.longitude as address_longitude',
      ];
      const mine = () => db('orders as o').join('users as u', 'u.id', 'o.user_id').leftJoin('addresses as a', 'a.id', 'o.address_id').where('o.rider_id', rider.id);
      const [me, open, done] = await Promise.all([
        db('users').where({ id: rider.id }).first<{ on_shift: boolean } | undefined>('on_shift'),
        mine().whereIn('o.status', ASSIGNABLE_STATUSES).orderBy('o.assigned_at').orderBy('o.id').select(select),
        mine().where('o.status', 'Delivered').where('o.delivered_at', '>=', start).orderBy('o.delivered_at', 'desc').orderBy('o.id').select(select),
      ]);
      const rows = [...(open as RiderOrderRow[]), ...(done as RiderOrderRow[])];
      const revised = rows.filter((row) => row.revision > 0).map((row) => row.id);
      const short: ShortLineRow[] =
        revised.length === 0
          ? []
          : await db('order_lines')
              .whereIn('order_id', revised)
              .whereNotNull('found')
              .whereRaw('found < quantity')
              .orderBy('name')
              .orderBy('id')
              .select('order_id', 'name', 'name_si', 'name_ta', 'quantity', 'found');
      // lines sold by weight and sent (not found gone), in name order (issue 34)
      const weighed: WeighedLineRow[] =
        rows.length === 0
          ? []
          : await db('order_lines')
              .whereIn('order_id', rows.map((row) => row.id))
              .where('sell_by', 'WEIGHT')
              .whereRaw('coalesce(found, 1) > 0')
              .orderBy('name')
              .orderBy('id')
              .select('order_id', 'name', 'name_si', 'name_ta', 'grams', 'weighed_grams', 'charged_grams', 'price_paise');
      return { onShift: me?.on_shift === true, orders: rows.map((row) => toRiderOrder(row, short, weighed)) };
    },

    /**
     * Gives an order to a rider (or takes it back with null). Only an order being packed, running late or on its
     * way; the rider must be an active rider account. The row lock makes two staff acting at once take turns: the
     * second reassigns from the first's rider, and each change is one event.
     */
    async assign(actor: AuthUser, orderRef: string, riderId: string | null): Promise<OrderWire> {
      return (await orders.move(actor, orderRef, { kind: 'assign', riderId })).order;
    },

    /** The rider has the order in hand: Processing (or running late) becomes Shipped; picking up again changes nothing. */
    async pickup(rider: AuthUser, orderRef: string): Promise<OrderWire> {
      return (await orders.move(rider, orderRef, { kind: 'pickup' })).order;
    },

    /**
     * Delivered, with the cash collected: Paid, the amount, time and who recorded. A rider delivers only their own
     * orders (404 for others); staff with orders.update any open one. The same call again answers the order as it
     * is and writes nothing; another amount after delivery is 409 ALREADY_DELIVERED.
     */
    deliver(actor: AuthUser, input: { orderId: string; cashCollected: number; reason?: string | undefined }): Promise<{ order: OrderWire; changed: boolean }> {
      return orders.move(actor, input.orderId, { kind: 'deliver', cashCollected: input.cashCollected, reason: input.reason });
    },

    /**
     * 'Could not deliver': the order goes back to the store (Processing, no rider) with the reason, kept on the order
     * (`returned_reason`, when, by whom) until it is given to a rider again; staff are told.
     */
    async returnOrder(rider: AuthUser, orderRef: string, reason: string): Promise<OrderWire> {
      return (await orders.move(rider, orderRef, { kind: 'return', reason })).order;
    },

    /** Today's cash row of one rider (what they collected and handed in today, and the cash they hold now). */
    async cashRow(riderId: string): Promise<RiderCashRow> {
      const rows = await cashRows(db, localDay(clock.now(), timeZone), riderId);
      return rows[0]!;
    },

    /**
     * Staff record cash a rider handed in: more than 0 and at most what the rider holds now, from every day (400
     * AMOUNT_INVALID naming that amount). The rider's balance row (`rider_cash`, kept by the database with every
     * cash amount and hand-in) is locked first, so two hand-ins at once are weighed one after the other, the second
     * against what the first left. After the commit every staff screen hears it, so open reports of the day show it.
     */
    async handIn(actor: AuthUser, input: { riderId: string; amount: number; note?: string | undefined }): Promise<RiderCashRow> {
      const now = clock.now();
      const day = localDay(now, timeZone);
      const { row, handInId } = await db.transaction(async (trx) => {
        const rider = await trx('users').where({ id: input.riderId, role: 'RIDER' }).first<{ id: string } | undefined>('id');
        if (!rider) throw noRider();
        // No balance row: the rider never held cash, so there is nothing to hand in (and nothing to lock).
        const balance = await trx('rider_cash').where({ rider_id: rider.id }).forUpdate().first<{ held_paise: unknown } | undefined>('held_paise');
        const outstanding = toCount(balance?.held_paise ?? 0);
        const amount = rupeesToPaise(input.amount);
        if (!handInAllowed(amount, outstanding)) {
          throw new AppError('AMOUNT_INVALID', `amount must be more than Rs.0 and at most what the rider holds: the rider holds ${formatRs(outstanding)}.`, {
            field: 'amount',
            details: { outstanding: paiseToRupees(outstanding), max: maxHandIn(outstanding) },
          });
        }
        const [made] = (await trx('cash_hand_ins')
          .insert({ rider_id: rider.id, amount_paise: amount, received_by: actor.id, received_at: now, note: input.note ?? null })
          .returning('id')) as Array<{ id: string }>;
        const [after] = await cashRows(trx, day, rider.id);
        return { row: after!, handInId: made!.id };
      });
      events.cashHandedIn({ riderId: row.riderId, day, handInId });
      return row;
    },

    /**
     * A hand-in recorded by mistake is voided (issue 30): kept, with who voided it, when and why; the balance trigger
     * gives its amount back to the rider. The hand-in's row is locked, so of two voids at once the second finds it
     * voided: 409 HAND_IN_VOIDED, as any void after the first. Answers the rider's row of the day it was received
     * on; every staff screen hears it (that day's report and every later one change).
     */
    async voidHandIn(actor: AuthUser, input: { handInId: string; reason: string }): Promise<RiderCashRow> {
      const now = clock.now();
      const { row, day } = await db.transaction(async (trx) => {
        const handIn = await trx('cash_hand_ins as h')
          .leftJoin('users as v', 'v.id', 'h.voided_by')
          .where('h.id', input.handInId)
          .forUpdate('h')
          .first<{ id: string; rider_id: string; received_at: Date | string; voided_at: Date | string | null; voided_by: string | null; void_reason: string | null } | undefined>(
            'h.id',
            'h.rider_id',
            'h.received_at',
            'h.voided_at',
            'v.name as voided_by',
            'h.void_reason',
          );
        if (!handIn) throw notFound('There is no such hand-in.', 'HAND_IN_NOT_FOUND');
        if (handIn.voided_at) {
          const when = new Date(handIn.voided_at);
          throw conflict(`This hand-in was already voided${handIn.voided_by ? ` by ${handIn.voided_by}` : ''} on ${localDay(when, timeZone)} at ${clockTime(when, timeZone)}: ${handIn.void_reason ?? ''}`, 'HAND_IN_VOIDED', {
            voidedAt: when.toISOString(),
            voidedBy: handIn.voided_by,
            reason: handIn.void_reason,
          });
        }
        await trx('cash_hand_ins').where({ id: handIn.id }).update({ voided_at: now, voided_by: actor.id, void_reason: input.reason });
        const received = localDay(new Date(handIn.received_at), timeZone);
        const [after] = await cashRows(trx, received, handIn.rider_id);
        return { row: after!, day: received };
      });
      events.cashHandedIn({ riderId: row.riderId, day, handInId: input.handInId, voided: true });
      return row;
    },

    cashRows,
  };
}

export type RiderService = ReturnType<typeof createRiderService>;
