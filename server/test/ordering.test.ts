// Store operations (issue 19, items 1 to 3) over real HTTP and real sockets: busy mode (all ordering, or only the
// fastest option, for a time or until resumed), each option's capacity (exactly the capacity placed when many
// race for the last places), and, with REQUIRE_COUNTER_ONLINE, no orders while nobody would see them. The shop's
// config answers the same state the server enforces, and every socket hears it change.
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FASTEST_OPTION, SOCKET_EVENTS, type OrderingState } from '@kade/shared';
import { fixedClock } from '../src/clock';
import { DB_KINDS, insertProduct, quickAccount, startTestServer, type TestServer } from './helpers';
import { connected, next, open, placeOrder, tryOrder } from './socket-helpers';

const STANDARD = '50 Minutes to 1 Hour';
const SCHEDULED = 'Between 2 Hours to 2.30 Hours';
type Config = { data: { ordering: OrderingState } };

describe.each(DB_KINDS)('store operations on %s', (kind) => {
  const clock = fixedClock('2026-11-24T06:00:00.000Z'); // 11:30 in Colombo
  let server: TestServer;
  let product: string;
  let staff: Awaited<ReturnType<typeof quickAccount>>;
  let admin: Awaited<ReturnType<typeof quickAccount>>;
  const sockets: Socket[] = [];
  const ordering = async () => (await server.api<Config>('GET', '/api/shop/config')).body.data.ordering;

  beforeAll(async () => {
    server = await startTestServer(kind, { clock, env: { SHOP_HOURS: '00:00-23:59', FRESH_HOURS: '00:00-23:59' } });
    product = await insertProduct(server, { name: 'Samba Rice 5kg', price: 1650, stock: 10_000 });
  });
  // The clock moves in these tests: each starts with sessions issued at its own time.
  beforeEach(async () => {
    staff = await quickAccount(server, { role: 'STAFF', name: 'Busy Clerk' });
    admin = await quickAccount(server, { role: 'ADMIN', name: 'Store Owner' });
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await server?.stop();
  });

  it('answers the ordering state in the shop config: open, every option available, nothing paused', async () => {
    const state = await ordering();
    expect(state).toMatchObject({ open: true, reason: null, pause: null });
    expect(state.options.map((o) => [o.label, o.available, o.capacity])).toEqual([
      [FASTEST_OPTION, true, null],
      [STANDARD, true, null],
      [SCHEDULED, true, null],
    ]);
  });

  it('pauses all ordering for 15 minutes: the shop says so, the server refuses, every socket hears it, and it resumes by itself', async () => {
    const shopper = await quickAccount(server);
    const shopperSocket = open(server.url, shopper.accessToken);
    sockets.push(shopperSocket);
    await connected(shopperSocket);
    const heard = next<{ ordering: OrderingState }>(shopperSocket, SOCKET_EVENTS.shopOrdering);
    const paused = await server.api<{ data: OrderingState; message: string }>('PUT', '/api/shop/pause', { scope: 'all', minutes: 15 }, staff.auth);
    expect(paused.status).toBe(200);
    const until = new Date(clock.now().getTime() + 15 * 60_000).toISOString();
    expect(paused.body.data).toMatchObject({ open: false, reason: { code: 'STORE_PAUSED', until }, pause: { scope: 'all', until, by: 'Busy Clerk' } });
    expect((await heard).ordering).toMatchObject({ open: false, reason: { code: 'STORE_PAUSED' } });
    expect((await ordering()).reason?.code).toBe('STORE_PAUSED');

    const refused = await tryOrder(server, product);
    expect(refused.res.status).toBe(409);
    expect(refused.res.body).toMatchObject({ code: 'STORE_PAUSED', message: 'The shop is very busy and has paused new orders.', data: { until } });
    const stock = await server.db.knex('orders').where({ user_id: refused.who.id }).count<{ count: string | number }[]>('* as count');
    expect(Number(stock[0]!.count)).toBe(0);

    clock.advance(15 * 60_000 + 1000);
    expect(await ordering()).toMatchObject({ open: true, pause: null });
    expect((await tryOrder(server, product)).res.status).toBe(201);
  });

  it('pauses only the fastest option until resumed: that option is refused with the next suggested, the others take orders', async () => {
    const paused = await server.api<{ data: OrderingState }>('PUT', '/api/shop/pause', { scope: 'fastest', minutes: null }, admin.auth);
    expect(paused.status).toBe(200);
    const fastest = paused.body.data.options.find((o) => o.label === FASTEST_OPTION)!;
    expect(paused.body.data.open).toBe(true);
    expect(fastest).toMatchObject({ available: false, reason: { code: 'OPTION_PAUSED', until: null }, suggestion: STANDARD });
    const refused = await tryOrder(server, product, FASTEST_OPTION);
    expect(refused.res.status).toBe(409);
    expect(refused.res.body).toMatchObject({ code: 'OPTION_PAUSED', field: 'Choose', data: { suggestion: STANDARD } });
    expect(refused.res.body.message).toBe(`${FASTEST_OPTION}: Paused while the shop is busy. Try ${STANDARD} instead.`);
    expect((await tryOrder(server, product, STANDARD)).res.status).toBe(201);
    clock.advance(3 * 3600_000); // no end: still paused hours later
    expect((await tryOrder(server, product, FASTEST_OPTION)).res.status).toBe(409);

    const later = await quickAccount(server, { role: 'STAFF' });
    const resumed = await server.api<{ data: OrderingState }>('PUT', '/api/shop/resume', {}, later.auth);
    expect(resumed.status).toBe(200);
    expect(resumed.body.data.pause).toBeNull();
    expect((await tryOrder(server, product, FASTEST_OPTION)).res.status).toBe(201);
  });

  it('lets only staff and admins pause, and refuses bad input with 400 naming the field', async () => {
    const shopper = await quickAccount(server);
    expect((await server.api('PUT', '/api/shop/pause', { scope: 'all', minutes: 5 }, shopper.auth)).status).toBe(403);
    expect((await server.api('PUT', '/api/shop/pause', { scope: 'all', minutes: 5 })).status).toBe(401);
    expect((await server.api('PUT', '/api/shop/resume', {}, shopper.auth)).status).toBe(403);
    for (const [body, field] of [
      [{ scope: 'some', minutes: 5 }, 'scope'],
      [{ scope: 'all', minutes: 0 }, 'minutes'],
      [{ scope: 'all', minutes: 1e12 }, 'minutes'],
      [{ scope: 'all', minutes: 2.5 }, 'minutes'],
      [{ scope: 'all\u0000', minutes: 5 }, 'scope'],
      [{ minutes: 5 }, 'scope'],
    ] as const) {
      const res = await server.api<{ field: string; code: string }>('PUT', '/api/shop/pause', body, staff.auth);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION', field });
    }
    expect((await ordering()).pause).toBeNull();
  });

  it('places exactly the capacity when many shoppers race for an option’s last places, then says Full now and suggests the next', async () => {
    expect((await server.api('PUT', '/api/shop/capacity', { capacities: { [SCHEDULED]: 2 } }, staff.auth)).status).toBe(403);
    const openBefore = (await ordering()).options.find((o) => o.label === SCHEDULED)!.openOrders;
    const set = await server.api<{ data: { capacities: Record<string, number | null> } }>('PUT', '/api/shop/capacity', { capacities: { [SCHEDULED]: openBefore + 3 } }, admin.auth);
    expect(set.status).toBe(200);
    expect(set.body.data.capacities).toEqual({ [FASTEST_OPTION]: null, [STANDARD]: null, [SCHEDULED]: openBefore + 3 });
    expect((await server.api<{ data: unknown }>('GET', '/api/shop/store', undefined, admin.auth)).body.data).toEqual(set.body.data);

    const tries = await Promise.all(Array.from({ length: 12 }, () => tryOrder(server, product, SCHEDULED)));
    const statuses = tries.map((t) => t.res.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    expect(statuses.filter((s) => s === 409)).toHaveLength(9);
    for (const refused of tries.filter((t) => t.res.status === 409)) {
      expect(refused.res.body).toMatchObject({ code: 'OPTION_FULL', data: { suggestion: FASTEST_OPTION } });
    }
    const state = await ordering();
    expect(state.options.find((o) => o.label === SCHEDULED)).toMatchObject({ available: false, openOrders: openBefore + 3, reason: { code: 'OPTION_FULL', message: 'Full now' } });

    // an order leaves the option (cancelled by its shopper): a place frees, and one more fits
    const placed = tries.find((t) => t.res.status === 201)!;
    expect((await server.api('PUT', '/api/order/cancel', { orderId: placed.res.body.data._id }, placed.who.auth)).status).toBe(200);
    expect((await ordering()).options.find((o) => o.label === SCHEDULED)!.available).toBe(true);
    expect((await tryOrder(server, product, SCHEDULED)).res.status).toBe(201);
    expect((await tryOrder(server, product, SCHEDULED)).res.status).toBe(409);

    for (const [body, field] of [
      [{ capacities: { [SCHEDULED]: -1 } }, 'capacities'],
      [{ capacities: { 'Next week': 3 } }, 'capacities'],
      [{ capacities: { [SCHEDULED]: 'lots' } }, 'capacities'],
      [{ capacities: [] }, 'capacities'],
    ] as const) {
      const res = await server.api<{ field: string }>('PUT', '/api/shop/capacity', body, admin.auth);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.field).toMatch(new RegExp(`^${field}`));
    }
    expect((await server.api('PUT', '/api/shop/capacity', { capacities: { [SCHEDULED]: null } }, admin.auth)).status).toBe(200);
    expect((await tryOrder(server, product, SCHEDULED)).res.status).toBe(201);
  });
});

describe.each(DB_KINDS)('never an order nobody sees, on %s', (kind) => {
  const clock = fixedClock('2026-11-24T06:00:00.000Z');
  let server: TestServer;
  let product: string;
  const sockets: Socket[] = [];
  const ordering = async () => (await server.api<Config>('GET', '/api/shop/config')).body.data.ordering;

  beforeAll(async () => {
    server = await startTestServer(kind, { clock, env: { SHOP_HOURS: '00:00-23:59', FRESH_HOURS: '00:00-23:59', REQUIRE_COUNTER_ONLINE: 'true' } });
    product = await insertProduct(server, { name: 'Coconut 1 nos', price: 120, stock: 10_000 });
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await server?.stop();
  });

  it('takes no orders while no counter or staff dashboard is connected, and takes them while one is', async () => {
    expect(await ordering()).toMatchObject({ open: false, reason: { code: 'STORE_UNATTENDED' } });
    const refused = await tryOrder(server, product);
    expect(refused.res.status).toBe(409);
    expect(refused.res.body.code).toBe('STORE_UNATTENDED');

    // a staff dashboard connects: someone would see it, and a shopper's screen hears the shop open at once
    const shopper = await quickAccount(server);
    const shopperSocket = open(server.url, shopper.accessToken);
    sockets.push(shopperSocket);
    await connected(shopperSocket);
    const opened = next<{ ordering: OrderingState }>(shopperSocket, SOCKET_EVENTS.shopOrdering);
    const staff = await quickAccount(server, { role: 'STAFF' });
    const dashboard = open(server.url, staff.accessToken);
    sockets.push(dashboard);
    await connected(dashboard);
    expect((await opened).ordering).toMatchObject({ open: true, reason: null });
    expect((await ordering()).open).toBe(true);
    await placeOrder(server, product);

    // it goes away; a minute later the shop is unattended again
    dashboard.close();
    clock.advance(61_000);
    expect((await ordering()).reason?.code).toBe('STORE_UNATTENDED');

    // a counter (app or print agent) reporting its heartbeat counts too
    const beat = await server.api('POST', '/api/counters/heartbeat', { counterId: '6f1c2a9e-0d4b-4c8e-9a51-3b7d2e8f1a60', name: 'Back room agent', printer: 'connected', queued: 0, appVersion: '0.1.0' }, staff.auth);
    expect(beat.status, JSON.stringify(beat.body)).toBeLessThan(300);
    expect(await ordering()).toMatchObject({ open: true, reason: null });
    expect((await tryOrder(server, product)).res.status).toBe(201);
    clock.advance(61_000);
    expect((await tryOrder(server, product)).res.body.code).toBe('STORE_UNATTENDED');
  });
});
