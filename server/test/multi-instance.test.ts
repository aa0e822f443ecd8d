// Several instances, one shop: whichever instance a request reaches, sessions, rate limits, uploads and
// idempotency keys hold, and live events reach every instance's sockets. Always run on two servers in this
// process sharing one embedded database; with TEST_DATABASE_URL and REDIS_URL (CI) also on two real server
// processes sharing PostgreSQL and Redis, as docker-compose.yml runs them.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database';
import { createLogger } from '../src/logger';
import { storeImage } from '../src/modules/files/service';
import { seedIfEmpty } from '../src/seed/run';
import { testConfig } from './helpers';
import { EVENT_WAIT_MS, next } from './socket-helpers';
import {
  call,
  CLUSTER_SERVICES,
  connected,
  createAddress,
  createSharedDatabase,
  createPerson,
  createProduct,
  fillCart,
  openSocket,
  orderBody,
  startInProcessCluster,
  startProcessCluster,
  type Cluster,
  NOTICE_BOUND_MS,
  waitFor,
} from './cluster-helpers';

type Envelope<T = unknown> = { success: boolean; code?: string; message: string; data: T };

// Behind the proxy (X-Forwarded-For trusted), with a ceiling of 10 failed logins a number an hour.
const CLUSTER_ENV = { TRUST_PROXY: 'true', RATE_LIMITS: 'login.number=10/3600' };
const processCluster = (services: NonNullable<typeof CLUSTER_SERVICES>) => ({
  kind: 'two server processes on PostgreSQL and Redis',
  redis: true,
  start: () => startProcessCluster(services, CLUSTER_ENV),
});
const KINDS = [
  { kind: 'two servers on one embedded database', redis: false, start: () => startInProcessCluster(CLUSTER_ENV) },
  ...(CLUSTER_SERVICES ? [processCluster(CLUSTER_SERVICES)] : []),
];

describe.each(KINDS)('several instances, one shop: $kind', ({ start, redis }) => {
  let cluster: Cluster;

  beforeAll(async () => {
    cluster = await start();
  }, 120_000);
  afterAll(async () => {
    await cluster?.stop();
  });

  it('renews on B a session that began on A; the spent token answers the same pair on A within the grace window; logout on A ends it on B', async () => {
    const shopper = await createPerson(cluster, { login: cluster.a });
    const details = await call<Envelope<{ mobile: string }>>(cluster.b.url, 'GET', '/api/user/user-details', undefined, shopper.auth);
    expect(details.status).toBe(200);
    expect(details.body.data.mobile).toBe(shopper.mobile);

    const renewed = await call<Envelope<{ accessToken: string; refreshToken: string }>>(cluster.b.url, 'POST', '/api/user/refresh-token', undefined, { authorization: `Bearer ${shopper.refreshToken}` });
    expect(renewed.status).toBe(200);
    const again = await call<Envelope>(cluster.a.url, 'GET', '/api/user/user-details', undefined, { authorization: `Bearer ${renewed.body.data.accessToken}` });
    expect(again.status).toBe(200);
    // rotation holds across instances: the first refresh token, replayed on A at once, answers B's pair (a
    // second tab), not a new one
    const replayed = await call<Envelope<{ accessToken: string; refreshToken: string }>>(cluster.a.url, 'POST', '/api/user/refresh-token', undefined, { authorization: `Bearer ${shopper.refreshToken}` });
    expect(replayed.status).toBe(200);
    expect(replayed.body.data).toEqual(renewed.body.data);
    const loggedOut = await call<Envelope>(cluster.a.url, 'GET', '/api/user/logout', undefined, { authorization: `Bearer ${renewed.body.data.accessToken}` });
    expect(loggedOut.status).toBe(200);
    const dead = await call<Envelope>(cluster.b.url, 'POST', '/api/user/refresh-token', undefined, { authorization: `Bearer ${renewed.body.data.refreshToken}` });
    expect(dead.status).toBe(401);
    expect((await call<Envelope>(cluster.b.url, 'GET', '/api/user/user-details', undefined, { authorization: `Bearer ${renewed.body.data.accessToken}` })).status).toBe(401);
  });

  it('holds the login rate limit across both instances', async () => {
    const shopper = await createPerson(cluster, { login: cluster.a }); // a success counts nothing
    const statuses: number[] = [];
    for (let i = 0; i < 10; i += 1) {
      const node = i % 2 === 0 ? cluster.b : cluster.a;
      statuses.push((await call(node.url, 'POST', '/api/user/login', { mobile: shopper.mobile, password: 'wrong-password-1' })).status);
    }
    expect(statuses).toEqual(Array(10).fill(401)); // 10 failures for this number from this address, spread over A and B
    for (const node of [cluster.a, cluster.b]) {
      const refused = await call<Envelope>(node.url, 'POST', '/api/user/login', { mobile: shopper.mobile, password: shopper.password });
      expect(refused.status).toBe(429);
      expect(refused.body.code).toBe('RATE_LIMITED');
      expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    }
  });

  it("holds a number's ceiling on both instances, and a device cookie set by A still logs in on B", async () => {
    const owner = await createPerson(cluster, { login: cluster.a });
    const earlier = await call(cluster.a.url, 'POST', '/api/user/login', { mobile: owner.mobile, password: owner.password }, { 'x-forwarded-for': '203.0.113.200' });
    const device = earlier.headers.getSetCookie().find((c) => c.startsWith('kadeDevice='))?.split(';')[0];
    expect(device).toBeDefined();
    for (let i = 0; i < 10; i += 1) {
      const node = i % 2 === 0 ? cluster.a : cluster.b;
      expect((await call(node.url, 'POST', '/api/user/login', { mobile: owner.mobile, password: `guess-${i}` }, { 'x-forwarded-for': `203.0.113.${i + 1}` })).status).toBe(401);
    }
    for (const node of [cluster.a, cluster.b]) {
      expect((await call(node.url, 'POST', '/api/user/login', { mobile: owner.mobile, password: owner.password }, { 'x-forwarded-for': '203.0.113.99' })).status).toBe(429);
    }
    const mine = await call(cluster.b.url, 'POST', '/api/user/login', { mobile: owner.mobile, password: owner.password }, { 'x-forwarded-for': '203.0.113.98', cookie: device! });
    expect(mine.status).toBe(200);
  });

  it('serves from B a picture uploaded to A', async () => {
    const admin = await createPerson(cluster, { role: 'ADMIN' });
    const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#2a9d8f' } }).png().toBuffer();
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'bread.png');
    const uploaded = await fetch(`${cluster.a.url}/api/file/upload`, { method: 'POST', headers: admin.auth, body: form });
    expect(uploaded.status).toBe(201);
    const { data } = (await uploaded.json()) as Envelope<{ url: string }>;
    const served = await fetch(new URL(data.url, cluster.b.url));
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(bytes.subarray(8, 12).toString('ascii')).toBe('WEBP');
  });

  it('shows on B a category and a sub-category changed on A as soon as the notice arrives, though B serves them from memory', async () => {
    const admin = await createPerson(cluster, { role: 'ADMIN' });
    const png = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#e9c46a' } }).png().toBuffer();
    const { url: image } = await storeImage(cluster.knex, png);
    const names = async (node: typeof cluster.b) => ((await call<Envelope<Array<{ name: string }>>>(node.url, 'GET', '/api/category/get')).body.data ?? []).map((c) => c.name);
    const subNames = async (node: typeof cluster.b) =>
      ((await call<Envelope<Array<{ name: string; category: Array<{ name: string }> }>>>(node.url, 'POST', '/api/subcategory/get', {})).body.data ?? []).map(
        (s) => `${s.name} in ${s.category.map((c) => c.name).join('+')}`,
      );
    const onA = async <T,>(method: string, path: string, body: unknown) => {
      const res = await call<Envelope<T>>(cluster.a.url, method, path, body, admin.auth);
      expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
      return res.body.data;
    };
    // A answers once its own instance heard the change's notice. Two servers on one embedded database hear it in
    // the same call of its one session, so B shows it at once; two processes each hear it on a LISTEN of their own,
    // B a moment after A at most: a bound that no expiry or polling of the lists could meet by chance
    // (category-memory.test.ts also checks that no read reaches the database while the lists stay the same).
    const onB = (what: string, check: () => Promise<boolean>) => (redis ? waitFor(`B to show ${what}`, check, NOTICE_BOUND_MS) : check().then((shown) => expect(shown, `B shows ${what} at once`).toBe(true)));
    await names(cluster.b); // B reads, and keeps, both lists
    await subNames(cluster.b);
    const category = await onA<{ _id: string }>('POST', '/api/category/add-category', { name: 'Bakery', image });
    await onB('the new category', async () => (await names(cluster.b)).includes('Bakery'));
    const sub = await onA<{ _id: string }>('POST', '/api/subcategory/create', { name: 'Buns', image, category: [category._id] });
    await onB('the new sub-category', async () => (await subNames(cluster.b)).includes('Buns in Bakery'));
    await onA('PUT', '/api/category/update', { _id: category._id, name: 'Bakery & Buns' });
    await onB('the new name', async () => (await names(cluster.b)).includes('Bakery & Buns') && (await subNames(cluster.b)).includes('Buns in Bakery & Buns'));
    await onA('DELETE', '/api/subcategory/delete', { _id: sub._id });
    await onB('the sub-category gone', async () => (await subNames(cluster.b)).every((s) => !s.startsWith('Buns')));
    await onA('DELETE', '/api/category/delete', { _id: category._id });
    await onB('the category gone', async () => !(await names(cluster.b)).includes('Bakery & Buns'));
  });

  it('places an order once when the retried tap (same Idempotency-Key) reaches B', async () => {
    const shopper = await createPerson(cluster);
    const product = await createProduct(cluster, 'Idempotent Kottu Roti');
    const addressId = await createAddress(cluster, shopper.id);
    await fillCart(cluster, shopper.id, product.id);
    const body = orderBody(product, addressId);
    const headers = { ...shopper.auth, 'idempotency-key': `tap-${shopper.id}` };
    const first = await call<Envelope<{ _id: string }>>(cluster.a.url, 'POST', '/api/order/cash-on-delivery', body, headers);
    const retried = await call<Envelope<{ _id: string }>>(cluster.b.url, 'POST', '/api/order/cash-on-delivery', body, headers);
    expect(first.status).toBe(201);
    expect(retried.status).toBe(201);
    expect(retried.body.data._id).toBe(first.body.data._id);
    expect(retried.headers.get('idempotent-replayed')).toBe('true');
    const [row] = await cluster.knex('orders').where({ user_id: shopper.id }).count('* as n');
    expect(Number(row?.n)).toBe(1);
    const [stock] = await cluster.knex('product_stock').where({ product_id: product.id }).pluck('stock');
    expect(stock).toBe(9_999);
  });

  it('places the order once when the same tap reaches A and B at the same moment', async () => {
    const shopper = await createPerson(cluster);
    const product = await createProduct(cluster, 'Racing Pol Roti');
    const addressId = await createAddress(cluster, shopper.id);
    await fillCart(cluster, shopper.id, product.id);
    const body = orderBody(product, addressId);
    const headers = { ...shopper.auth, 'idempotency-key': `race-${shopper.id}` };
    const answers = await Promise.all([cluster.a, cluster.b, cluster.a, cluster.b].map((node) => call<Envelope<{ _id: string }>>(node.url, 'POST', '/api/order/cash-on-delivery', body, headers)));
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201]);
    expect(new Set(answers.map((a) => a.body.data._id)).size).toBe(1);
    const [row] = await cluster.knex('orders').where({ user_id: shopper.id }).count('* as n');
    expect(Number(row?.n)).toBe(1);
  });

  // Live events across instances need Redis, so only the process cluster has them.
  if (redis) {
    it('brings an order placed by a shopper on A to an admin socket on B at once, and the status change back to the shopper on A', async () => {
      const admin = await createPerson(cluster, { role: 'ADMIN', login: cluster.b });
      const shopper = await createPerson(cluster, { login: cluster.a });
      const product = await createProduct(cluster, 'Cross-Instance Hoppers');
      const addressId = await createAddress(cluster, shopper.id);
      const adminSocket = openSocket(cluster.b.url, admin.token);
      const shopperSocket = openSocket(cluster.a.url, shopper.token);
      try {
        await Promise.all([connected(adminSocket), connected(shopperSocket)]);
        const added = await call(cluster.a.url, 'POST', '/api/cart/create', { productId: product.id }, shopper.auth);
        expect(added.status).toBeLessThan(300);
        const arrived = next<{ _id: string }>(adminSocket, 'order:new');
        const placed = await call<Envelope<{ _id: string }>>(cluster.a.url, 'POST', '/api/order/cash-on-delivery', orderBody(product, addressId), shopper.auth);
        expect(placed.status).toBe(201);
        expect((await arrived)._id).toBe(placed.body.data._id);

        const statusSeen = next<{ to: string; order: { _id: string } }>(shopperSocket, 'order:status');
        const moved = await call(cluster.b.url, 'PUT', '/api/orders/update-status', { orderId: placed.body.data._id, order_status: 'Processing' }, admin.auth);
        expect(moved.status).toBe(200);
        expect(await statusSeen).toMatchObject({ to: 'Processing', order: { _id: placed.body.data._id } });
      } finally {
        adminSocket.close();
        shopperSocket.close();
      }
    });

    it('tells staff on A who paused on B, and shoppers on A only that the shop paused', async () => {
      const staff = await createPerson(cluster, { role: 'STAFF' });
      const shopper = await createPerson(cluster);
      await cluster.knex('users').where({ id: staff.id }).update({ name: 'Cluster Pausing Clerk' });
      const staffSocket = openSocket(cluster.a.url, staff.token);
      const shopperSocket = openSocket(cluster.a.url, shopper.token);
      const heard = (socket: typeof staffSocket) =>
        new Promise<string>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error('no shop:ordering on A within 5 s')), 5000);
          socket.once('shop:ordering', (payload: unknown) => {
            clearTimeout(timer);
            resolve(JSON.stringify(payload));
          });
        });
      try {
        await Promise.all([connected(staffSocket), connected(shopperSocket)]);
        const [byStaff, byShopper] = [heard(staffSocket), heard(shopperSocket)];
        expect((await call(cluster.b.url, 'PUT', '/api/shop/pause', { scope: 'fastest', minutes: null }, staff.auth)).status).toBe(200);
        expect(JSON.parse(await byStaff)).toMatchObject({ ordering: { pause: { scope: 'fastest', by: 'Cluster Pausing Clerk' } } });
        const toShopper = await byShopper;
        expect(JSON.parse(toShopper)).toMatchObject({ ordering: { pause: { scope: 'fastest', by: null } } });
        expect(toShopper).not.toContain('Pausing Clerk');
      } finally {
        await call(cluster.b.url, 'PUT', '/api/shop/resume', undefined, staff.auth);
        staffSocket.close();
        shopperSocket.close();
      }
    });

    it('cuts on A the sockets of a session that logs out on B, and of a staff member disabled on B', async () => {
      const boss = await createPerson(cluster, { role: 'ADMIN', login: cluster.b });
      const staff = await createPerson(cluster, { role: 'ADMIN', login: cluster.a });
      const shopper = await createPerson(cluster, { login: cluster.a });
      const staffSocket = openSocket(cluster.a.url, staff.token);
      const shopperSocket = openSocket(cluster.a.url, shopper.token);
      const cut = (socket: typeof staffSocket) =>
        new Promise<string>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error(`still connected on A ${EVENT_WAIT_MS} ms later`)), EVENT_WAIT_MS);
          socket.once('disconnect', (reason) => {
            clearTimeout(timer);
            resolve(reason);
          });
        });
      try {
        await Promise.all([connected(staffSocket), connected(shopperSocket)]);
        const shopperCut = cut(shopperSocket);
        expect((await call(cluster.b.url, 'GET', '/api/user/logout', undefined, shopper.auth)).status).toBe(200);
        expect(await shopperCut).toBe('io server disconnect');
        const staffCut = cut(staffSocket);
        expect((await call(cluster.b.url, 'PUT', '/api/users/update-status', { _id: staff.id, status: 'Disabled' }, boss.auth)).status).toBe(200);
        expect(await staffCut).toBe('io server disconnect');
        expect((await call(cluster.a.url, 'GET', '/api/user/user-details', undefined, shopper.auth)).status).toBe(401);
      } finally {
        staffSocket.close();
        shopperSocket.close();
      }
    });
  }
});

describe.each(process.env.TEST_DATABASE_URL ? [process.env.TEST_DATABASE_URL] : [])('several instances starting at once on one PostgreSQL', (baseUrl) => {
  it('seeds an empty database once: one instance seeds, the other finds it done', async () => {
    const database = await createSharedDatabase(baseUrl);
    const instances = await Promise.all([0, 1].map(async () => ({ db: await openDatabase({ database: { kind: 'postgres', url: database.url } }, { poolMax: 2 }), ...testConfig({ DATABASE_URL: database.url }) })));
    try {
      const reports = await Promise.all(instances.map((i) => seedIfEmpty(i.db, i.config, createLogger('silent'), { catalogue: false })));
      expect(reports.map((r) => r.seeded).sort()).toEqual([false, true]);
      const [admins] = await database.knex('users').where({ role: 'ADMIN' }).count('* as n');
      const [shoppers] = await database.knex('users').where({ mobile: '0771234567' }).count('* as n');
      expect([Number(admins?.n), Number(shoppers?.n)]).toEqual([1, 1]);
    } finally {
      for (const instance of instances) {
        await instance.db.close();
        instance.cleanup();
      }
      await database.drop();
    }
  });
});
