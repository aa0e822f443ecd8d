// A shopper cancels their own order before packing (PUT /api/order/cancel), over real HTTP and real sockets: the
// stock comes back exactly once (also when two cancels race), every staff screen hears it leave Pending, and
// once it is being packed the answer is 409 TOO_LATE_TO_CANCEL. Nobody else can cancel it this way.
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOCKET_EVENTS } from '@kade/shared';
import { DB_KINDS, insertProduct, quickAccount, startTestServer, type TestServer } from './helpers';
import { connected, next, open, placeOrder } from './socket-helpers';

type Body = { code?: string; field?: string; message: string; data: { _id: string; order_status: string; takenBy: string | null } };
type StatusEvent = { from: string; to: string; order: { _id: string; order_status: string } };

describe.each(DB_KINDS)('a shopper cancelling on %s', (kind) => {
  let server: TestServer;
  let product: string;
  let staff: Awaited<ReturnType<typeof quickAccount>>;
  const sockets: Socket[] = [];

  const stock = async (): Promise<number> => {
    const res = await server.api<{ data: { stock: number } }>('POST', '/api/product/get-product-details', { productId: product });
    return res.body.data.stock;
  };

  beforeAll(async () => {
    server = await startTestServer(kind, { env: { SHOP_HOURS: '00:00-23:59', FRESH_HOURS: '00:00-23:59' } });
    product = await insertProduct(server, { name: 'Kithul Treacle 750ml', price: 980, stock: 40 });
    staff = await quickAccount(server, { role: 'STAFF', name: 'Counter Clerk' });
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await server?.stop();
  });

  it('cancels a Pending order: the stock comes back, the counters hear it leave Pending, nobody took it', async () => {
    const counter = open(server.url, staff.accessToken);
    sockets.push(counter);
    await connected(counter);
    const before = await stock();
    const { order, who } = await placeOrder(server, product);
    expect(await stock()).toBe(before - 1);
    const heard = next<StatusEvent>(counter, SOCKET_EVENTS.orderStatus);
    const res = await server.api<Body>('PUT', '/api/order/cancel', { orderId: order.orderId }, who.auth);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: 'Your order is cancelled.', data: { _id: order._id, order_status: 'Cancelled', takenBy: null } });
    expect(await heard).toMatchObject({ from: 'Pending', to: 'Cancelled', order: { _id: order._id, order_status: 'Cancelled' } });
    expect(await stock()).toBe(before);
    // again: nothing changes, and the stock is not given back twice
    const again = await server.api<Body>('PUT', '/api/order/cancel', { orderId: order._id }, who.auth);
    expect(again.status).toBe(200);
    expect(again.body.message).toBe('This order was already cancelled.');
    expect(await stock()).toBe(before);
  });

  it('gives the stock back once when two cancels of one order race', async () => {
    const before = await stock();
    const { order, who } = await placeOrder(server, product);
    const answers = await Promise.all([1, 2, 3].map(() => server.api<Body>('PUT', '/api/order/cancel', { orderId: order._id }, who.auth)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(answers.filter((a) => a.body.message === 'Your order is cancelled.')).toHaveLength(1);
    expect(await stock()).toBe(before);
    const events = await server.db.knex('order_events').where({ order_id: order._id, to_status: 'Cancelled' }).count<{ count: string | number }[]>('* as count');
    expect(Number(events[0]!.count)).toBe(1);
  });

  it('answers 409 TOO_LATE_TO_CANCEL once the order is being packed, and leaves it and its stock alone', async () => {
    const { order, who } = await placeOrder(server, product);
    const moved = await server.api('PUT', '/api/orders/update-status', { orderId: order._id, order_status: 'Processing' }, staff.auth);
    expect(moved.status).toBe(200);
    const before = await stock();
    const res = await server.api<Body>('PUT', '/api/order/cancel', { orderId: order._id }, who.auth);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'TOO_LATE_TO_CANCEL' });
    expect(res.body.message).toMatch(/^This order is Processing: .* can no longer be cancelled/);
    expect(await stock()).toBe(before);
    const row = await server.db.knex('orders').where({ id: order._id }).first('status');
    expect(row.status).toBe('Processing');
  });

  it("lets nobody else cancel a shopper's order this way: another shopper and staff get 404, the anonymous 401", async () => {
    const { order, who } = await placeOrder(server, product);
    const stranger = await quickAccount(server);
    for (const caller of [stranger, staff]) {
      const res = await server.api<Body>('PUT', '/api/order/cancel', { orderId: order._id }, caller.auth);
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('ORDER_NOT_FOUND');
    }
    expect((await server.api('PUT', '/api/order/cancel', { orderId: order._id })).status).toBe(401);
    const row = await server.db.knex('orders').where({ id: order._id }).first('status');
    expect(row.status).toBe('Pending');
    // and the owner still can
    expect((await server.api('PUT', '/api/order/cancel', { orderId: order._id }, who.auth)).status).toBe(200);
  });

  it.each([
    [{}, 'orderId'],
    [{ orderId: '' }, 'orderId'],
    [{ orderId: 'AB\u0000CD' }, 'orderId'],
    [{ orderId: 'x'.repeat(65) }, 'orderId'],
  ])('answers 400 naming the field for %j', async (body, field) => {
    const who = await quickAccount(server);
    const res = await server.api<Body>('PUT', '/api/order/cancel', body, who.auth);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION', field });
  });

  it('answers 404 for an order that does not exist', async () => {
    const who = await quickAccount(server);
    const res = await server.api<Body>('PUT', '/api/order/cancel', { orderId: 'NOSUCH' }, who.auth);
    expect(res.status).toBe(404);
  });
});
