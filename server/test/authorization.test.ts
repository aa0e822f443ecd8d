import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServices, allRoutes } from '../src/app';
import { describeRoutes, type Access } from '../src/http/route';
import { createAccount, DB_KINDS, startTestServer, type TestServer } from './helpers';
import { createLogger } from '../src/logger';
import { systemClock } from '../src/clock';

/**
 * Every route of the API and who may call it. A new route must be added here: the first test fails
 * otherwise. 'user' means any logged-in account; what belongs to whom (the owner rule) is tested with
 * each module, since it answers 404 rather than 403 for another's record.
 */
const TABLE: ReadonlyArray<readonly [string, string, Access]> = [
  ['GET', '/api/health', 'public'],
  ['GET', '/api/shop/config', 'public'],
  ['POST', '/api/user/register', 'public'],
  ['POST', '/api/user/login', 'public'],
  ['POST', '/api/user/refresh-token', 'public'],
  ['GET', '/api/user/logout', 'public'],
  ['GET', '/api/user/user-details', 'user'],
  ['PUT', '/api/user/update-user', 'user'],
  ['PUT', '/api/user/upload-avatar', 'user'],
  ['POST', '/api/user/check-email-verification', 'user'],
  ['PUT', '/api/user/forgot-password', 'public'],
  ['PUT', '/api/user/verify-forgot-password-otp', 'public'],
  ['PUT', '/api/user/reset-password', 'public'],
  ['GET', '/api/users/all', 'admin'],
  ['GET', '/api/users/list', 'admin'],
  ['POST', '/api/users/create', 'admin'],
  ['PUT', '/api/users/update-role', 'admin'],
  ['PUT', '/api/users/update-status', 'admin'],
  ['POST', '/api/file/upload', 'admin'],
  ['POST', '/api/address/create', 'user'],
  ['GET', '/api/address/get', 'user'],
  ['GET', '/api/address/admin/all', 'admin'],
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
  ['GET', '/api/order/summary', 'admin'],
  ['PUT', '/api/orders/update-status', 'admin'],
  ['POST', '/api/counters/heartbeat', 'admin'],
  ['GET', '/api/counters', 'admin'],
  ['POST', '/api/category/add-category', 'admin'],
  ['GET', '/api/category/get', 'public'],
  ['PUT', '/api/category/update', 'admin'],
  ['DELETE', '/api/category/delete', 'admin'],
  ['POST', '/api/subcategory/create', 'admin'],
  ['POST', '/api/subcategory/get', 'public'],
  ['PUT', '/api/subcategory/update', 'admin'],
  ['DELETE', '/api/subcategory/delete', 'admin'],
  ['POST', '/api/product/create', 'admin'],
  ['PUT', '/api/product/update-product-details', 'admin'],
  ['PATCH', '/api/product/update', 'admin'],
  ['DELETE', '/api/product/delete-product', 'admin'],
  ['POST', '/api/product/get', 'admin'],
  ['POST', '/api/product/get-product-by-category', 'public'],
  ['POST', '/api/product/get-pruduct-by-category-and-subcategory', 'public'],
  ['POST', '/api/product/get-product-by-category-and-subcategory', 'public'],
  ['POST', '/api/product/get-product-details', 'public'],
  ['POST', '/api/product/search-product', 'public'],
  ['GET', '/api/product/home', 'public'],
  ['POST', '/api/variation/create', 'admin'],
  ['POST', '/api/variation/list', 'admin'],
  ['POST', '/api/variation/details', 'admin'],
  ['POST', '/api/variation/get-variations-by-product', 'admin'],
  ['PUT', '/api/variation/update', 'admin'],
  ['DELETE', '/api/variation/delete', 'admin'],
];

describe.each(DB_KINDS)('who may call what, on %s', (kind) => {
  let server: TestServer;
  let user: Record<string, string>;
  let admin: Record<string, string>;

  beforeAll(async () => {
    server = await startTestServer(kind);
    user = (await createAccount(server)).auth;
    admin = (await createAccount(server, { role: 'ADMIN' })).auth;
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('lists every route the server declares, with its access rule', () => {
    const deps = { config: server.config, db: server.db, logger: createLogger('silent'), clock: systemClock, version: 'test' };
    const declared = describeRoutes(allRoutes(deps, createServices(deps), new Date())).map((r) => `${r.method} ${r.path} ${r.access}`);
    expect(declared.sort()).toEqual(TABLE.map(([m, p, a]) => `${m} ${p} ${a}`).sort());
  });

  it.each(TABLE)('%s %s is %s', async (method, path, access) => {
    const call = async (headers: Record<string, string>) => (await server.api(method, path, method === 'GET' ? undefined : {}, headers)).status;
    const anonymous = await call({});
    const asUser = await call(user);
    const asAdmin = await call(admin);
    if (path === '/api/user/refresh-token') {
      // public, but its credential is the refresh token itself: an access token alone is not enough
      expect([anonymous, asUser, asAdmin]).toEqual([401, 401, 401]);
    } else if (access === 'public') {
      expect([anonymous, asUser, asAdmin].some((s) => s === 401 || s === 403)).toBe(false);
    } else if (access === 'user') {
      expect(anonymous).toBe(401);
      expect([401, 403]).not.toContain(asUser);
      expect([401, 403]).not.toContain(asAdmin);
    } else {
      expect(anonymous).toBe(401);
      expect(asUser).toBe(403);
      expect([401, 403]).not.toContain(asAdmin);
    }
    for (const status of [anonymous, asUser, asAdmin]) expect(status).toBeLessThan(500);
  });

  it('refuses to start a route that declares no access rule', async () => {
    const Router = (await import('@koa/router')).default;
    const { mountRoutes } = await import('../src/http/route');
    expect(() =>
      mountRoutes(new Router(), [{ method: 'get', path: '/api/oops', handler: async () => ({ data: null }) } as never]),
    ).toThrow('Route GET /api/oops declares no access rule: say who may call it.');
  });
});
