import type { Knex } from 'knex';
import {
  dayBounds,
  countSubstitutions,
  emptyDayReport,
  fillRate,
  isProposalStatus,
  GRAMS_PER_KG,
  kilosFromGrams,
  isCancelled,
  isOrderStatus,
  ordersPerHour,
  ORDER_STATUSES,
  paiseToRupees,
  REPORT_TOP_ITEMS,
  REPORT_TOP_SHORT,
  summariseDeliveries,
  type CreditFigures,
  type DayReport,
  type OrderStatus,
  type PackingFigures,
  type RiderCashRow,
} from '@kade/shared';
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import { toCount } from '../../db/database';

export interface ReportServiceDeps {
  db: Knex;
  config: Config;
  clock: Clock;
  /** The day's cash per rider (issue 20), read in the report's own snapshot. */
  riderCash?: (trx: Knex.Transaction, day: string) => Promise<RiderCashRow[]>;
}

const CANCELLED: readonly OrderStatus[] = ORDER_STATUSES.filter(isCancelled);

/**
 * What a line sent, per line of `order_lines as l` (issue 34): units of a line sold by the unit (what was found,
 * else all ordered); grams of a line sold by weight (its charged grams once weighed, else the asked grams; none
 * when packing found none); and its amount in paise. A weighed line's amount is weight.ts weighedAmountPaise in SQL
 * integer arithmetic: grams x the per-kg price in paise, plus half a rupee's worth, divided down to whole rupees
 * (the report's test checks it against the shared function).
 */
const WEIGHED = `l.sell_by = 'WEIGHT'`;
const SENT_UNITS = `case when ${WEIGHED} then 0 else coalesce(l.found, l.quantity) end`;
const SENT_GRAMS = `case when ${WEIGHED} and coalesce(l.found, 1) > 0 then coalesce(l.charged_grams, l.grams) else 0 end`;
const SENT_PAISE = `case when ${WEIGHED} then ((${SENT_GRAMS})::bigint * l.price_paise + ${GRAMS_PER_KG * 50}) / ${GRAMS_PER_KG * 100} * 100 else coalesce(l.found, l.quantity) * l.price_paise end`;

/** One of the day's orders with the two moments its delivery time runs between (from its events). */
interface DayOrderRow {
  order_code: string;
  status: string;
  delivery_option: string;
  created_at: Date | string;
  placed_at: Date | string | null;
  delivered_at: Date | string | null;
}

/**
 * The day's report: the orders placed on one day in the shop's time zone (TIME_ZONE), read in one read-only
 * snapshot, so the figures add up even while orders move. The SQL counts and sums; the rules (each option's
 * promise, the p90, the hour an order falls in) are @kade/shared's.
 */
export function createReportService({ db, config, clock, riderCash }: ReportServiceDeps) {
  const timeZone = config.shop.timeZone;

  return {
    async dayReport(day: string): Promise<DayReport> {
      const now = clock.now();
      const { start, end } = dayBounds(day, timeZone);
      if (start.getTime() > now.getTime()) return emptyDayReport(day, timeZone, now, true);
      return db.transaction(async (trx) => {
        await trx.raw('set transaction isolation level repeatable read, read only');
        const byStatus = (await trx('orders')
          .where('created_at', '>=', start)
          .andWhere('created_at', '<', end)
          .groupBy('status', 'payment_method')
          .select(
            'status',
            'payment_method',
            trx.raw('count(*) as count'),
            trx.raw('coalesce(sum(total_paise), 0) as paise'),
            trx.raw('coalesce(sum(cash_collected_paise), 0) as cash_paise'),
            // the cash to collect: the total less the store credit it used (issue 35)
            trx.raw('coalesce(sum(total_paise - least(credit_used_paise, total_paise)), 0) as due_paise'),
          )) as Array<{ status: string; payment_method: string; count: unknown; paise: unknown; cash_paise: unknown; due_paise: unknown }>;
        const items = (await trx('order_lines as l')
          .join('orders as o', 'o.id', 'l.order_id')
          .where('o.created_at', '>=', start)
          .andWhere('o.created_at', '<', end)
          .whereNotIn('o.status', CANCELLED)
          .groupBy('l.name', 'l.unit')
          // what was sent: a line packed short counts what was found (issue 33); one found in none is not sold
          .havingRaw(`sum(${SENT_UNITS}) > 0 or sum(${SENT_GRAMS}) > 0`)
          .select('l.name', 'l.unit', trx.raw(`sum(${SENT_UNITS}) as quantity`), trx.raw(`sum(${SENT_GRAMS}) as grams`), trx.raw(`sum(${SENT_PAISE}) as paise`))
          // a kilo ranks as one unit does
          .orderByRaw(`sum(${SENT_UNITS}) + sum(${SENT_GRAMS}) / 1000.0 desc, l.name, l.unit`)
          .limit(REPORT_TOP_ITEMS)) as Array<{ name: string; unit: string; quantity: unknown; grams: unknown; paise: unknown }>;
        // Pending to Delivered from the order's events: its first Pending (placed) and its Delivered.
        const orders = (await trx('orders as o')
          .where('o.created_at', '>=', start)
          .andWhere('o.created_at', '<', end)
          .select(
            'o.order_code',
            'o.status',
            'o.delivery_option',
            'o.created_at',
            trx.raw(`(select min(e.created_at) from order_events e where e.order_id = o.id and e.to_status = 'Pending') as placed_at`),
            trx.raw(`(select max(e.created_at) from order_events e where e.order_id = o.id and e.to_status = 'Delivered') as delivered_at`),
          )
          .orderBy('o.created_at')) as DayOrderRow[];

        const counts = new Map<OrderStatus, number>();
        // The cash recorded at delivery (a short collection shows), and what those orders came to beside it.
        let cashPaise = 0;
        let expectedPaise = 0;
        let cancelledPaise = 0;
        for (const row of byStatus) {
          const status: OrderStatus = isOrderStatus(row.status) ? row.status : 'Pending';
          const count = toCount(row.count);
          const paise = toCount(row.paise);
          counts.set(status, (counts.get(status) ?? 0) + count);
          if (status === 'Delivered' && row.payment_method === 'Cash on Delivery') {
            cashPaise += toCount(row.cash_paise);
            expectedPaise += toCount(row.due_paise);
          }
          if (isCancelled(status)) cancelledPaise += paise;
        }
        const deliveries = summariseDeliveries(
          orders.map((o) => ({
            orderId: o.order_code,
            option: o.delivery_option,
            status: isOrderStatus(o.status) ? o.status : 'Pending',
            placedAt: o.placed_at ?? o.created_at,
            deliveredAt: o.delivered_at,
          })),
          now,
        );
        const riders = riderCash ? await riderCash(trx, day) : [];
        const packing = await packingFigures(trx, start, end);
        const credit = await creditFigures(trx, start, end, now);
        const report = emptyDayReport(day, timeZone, now, false);
        return {
          ...report,
          totalOrders: orders.length,
          byStatus: ORDER_STATUSES.map((status) => ({ status, count: counts.get(status) ?? 0 })),
          items: items.map((i) => ({ name: i.name, unit: i.unit, quantity: toCount(i.quantity), kilos: kilosFromGrams(toCount(i.grams)), amount: paiseToRupees(toCount(i.paise)) })),
          cashCollected: paiseToRupees(cashPaise),
          cashExpected: paiseToRupees(expectedPaise),
          deliveredOrders: counts.get('Delivered') ?? 0,
          valueCancelled: paiseToRupees(cancelledPaise),
          cancelledOrders: CANCELLED.reduce((n, s) => n + (counts.get(s) ?? 0), 0),
          deliveryTimes: deliveries.options,
          missedPromises: deliveries.missed,
          ordersPerHour: ordersPerHour(orders.map((o) => o.created_at), timeZone),
          riders,
          packing,
          credit,
        };
      });
    },
  };
}

/**
 * Packing of the orders placed between `start` and `end` (issue 33), in the report's snapshot: over the orders
 * with any line ticked or marked short, the lines and those sent in full (a line never ticked is sent as
 * ordered); the day's proposals by status; and the products most often short (lines found below their quantity).
 */
async function packingFigures(trx: Knex.Transaction, start: Date, end: Date): Promise<PackingFigures> {
  const dayOrders = () => trx('orders as o').where('o.created_at', '>=', start).andWhere('o.created_at', '<', end);
  const lines = (await dayOrders()
    .join('order_lines as l', 'l.order_id', 'o.id')
    .whereExists((q) => q.select(trx.raw('1')).from('order_lines as p').whereRaw('p.order_id = o.id').whereNotNull('p.found'))
    .first(
      trx.raw('count(distinct o.id) as orders'),
      trx.raw('count(*) as lines'),
      trx.raw('count(*) filter (where coalesce(l.found, l.quantity) >= l.quantity) as found'),
    )) as { orders: unknown; lines: unknown; found: unknown } | undefined;
  const proposals = (await dayOrders().join('order_proposals as p', 'p.order_id', 'o.id').groupBy('p.status').select('p.status', trx.raw('count(*) as count'))) as Array<{
    status: string;
    count: unknown;
  }>;
  const short = (await dayOrders()
    .join('order_lines as l', 'l.order_id', 'o.id')
    .whereNotNull('l.found')
    .whereRaw('l.found < l.quantity')
    .groupBy(trx.raw('coalesce(l.product_id::text, l.name)'))
    .select(trx.raw('min(l.name) as name'), trx.raw('count(*) as times'))
    .orderByRaw('count(*) desc, min(l.name)')
    .limit(REPORT_TOP_SHORT)) as Array<{ name: string; times: unknown }>;
  const linesOrdered = toCount(lines?.lines);
  const linesFound = toCount(lines?.found);
  return {
    packedOrders: toCount(lines?.orders),
    linesOrdered,
    linesFound,
    fillRate: fillRate(linesFound, linesOrdered),
    substitutions: countSubstitutions(proposals.flatMap((row) => (isProposalStatus(row.status) ? [{ status: row.status, count: toCount(row.count) }] : []))),
    shortProducts: short.map((row) => ({ name: row.name, timesShort: toCount(row.times) })),
  };
}

/**
 * Problems, credit and promo codes of the day (issue 35), in the report's snapshot. The liability is read at the
 * day's end, or now for today: of every lot issued before then and expiring after it, what its entries up to then
 * leave of it.
 */
async function creditFigures(trx: Knex.Transaction, start: Date, end: Date, now: Date): Promise<CreditFigures> {
  const at = end.getTime() < now.getTime() ? end : now;
  const problems = (await trx.raw(
    `select
      count(*) filter (where created_at >= ? and created_at < ?) as reported,
      count(*) filter (where status = 'APPROVED' and decided_at >= ? and decided_at < ?) as approved,
      count(*) filter (where status = 'DECLINED' and decided_at >= ? and decided_at < ?) as declined,
      count(*) filter (where refund_as = 'CASH' and status = 'APPROVED' and cash_paid_at is null) as cash_due,
      coalesce(sum(amount_paise) filter (where refund_as = 'CASH' and status = 'APPROVED' and cash_paid_at is null), 0) as cash_due_paise
    from problem_reports
    where (created_at >= ? and created_at < ?) or (decided_at >= ? and decided_at < ?) or (refund_as = 'CASH' and status = 'APPROVED' and cash_paid_at is null)`,
    [start, end, start, end, start, end, start, end, start, end],
  )) as { rows: Array<Record<'reported' | 'approved' | 'declined' | 'cash_due' | 'cash_due_paise', unknown>> };
  const entries = (await trx('credit_entries').where('created_at', '>=', start).andWhere('created_at', '<', end).groupBy('kind').select('kind', trx.raw('coalesce(sum(amount_paise), 0) as paise'))) as Array<{ kind: string; paise: unknown }>;
  const sum = (kind: string) => Number(entries.find((e) => e.kind === kind)?.paise ?? 0);
  const owed = (await trx.raw(
    `select coalesce(sum(greatest(0, i.amount_paise + coalesce((select sum(e.amount_paise) from credit_entries e where e.lot_id = i.id and e.created_at <= ?), 0))), 0) as paise
    from credit_entries i where i.kind = 'ISSUE' and i.created_at <= ? and i.expires_at > ?`,
    [at, at, at],
  )) as { rows: Array<{ paise: unknown }> };
  const promos = (await trx('orders').where('created_at', '>=', start).andWhere('created_at', '<', end).whereNotIn('status', CANCELLED).whereNotNull('promo_code')
    .first(trx.raw('count(*) as orders'), trx.raw('coalesce(sum(promo_discount_paise), 0) as paise'))) as { orders: unknown; paise: unknown } | undefined;
  const p = problems.rows[0];
  return {
    problemsReported: toCount(p?.reported),
    problemsApproved: toCount(p?.approved),
    problemsDeclined: toCount(p?.declined),
    creditIssued: paiseToRupees(sum('ISSUE')),
    // what orders spent, less what cancelled or repacked orders gave back
    creditRedeemed: paiseToRupees(-(sum('REDEEM') + sum('RESTORE'))),
    creditExpired: paiseToRupees(-sum('EXPIRE')),
    creditOutstanding: paiseToRupees(toCount(owed.rows[0]?.paise)),
    promoOrders: toCount(promos?.orders),
    promoDiscounts: paiseToRupees(toCount(promos?.paise)),
    cashRefundsDue: paiseToRupees(toCount(p?.cash_due_paise)),
    cashRefundsDueCount: toCount(p?.cash_due),
  };
}

export type ReportService = ReturnType<typeof createReportService>;
