import { randomBytes } from 'node:crypto';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDay, SOCKET_EVENTS } from '@kade/shared';
import { createTestDatabase, DB_KINDS, insertProduct, quickAccount, startTestServer, type TestDatabase, type TestServer, OPEN_NOW } from './helpers';
import { arrives, connected, deliveredBy, next, open, placeOrder, type Order } from './socket-helpers';

describe.each(DB_KINDS)('live order events on %s', (kind) => {
  let server: TestServer;
  let admin: Awaited<ReturnType<typeof quickAccount>>;
  let product: string;
  const sockets: Socket[] = [];
  const track = (s: Socket) => (sockets.push(s), s);

  beforeAll(async () => {
    server = await startTestServer(kind, { env: { ...OPEN_NOW } });
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
    const env = { REDIS_URL: process.env.REDIS_URL ?? '', REDIS_PREFIX: `kade-test-${randomBytes(4).toString('hex')}`, SHOP_HOURS: OPEN_NOW.SHOP_HOURS };
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

  it("answers a new order only once Redis has taken its order:new: an instance that dies after answering leaves no counter unrung", async () => {
    const { createClient } = await import('@redis/client');
    const control = createClient({ url: process.env.REDIS_URL ?? '' });
    await control.connect();
    const admin = await quickAccount(b, { role: 'ADMIN' });
    const product = await insertProduct(a, { name: 'Redis Paused Rice', price: 300, stock: 100 });
    const socket = open(b.url, admin.accessToken);
    let resumed = false;
    try {
      await connected(socket);
      const received = next<Order>(socket, 'order:new', 10_000);
      // Redis holds every write, PUBLISH included, until it is resumed (or 5 s pass)
      await control.sendCommand(['CLIENT', 'PAUSE', '5000', 'WRITE']);
      let answeredWhilePaused: boolean | undefined;
      const placing = placeOrder(a, product).then((placed) => {
        answeredWhilePaused = !resumed;
        return placed;
      });
      // the order is committed and its event handed to Redis, which holds it
      const committed = async () => (await a.db.knex('order_lines').where({ product_id: product }).first('id')) !== undefined;
      for (let tries = 0; tries < 200 && !(await committed()); tries += 1) await new Promise((resolve) => setTimeout(resolve, 25));
      expect(await committed()).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 300)); // room for an answer that did not wait to go out
      expect(answeredWhilePaused).toBeUndefined();
      resumed = true;
      await control.sendCommand(['CLIENT', 'UNPAUSE']);
      const { order } = await placing;
      expect(answeredWhilePaused).toBe(false);
      expect((await received)._id).toBe(order._id);
    } finally {
      if (!resumed) await control.sendCommand(['CLIENT', 'UNPAUSE']);
      await control.quit();
      socket.close();
    }
  });

  it("tells staff on instance B of a rider's shift and a hand-in recorded on instance A (issue 20)", async () => {
    const clerk = await quickAccount(b, { role: 'STAFF' });
    const rider = await quickAccount(a, { role: 'RIDER', name: 'Two Instance Rider' });
    const cashier = await quickAccount(a, { role: 'STAFF' });
    const socket = open(b.url, clerk.accessToken);
    try {
      await connected(socket);
      const shift = next<{ riderId: string; onShift: boolean }>(socket, SOCKET_EVENTS.riderShift);
      expect((await a.api('PUT', '/api/rider/shift', { onShift: true }, rider.auth)).status).toBe(200);
      expect(await shift).toEqual({ riderId: rider.id, onShift: true });
      // the rider delivers an order first: a hand-in is at most the cash the rider holds (issue 30)
      await deliveredBy(a, await insertProduct(a, { name: 'Two Instance Tea', price: 250, stock: 10 }), cashier.id, rider.id);
      const handIn = next<{ riderId: string; day: string; handInId: string }>(socket, SOCKET_EVENTS.cashHandIn);
      const made = await a.api<{ data: { handIns: Array<{ id: string }> } }>('POST', '/api/cash/hand-ins', { riderId: rider.id, amount: 10 }, cashier.auth);
      expect(made.status).toBe(201);
      expect(await handIn).toEqual({ riderId: rider.id, day: localDay(new Date(), a.config.shop.timeZone), handInId: made.body.data.handIns[0]!.id });
    } finally {
      socket.close();
    }
  });
});
