import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { can, ROLES, type Role } from '@kade/shared';
import { createServices, allRoutes } from '../src/app';
import { describeRoutes, type Access } from '../src/http/route';
import { createAccount, DB_KINDS, quickAccount, startTestServer, type TestServer } from './helpers';
import { createLogger } from '../src/logger';
import { systemClock } from '../src/clock';

/**
 * Every route of the API and who may call it: 'public', 'user' (any logged-in account) or the permission of
 * @kade/shared's role table it needs; each role (USER, STAFF, ADMIN, RIDER) is checked against that table. A new
 * route must be added here: the first test fails otherwise. What belongs to whom (the owner rule) is tested
 * with each module, since it answers 404 rather than 403 for another's record.
 */
const TABLE: ReadonlyArray<readonly [string, string, Access]> = [
  ['GET', '/api/health', 'public'],
  ['GET', '/api/shop/config', 'public'],
  ['PUT', '/api/shop/pause', 'store.pause'],
  ['PUT', '/api/shop/resume', 'store.pause'],
  ['GET', '/api/shop/store', 'store.manage'],
  ['PUT', '/api/shop/capacity', 'store.manage'],
  ['POST', '/api/user/register', 'public'],
  ['POST', '/api/user/login', 'public'],
  ['POST', '/api/user/refresh-token', 'public'],
  ['GET', '/api/user/logout', 'public'],
  ['GET', '/api/user/user-details', 'user'],
  ['PUT', '/api/user/update-user', 'user'],
  ['PUT', '/api/user/upload-avatar', 'user'],
  ['POST', '/api/user/check-email-verification', 'public'],
  ['PUT', '/api/user/forgot-password', 'public'],
  ['PUT', '/api/user/verify-forgot-password-otp', 'public'],
  ['PUT', '/api/user/reset-password', 'public'],
  ['GET', '/api/users/all', 'users.manage'],
  ['GET', '/api/users/list', 'users.manage'],
  ['POST', '/api/users/create', 'users.manage'],
  ['PUT', '/api/users/update-role', 'users.manage'],
  ['PUT', '/api/users/update-status', 'users.manage'],
  ['POST', '/api/file/upload', 'catalogue.manage'],
  ['POST', '/api/address/create', 'user'],
  ['GET', '/api/address/get', 'user'],
  ['GET', '/api/address/admin/all', 'addresses.manage'],
  ['PUT', '/api/address/update', 'user'],
  ['DELETE', '/api/address/disable', 'user'],
  ['POST', '/api/cart/create', 'user'],
  ['GET', '/api/cart/get', 'user'],
  ['PUT', '/api/cart/update-qty', 'user'],
  ['DELETE', '/api/cart/delete-cart-item', 'user'],
  ['POST', '/api/cart/merge', 'user'],
  ['POST', '/api/order/cash-on-delivery', 'user'],
  ['POST', '/api/order/checkout', 'user'],
  ['GET', '/api/order/order-list', 'user'],
  ['GET', '/api/order/details', 'user'],
  ['GET', '/api/order/summary', 'orders.view'],
  ['PUT', '/api/orders/update-status', 'orders.update'],
  ['PUT', '/api/order/cancel', 'user'],
  ['POST', '/api/cart/order-again', 'user'],
  ['PUT', '/api/orders/acknowledge', 'orders.take'],
  ['PUT', '/api/orders/pack', 'orders.update'],
  ['GET', '/api/orders/report', 'reports.view'],
  ['GET', '/api/orders/report.csv', 'reports.view'],
  ['POST', '/api/counters/heartbeat', 'counters.use'],
  ['GET', '/api/counters', 'counters.use'],
  ['GET', '/api/riders', 'orders.assign'],
  ['PUT', '/api/rider/shift', 'deliveries.carry'],
  ['GET', '/api/rider/orders', 'deliveries.carry'],
  ['PUT', '/api/orders/assign', 'orders.assign'],
  ['PUT', '/api/orders/pickup', 'deliveries.carry'],
  ['PUT', '/api/orders/deliver', 'user'],
  ['PUT', '/api/orders/return', 'deliveries.carry'],
  ['POST', '/api/cash/hand-ins', 'cash.manage'],
  ['POST', '/api/cash/hand-ins/void', 'cash.manage'],
  ['POST', '/api/category/add-category', 'catalogue.manage'],
  ['GET', '/api/category/get', 'public'],
  ['PUT', '/api/category/update', 'catalogue.manage'],
  ['DELETE', '/api/category/delete', 'catalogue.manage'],
  ['POST', '/api/subcategory/create', 'catalogue.manage'],
  ['POST', '/api/subcategory/get', 'public'],
  ['PUT', '/api/subcategory/update', 'catalogue.manage'],
  ['DELETE', '/api/subcategory/delete', 'catalogue.manage'],
  ['POST', '/api/product/create', 'catalogue.manage'],
  ['PUT', '/api/product/update-product-details', 'catalogue.manage'],
  ['PATCH', '/api/product/update', 'catalogue.manage'],
  ['DELETE', '/api/product/delete-product', 'catalogue.manage'],
  ['POST', '/api/product/get', 'catalogue.manage'],
  ['POST', '/api/product/get-product-by-category', 'public'],
  ['POST', '/api/product/get-pruduct-by-category-and-subcategory', 'public'],
  ['POST', '/api/product/get-product-by-category-and-subcategory', 'public'],
  ['POST', '/api/product/get-product-details', 'public'],
  ['POST', '/api/product/search-product', 'public'],
  ['GET', '/api/product/home', 'public'],
  ['POST', '/api/variation/create', 'catalogue.manage'],
  ['POST', '/api/variation/list', 'catalogue.manage'],
  ['POST', '/api/variation/details', 'catalogue.manage'],
  ['POST', '/api/variation/get-variations-by-product', 'catalogue.manage'],
  ['PUT', '/api/variation/update', 'catalogue.manage'],
  ['DELETE', '/api/variation/delete', 'catalogue.manage'],
];

describe.each(DB_KINDS)('who may call what, on %s', (kind) => {
  let server: TestServer;
  let callers: Record<Role, Record<string, string>>;

  beforeAll(async () => {
    server = await startTestServer(kind);
    callers = {
      USER: (await createAccount(server)).auth,
      STAFF: (await createAccount(server, { role: 'STAFF' })).auth,
      ADMIN: (await createAccount(server, { role: 'ADMIN' })).auth,
      RIDER: (await createAccount(server, { role: 'RIDER' })).auth,
    };
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('lists every route the server declares, with its access rule', () => {
    const deps = { config: server.config, db: server.db, logger: createLogger('silent'), clock: systemClock, version: 'test' };
    const declared = describeRoutes(allRoutes(deps, createServices(deps), new Date())).map((r) => `${r.method} ${r.path} ${r.access}`);
    expect(declared.sort()).toEqual(TABLE.map(([m, p, a]) => `${m} ${p} ${a}`).sort());
  });

  it('gives a counter clerk (STAFF) the orders, counters and the day\'s report, and nothing of the catalogue, users or addresses', () => {
    const staff = TABLE.filter(([, , access]) => access !== 'public' && access !== 'user' && can('STAFF', access)).map(([m, p]) => `${m} ${p}`);
    expect(staff.sort()).toEqual(['GET /api/counters', 'GET /api/order/summary', 'GET /api/orders/report', 'GET /api/orders/report.csv', 'POST /api/counters/heartbeat', 'PUT /api/orders/acknowledge', 'PUT /api/orders/pack', 'PUT /api/orders/update-status', 'PUT /api/shop/pause', 'PUT /api/shop/resume', 'GET /api/riders', 'PUT /api/orders/assign', 'POST /api/cash/hand-ins', 'POST /api/cash/hand-ins/void'].sort());
  });

  it('gives a rider only their own deliveries: nothing of the catalogue, users, orders feed, report or cash', () => {
    const rider = TABLE.filter(([, , access]) => access !== 'public' && access !== 'user' && can('RIDER', access)).map(([m, p]) => `${m} ${p}`);
    expect(rider.sort()).toEqual(['GET /api/rider/orders', 'PUT /api/rider/shift', 'PUT /api/orders/pickup', 'PUT /api/orders/return'].sort());
  });

  it.each(TABLE)('%s %s is %s', async (method, path, access) => {
    const call = async (headers: Record<string, string>) => (await server.api(method, path, method === 'GET' ? undefined : {}, headers)).status;
    // Logout ends the session it is called with: it gets sessions of its own, so the others stay signed in.
    const who = path === '/api/user/logout' ? { USER: (await quickAccount(server)).auth, STAFF: (await quickAccount(server, { role: 'STAFF' })).auth, ADMIN: (await quickAccount(server, { role: 'ADMIN' })).auth, RIDER: (await quickAccount(server, { role: 'RIDER' })).auth } : callers;
    const anonymous = await call({});
    const as: Record<Role, number> = { USER: await call(who.USER), STAFF: await call(who.STAFF), ADMIN: await call(who.ADMIN), RIDER: await call(who.RIDER) };
    const refused = (status: number) => status === 401 || status === 403;
    if (path === '/api/user/refresh-token') {
      // public, but its credential is the refresh token itself: an access token alone is not enough
      expect([anonymous, as.USER, as.STAFF, as.ADMIN, as.RIDER]).toEqual([401, 401, 401, 401, 401]);
    } else if (access === 'public') {
      expect([anonymous, ...Object.values(as)].some(refused)).toBe(false);
    } else {
      expect(anonymous).toBe(401);
      for (const role of ROLES) {
        const allowed = access === 'user' || can(role, access);
        if (allowed) expect(refused(as[role]), `${role} may call ${method} ${path}`).toBe(false);
        else expect(as[role], `${role} may not call ${method} ${path}`).toBe(403);
      }
    }
    for (const status of [anonymous, ...Object.values(as)]) expect(status).toBeLessThan(500);
  });

  it('refuses to start a route that declares no access rule', async () => {
    const Router = (await import('@koa/router')).default;
    const { mountRoutes } = await import('../src/http/route');
    expect(() =>
      mountRoutes(new Router(), [{ method: 'get', path: '/api/oops', handler: async () => ({ data: null }) } as never]),
    ).toThrow('Route GET /api/oops declares no access rule: say who may call it.');
  });
});
