// Whether the shop takes orders right now, and each delivery option: one rule for the server (which refuses an
// order with the code here) and the screens (which show the same words). What closes ordering, in order: the
// shop's hours, nobody at a counter (REQUIRE_COUNTER_ONLINE), a pause by staff (busy mode); what closes one
// option: a pause of the fastest option, or its capacity of open orders reached.
import { DELIVERY_OPTIONS, type DeliveryOptionLabel } from './pricing';
import { isWithinWindow } from './hours';
import type { OrderStatus } from './order-status';

/** A counter (app or agent) or a staff dashboard seen this recently means someone will see a new order. */
export const ATTENDED_WITHIN_SECONDS = 60;

/** The statuses that fill a delivery option's capacity: orders still to be delivered. */
export const OPEN_ORDER_STATUSES: readonly OrderStatus[] = ['Pending', 'Processing', 'Shipped', '10 Minutes delay traffic conditions'];

/** The option a 'fastest only' pause closes: the quickest promise. */
export const FASTEST_OPTION: DeliveryOptionLabel = DELIVERY_OPTIONS[0]!.label;

/** How long staff may pause ordering for in one go (minutes); a pause without an end lasts until resumed. */
export const PAUSE_MAX_MINUTES = 24 * 60;
/** The most orders an option's capacity may be set to. */
export const CAPACITY_MAX = 10_000;

export type PauseScope = 'all' | 'fastest';
export const PAUSE_SCOPES: readonly PauseScope[] = ['all', 'fastest'];

/** Why the whole shop takes no orders now: the server's 409 code. */
export type ClosedCode = 'SHOP_CLOSED' | 'STORE_UNATTENDED' | 'STORE_PAUSED';
/** Why one option cannot be chosen now. */
export type OptionClosedCode = 'OPTION_PAUSED' | 'OPTION_FULL';

export const ORDERING_TEXT = {
  notTaking: 'We are not taking orders right now',
  shopClosed: (hours: string) => `The shop takes orders from ${hours.replace('-', ' to ')}.`,
  unattended: 'Nobody is at the counter to see a new order just now. Please try again in a few minutes.',
  paused: 'The shop is very busy and has paused new orders.',
  until: (time: string) => `Expected back at ${time}.`,
  optionPaused: 'Paused while the shop is busy',
  optionFull: 'Full now',
  tryInstead: (label: string) => `Try ${label} instead.`,
} as const;

export interface PauseState {
  scope: PauseScope;
  /** When it ends by itself (ISO 8601), or null: until someone resumes. */
  until: string | null;
  /** Who paused (name), for the staff screens. */
  by: string | null;
}

export interface OrderingReason<C extends string> {
  code: C;
  message: string;
  /** When ordering is expected back (ISO 8601), or null when unknown. */
  until: string | null;
}

export interface OptionOrdering {
  label: DeliveryOptionLabel;
  available: boolean;
  reason: OrderingReason<OptionClosedCode> | null;
  /** The most open orders the option may hold, or null: unlimited. */
  capacity: number | null;
  /** Its open orders now. */
  openOrders: number;
  /** The next option that can be chosen, when this one cannot; else null. */
  suggestion: DeliveryOptionLabel | null;
}

/** GET /api/shop/config `ordering`: whether the shop takes orders now and each option's state. */
export interface OrderingState {
  open: boolean;
  reason: OrderingReason<ClosedCode> | null;
  pause: PauseState | null;
  options: OptionOrdering[];
}

/**
 * The state as shoppers and anonymous callers receive it: who paused is named only to staff (orders.view), over
 * HTTP and over the socket alike.
 */
export function orderingForShoppers(state: OrderingState): OrderingState {
  return state.pause && state.pause.by !== null ? { ...state, pause: { ...state.pause, by: null } } : state;
}

export interface OrderingInput {
  now: Date;
  timeZone: string;
  shopHours: string;
  /** Whether ordering needs someone at a counter or dashboard (REQUIRE_COUNTER_ONLINE). */
  requireAttended: boolean;
  /** The last time a counter or a staff dashboard was seen (ISO 8601 or Date), or null: never. */
  lastAttendedAt: Date | string | null;
  pause: PauseState | null;
  /** Per option: its capacity (null: unlimited) and its open orders now. */
  slots: Partial<Record<string, { capacity: number | null; openOrders: number }>>;
}

/** A pause still in force at `now` (one whose end has passed is over by itself). */
export function activePause(pause: PauseState | null, now: Date): PauseState | null {
  if (!pause) return null;
  if (pause.until !== null && Date.parse(pause.until) <= now.getTime()) return null;
  return pause;
}

export function orderingState(input: OrderingInput): OrderingState {
  const pause = activePause(input.pause, input.now);
  let reason: OrderingReason<ClosedCode> | null = null;
  if (!isWithinWindow(input.shopHours, input.now, input.timeZone)) {
    reason = { code: 'SHOP_CLOSED', message: ORDERING_TEXT.shopClosed(input.shopHours), until: null };
  } else if (input.requireAttended && !attended(input.lastAttendedAt, input.now)) {
    reason = { code: 'STORE_UNATTENDED', message: ORDERING_TEXT.unattended, until: null };
  } else if (pause?.scope === 'all') {
    reason = { code: 'STORE_PAUSED', message: ORDERING_TEXT.paused, until: pause.until };
  }

  const options = DELIVERY_OPTIONS.map((option): OptionOrdering => {
    const slot = input.slots[option.label];
    const capacity = slot?.capacity ?? null;
    const openOrders = slot?.openOrders ?? 0;
    let why: OrderingReason<OptionClosedCode> | null = null;
    if (pause?.scope === 'fastest' && option.label === FASTEST_OPTION) why = { code: 'OPTION_PAUSED', message: ORDERING_TEXT.optionPaused, until: pause.until };
    else if (capacity !== null && openOrders >= capacity) why = { code: 'OPTION_FULL', message: ORDERING_TEXT.optionFull, until: null };
    return { label: option.label, available: why === null, reason: why, capacity, openOrders, suggestion: null };
  });
  // A closed option suggests the next one (in promise order) that can be chosen.
  for (const [index, option] of options.entries()) {
    if (option.available) continue;
    option.suggestion = options.slice(index + 1).find((later) => later.available)?.label ?? options.slice(0, index).find((earlier) => earlier.available)?.label ?? null;
  }
  return { open: reason === null, reason, pause, options };
}

/** Whether a counter or staff dashboard was seen within ATTENDED_WITHIN_SECONDS of `now`. */
export function attended(lastAttendedAt: Date | string | null, now: Date): boolean {
  if (lastAttendedAt === null) return false;
  const seen = typeof lastAttendedAt === 'string' ? Date.parse(lastAttendedAt) : lastAttendedAt.getTime();
  return Number.isFinite(seen) && now.getTime() - seen <= ATTENDED_WITHIN_SECONDS * 1000;
}

/** The refusal for placing an order with this option now, or null when it may be placed. */
export function orderRefusal(state: OrderingState, option: string): OrderingReason<ClosedCode | OptionClosedCode> & { suggestion: string | null } | null {
  if (state.reason) return { ...state.reason, suggestion: null };
  const chosen = state.options.find((o) => o.label === option);
  if (chosen && !chosen.available && chosen.reason) {
    const message = chosen.suggestion ? `${chosen.label}: ${chosen.reason.message}. ${ORDERING_TEXT.tryInstead(chosen.suggestion)}` : `${chosen.label}: ${chosen.reason.message}.`;
    return { ...chosen.reason, message, suggestion: chosen.suggestion };
  }
  return null;
}
