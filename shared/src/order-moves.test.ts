import { describe, expect, it } from 'vitest';
import { ASSIGNABLE_STATUSES, isAssignable, judgeMove, ORDER_MOVE_KINDS, ORDER_MOVES, type MoveVerdict, type OrderMoveKind } from './order-moves';
import { ORDER_STATUSES, type OrderStatus } from './order-status';
import { ASSIGNABLE_STATUSES as RIDERS_ASSIGNABLE, isAssignable as ridersIsAssignable } from './riders';

const DELAY = '10 Minutes delay traffic conditions';
const OUT_OF_AREA = 'Cancelled Out Of Service Area';

// Written out by hand from SPEC.md section 4 and issue 20, not read from the table under test.
const STATUS_STEPS: Record<OrderStatus, OrderStatus[]> = {
  Pending: ['Processing'],
  Processing: ['Shipped', 'Cancelled', OUT_OF_AREA, DELAY],
  [DELAY]: ['Shipped', 'Cancelled', OUT_OF_AREA],
  Shipped: ['Delivered'],
  Delivered: [],
  Cancelled: ['Pending', 'Processing', 'Shipped', 'Delivered', OUT_OF_AREA, DELAY],
  [OUT_OF_AREA]: ['Pending', 'Processing', 'Shipped', 'Delivered', 'Cancelled', DELAY],
};

const go = (to: OrderStatus): MoveVerdict => ({ verdict: 'go', to });
const done: MoveVerdict = { verdict: 'done' };
const refused = (refusal: string) => ({ verdict: 'refused', refusal });
const notOpen = refused('ORDER_NOT_OPEN');

/** Each move (but staff's status steps) from each status: what the table must answer. */
const EXPECTED: Record<Exclude<OrderMoveKind, 'status'>, Record<OrderStatus, unknown>> = {
  cancel: {
    Pending: go('Cancelled'),
    Processing: refused('TOO_LATE_TO_CANCEL'),
    Shipped: refused('TOO_LATE_TO_CANCEL'),
    Delivered: refused('TOO_LATE_TO_CANCEL'),
    Cancelled: done,
    [OUT_OF_AREA]: refused('TOO_LATE_TO_CANCEL'),
    [DELAY]: refused('TOO_LATE_TO_CANCEL'),
  },
  acknowledge: {
    Pending: go('Pending'),
    Processing: go('Processing'),
    Shipped: go('Shipped'),
    Delivered: go('Delivered'),
    Cancelled: go('Cancelled'),
    [OUT_OF_AREA]: go(OUT_OF_AREA),
    [DELAY]: go(DELAY),
  },
  assign: {
    Pending: refused('ORDER_NOT_ASSIGNABLE'),
    Processing: go('Processing'),
    Shipped: go('Shipped'),
    Delivered: refused('ORDER_NOT_ASSIGNABLE'),
    Cancelled: refused('ORDER_NOT_ASSIGNABLE'),
    [OUT_OF_AREA]: refused('ORDER_NOT_ASSIGNABLE'),
    [DELAY]: go(DELAY),
  },
  pickup: {
    Pending: notOpen,
    Processing: go('Shipped'),
    Shipped: go('Shipped'),
    Delivered: notOpen,
    Cancelled: notOpen,
    [OUT_OF_AREA]: notOpen,
    [DELAY]: go('Shipped'),
  },
  deliver: {
    Pending: notOpen,
    Processing: go('Delivered'),
    Shipped: go('Delivered'),
    Delivered: done,
    Cancelled: notOpen,
    [OUT_OF_AREA]: notOpen,
    [DELAY]: go('Delivered'),
  },
  return: {
    Pending: notOpen,
    Processing: go('Processing'),
    Shipped: go('Processing'),
    Delivered: notOpen,
    Cancelled: notOpen,
    [OUT_OF_AREA]: notOpen,
    [DELAY]: go('Processing'),
  },
  // issue 33: only an order being packed (Processing) is packed
  pack: {
    Pending: refused('ORDER_NOT_PACKING'),
    Processing: go('Processing'),
    Shipped: refused('ORDER_NOT_PACKING'),
    Delivered: refused('ORDER_NOT_PACKING'),
    Cancelled: refused('ORDER_NOT_PACKING'),
    [OUT_OF_AREA]: refused('ORDER_NOT_PACKING'),
    [DELAY]: refused('ORDER_NOT_PACKING'),
  },
  // a substitute is proposed only while the order is being packed
  propose: {
    Pending: refused('ORDER_NOT_PACKING'),
    Processing: go('Processing'),
    Shipped: refused('ORDER_NOT_PACKING'),
    Delivered: refused('ORDER_NOT_PACKING'),
    Cancelled: refused('ORDER_NOT_PACKING'),
    [OUT_OF_AREA]: refused('ORDER_NOT_PACKING'),
    [DELAY]: refused('ORDER_NOT_PACKING'),
  },
  // answering and settling keep the status; the proposal itself says whether it still waits
  answer: Object.fromEntries(ORDER_STATUSES.map((s) => [s, go(s)])) as Record<OrderStatus, unknown>,
  settle: Object.fromEntries(ORDER_STATUSES.map((s) => [s, go(s)])) as Record<OrderStatus, unknown>,
};

describe('the move table', () => {
  it('has a rule for every kind of move, and the kinds are these eleven (issue 33 added packing and substitutes)', () => {
    expect(ORDER_MOVE_KINDS).toEqual(['status', 'cancel', 'acknowledge', 'assign', 'pickup', 'deliver', 'return', 'pack', 'propose', 'answer', 'settle']);
    expect(Object.keys(ORDER_MOVES).sort()).toEqual([...ORDER_MOVE_KINDS].sort());
  });

  const pairs = ORDER_STATUSES.flatMap((from) => ORDER_STATUSES.map((to) => [from, to] as const));
  it.each(pairs)('a status step from %s to %s', (from, to) => {
    const allowed = STATUS_STEPS[from].includes(to);
    expect(judgeMove('status', from, to)).toEqual(allowed ? go(to) : refused('STATUS_STEP_NOT_ALLOWED'));
  });

  it.each(ORDER_STATUSES)('a status step from %s names where it goes: without a status it is refused', (from) => {
    expect(judgeMove('status', from)).toEqual(refused('STATUS_STEP_NOT_ALLOWED'));
  });

  const moves = (Object.keys(EXPECTED) as Array<keyof typeof EXPECTED>).flatMap((kind) => ORDER_STATUSES.map((from) => [kind, from] as const));
  it.each(moves)('%s from %s', (kind, from) => {
    expect(judgeMove(kind, from)).toEqual(EXPECTED[kind][from]);
  });

  it('says who may make each move: staff by permission, the rider on their own orders, the shopper on theirs', () => {
    expect(Object.fromEntries(ORDER_MOVE_KINDS.map((kind) => [kind, ORDER_MOVES[kind].grants]))).toEqual({
      status: [{ permission: 'orders.update', orders: 'any' }],
      cancel: [{ permission: null, orders: 'placed' }],
      acknowledge: [{ permission: 'orders.take', orders: 'any' }],
      assign: [{ permission: 'orders.assign', orders: 'any' }],
      pickup: [{ permission: 'deliveries.carry', orders: 'assigned' }],
      // a rider delivers their own; staff who move orders deliver any open one (a store without riders)
      deliver: [
        { permission: 'deliveries.carry', orders: 'assigned' },
        { permission: 'orders.update', orders: 'any' },
      ],
      return: [{ permission: 'deliveries.carry', orders: 'assigned' }],
      pack: [{ permission: 'orders.update', orders: 'any' }],
      propose: [{ permission: 'orders.update', orders: 'any' }],
      // the order's own shopper only: staff and admins are answered as if it did not exist
      answer: [{ permission: null, orders: 'placed' }],
      settle: [{ permission: null, orders: 'system' }],
    });
  });
});

describe('the rider rules in the table', () => {
  it('an order may be given to a rider while packed, running late or on its way', () => {
    expect(ORDER_STATUSES.filter(isAssignable)).toEqual(['Processing', 'Shipped', DELAY]);
    expect(ASSIGNABLE_STATUSES).toEqual(['Processing', 'Shipped', DELAY]);
  });

  it('riders.ts names the same rule (one definition, two doors)', () => {
    expect(ridersIsAssignable).toBe(isAssignable);
    expect(RIDERS_ASSIGNABLE).toBe(ASSIGNABLE_STATUSES);
  });

  it('every rider move starts where assigning may: the rider carries exactly the orders staff may give them', () => {
    for (const kind of ['pickup', 'deliver', 'return'] as const) {
      expect(ORDER_STATUSES.filter((from) => judgeMove(kind, from).verdict === 'go')).toEqual(ORDER_STATUSES.filter(isAssignable));
    }
  });
});
