// Live events across two server instances through the machine's Redis (REDIS_URL): in the run only when it is set
// (scripts/test-groups.mjs); the same two instances share the embedded database, or PostgreSQL with TEST_DATABASE_URL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDay, SOCKET_EVENTS } from '@kade/shared';
import { createAccount, insertProduct, quickAccount, type TestServer } from './helpers';
import { startRedisPair, waitFor } from './cluster-helpers';
import { arrives, connected, deliveredBy, drop, next, open, placeOrder, recoverable, type Order } from './socket-helpers';

describe('live events across two server instances (Redis)', () => {
  let pair: Awaited<ReturnType<typeof startRedisPair>> | undefined;
  let a: TestServer;
  let b: TestServer;

  beforeAll(async () => {
    pair = await startRedisPair();
    ({ a, b } = pair);
  });
  afterAll(async () => {
    await pair?.stop();
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
      const received = next<Order>(socket, 'order:new');
      // Redis holds every write, PUBLISH included, until it is resumed below (or, should this process die first,
      // 30 s pass: Redis lets go by itself)
      await control.sendCommand(['CLIENT', 'PAUSE', '30000', 'WRITE']);
      let answeredWhilePaused: boolean | undefined;
      const placing = placeOrder(a, product).then((placed) => {
        answeredWhilePaused = !resumed;
        return placed;
      });
      // the order is committed and its event handed to Redis, which holds it
      await waitFor('the order committed', async () => (await a.db.knex('order_lines').where({ product_id: product }).first('id')) !== undefined);
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

describe('a demoted staff member reconnecting to another instance (Redis)', () => {
  let pair: Awaited<ReturnType<typeof startRedisPair>> | undefined;
  let a: TestServer;
  let b: TestServer;

  beforeAll(async () => {
    pair = await startRedisPair();
    ({ a, b } = pair);
  });
  afterAll(async () => {
    await pair?.stop();
  });

  it('hears no new orders after the demotion, on either instance', async () => {
    const admin = await quickAccount(a, { role: 'ADMIN' });
    const product = await insertProduct(a, { name: 'Dhal 500g', price: 210, stock: 1000 });
    const clerk = await createAccount(a, { role: 'STAFF' });
    const socket = recoverable(a.url, clerk.accessToken);
    try {
      await connected(socket);
      const first = next(socket, SOCKET_EVENTS.orderNew);
      await placeOrder(b, product);
      await first;
      await drop(a, socket);
      expect((await a.api('PUT', '/api/users/update-role', { _id: clerk.id, role: 'USER' }, admin.auth)).status).toBe(200);
      socket.connect();
      await connected(socket);
      const later = arrives(socket, SOCKET_EVENTS.orderNew, 1500);
      await placeOrder(b, product);
      expect(await later).toBe(false);
    } finally {
      socket.close();
    }
  });
});
