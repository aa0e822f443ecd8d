import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { can, ENDPOINTS, listEndpoints, pathsOf, ROLES, type Role } from '@kade/shared';
import { createServices, allRoutes } from '../src/app';
import { describeRoutes, type Access } from '../src/http/route';
import { createAccount, DB_KINDS, quickAccount, startTestServer, type TestServer } from './helpers';
import { createLogger } from '../src/logger';
import { systemClock } from '../src/clock';

/**
 * Every route of the API and who may call it: 'public', 'user' (any logged-in account) or the permission of
 * @kade/shared's role table it needs, read from the endpoint declarations (ENDPOINTS), so a new endpoint brings
 * its own row; each role (USER, STAFF, ADMIN, RIDER) is checked against that table over HTTP. What belongs to whom
 * (the owner rule) is tested with each module, since it answers 404 rather than 403 for another's record.
 */
const TABLE: ReadonlyArray<readonly [string, string, Access]> = listEndpoints(ENDPOINTS).flatMap(({ endpoint }) =>
  pathsOf(endpoint).map((path) => [endpoint.method.toUpperCase(), path, endpoint.access] as const),
);

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

  it('mounts exactly one route for every declared endpoint, and no route without one', () => {
    const deps = { config: server.config, db: server.db, logger: createLogger('silent'), clock: systemClock, version: 'test' };
    const routes = allRoutes(deps, createServices(deps), new Date());
    const mounted = routes.map((r) => r.endpoint);
    const unmounted = listEndpoints(ENDPOINTS).filter(({ endpoint }) => !mounted.includes(endpoint)).map(({ name }) => name);
    expect(unmounted, 'endpoints with no route').toEqual([]);
    const twice = mounted.filter((e, i) => mounted.indexOf(e) !== i).map((e) => `${e.method} ${e.path}`);
    expect(twice, 'endpoints with two routes').toEqual([]);
    expect(mounted).toHaveLength(listEndpoints(ENDPOINTS).length);
    const declared = describeRoutes(routes).map((r) => `${r.method} ${r.path} ${r.access}`);
    expect(declared.sort()).toEqual(TABLE.map(([m, p, a]) => `${m} ${p} ${a}`).sort());
  });

  it('gives a counter clerk (STAFF) the orders, counters and the day\'s report, and nothing of the catalogue, users or addresses', () => {
    const staff = TABLE.filter(([, , access]) => access !== 'public' && access !== 'user' && can('STAFF', access)).map(([m, p]) => `${m} ${p}`);
    expect(staff.sort()).toEqual(['GET /api/counters', 'GET /api/order/summary', 'GET /api/products/by-barcode', 'GET /api/orders/report', 'GET /api/orders/report.csv', 'POST /api/counters/heartbeat', 'PUT /api/orders/acknowledge', 'PUT /api/orders/pack', 'GET /api/orders/substitutes', 'POST /api/orders/substitutions', 'PUT /api/orders/update-status', 'PUT /api/shop/pause', 'PUT /api/shop/resume', 'GET /api/riders', 'PUT /api/orders/assign', 'POST /api/cash/hand-ins', 'POST /api/cash/hand-ins/void'].sort());
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

  it('refuses to start a route that answers no declared endpoint, or one endpoint mounted twice', async () => {
    const Router = (await import('@koa/router')).default;
    const { mountRoutes, route } = await import('../src/http/route');
    expect(() =>
      mountRoutes(new Router(), [{ method: 'get', path: '/api/oops', access: 'public', handler: async () => ({ data: null }) } as never]),
    ).toThrow('Route GET /api/oops answers no endpoint: declare it in ENDPOINTS (@kade/shared) and mount it with route(endpoint, handler).');
    const health = route(ENDPOINTS.health.check, async () => ({ data: { status: 'ok', version: 't', uptimeSeconds: 0, database: { kind: 'pglite', reachable: true }, redis: { configured: false, reachable: false }, readModel: 'off' as const } }));
    expect(() => mountRoutes(new Router(), [health, health])).toThrow('Route GET /api/health is mounted twice: one endpoint, one route.');
  });
});
