// A shopper cancels their own order before packing (PUT /api/order/cancel), over real HTTP and real sockets: the
// stock comes back exactly once (also when two cancels race), every staff screen hears it leave Pending, and
// once it is being packed the answer is 409 TOO_LATE_TO_CANCEL. Nobody else can cancel it this way. A cancel racing
// another shopper's order for the unit it gives back: the unit is sold once at most, and its stock is taken with it.
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOCKET_EVENTS } from '@kade/shared';
import { DB_KINDS, insertProduct, quickAccount, startTestServer, type TestServer, OPEN_NOW, stockOf } from './helpers';
import { connected, next, open, placeOrder, readyBuyer } from './socket-helpers';

type Body = { code?: string; field?: string; message: string; data: { _id: string; order_status: string; takenBy: string | null } };
type StatusEvent = { from: string; to: string; order: { _id: string; order_status: string } };

describe.each(DB_KINDS)('a shopper cancelling on %s', (kind) => {
  let server: TestServer;
  let product: string;
  let staff: Awaited<ReturnType<typeof quickAccount>>;
  const sockets: Socket[] = [];

  // the stock itself, in the database: the product sheet's copy follows the stock notice within its window, which
  // stock-notices.test.ts and read-model.test.ts hold; read here at once it raced the notice on a loaded machine
  const stock = (): Promise<number> => stockOf(server, product);

  beforeAll(async () => {
    server = await startTestServer(kind, { env: { ...OPEN_NOW } });
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

  it('sells the unit a cancel gives back at most once, with its stock taken, when another shopper orders it at the same moment', async () => {
    const scarce = await insertProduct(server, { name: 'Wood Apple Jam 450g', price: 720, stock: 1 });
    const units = async (): Promise<number> => {
      const open = await server.db.knex('order_lines as l').join('orders as o', 'o.id', 'l.order_id').where('l.product_id', scarce).whereNot('o.status', 'like', 'Cancel%').sum({ n: 'l.quantity' });
      return Number(open[0]?.n ?? 0);
    };
    for (let round = 0; round < 8; round += 1) {
      // the next buyer's cart holds the unit while it is still on the shelf; then the holder orders it
      const next = await readyBuyer(server, scarce);
      const holder = await placeOrder(server, scarce);
      expect(await stockOf(server, scarce)).toBe(0);
      const [cancelled, ordered] = await Promise.all([
        server.api<Body>('PUT', '/api/order/cancel', { orderId: holder.order._id }, holder.who.auth),
        next.order(),
      ]);
      expect(cancelled.status).toBe(200);
      expect([201, 409]).toContain(ordered.status);
      if (ordered.status === 409) expect(ordered.body.code).toBe('OUT_OF_STOCK');
      // one unit in all: on the shelf or in an open order, never both and never neither
      expect((await stockOf(server, scarce)) + (await units())).toBe(1);
      // put the unit back on the shelf for the next round
      if (ordered.status === 201) {
        const back = await server.api<Body>('PUT', '/api/order/cancel', { orderId: ordered.body.data._id }, next.who.auth);
        expect(back.status).toBe(200);
      }
      expect(await stockOf(server, scarce)).toBe(1);
    }
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
