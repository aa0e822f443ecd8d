import { randomBytes } from 'node:crypto';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeTotals, paiseToRupees } from '@kade/shared';
import { createTestDatabase, DB_KINDS, insertProduct, quickAccount, startTestServer, type TestDatabase, type TestServer } from './helpers';

type Order = { _id: string; orderId: string; order_status: string; userId: { _id: string } };
const INSIDE = { latitude: 6.879, longitude: 79.862 };

function open(url: string, token?: string): Socket {
  return connect(url, { transports: ['websocket'], reconnection: false, forceNew: true, ...(token ? { auth: { token } } : {}) });
}

/** Resolves once the socket is connected (at once if it already is: it may connect while a test awaits). */
function connected(socket: Socket, ms = 15_000): Promise<void> {
  if (socket.connected) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`not connected within ${ms} ms`)), ms);
    socket.once('connect', () => {
      clearTimeout(timer);
      resolve();
    });
    socket.once('connect_error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}

/** The next event of this name, or a rejection after `ms`. */
function next<T>(socket: Socket, event: string, ms = 5000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${ms} ms`)), ms);
    socket.once(event, (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });
}

/** Resolves true if the event arrives within `ms`, false if it does not. */
function arrives(socket: Socket, event: string, ms = 400): Promise<boolean> {
  return next(socket, event, ms).then(() => true, () => false);
}

async function placeOrder(server: TestServer, productId: string) {
  const who = await quickAccount(server);
  const address = await server.api<{ data: { _id: string } }>('POST', '/api/address/create', { address_line: 'Home', city: '1 Lane', state: 'Temple', pincode: '0771231234', mobile: 'Home', ...INSIDE }, who.auth);
  await server.api('POST', '/api/cart/create', { productId }, who.auth);
  const row = await server.db.knex('products').where({ id: productId }).first('price_paise', 'discount');
  const totals = computeTotals([{ pricePaise: row.price_paise, discount: Number(row.discount), quantity: 1 }], '50 Minutes to 1 Hour');
  const res = await server.api<{ data: Order }>('POST', '/api/order/cash-on-delivery', {
    list_items: [{ productId, quantity: 1 }],
    addressId: address.body.data._id,
    subTotalAmt: paiseToRupees(totals.subtotalPaise),
    totalAmt: paiseToRupees(totals.grandTotalPaise),
    location: 'Location not available',
    Choose: '50 Minutes to 1 Hour',
  }, who.auth);
  if (res.status !== 201) throw new Error(`order failed: ${JSON.stringify(res.body)}`);
  return { order: res.body.data, who };
}

describe.each(DB_KINDS)('live order events on %s', (kind) => {
  let server: TestServer;
  let admin: Awaited<ReturnType<typeof quickAccount>>;
  let product: string;
  const sockets: Socket[] = [];
  const track = (s: Socket) => (sockets.push(s), s);

  beforeAll(async () => {
    server = await startTestServer(kind, { env: { SHOP_HOURS: '00:00-23:59', FRESH_HOURS: '00:00-23:59' } });
    admin = await quickAccount(server, { role: 'ADMIN' });
    product = await insertProduct(server, { name: 'Fresh Milk 1L', price: 480, stock: 10_000 });
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await server?.stop();
  });

  it('refuses a socket without a valid access token', async () => {
    await expect(connected(track(open(server.url)))).rejects.toThrow(/UNAUTHORIZED/);
    await expect(connected(track(open(server.url, 'not.a.token')))).rejects.toThrow(/UNAUTHORIZED/);
  });

  it('sends the whole new order to admins, and not to other shoppers', async () => {
    const adminSocket = track(open(server.url, admin.accessToken));
    const bystander = await quickAccount(server);
    const shopperSocket = track(open(server.url, bystander.accessToken));
    await Promise.all([connected(adminSocket), connected(shopperSocket)]);
    const received = next<Order>(adminSocket, 'order:new');
    const leaked = arrives(shopperSocket, 'order:new', 800);
    const { order } = await placeOrder(server, product);
    const pushed = await received;
    expect(pushed).toMatchObject({ _id: order._id, orderId: order.orderId, order_status: 'Pending' });
    expect(pushed).toHaveProperty('products');
    expect(await leaked).toBe(false);
  });

  it('sends status changes to admins and to the order\'s owner only', async () => {
    const { order, who } = await placeOrder(server, product);
    const adminSocket = track(open(server.url, admin.accessToken));
    const ownerSocket = track(open(server.url, who.accessToken));
    const stranger = track(open(server.url, (await quickAccount(server)).accessToken));
    await Promise.all([connected(adminSocket), connected(ownerSocket), connected(stranger)]);
    const toAdmin = next<{ from: string; to: string; order: Order }>(adminSocket, 'order:status');
    const toOwner = next<{ from: string; to: string; order: Order }>(ownerSocket, 'order:status');
    const leaked = arrives(stranger, 'order:status', 800);
    const res = await server.api('PUT', '/api/orders/update-status', { orderId: order._id, order_status: 'Processing' }, admin.auth);
    expect(res.status).toBe(200);
    expect(await toAdmin).toMatchObject({ from: 'Pending', to: 'Processing', by: admin.id, order: { _id: order._id, order_status: 'Processing' } });
    expect((await toOwner).order.order_status).toBe('Processing');
    expect(await leaked).toBe(false);
  });

  it('misses nothing across reconnects: the order list since the last event catches up', async () => {
    const seen = new Set<string>();
    let lastSeen = new Date(0).toISOString();
    const placed: string[] = [];
    for (let round = 0; round < 5; round++) {
      const socket = track(open(server.url, admin.accessToken));
      socket.on('order:new', (o: Order & { updatedAt: string }) => {
        seen.add(o._id);
        if (o.updatedAt > lastSeen) lastSeen = o.updatedAt;
      });
      await connected(socket);
      // catch up on what happened while disconnected
      const missed = await server.api<{ data: Array<Order & { updatedAt: string }> }>('GET', `/api/order/order-list?scope=all&limit=50&since=${encodeURIComponent(lastSeen)}`, undefined, admin.auth);
      for (const o of missed.body.data) seen.add(o._id);
      const live = next(socket, 'order:new');
      placed.push((await placeOrder(server, product)).order._id);
      await live;
      socket.close(); // the counter drops off the network…
      placed.push((await placeOrder(server, product)).order._id); // …and an order comes in meanwhile
    }
    const final = await server.api<{ data: Order[] }>('GET', `/api/order/order-list?scope=all&limit=50&since=${encodeURIComponent(lastSeen)}`, undefined, admin.auth);
    for (const o of final.body.data) seen.add(o._id);
    for (const id of placed) expect(seen.has(id), id).toBe(true);
  });
});

describe.runIf(process.env.REDIS_URL)('live events across two server instances (Redis)', () => {
  let database: TestDatabase;
  let a: TestServer;
  let b: TestServer;

  beforeAll(async () => {
    database = await createTestDatabase(process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite');
    const env = { REDIS_URL: process.env.REDIS_URL ?? '', REDIS_PREFIX: `kade-test-${randomBytes(4).toString('hex')}`, SHOP_HOURS: '00:00-23:59' };
    a = await startTestServer('pglite', { database, env });
    b = await startTestServer('pglite', { database, env });
  });
  afterAll(async () => {
    await a?.stop();
    await b?.stop();
    await database?.drop();
  });

  it('delivers an order placed on instance A to an admin listening on instance B', async () => {
    const admin = await quickAccount(b, { role: 'ADMIN' });
    const product = await insertProduct(a, { name: 'Redis Test Bread', price: 170, stock: 100 });
    const socket = open(b.url, admin.accessToken);
    try {
      await connected(socket);
      const received = next<Order>(socket, 'order:new');
      const { order } = await placeOrder(a, product);
      expect((await received)._id).toBe(order._id);
    } finally {
      socket.close();
    }
  });
});
