// An order's short number is drawn at random; when the one drawn is already taken the write writes nothing (its
// COMMIT goes with it) and the placement is tried again in a new transaction with another number. The draw is the
// one input made to repeat here (the randomness is outside what a test controls): over real HTTP, the order is
// placed once with a free number, its stock taken once and its Idempotency-Key's answer stored once.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { computeTotals, paiseToRupees } from '@kade/shared';
import type * as Shared from '@kade/shared';
import { DB_KINDS, insertProduct, quickAccount, startTestServer, type TestServer, OPEN_NOW, stockOf } from './helpers';
import { INSIDE } from './socket-helpers';

const draws = vi.hoisted(() => ({ queue: [] as string[] }));
vi.mock('@kade/shared', async (original) => {
  const shared = await original<typeof Shared>();
  return { ...shared, generateOrderId: () => draws.queue.shift() ?? shared.generateOrderId() };
});

describe.each(DB_KINDS)('an order number already taken on %s', (kind) => {
  let server: TestServer;
  let rice: string;

  beforeAll(async () => {
    server = await startTestServer(kind, { env: { ...OPEN_NOW } });
    rice = await insertProduct(server, { name: 'Keeri Samba 1kg', price: 320, stock: 20 });
  });
  afterAll(async () => {
    await server?.stop();
  });

  async function place(who: Awaited<ReturnType<typeof quickAccount>>, quantity: number, key?: string) {
    const address = await server.api<{ data: { _id: string } }>('POST', '/api/address/create', { address_line: 'Home', city: '2 Lane', state: 'Temple', pincode: '0771231234', mobile: 'Home', ...INSIDE }, who.auth);
    const item = await server.api<{ data: { _id: string } }>('POST', '/api/cart/create', { productId: rice }, who.auth);
    if (quantity > 1) await server.api('PUT', '/api/cart/update-qty', { _id: item.body.data._id, qty: quantity }, who.auth);
    const totals = computeTotals([{ pricePaise: 32000, discount: 0, quantity }], '50 Minutes to 1 Hour');
    return server.api<{ data: { _id: string; orderId: string } }>(
      'POST',
      '/api/order/cash-on-delivery',
      {
        list_items: [{ productId: rice, quantity }],
        addressId: address.body.data._id,
        subTotalAmt: paiseToRupees(totals.subtotalPaise),
        totalAmt: paiseToRupees(totals.grandTotalPaise),
        location: 'Location not available',
        Choose: '50 Minutes to 1 Hour',
      },
      { ...who.auth, ...(key ? { 'idempotency-key': key } : {}) },
    );
  }


  it('draws again until the number is free: one order, its stock taken once, its key answered once', async () => {
    const first = await quickAccount(server);
    draws.queue.push('KN2001');
    const taken = await place(first, 1);
    expect(taken.status, JSON.stringify(taken.body)).toBe(201);
    expect(taken.body.data.orderId).toBe('KN2001');
    expect(await stockOf(server, rice)).toBe(19);

    const second = await quickAccount(server);
    draws.queue.push('KN2001', 'KN2001', 'KN2002');
    const placed = await place(second, 2, 'number-retry-key');
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    expect(placed.body.data.orderId).toBe('KN2002');
    expect(draws.queue).toEqual([]);
    expect(await stockOf(server, rice)).toBe(17);
    const orders = await server.db.knex('orders').where({ user_id: second.id }).select('id', 'order_code');
    expect(orders).toEqual([{ id: placed.body.data._id, order_code: 'KN2002' }]);
    expect(Number((await server.db.knex('order_lines').where({ order_id: placed.body.data._id }).count('* as n'))[0]!.n)).toBe(1);
    const key = await server.db.knex('idempotency_keys').where({ user_id: second.id, key: 'number-retry-key' }).select('response_status');
    expect(key).toEqual([{ response_status: 201 }]);
    expect(await server.db.knex('cart_items').where({ user_id: second.id })).toEqual([]);
  });
});
