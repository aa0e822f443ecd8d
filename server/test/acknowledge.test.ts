// Taking a new order (PUT /api/orders/acknowledge), over real HTTP and real sockets: the first taker owns it and
// every staff socket hears `order:acknowledged` (so every counter stops ringing); a second taker is told who
// was first; moving a Pending order on takes it too; shoppers neither take nor hear.
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOCKET_EVENTS } from '@kade/shared';
import { DB_KINDS, insertProduct, quickAccount, startTestServer, type TestServer, OPEN_NOW } from './helpers';
import { arrives, connected, next, open, placeOrder } from './socket-helpers';

type Body = { code?: string; message: string; data: Record<string, unknown> & never };
type Taken = { order: { _id: string; acknowledgedBy: string | null; acknowledgedAt: string | null; takenBy: string | null } };

describe.each(DB_KINDS)('taking new orders on %s', (kind) => {
  let server: TestServer;
  let product: string;
  let nimal: Awaited<ReturnType<typeof quickAccount>>;
  let kamala: Awaited<ReturnType<typeof quickAccount>>;
  const sockets: Socket[] = [];
  const track = (s: Socket) => (sockets.push(s), s);

  beforeAll(async () => {
    server = await startTestServer(kind, { env: { ...OPEN_NOW, TAKE_ALERT_MINUTES: '4', RECEIPT_FOOTER: 'Thank you, come again!' } });
    product = await insertProduct(server, { name: 'Red Rice 5kg', price: 1450, stock: 10_000 });
    nimal = await quickAccount(server, { role: 'STAFF', name: 'Nimal at Counter 1' });
    kamala = await quickAccount(server, { role: 'ADMIN', name: 'Kamala at Counter 2' });
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await server?.stop();
  });

  it('rings on two counters; the first to take it owns it, both hear it taken, the second is told who took it', async () => {
    const counter1 = track(open(server.url, nimal.accessToken));
    const counter2 = track(open(server.url, kamala.accessToken));
    await Promise.all([connected(counter1), connected(counter2)]);
    const rang = Promise.all([next(counter1, SOCKET_EVENTS.orderNew), next(counter2, SOCKET_EVENTS.orderNew)]);
    const { order, who } = await placeOrder(server, product);
    const shopperSocket = track(open(server.url, who.accessToken));
    await connected(shopperSocket);
    const [rung1] = (await rang) as Array<{ acknowledgedBy: null; acknowledgedAt: null }>;
    expect(rung1).toMatchObject({ acknowledgedBy: null, acknowledgedAt: null });

    const heard = Promise.all([next<Taken>(counter1, SOCKET_EVENTS.orderAcknowledged), next<Taken>(counter2, SOCKET_EVENTS.orderAcknowledged)]);
    const leaked = arrives(shopperSocket, SOCKET_EVENTS.orderAcknowledged, 800);
    const taken = await server.api<{ data: Taken['order'] }>('PUT', '/api/orders/acknowledge', { orderId: order._id }, nimal.auth);
    expect(taken.status).toBe(200);
    expect(taken.body.data).toMatchObject({ _id: order._id, acknowledgedBy: 'Nimal at Counter 1', takenBy: nimal.id });
    expect(Date.parse(taken.body.data.acknowledgedAt ?? '')).not.toBeNaN();
    for (const event of await heard) expect(event.order).toMatchObject({ _id: order._id, acknowledgedBy: 'Nimal at Counter 1' });
    expect(await leaked).toBe(false);

    const second = await server.api<Body>('PUT', '/api/orders/acknowledge', { orderId: order.orderId }, kamala.auth);
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({ code: 'ORDER_TAKEN', message: 'Nimal at Counter 1 already took this order.', data: { acknowledgedBy: 'Nimal at Counter 1', acknowledgedAt: taken.body.data.acknowledgedAt } });
    // taking it again is harmless
    const again = await server.api<{ data: Taken['order'] }>('PUT', '/api/orders/acknowledge', { orderId: order._id }, nimal.auth);
    expect(again.status).toBe(200);
    expect(again.body.data.acknowledgedAt).toBe(taken.body.data.acknowledgedAt);
    // the order list shows who took it
    const listed = await server.api<{ data: Array<Taken['order']> }>('GET', '/api/order/order-list?scope=all&list=pending&limit=50', undefined, kamala.auth);
    expect(listed.body.data.find((o) => o._id === order._id)).toMatchObject({ acknowledgedBy: 'Nimal at Counter 1' });
  });

  it('gives the order to exactly one of two counters taking it at the same moment', async () => {
    const { order } = await placeOrder(server, product);
    const answers = await Promise.all([nimal, kamala].map((who) => server.api<Body>('PUT', '/api/orders/acknowledge', { orderId: order._id }, who.auth)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const row = await server.db.knex('orders').where({ id: order._id }).first('taken_by');
    const winner = answers[0]!.status === 200 ? nimal : kamala;
    expect(row.taken_by).toBe(winner.id);
  });

  it('takes a Pending order when it is moved on, and keeps the first taker when someone else moves it', async () => {
    const counter = track(open(server.url, nimal.accessToken));
    await connected(counter);
    const untaken = (await placeOrder(server, product)).order;
    const heard = next<Taken>(counter, SOCKET_EVENTS.orderAcknowledged);
    const moved = await server.api<{ data: Taken['order'] }>('PUT', '/api/orders/update-status', { orderId: untaken._id, order_status: 'Processing' }, kamala.auth);
    expect(moved.status).toBe(200);
    expect(moved.body.data).toMatchObject({ acknowledgedBy: 'Kamala at Counter 2', takenBy: kamala.id });
    expect((await heard).order._id).toBe(untaken._id);

    const takenFirst = (await placeOrder(server, product)).order;
    await server.api('PUT', '/api/orders/acknowledge', { orderId: takenFirst._id }, nimal.auth);
    const movedByOther = await server.api<{ data: Taken['order'] }>('PUT', '/api/orders/update-status', { orderId: takenFirst._id, order_status: 'Processing' }, kamala.auth);
    expect(movedByOther.body.data.acknowledgedBy).toBe('Nimal at Counter 1');
  });

  it('lets no shopper take an order, answers 404 for an unknown one and 400 naming the field for a bad one', async () => {
    const { order, who } = await placeOrder(server, product);
    expect((await server.api<Body>('PUT', '/api/orders/acknowledge', { orderId: order._id }, who.auth)).status).toBe(403);
    expect((await server.api<Body>('PUT', '/api/orders/acknowledge', { orderId: order._id })).status).toBe(401);
    const unknown = await server.api<Body>('PUT', '/api/orders/acknowledge', { orderId: 'ZZZZZZ' }, nimal.auth);
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('ORDER_NOT_FOUND');
    for (const orderId of [undefined, '', 'x'.repeat(65), 42, 'ab\u0000cd']) {
      const bad = await server.api<Body & { field?: string }>('PUT', '/api/orders/acknowledge', { orderId }, nimal.auth);
      expect(bad.status, String(orderId)).toBe(400);
      expect(bad.body.field).toBe('orderId');
    }
    const row = await server.db.knex('orders').where({ id: order._id }).first('taken_by');
    expect(row.taken_by).toBeNull();
  });

  it('answers one order by id or number: the owner\'s own, anyone\'s to staff, 404 to another shopper', async () => {
    const { order, who } = await placeOrder(server, product);
    const stranger = await quickAccount(server);
    for (const ref of [order._id, order.orderId, order.orderId.toLowerCase()]) {
      const mine = await server.api<{ data: { _id: string } }>('GET', `/api/order/details?orderId=${encodeURIComponent(ref)}`, undefined, who.auth);
      expect(mine.status, ref).toBe(200);
      expect(mine.body.data._id).toBe(order._id);
    }
    expect((await server.api<{ data: { _id: string } }>('GET', `/api/order/details?orderId=${order.orderId}`, undefined, nimal.auth)).body.data._id).toBe(order._id);
    const theirs = await server.api<Body>('GET', `/api/order/details?orderId=${order._id}`, undefined, stranger.auth);
    expect(theirs.status).toBe(404);
    expect((await server.api<Body>('GET', '/api/order/details', undefined, nimal.auth)).status).toBe(400);
    expect((await server.api<Body>('GET', '/api/order/details?orderId=%00', undefined, nimal.auth)).status).toBe(400);
  });

  it('tells every counter how long an order may ring before it escalates, and the receipt footer', async () => {
    const config = await server.api<{ data: { takeAlertMinutes: number; receiptFooter: string } }>('GET', '/api/shop/config');
    expect(config.body.data).toMatchObject({ takeAlertMinutes: 4, receiptFooter: 'Thank you, come again!' });
  });
});
