import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allRoutes, createServices } from '../src/app';
import { describeRoutes } from '../src/http/route';
import { createLogger } from '../src/logger';
import { systemClock } from '../src/clock';
import { createAccount, DB_KINDS, startTestServer, type TestServer } from './helpers';

/** Bodies no client of ours sends: wrong shapes, wrong types, hostile text. */
const BODIES: unknown[] = [
  null,
  [],
  'just text',
  12345,
  {},
  { _id: "' or 1=1 --", id: '%', productId: { $ne: null }, name: '<script>alert(1)</script>', page: -1, limit: 1e9 },
  { _id: '00000000-0000-4000-8000-000000000000', name: 'x'.repeat(20_000), price: 'free', stock: -5, discount: 500, qty: 1.5 },
  { search: '\\%_\'"; drop table products; --', page: 'two', list_items: 'all', Choose: 42, location: { lat: 1 } },
  { orderId: ['a'], order_status: null, mobile: 12345678901, password: { length: 8 }, otp: 'ABCDEF' },
  { category: [null, 1, '🙂'], subCategory: 'Deal', image: 'javascript:alert(1)', more_details: [1, 2], product: {} },
  { latitude: 'NaN', longitude: Infinity, accuracy: -1, pincode: 7712345678, address_line: '\u0000' },
];

const QUERIES = ['?page=-1&limit=abc', '?scope=everyone&since=not-a-date', '?search=%27%20or%201%3D1', '?list=[]&status=Lost', '?page=1e400'];

describe.each(DB_KINDS)('hostile input on %s', (kind) => {
  let server: TestServer;
  let admin: Record<string, string>;

  beforeAll(async () => {
    server = await startTestServer(kind);
    admin = (await createAccount(server, { role: 'ADMIN' })).auth;
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('never answers 500 and always answers the JSON envelope, whatever the body or query', async () => {
    const deps = { config: server.config, db: server.db, logger: createLogger('silent'), clock: systemClock, version: 'test' };
    const routes = describeRoutes(allRoutes(deps, createServices(deps), new Date())).filter((r) => r.path !== '/api/user/logout');
    const failures: string[] = [];
    for (const route of routes) {
      const attempts: Array<[string, unknown]> = route.method === 'GET' ? QUERIES.map((q) => [route.path + q, undefined]) : BODIES.map((b) => [route.path, JSON.stringify(b)]);
      for (const [path, body] of attempts) {
        const res = await server.api<{ success?: boolean; message?: string }>(route.method, path, body, admin);
        if (res.status >= 500 || typeof res.body !== 'object' || res.body?.success !== (res.status < 400)) {
          failures.push(`${route.method} ${path} ${String(body).slice(0, 80)} -> ${res.status} ${JSON.stringify(res.body).slice(0, 120)}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(routes.length).toBeGreaterThan(40);
  }, 120_000);

  it('keeps the tables as they were', async () => {
    for (const table of ['categories', 'sub_categories', 'products', 'orders', 'addresses']) {
      const [row] = await server.db.knex(table).count('* as n');
      expect(Number(row?.n), table).toBe(0);
    }
  });
});
