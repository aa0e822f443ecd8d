// Order again (POST /api/cart/order-again) over real HTTP: what one of the caller's orders held goes back into the
// cart, capped by today's stock and rules, and what cannot be bought is named; nobody else's order can be copied.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeTotals, paiseToRupees } from '@kade/shared';
import { DB_KINDS, insertProduct, quickAccount, startTestServer, type TestServer, OPEN_NOW } from './helpers';
import { INSIDE } from './socket-helpers';

type Result = { message: string; code?: string; field?: string; data: { cart: Array<{ productId: { _id: string }; quantity: number }>; added: Array<{ name: string; quantity: number; asked: number }>; skipped: Array<{ name: string; reason: string }> } };

describe.each(DB_KINDS)('order again on %s', (kind) => {
  let server: TestServer;
  let rice: string;
  let dhal: string;
  let tea: string;

  beforeAll(async () => {
    server = await startTestServer(kind, { env: { ...OPEN_NOW } });
    rice = await insertProduct(server, { name: 'Nadu Rice 1kg', price: 240, stock: 50 });
    dhal = await insertProduct(server, { name: 'Mysore Dhal 500g', price: 310, stock: 50 });
    tea = await insertProduct(server, { name: 'Ceylon Tea 200g', price: 590, stock: 50 });
  });
  afterAll(async () => {
    await server?.stop();
  });

  async function orderOf(who: Awaited<ReturnType<typeof quickAccount>>, lines: Array<[string, number]>) {
    const address = await server.api<{ data: { _id: string } }>('POST', '/api/address/create', { address_line: 'Home', city: '1 Lane', state: 'Temple', pincode: '0771231234', mobile: 'Home', ...INSIDE }, who.auth);
    for (const [productId, quantity] of lines) {
      const item = await server.api<{ data: { _id: string } }>('POST', '/api/cart/create', { productId }, who.auth);
      if (quantity > 1) await server.api('PUT', '/api/cart/update-qty', { _id: item.body.data._id, qty: quantity }, who.auth);
    }
    const rows = await server.db.knex('products').whereIn('id', lines.map(([id]) => id)).select('id', 'price_paise', 'discount');
    const totals = computeTotals(lines.map(([id, quantity]) => { const row = rows.find((r) => r.id === id); return { pricePaise: row.price_paise, discount: Number(row.discount), quantity }; }), '50 Minutes to 1 Hour');
    const res = await server.api<{ data: { _id: string; orderId: string } }>('POST', '/api/order/cash-on-delivery', {
      list_items: lines.map(([productId, quantity]) => ({ productId, quantity })),
      addressId: address.body.data._id,
      subTotalAmt: paiseToRupees(totals.subtotalPaise),
      totalAmt: paiseToRupees(totals.grandTotalPaise),
      location: 'Location not available',
      Choose: '50 Minutes to 1 Hour',
    }, who.auth);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data;
  }

  it('fills the cart with what is still sold, capped by stock, and names what could not be added', async () => {
    const who = await quickAccount(server);
    const order = await orderOf(who, [[rice, 4], [dhal, 2], [tea, 1]]);
    // since then: rice is down to 3, tea is no longer sold
    await server.db.knex('product_stock').where({ product_id: rice }).update({ stock: 3 });
    await server.db.knex('products').where({ id: tea }).update({ publish: false });

    const res = await server.api<Result>('POST', '/api/cart/order-again', { orderId: order.orderId }, who.auth);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.added).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'Nadu Rice 1kg', quantity: 3, asked: 4 }),
        expect.objectContaining({ name: 'Mysore Dhal 500g', quantity: 2, asked: 2 }),
      ]),
    );
    expect(res.body.data.added).toHaveLength(2);
    expect(res.body.data.skipped).toEqual([{ name: 'Ceylon Tea 200g', reason: 'no longer sold' }]);
    expect(res.body.message).toBe('2 items added to your cart. Only 3 of Nadu Rice 1kg (you ordered 4). Not added: Ceylon Tea 200g (no longer sold).');
    const cart = Object.fromEntries(res.body.data.cart.map((line) => [line.productId._id, line.quantity]));
    expect(cart).toEqual({ [rice]: 3, [dhal]: 2 });

    // again: the cart never goes past what may be had
    const again = await server.api<Result>('POST', '/api/cart/order-again', { orderId: order._id }, who.auth);
    expect(Object.fromEntries(again.body.data.cart.map((line) => [line.productId._id, line.quantity]))).toEqual({ [rice]: 3, [dhal]: 4 });
    await server.db.knex('products').where({ id: tea }).update({ publish: true });
    await server.db.knex('product_stock').where({ product_id: rice }).update({ stock: 50 });
  });

  it("copies nobody else's order: 404 for another shopper's and for none, 401 anonymous, 400 for a bad id", async () => {
    const owner = await quickAccount(server);
    const order = await orderOf(owner, [[dhal, 1]]);
    const stranger = await quickAccount(server);
    expect((await server.api<Result>('POST', '/api/cart/order-again', { orderId: order._id }, stranger.auth)).body.code).toBe('ORDER_NOT_FOUND');
    expect((await server.api('POST', '/api/cart/order-again', { orderId: 'NOSUCH' }, stranger.auth)).status).toBe(404);
    expect((await server.api('POST', '/api/cart/order-again', { orderId: order._id })).status).toBe(401);
    for (const body of [{}, { orderId: '' }, { orderId: 'A\u0000B' }, { orderId: 'x'.repeat(65) }]) {
      const res = await server.api<Result>('POST', '/api/cart/order-again', body, stranger.auth);
      expect(res.status).toBe(400);
      expect(res.body.field).toBe('orderId');
    }
    expect((await server.api<{ data: unknown[] }>('GET', '/api/cart/get', undefined, stranger.auth)).body.data).toEqual([]);
  });
});
