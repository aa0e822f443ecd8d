// Riders and the cash they carry (issue 20): which orders may be given to a rider, what a shopper may see of
// their rider, when a collected amount needs a reason, how much a hand-in may be, and the wire shapes of the
// rider's page, the assigning dropdown and the day report's cash per rider. The server enforces these; the
// screens show the same words.
import { isClosedStatus, STATUS_DELAYED, type OrderStatus } from './order-status';
import { ASSIGNABLE_STATUSES } from './order-moves';
import { localMinutes } from './hours';
import { paiseToRupees } from './money';
import { deliveryOptionByLabel } from './pricing';

// Which orders may be given to a rider, and which a rider may pick up, deliver or bring back, is a row of the
// move table (order-moves.ts); named here too, where the rider's rules were first looked for.
export { ASSIGNABLE_STATUSES, isAssignable } from './order-moves';

/** The statuses of an order out with its rider: the rider's number is shown to the shopper only then. */
export const RIDER_OPEN_STATUSES: readonly OrderStatus[] = ['Shipped', STATUS_DELAYED];

/** True while a rider carries the order (it is theirs to pick up, deliver or return). */
export function isOpenForRider(status: OrderStatus): boolean {
  return ASSIGNABLE_STATUSES.includes(status);
}

/** A person's first name as a shopper is told it ('Nimal' of 'Nimal Perera'); the whole name when it has one word. */
export function firstName(name: string): string {
  const trimmed = name.trim();
  return trimmed.split(/\s+/)[0] ?? trimmed;
}

/** What a shopper sees of the rider carrying their order (My Orders), or null. */
export interface ShopperRiderWire {
  firstName: string;
  /** The rider's number while the order is on its way (Shipped or the delay status); null before and after. */
  mobile: string | null;
}

/**
 * The shopper's view of an order's rider: nothing before it is Shipped (or running late) or without a rider;
 * the first name from then on, and the number only while the order is still open.
 */
export function riderForShopper(status: OrderStatus, rider: { name: string; mobile: string } | null): ShopperRiderWire | null {
  if (!rider) return null;
  const shown = RIDER_OPEN_STATUSES.includes(status) || isClosedStatus(status);
  if (!shown) return null;
  return { firstName: firstName(rider.name), mobile: RIDER_OPEN_STATUSES.includes(status) ? rider.mobile : null };
}

/** True when the cash a rider (or staff) says was collected is not the order's total: a reason is needed. */
export function cashNeedsReason(collectedPaise: number, totalPaise: number): boolean {
  return collectedPaise !== totalPaise;
}

/**
 * Whether a hand-in of this amount may be recorded against what the rider holds: more than 0 and at most that
 * (issue 30: a margin above it let hand-ins take a balance below zero, which then hid cash collected later). A
 * rider who holds nothing, or less than nothing, may hand in nothing.
 */
export function handInAllowed(amountPaise: number, outstandingPaise: number): boolean {
  return amountPaise > 0 && amountPaise <= outstandingPaise;
}

/** The most one hand-in may be for a rider with this outstanding cash (rupees, for the form): what they hold, or 0. */
export function maxHandIn(outstandingPaise: number): number {
  return paiseToRupees(Math.max(0, outstandingPaise));
}

/** When a delivery option's promise runs out for an order placed at `placedAt`; null for an option the shop does not know. */
export function promiseDue(optionLabel: string, placedAt: Date | string): Date | null {
  const option = deliveryOptionByLabel(optionLabel);
  return option ? new Date(new Date(placedAt).getTime() + option.promiseMinutes * 60_000) : null;
}

/**
 * The delivery window of an order placed at `placedAt` (issue 36): from the option's earlier end to its promise,
 * as the dashboard's cards show it ('18:55–19:05'); null for an option the shop does not know.
 */
export function deliveryWindow(optionLabel: string, placedAt: Date | string, timeZone: string): string | null {
  const option = deliveryOptionByLabel(optionLabel);
  if (!option) return null;
  const placed = new Date(placedAt).getTime();
  const at = (minutes: number) => clockTime(new Date(placed + minutes * 60_000), timeZone);
  return `${at(option.earliestMinutes)}\u2013${at(option.promiseMinutes)}`;
}

/** A time on the shop's clock as the rider's card says it, in any language: 24-hour '14:35'. */
export function clockTime(date: Date | string, timeZone: string): string {
  const minutes = localMinutes(date, timeZone);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

/** A Google Maps link: to the saved point when there is one, else a search for the address text. */
export function mapUrl(location: { lat: number; lng: number } | null, addressText: string): string {
  const query = location ? `${location.lat},${location.lng}` : addressText;
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;
}

/** GET /api/riders: an active rider account, for the assigning dropdown (on-shift riders first). */
export interface RiderWire {
  id: string;
  name: string;
  mobile: string;
  onShift: boolean;
  /** The orders assigned to them that are not yet delivered. */
  openOrders: number;
}

/** The rider an order is assigned to, as the admin order wire carries it. */
export interface AssignedRiderWire {
  id: string;
  name: string;
  mobile: string;
}

/** One order on the rider's page (GET /api/rider/orders). Amounts in rupees. */
export interface RiderOrderWire {
  id: string;
  /** The short order number the shop shows and reads aloud. */
  ref: string;
  status: OrderStatus;
  customerName: string;
  customerMobile: string;
  address: { text: string; landmark: string };
  location: { lat: number; lng: number } | null;
  mapUrl: string;
  /**
   * The option's label, its promise in English ('by 14:35', the label for an unknown option) and when it runs out
   * (ISO 8601, null for an unknown option), from which the page says the promise in the rider's language.
   */
  deliveryOption: { name: string; promise: string; dueAt: string | null };
  total: number;
  /** What the rider collects at the door: the total while it is open, 0 once paid. */
  cashToCollect: number;
  /**
   * Packing (issue 33): how many times it revised the order (0: never), the total it was placed with when it was
   * revised (else null), and the lines sent short: each name (English, Sinhala, Tamil as sold) and how many
   * were ordered and sent. `total` and `cashToCollect` are always the revised amounts.
   */
  revision: number;
  originalTotal: number | null;
  shortLines: Array<{ name: string; nameSi: string | null; nameTa: string | null; ordered: number; sent: number }>;
  /**
   * Lines sold by weight (issue 34) that are sent: each name, the grams charged (weighed at packing, else asked, and
   * then `weighed` false) and the line's amount (rupees), so the rider can say why the total is what it is.
   */
  weighedLines?: Array<{ name: string; nameSi: string | null; nameTa: string | null; grams: number; weighed: boolean; lineTotal: number }>;
  assignedAt: string | null;
  pickedUpAt: string | null;
  deliveredAt: string | null;
  /** The cash recorded at delivery, or null. */
  cashCollected: number | null;
  cashNote: string | null;
}

/** GET /api/rider/orders: the rider's shift and their orders (open ones oldest first, then today's delivered). */
export interface RiderOrdersWire {
  onShift: boolean;
  orders: RiderOrderWire[];
}

/** One recorded hand-in of cash by a rider (rupees). */
export interface HandInWire {
  id: string;
  amount: number;
  receivedAt: string;
  /** The name of the staff member who received it. */
  receivedBy: string;
  note: string | null;
  /**
   * Set once the hand-in was voided (recorded by mistake): when, the name of who voided it, and why. A voided
   * hand-in is listed but counts for nothing: the rider holds its amount again.
   */
  voided: { at: string; by: string; reason: string } | null;
}

/** The hand-ins that count: those not voided. */
export function liveHandIns<T extends { voided?: unknown }>(handIns: readonly T[]): T[] {
  return handIns.filter((h) => !h.voided);
}

/**
 * The day report's cash per rider (rupees). `collected` and `handedIn` are the day's own; `outstanding` is the
 * rider's running balance at the end of the day (today: now), so cash collected one evening and handed in the next
 * morning is owed on the first day and settled on the second, never negative.
 */
export interface RiderCashRow {
  riderId: string;
  name: string;
  /** Orders they delivered that day. */
  deliveries: number;
  /** What they still held when the day began: every cash collected before it, less every hand-in before it. */
  broughtForward: number;
  collected: number;
  /** The day's hand-ins that count (voided ones left out). */
  handedIn: number;
  /** broughtForward + collected - handedIn: what they hold at the day's end, shown until it is 0. */
  outstanding: number;
  /** Deliveries whose cash differed from the order's total (with a reason). */
  flagged: number;
  handIns: HandInWire[];
}

/** 'rider:shift' to staff: a rider went on or off shift (the riders offered for assigning change). */
export interface RiderShiftEventWire {
  riderId: string;
  onShift: boolean;
}

/**
 * 'cash:hand-in' to staff: a rider's hand-in was recorded on `day` of the shop's clock (YYYY-MM-DD), or, with
 * `voided`, a hand-in received on `day` was voided (that day's report and every later one change).
 */
export interface CashHandInEventWire {
  riderId: string;
  day: string;
  handInId: string;
  voided?: true;
}

/** 'order:returned' to staff: a rider could not deliver, the order is back in the store. */
export interface OrderReturnedEventWire {
  orderId: string;
  reason: string;
  rider: { id: string; name: string };
}
