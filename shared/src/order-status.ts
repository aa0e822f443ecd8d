// The order status machine (SPEC.md section 4, DESIGN.md section 10): the seven statuses, their colours,
// which moves are allowed, which admin list shows each one, and whether an order holds its stock.

/** Every order status, exactly as stored and sent on the wire. */
export const ORDER_STATUSES = [
  'Pending',
  'Processing',
  'Shipped',
  'Delivered',
  'Cancelled',
  'Cancelled Out Of Service Area',
  '10 Minutes delay traffic conditions',
] as const;

export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const STATUS_OUT_OF_AREA: OrderStatus = 'Cancelled Out Of Service Area';
export const STATUS_DELAYED: OrderStatus = '10 Minutes delay traffic conditions';

/** True when the text is one of the seven statuses, spelled exactly. */
export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === 'string' && (ORDER_STATUSES as readonly string[]).includes(value);
}

/**
 * A stored status as an OrderStatus: an empty (or missing) status means 'Pending'; surrounding spaces are
 * ignored; anything else that is not one of the seven throws, since the database never holds one.
 */
export function normalizeStatus(value: string | null | undefined): OrderStatus {
  const text = (value ?? '').trim();
  if (text === '') return 'Pending';
  if (isOrderStatus(text)) return text;
  throw new RangeError(`Unknown order status "${text}"`);
}

/**
 * The status text to show or print, never failing: 'Pending' when empty, the status itself otherwise
 * (an unknown text is shown as it is rather than hiding the order).
 */
export function statusLabel(value: string | null | undefined): string {
  const text = (value ?? '').trim();
  return text === '' ? 'Pending' : text;
}

export type StatusColourName = 'grey' | 'yellow' | 'blue' | 'green' | 'red' | 'orange';

/** A badge colour: its name and a text/background pair with a contrast ratio of at least 4.5:1 (WCAG AA). */
export interface StatusColour {
  readonly name: StatusColourName;
  readonly text: string;
  readonly background: string;
}

const COLOURS: Record<StatusColourName, StatusColour> = {
  grey: { name: 'grey', text: '#374151', background: '#F3F4F6' },
  yellow: { name: 'yellow', text: '#854D0E', background: '#FEF9C3' },
  blue: { name: 'blue', text: '#1E40AF', background: '#DBEAFE' },
  green: { name: 'green', text: '#166534', background: '#DCFCE7' },
  red: { name: 'red', text: '#991B1B', background: '#FEE2E2' },
  orange: { name: 'orange', text: '#9A3412', background: '#FFEDD5' },
};

/** Badge colours: Pending grey, Processing yellow, Shipped blue, Delivered green, both cancelled red, the delay orange. */
export const STATUS_COLOURS: Readonly<Record<OrderStatus, StatusColour>> = {
  Pending: COLOURS.grey,
  Processing: COLOURS.yellow,
  Shipped: COLOURS.blue,
  Delivered: COLOURS.green,
  Cancelled: COLOURS.red,
  'Cancelled Out Of Service Area': COLOURS.red,
  '10 Minutes delay traffic conditions': COLOURS.orange,
};

function allBut(status: OrderStatus): readonly OrderStatus[] {
  return ORDER_STATUSES.filter((other) => other !== status);
}

/**
 * The statuses an order may move to next:
 * - Pending -> Processing;
 * - Processing -> Shipped, Cancelled, Cancelled Out Of Service Area, or the delay status;
 * - the delay status -> Shipped, Cancelled or Cancelled Out Of Service Area (it is Processing running late);
 * - Shipped -> Delivered; Delivered is final;
 * - Cancelled and Cancelled Out Of Service Area -> any other status (reopening an order by mistake
 *   cancelled; the order then takes its stock again).
 */
export const NEXT_STATUSES: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  Pending: ['Processing'],
  Processing: ['Shipped', 'Cancelled', 'Cancelled Out Of Service Area', '10 Minutes delay traffic conditions'],
  '10 Minutes delay traffic conditions': ['Shipped', 'Cancelled', 'Cancelled Out Of Service Area'],
  Shipped: ['Delivered'],
  Delivered: [],
  Cancelled: allBut('Cancelled'),
  'Cancelled Out Of Service Area': allBut('Cancelled Out Of Service Area'),
};

/** True when an order in `from` may be moved to `to` (never to the status it already has). */
export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return NEXT_STATUSES[from].includes(to);
}

/**
 * The statuses in which a shopper may cancel their own order: before packing and not after (the terms), so only
 * Pending. Staff cancel through the status steps above.
 */
export const SHOPPER_CANCELLABLE: readonly OrderStatus[] = ['Pending'];

/** True while the shopper may still cancel the order themself (My Orders' Cancel order, PUT /api/order/cancel). */
export function shopperMayCancel(status: OrderStatus): boolean {
  return SHOPPER_CANCELLABLE.includes(status);
}

/** True for the two cancelled statuses. */
export function isCancelled(status: OrderStatus): boolean {
  return status === 'Cancelled' || status === 'Cancelled Out Of Service Area';
}

/** True once an order's journey has ended, Delivered or cancelled: nothing about it is on its way any more. */
export function isClosedStatus(status: OrderStatus): boolean {
  return status === 'Delivered' || isCancelled(status);
}

/** Whether an order in this status keeps its items' stock taken: every status but the cancelled ones. */
export function holdsStock(status: OrderStatus): boolean {
  return !isCancelled(status);
}

export type StockMovement = 'release' | 'take' | 'none';

/**
 * What a status change does to stock: cancelling gives it back ('release'), leaving a cancelled status
 * takes it again ('take'; refused when the stock is gone), any other move leaves it ('none').
 */
export function stockMovement(from: OrderStatus, to: OrderStatus): StockMovement {
  if (holdsStock(from) === holdsStock(to)) return 'none';
  return holdsStock(to) ? 'take' : 'release';
}

/** The keys of the admin lists, in menu order. */
export const ORDER_LIST_KEYS = ['pending', 'processing', 'shipped', 'delivered', 'cancelled'] as const;
export type OrderListKey = (typeof ORDER_LIST_KEYS)[number];

export interface OrderList {
  /** The path segment under /dashboard. */
  readonly key: OrderListKey;
  readonly title: string;
  readonly statuses: readonly OrderStatus[];
}

/**
 * The five admin order lists. Every status is in exactly one list: the Processing list also holds the
 * delay status, the Cancelled list holds both cancelled statuses.
 */
export const ORDER_LISTS: readonly OrderList[] = [
  { key: 'pending', title: 'Pending', statuses: ['Pending'] },
  { key: 'processing', title: 'Processing', statuses: ['Processing', '10 Minutes delay traffic conditions'] },
  { key: 'shipped', title: 'Shipped', statuses: ['Shipped'] },
  { key: 'delivered', title: 'Delivered', statuses: ['Delivered'] },
  { key: 'cancelled', title: 'Cancelled', statuses: ['Cancelled', 'Cancelled Out Of Service Area'] },
];

/** The admin list that shows orders in this status. */
export function listForStatus(status: OrderStatus): OrderList {
  const list = ORDER_LISTS.find((candidate) => candidate.statuses.includes(status));
  if (!list) throw new RangeError(`No order list holds "${status}"`);
  return list;
}

/** The admin list with this key, or undefined. */
export function orderListByKey(key: string): OrderList | undefined {
  return ORDER_LISTS.find((list) => list.key === key);
}

/**
 * The order every order list is in (issue 36): newest first, equal times by id. The server answers its lists so
 * (`order by created_at desc, id`) and the dashboard's new-order bar lists its orders the same way, so the bar and
 * the Pending page read alike.
 */
export function compareListOrder(a: { createdAt: string; _id: string }, b: { createdAt: string; _id: string }): number {
  return Date.parse(b.createdAt) - Date.parse(a.createdAt) || (a._id < b._id ? -1 : a._id > b._id ? 1 : 0);
}
