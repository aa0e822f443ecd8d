import { describe, expect, it } from 'vitest';
import type { OrderWire } from '@kade/shared';
import { compareListOrder } from '@kade/shared';
import { BAR_LIST_MAX, barListsOrders, EMPTY_RING, isOverdue, isUntaken, longestWait, minutesWaited, ringLoaded, ringRemove, ringUpdate, type RingState } from './ring-set';

const T0 = Date.parse('2025-05-22T06:30:00.000Z');

function order(id: string, minutesAfterT0: number, fields: Partial<OrderWire> = {}): OrderWire {
  return {
    _id: id,
    orderId: id.toUpperCase(),
    userId: 'u1',
    order_status: 'Pending',
    payment_status: '',
    payment_method: 'Cash on Delivery',
    Choose: '50 Minutes to 1 Hour',
    language: 'en',
    location: '',
    latitude: null,
    longitude: null,
    delivery_address: {},
    products: [],
    undiscountedAmt: 100,
    subTotalAmt: 100,
    basketDiscount: 0,
    deliveryFee: 0,
    roundingAmt: 0,
    totalAmt: 100,
    takenBy: null,
    acknowledgedBy: null,
    acknowledgedAt: null,
    createdAt: new Date(T0 + minutesAfterT0 * 60_000).toISOString(),
    updatedAt: new Date(T0 + minutesAfterT0 * 60_000).toISOString(),
    ...fields,
  };
}

const taken = (o: OrderWire, by = 'Nimal'): OrderWire => ({ ...o, takenBy: 'staff-1', acknowledgedBy: by, acknowledgedAt: new Date(T0 + 60 * 60_000).toISOString() });
const ids = (state: RingState) => state.orders.map((o) => o._id);

describe('isUntaken', () => {
  it.each([
    ['a new Pending order', order('a', 0), true],
    ['an empty status (stored Pending)', order('a', 0, { order_status: '' }), true],
    ['a taken Pending order', taken(order('a', 0)), false],
    ['an order moved on to Processing', order('a', 0, { order_status: 'Processing' }), false],
    ['a cancelled order', order('a', 0, { order_status: 'Cancelled' }), false],
  ])('%s: %s', (_, o, expected) => {
    expect(isUntaken(o)).toBe(expected);
  });
});

describe('ringUpdate (order:new, order:status, order:acknowledged)', () => {
  it('adds a new order once, newest first as the Pending page lists them (issue 36)', () => {
    let state = ringUpdate(EMPTY_RING, order('b', 2));
    state = ringUpdate(state, order('a', 0));
    state = ringUpdate(state, order('b', 2));
    expect(ids(state)).toEqual(['b', 'a']);
  });

  it('replaces an order that is still untaken with its newer copy', () => {
    const state = ringUpdate(ringUpdate(EMPTY_RING, order('a', 0)), order('a', 0, { totalAmt: 250 }));
    expect(state.orders).toHaveLength(1);
    expect(state.orders[0]?.totalAmt).toBe(250);
  });

  it('drops an order once it is taken, and a stale copy of it never rings again', () => {
    let state = ringUpdate(ringUpdate(EMPTY_RING, order('a', 0)), order('b', 1));
    state = ringUpdate(state, taken(order('a', 0)));
    expect(ids(state)).toEqual(['b']);
    state = ringUpdate(state, order('a', 0)); // e.g. the order:new of another instance arriving late
    expect(ids(state)).toEqual(['b']);
  });

  it('drops an order moved on from Pending (the server takes it so)', () => {
    const state = ringUpdate(ringUpdate(EMPTY_RING, order('a', 0)), order('a', 0, { order_status: 'Processing' }));
    expect(ids(state)).toEqual([]);
  });

  it('a take heard before the order itself keeps it from ringing', () => {
    const state = ringUpdate(ringUpdate(EMPTY_RING, taken(order('a', 0))), order('a', 0));
    expect(ids(state)).toEqual([]);
  });

  it('leaves the state as it is for news about orders that do not ring', () => {
    const state = ringUpdate(ringUpdate(EMPTY_RING, order('a', 0)), order('x', 0, { order_status: 'Delivered' }));
    expect(ringUpdate(state, order('x', 0, { order_status: 'Delivered' }))).toBe(state);
  });

  it('remembers a bounded number of taken orders', () => {
    let state = EMPTY_RING;
    for (let i = 0; i < 600; i += 1) state = ringRemove(state, `o${i}`);
    expect(state.gone).toHaveLength(500);
    expect(state.gone.at(-1)).toBe('o599');
  });
});

describe('ringRemove (this screen took it, or was told someone had)', () => {
  it('stops the order ringing and keeps it out', () => {
    let state = ringUpdate(ringUpdate(EMPTY_RING, order('a', 0)), order('b', 1));
    state = ringRemove(state, 'a');
    expect(ids(state)).toEqual(['b']);
    expect(ids(ringUpdate(state, order('a', 0)))).toEqual(['b']);
    expect(ids(ringLoaded(state, [order('a', 0), order('b', 1)], new Set()))).toEqual(['b']);
  });
});

describe('ringLoaded (the Pending list at start, after a reconnect, and every minute)', () => {
  it('keeps only the untaken orders of the list', () => {
    const state = ringLoaded(EMPTY_RING, [order('c', 3), taken(order('b', 2)), order('a', 1)], new Set());
    expect(ids(state)).toEqual(['c', 'a']);
  });

  it('forgets orders taken while the screen was away', () => {
    const state = ringLoaded(ringUpdate(EMPTY_RING, order('a', 0)), [order('b', 1)], new Set());
    expect(ids(state)).toEqual(['b']);
  });

  it('keeps an order that arrived live while the list was loading, even if the answer missed it', () => {
    const before = ringUpdate(EMPTY_RING, order('new', 5));
    expect(ids(ringLoaded(before, [order('a', 0)], new Set(['new'])))).toEqual(['new', 'a']);
    expect(ids(ringLoaded(before, [order('a', 0), order('new', 5)], new Set(['new'])))).toEqual(['new', 'a']);
  });

  it('an order taken while the list was loading stays taken', () => {
    const state = ringRemove(ringUpdate(EMPTY_RING, order('a', 0)), 'a');
    expect(ids(ringLoaded(state, [order('a', 0)], new Set()))).toEqual([]);
  });
});

describe('minutesWaited and isOverdue (escalation after TAKE_ALERT_MINUTES)', () => {
  const placed = order('a', 0);
  it.each([
    [0, 0],
    [59_999, 0],
    [60_000, 1],
    [179_999, 2],
    [180_000, 3],
    [3_600_000, 60],
  ])('%i ms after it was placed: %i min', (elapsed, minutes) => {
    expect(minutesWaited(placed.createdAt, T0 + elapsed)).toBe(minutes);
  });

  it('never counts below zero when the device clock is behind the server', () => {
    expect(minutesWaited(placed.createdAt, T0 - 5 * 60_000)).toBe(0);
  });

  it('counts an unreadable time as just placed', () => {
    expect(minutesWaited('not a date', T0)).toBe(0);
  });

  it.each([
    [179_999, 3, false],
    [180_000, 3, true],
    [59_999, 1, false],
    [60_000, 1, true],
  ])('%i ms with a %i minute threshold: overdue %s', (elapsed, threshold, expected) => {
    expect(isOverdue(placed, T0 + elapsed, threshold)).toBe(expected);
  });
});

describe('the bar (issue 36)', () => {
  it('lists up to two orders, and beyond is one line with the count until opened', () => {
    expect(BAR_LIST_MAX).toBe(2);
    expect([0, 1, 2, 3, 9].map((count) => barListsOrders(count, false))).toEqual([true, true, true, false, false]);
    expect([3, 9].map((count) => barListsOrders(count, true))).toEqual([true, true]);
  });

  it('says how long the oldest has waited', () => {
    expect(longestWait([order('a', 0), order('b', 4)], T0 + 7 * 60_000)).toBe(7);
    expect(longestWait([], T0)).toBe(0);
  });

  it('keeps the orders in the order the Pending list answers them: newest first, equal times by id', () => {
    const same = [order('d', 1), order('c', 1)];
    const state = ringLoaded(EMPTY_RING, [order('a', 0), ...same, order('e', 5)], new Set());
    expect(ids(state)).toEqual(['e', 'c', 'd', 'a']);
    expect([...state.orders].sort(compareListOrder)).toEqual(state.orders);
  });
});
