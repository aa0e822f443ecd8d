// The minimum basket (issue 30, item 5), over real HTTP: below MIN_ORDER_RUPEES an order is refused 400
// BELOW_MINIMUM naming the amount still needed, and nothing is written; whatever the setting, a total of Rs.0 is
// refused; the shop's settings tell the screens the minimum.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, insertProduct, OPEN_NOW, startTestServer, stockOf, type TestServer } from './helpers';
import { readyBuyer } from './socket-helpers';

const SCHEDULED = 'Between 2 Hours to 2.30 Hours'; // the free delivery option

describe.each(DB_KINDS)('a minimum basket of Rs.100 on %s', (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(kind, { env: { ...OPEN_NOW, MIN_ORDER_RUPEES: '100' } });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('tells the screens the minimum', async () => {
    const res = await server.api<{ data: { minOrderRupees: number } }>('GET', '/api/shop/config');
    expect(res.body.data.minOrderRupees).toBe(100);
  });

  it('refuses a Rs.60 basket naming the Rs.40 still needed, and writes nothing', async () => {
    const water = await insertProduct(server, { name: 'Drinking Water 1L', price: 60, stock: 10 });
    const buyer = await readyBuyer(server, water);
    const res = await buyer.order();
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'BELOW_MINIMUM', field: 'list_items', message: 'Add Rs.40.00 more to order.', data: { amountNeeded: 40, minOrderAmt: 100 } });
    expect(await stockOf(server, water)).toBe(10);
    expect(await server.db.knex('orders').where({ user_id: buyer.who.id }).first()).toBeUndefined();
    const cart = await server.api<{ data: unknown[] }>('GET', '/api/cart/get', undefined, buyer.who.auth);
    expect(cart.body.data).toHaveLength(1);
  });

  it('counts the basket after item discounts, and takes one that reaches the minimum', async () => {
    const discounted = await insertProduct(server, { name: 'Biscuits Family Pack', price: 105, discount: 10, stock: 10 }); // Rs.95 after its discount
    expect((await (await readyBuyer(server, discounted)).order()).body).toMatchObject({ code: 'BELOW_MINIMUM', data: { amountNeeded: 5 } });
    const enough = await insertProduct(server, { name: 'Red Rice 1kg', price: 100, stock: 10 });
    const placed = await (await readyBuyer(server, enough)).order();
    expect(placed.status).toBe(201);
  });
});

describe.each(DB_KINDS)('no minimum basket on %s', (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(kind, { env: { ...OPEN_NOW, MIN_ORDER_RUPEES: '0' } });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('still refuses an order whose total rounds down to Rs.0', async () => {
    const sweet = await insertProduct(server, { name: 'Toffee', price: 8, stock: 10 });
    const res = await (await readyBuyer(server, sweet, SCHEDULED)).order();
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'BELOW_MINIMUM', message: 'Add Rs.2.00 more to order.', data: { amountNeeded: 2, minOrderAmt: 0 } });
    expect(await stockOf(server, sweet)).toBe(10);
  });

  it('takes a small basket whose total is above Rs.0', async () => {
    const tea = await insertProduct(server, { name: 'Plain Tea Packet', price: 19.99, stock: 10 });
    const res = await (await readyBuyer(server, tea, SCHEDULED)).order();
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ totalAmt: 10 });
  });
});
