import { describe, expect, it } from 'vitest';
import { orderListByKey, type OrderList, type OrderWire } from '@kade/shared';
import { applyChange, belongsTo } from './use-order-list';

const list = (key: string): OrderList => orderListByKey(key)!;
const order = (id: string, status: string) => ({ _id: id, order_status: status }) as OrderWire;

describe('an admin order list', () => {
  it.each([
    ['pending', '', true],
    ['pending', 'Pending', true],
    ['pending', 'Processing', false],
    ['processing', '10 Minutes delay traffic conditions', true],
    ['cancelled', 'Cancelled Out Of Service Area', true],
    ['delivered', 'Shipped', false],
  ])('%s holds an order in "%s": %s', (key, status, held) => {
    expect(belongsTo(list(key), order('a', status))).toBe(held);
  });

  it('adds an arriving order on top, replaces one that stays, removes one that leaves', () => {
    const start = { orders: [order('a', 'Processing')], total: 5, left: [] as string[] };
    const arrived = applyChange(start, list('processing'), order('b', 'Processing'), 'Pending');
    expect(arrived.orders.map((o) => o._id)).toEqual(['b', 'a']);
    expect(arrived.total).toBe(6);
    const delayed = applyChange(arrived, list('processing'), order('a', '10 Minutes delay traffic conditions'), 'Processing');
    expect(delayed.orders.map((o) => o.order_status)).toEqual(['Processing', '10 Minutes delay traffic conditions']);
    expect(delayed.total).toBe(6);
    const shipped = applyChange(delayed, list('processing'), order('b', 'Shipped'), 'Processing');
    expect(shipped.orders.map((o) => o._id)).toEqual(['a']);
    expect(shipped.total).toBe(5);
  });

  it('counts an order leaving from a page not loaded yet, and ignores one that never was here', () => {
    const start = { orders: [order('a', 'Pending')], total: 30, left: [] as string[] };
    expect(applyChange(start, list('pending'), order('z', 'Processing'), 'Pending').total).toBe(29);
    expect(applyChange(start, list('pending'), order('z', 'Delivered'), 'Shipped')).toBe(start);
    // the same event twice (the admin's own answer, then the live event) changes the list once
    const once = applyChange(start, list('pending'), order('b', 'Pending'));
    expect(applyChange(once, list('pending'), order('b', 'Pending'))).toEqual(once);
  });

  it("counts an order moved on by this admin once, when the live event follows the server's answer", () => {
    const start = { orders: [order('a', 'Pending'), order('b', 'Pending')], total: 12, left: [] as string[] };
    const answered = applyChange(start, list('pending'), order('a', 'Processing'), 'Pending');
    const evented = applyChange(answered, list('pending'), order('a', 'Processing'), 'Pending');
    expect(evented.orders.map((o) => o._id)).toEqual(['b']);
    expect(evented.total).toBe(11);
  });
});
