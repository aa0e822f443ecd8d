// The day's report (issue 19, item 6): what a day in the shop's time zone means, the rules its figures follow
// (each option's promise, the p90, the hour an order falls in) and its CSV. The server reads the rows with SQL
// and hands them to `summariseDeliveries` and `ordersPerHour`; the dashboard, the CSV and the counter's printed
// day summary all show the one `DayReport` it answers.
import { z } from 'zod';
import { DEFAULT_TIME_ZONE, localMinutes, wallClock } from './hours';
import { ORDER_STATUSES, type OrderStatus } from './order-status';
import { DELIVERY_OPTIONS, deliveryOptionByLabel, type DeliveryOptionCode } from './pricing';
import type { RiderCashRow } from './riders';
import type { ProposalStatus } from './substitution';

/** How many products the report lists under 'items sold', by quantity. */
export const REPORT_TOP_ITEMS = 20;

/** How many products the report lists under 'most often short' (issue 33). */
export const REPORT_TOP_SHORT = 5;

/** Which percentile the report gives beside the average delivery time. */
export const REPORT_PERCENTILE = 90;

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True when the text is a real calendar day written YYYY-MM-DD (2026-02-29 is not; 2028-02-29 is). */
export function isCalendarDay(text: string): boolean {
  const match = DAY_PATTERN.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1970 || month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** GET /api/orders/report and report.csv: the day, in the shop's zone. */
export const reportQuerySchema = z.object({
  day: z
    .string({ error: (issue) => (issue.input == null ? 'day is required, written YYYY-MM-DD' : 'day must be one date written YYYY-MM-DD') })
    .refine(isCalendarDay, 'day must be a real date written YYYY-MM-DD, for example 2026-11-22'),
});
export type ReportQuery = z.infer<typeof reportQuerySchema>;

/** How far the zone's clock is ahead of UTC at an instant, in ms (+05:30 is 19,800,000). */
function zoneOffsetMs(instant: number, timeZone: string): number {
  const whole = Math.floor(instant / 1000) * 1000;
  const c = wallClock(whole, timeZone);
  return Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute, c.second) - whole;
}

/** The day (YYYY-MM-DD) a clock in `timeZone` shows at `date`: today in the shop, for the date picker. */
export function localDay(date: Date | string | number, timeZone: string = DEFAULT_TIME_ZONE): string {
  const c = wallClock(new Date(date).getTime(), timeZone);
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(c.year, 4)}-${pad(c.month)}-${pad(c.day)}`;
}

/** The local midnight that starts a day in the zone, as an instant. */
function localMidnight(year: number, month: number, day: number, timeZone: string): Date {
  const guess = Date.UTC(year, month - 1, day);
  const first = guess - zoneOffsetMs(guess, timeZone);
  // Once more at the found instant, for a zone whose offset changes near midnight (summer time).
  return new Date(guess - zoneOffsetMs(first, timeZone));
}

/**
 * The instants a shop day covers: from its local midnight (inclusive) to the next one (exclusive). A day with a
 * clock change is 23 or 25 hours long; in Asia/Colombo every day is 24 hours from 18:30 UTC the day before.
 */
export function dayBounds(day: string, timeZone: string = DEFAULT_TIME_ZONE): { start: Date; end: Date } {
  if (!isCalendarDay(day)) throw new RangeError(`Invalid day "${day}": expected YYYY-MM-DD`);
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const next = new Date(Date.UTC(year, month - 1, date + 1));
  return {
    start: localMidnight(year, month, date, timeZone),
    end: localMidnight(next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate(), timeZone),
  };
}

/** The hour of the local day (0..23) an instant falls in: its bucket in 'orders per hour'. */
export function hourOfDay(date: Date | string | number, timeZone: string = DEFAULT_TIME_ZONE): number {
  return Math.floor(localMinutes(date, timeZone) / 60);
}

/** Orders per local hour: 24 counts, hour 0 first. */
export function ordersPerHour(placedAt: ReadonlyArray<Date | string | number>, timeZone: string = DEFAULT_TIME_ZONE): number[] {
  const buckets = Array.from({ length: 24 }, () => 0);
  for (const at of placedAt) buckets[hourOfDay(at, timeZone)]! += 1;
  return buckets;
}

/**
 * The p-th percentile by the nearest-rank method: the smallest value that at least p% of the values do not
 * exceed (of 10 values, the p90 is the 9th smallest). Always one of the values; null for none.
 */
export function percentile(values: readonly number[], p: number): number | null {
  if (!(p > 0 && p <= 100)) throw new RangeError(`percentile must be above 0 and at most 100, got ${p}`);
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.ceil((p / 100) * sorted.length) - 1] ?? null;
}

/** The most minutes an option promises from order to door: the later end of its label ('50 Minutes to 1 Hour' is 60). */
export function promiseMinutes(label: string): number | null {
  return deliveryOptionByLabel(label)?.promiseMinutes ?? null;
}

/** One order as the report reads it: its option, when it was placed, and when it was delivered (null if not yet). */
export interface ReportDelivery {
  orderId: string;
  option: string;
  status: string;
  placedAt: Date | string;
  deliveredAt: Date | string | null;
}

export interface OptionTimes {
  option: string;
  code: DeliveryOptionCode | null;
  promiseMinutes: number | null;
  delivered: number;
  /** Pending to Delivered, in minutes to one decimal; null when none was delivered. */
  averageMinutes: number | null;
  /** The 90th percentile of the same (nearest rank), minutes to one decimal. */
  p90Minutes: number | null;
  /** Orders of this option that took (or, still open, have taken) longer than the promise. */
  missed: number;
}

export interface MissedOrder {
  orderId: string;
  option: string;
  promiseMinutes: number;
  /** Minutes from placing to delivery; for an order not yet delivered, to the time of the report. */
  minutes: number;
  status: string;
  delivered: boolean;
}

const minutesBetween = (from: Date | string, to: Date | string | number): number => (new Date(to).getTime() - new Date(from).getTime()) / 60_000;
const oneDecimal = (n: number): number => Math.round(n * 10) / 10;

/** Statuses whose orders are still on their way to the shopper: the promise runs on for them. */
const STILL_OPEN: readonly string[] = ['Pending', 'Processing', 'Shipped', '10 Minutes delay traffic conditions'];

/**
 * Delivery times per option (every option listed, in the shop's order, then any unknown label the day held) and
 * the orders that broke their option's promise: delivered later than it, or still open past it at `now`. An
 * order that took exactly the promise kept it. Cancelled orders made no promise to keep.
 */
export function summariseDeliveries(orders: readonly ReportDelivery[], now: Date | string | number): { options: OptionTimes[]; missed: MissedOrder[] } {
  const labels = [...DELIVERY_OPTIONS.map((o) => o.label as string), ...orders.map((o) => o.option).filter((l) => !deliveryOptionByLabel(l))];
  const missed: MissedOrder[] = [];
  const options = [...new Set(labels)].map((label): OptionTimes => {
    const promise = promiseMinutes(label);
    const mine = orders.filter((o) => o.option === label);
    const times = mine.filter((o) => o.status === 'Delivered' && o.deliveredAt !== null).map((o) => minutesBetween(o.placedAt, o.deliveredAt!));
    let late = 0;
    for (const order of mine) {
      const delivered = order.status === 'Delivered' && order.deliveredAt !== null;
      if (!delivered && !STILL_OPEN.includes(order.status)) continue;
      const minutes = minutesBetween(order.placedAt, delivered ? order.deliveredAt! : now);
      if (promise !== null && minutes > promise) {
        late += 1;
        missed.push({ orderId: order.orderId, option: label, promiseMinutes: promise, minutes: oneDecimal(minutes), status: order.status, delivered });
      }
    }
    const p90 = percentile(times, REPORT_PERCENTILE);
    return {
      option: label,
      code: deliveryOptionByLabel(label)?.code ?? null,
      promiseMinutes: promise,
      delivered: times.length,
      averageMinutes: times.length === 0 ? null : oneDecimal(times.reduce((a, b) => a + b, 0) / times.length),
      p90Minutes: p90 === null ? null : oneDecimal(p90),
      missed: late,
    };
  });
  missed.sort((a, b) => b.minutes - a.minutes || a.orderId.localeCompare(b.orderId));
  return { options, missed };
}

export interface ReportItem {
  name: string;
  unit: string;
  /** Units sold (lines sold by the unit). */
  quantity: number;
  /**
   * Kilos sold (issue 34), three decimals: the grams charged on lines sold by weight (weighed at packing, else as
   * asked) over 1000; 0 for a product sold by the unit. Absent from a server before weights.
   */
  kilos?: number;
  /** What those items came to, in rupees. */
  amount: number;
}

/** Kilos from grams for the report, exact to the gram: 742 -> 0.742. */
export function kilosFromGrams(grams: number): number {
  return Number((grams / 1000).toFixed(3));
}

/** An item's amount sold as people read it: '3', '1.500 kg', or both ('3 + 1.500 kg') when sold both ways. */
export function itemSoldText(item: Pick<ReportItem, 'quantity' | 'kilos'>): string {
  const kilos = item.kilos ?? 0;
  if (kilos <= 0) return String(item.quantity);
  const weight = `${kilos.toFixed(3)} kg`;
  return item.quantity > 0 ? `${item.quantity} + ${weight}` : weight;
}

/**
 * Packing of the day's orders (issue 33). A packed order is one with any line ticked or marked short. Over those,
 * a line counts as found when it is sent in full (a line staff never ticked in a packed order is sent as ordered);
 * the fill rate is lines found / lines ordered. Substitutions by where they ended: a substitute kept without
 * asking (AUTO_ACCEPTED) counts as accepted; `pending` ones are still waiting for the shopper.
 */
export interface PackingFigures {
  packedOrders: number;
  linesOrdered: number;
  linesFound: number;
  /** Percent, to one decimal; null when no order was packed. */
  fillRate: number | null;
  substitutions: { accepted: number; declined: number; expired: number; pending: number };
  /** The products most often short (top 5): the name as sold and how many lines were short of it. */
  shortProducts: Array<{ name: string; timesShort: number }>;
}

/**
 * Problems, credit and promo codes of the day (issue 35). Reports made that day, and decisions made that day;
 * credit issued, redeemed (net of what cancelled or repacked orders gave back) and expired that day; the credit the
 * store owes at the day's end (or now, for today): what is left of every lot not yet expired, its liability; promo
 * discounts on the day's orders not cancelled; and the cash refunds approved and not yet paid back, now.
 */
export interface CreditFigures {
  problemsReported: number;
  problemsApproved: number;
  problemsDeclined: number;
  creditIssued: number;
  creditRedeemed: number;
  creditExpired: number;
  creditOutstanding: number;
  promoOrders: number;
  promoDiscounts: number;
  cashRefundsDue: number;
  cashRefundsDueCount: number;
}

/** The credit figures of a day with none. */
export function emptyCreditFigures(): CreditFigures {
  return { problemsReported: 0, problemsApproved: 0, problemsDeclined: 0, creditIssued: 0, creditRedeemed: 0, creditExpired: 0, creditOutstanding: 0, promoOrders: 0, promoDiscounts: 0, cashRefundsDue: 0, cashRefundsDueCount: 0 };
}

/** Lines found / lines ordered, in percent to one decimal; null for no lines. */
export function fillRate(linesFound: number, linesOrdered: number): number | null {
  return linesOrdered > 0 ? Math.round((linesFound / linesOrdered) * 1000) / 10 : null;
}

/** Where substitutions ended, counted: AUTO_ACCEPTED is accepted (a substitute kept without asking). */
export function countSubstitutions(rows: ReadonlyArray<{ status: ProposalStatus; count: number }>): PackingFigures['substitutions'] {
  const tally = { accepted: 0, declined: 0, expired: 0, pending: 0 };
  const into: Record<ProposalStatus, keyof typeof tally> = { ACCEPTED: 'accepted', AUTO_ACCEPTED: 'accepted', DECLINED: 'declined', EXPIRED: 'expired', PENDING: 'pending' };
  for (const row of rows) tally[into[row.status]] += row.count;
  return tally;
}

/** The packing figures of a day none of whose orders was packed. */
export function emptyPackingFigures(): PackingFigures {
  return { packedOrders: 0, linesOrdered: 0, linesFound: 0, fillRate: null, substitutions: { accepted: 0, declined: 0, expired: 0, pending: 0 }, shortProducts: [] };
}

/** GET /api/orders/report's `data`: the orders placed on one day in the shop's zone. Amounts in rupees. */
export interface DayReport {
  day: string;
  timeZone: string;
  /** When the report was made (ISO). */
  generatedAt: string;
  /** True for a day that has not begun in the shop yet: every figure is empty. */
  future: boolean;
  totalOrders: number;
  /** Every status, in the machine's order, with how many of the day's orders are in it now. */
  byStatus: Array<{ status: OrderStatus; count: number }>;
  /** Top 20 by quantity, of the orders not cancelled. */
  items: ReportItem[];
  /**
   * The cash recorded on the day's delivered cash-on-delivery orders (what the rider or staff said was collected,
   * so a short collection shows here).
   */
  cashCollected: number;
  /** What those same orders came to (their totals): the cash expected, shown beside what was recorded. */
  cashExpected: number;
  deliveredOrders: number;
  /** The day's orders in a cancelled status: their total. */
  valueCancelled: number;
  cancelledOrders: number;
  deliveryTimes: OptionTimes[];
  missedPromises: MissedOrder[];
  /** 24 counts, hour 0 (midnight to 1 AM) first. */
  ordersPerHour: number[];
  /** Cash per rider (issue 20): each rider who delivered, collected or handed in cash that day, by name. */
  riders: RiderCashRow[];
  /** Packing (issue 33): fill rate, substitutions, the products most often short. Absent from a server before it. */
  packing?: PackingFigures;
  /** Problems, credit and promo codes (issue 35). Absent from a server before it. */
  credit?: CreditFigures;
}

/** The report of a day with no orders (a day still to come, or a quiet one). */
export function emptyDayReport(day: string, timeZone: string, generatedAt: Date, future: boolean): DayReport {
  return {
    day,
    timeZone,
    generatedAt: generatedAt.toISOString(),
    future,
    totalOrders: 0,
    byStatus: ORDER_STATUSES.map((status) => ({ status, count: 0 })),
    items: [],
    cashCollected: 0,
    cashExpected: 0,
    deliveredOrders: 0,
    valueCancelled: 0,
    cancelledOrders: 0,
    deliveryTimes: summariseDeliveries([], generatedAt).options,
    missedPromises: [],
    ordersPerHour: ordersPerHour([], timeZone),
    riders: [],
    packing: emptyPackingFigures(),
    credit: emptyCreditFigures(),
  };
}

// CSV

/**
 * What a spreadsheet may run as a formula when a cell starts with it: = + - @, tab, carriage return and line feed.
 * Their full-width and small forms (U+FF1D, U+FF0B, U+FF0D, U+FF20, U+FE66 ...) fold to the same by NFKC, which
 * some spreadsheets apply to what they read.
 */
const FORMULA_START = /^[=+\-@\t\r\n]/;

/** Invisible at the start of a cell: format characters (Unicode Cf: zero-width space, BOM, bidi controls) and spaces. */
const INVISIBLE_START = /^[\p{Cf}\p{Zs}]+/u;

/**
 * True when a spreadsheet could read the text as a formula: its first visible character (after the format
 * characters and spaces a reader does not see), folded by NFKC, is one that starts one.
 */
export function startsFormula(text: string): boolean {
  const visible = text.replace(INVISIBLE_START, '');
  const first = visible.codePointAt(0);
  if (first === undefined) return false;
  return FORMULA_START.test(String.fromCodePoint(first).normalize('NFKC'));
}

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, quote, or line break, quotes doubled. Text that a
 * spreadsheet would run as a formula (`startsFormula`) gets a leading apostrophe first, as OWASP advises; numbers
 * are written as numbers, so a negative amount stays a number.
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const safe = startsFormula(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Rows of cells as CSV text, CRLF line ends (RFC 4180). */
export function csvText(rows: ReadonlyArray<ReadonlyArray<string | number | null | undefined>>): string {
  return rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/** The file name a day's CSV downloads as. */
export const reportFileName = (day: string): string => `kade-report-${day}.csv`;

/** The whole report as one CSV: a section per table, each with its own header row, a blank line between. */
export function dayReportCsv(report: DayReport): string {
  const blank: string[] = [];
  const packing = report.packing ?? emptyPackingFigures();
  const credit = report.credit ?? emptyCreditFigures();
  return csvText([
    ['Day report', report.day],
    ['Time zone', report.timeZone],
    ['Generated at', report.generatedAt],
    blank,
    ['Figure', 'Value'],
    ['Orders', report.totalOrders],
    ['Delivered orders', report.deliveredOrders],
    ['Cash collected (Rs.)', report.cashCollected],
    ['Cash expected (Rs.)', report.cashExpected],
    ['Cancelled orders', report.cancelledOrders],
    ['Value cancelled (Rs.)', report.valueCancelled],
    ['Packed orders', packing.packedOrders],
    ['Lines ordered (packed orders)', packing.linesOrdered],
    ['Lines found', packing.linesFound],
    ['Fill rate (%)', packing.fillRate],
    ['Substitutions accepted (with kept without asking)', packing.substitutions.accepted],
    ['Substitutions declined', packing.substitutions.declined],
    ['Substitutions expired', packing.substitutions.expired],
    ['Problems reported', credit.problemsReported],
    ['Problems approved', credit.problemsApproved],
    ['Problems declined', credit.problemsDeclined],
    ['Credit issued (Rs.)', credit.creditIssued],
    ['Credit redeemed (Rs.)', credit.creditRedeemed],
    ['Credit expired (Rs.)', credit.creditExpired],
    ['Credit outstanding (Rs.)', credit.creditOutstanding],
    ['Orders with a promo code', credit.promoOrders],
    ['Promo discounts (Rs.)', credit.promoDiscounts],
    ['Cash refunds due (Rs.)', credit.cashRefundsDue],
    ['Cash refunds due (reports)', credit.cashRefundsDueCount],
    blank,
    ['Short product', 'Times short'],
    ...packing.shortProducts.map((p) => [p.name, p.timesShort]),
    blank,
    ['Status', 'Orders'],
    ...report.byStatus.map((s) => [s.status, s.count]),
    blank,
    ['Item', 'Unit', 'Quantity', 'Kilos', 'Amount (Rs.)'],
    ...report.items.map((i) => [i.name, i.unit, i.quantity, (i.kilos ?? 0).toFixed(3), i.amount]),
    blank,
    ['Delivery option', 'Promise (min)', 'Delivered', 'Average (min)', `p${REPORT_PERCENTILE} (min)`, 'Missed promise'],
    ...report.deliveryTimes.map((o) => [o.option, o.promiseMinutes, o.delivered, o.averageMinutes, o.p90Minutes, o.missed]),
    blank,
    ['Missed order', 'Delivery option', 'Promise (min)', 'Minutes', 'Status'],
    ...report.missedPromises.map((m) => [m.orderId, m.option, m.promiseMinutes, m.minutes, m.status]),
    blank,
    ['Hour', 'Orders'],
    ...report.ordersPerHour.map((count, hour) => [hourLabel(hour), count]),
    blank,
    ['Rider', 'Deliveries', 'Brought forward (Rs.)', 'Collected (Rs.)', 'Handed in (Rs.)', 'Outstanding (Rs.)', 'Flagged'],
    ...(report.riders ?? []).map((r) => [r.name, r.deliveries, r.broughtForward, r.collected, r.handedIn, r.outstanding, r.flagged]),
    blank,
    ['Hand-in rider', 'Received at', 'Amount (Rs.)', 'Received by', 'Note', 'Voided at', 'Voided by', 'Void reason'],
    ...(report.riders ?? []).flatMap((r) => r.handIns.map((h) => [r.name, h.receivedAt, h.amount, h.receivedBy, h.note, h.voided?.at, h.voided?.by, h.voided?.reason])),
  ]);
}

/** An hour bucket as people read it: 0 -> '00:00-01:00'. */
export function hourLabel(hour: number): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(hour)}:00-${pad((hour + 1) % 24)}:00`;
}
