import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, insertProduct, quickAccount, startTestServer, type TestServer, OPEN_NOW } from './helpers';
import { arrives, connected, next, open, placeOrder, type Order } from './socket-helpers';

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
