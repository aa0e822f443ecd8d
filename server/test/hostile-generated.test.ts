// Generated hostile input (fast-check, fixed seeds so a run is repeatable): malformed, oversized and
// wrong-typed JSON bodies, odd headers and query strings sent to every route the server declares, as an
// anonymous caller, a shopper and an admin. Every answer is a 4xx in the JSON envelope (or a 2xx when the
// generated input happens to be valid), never a 500; a refused request changes nothing in the database.
// Then SQL-injection and script text in every text field that reaches a query or a screen: kept as plain
// text, answered as JSON, no error. hostile-input.test.ts sends a fixed list of bodies; this one generates.
import fc from 'fast-check';
import sharp from 'sharp';
import type { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allRoutes, createServices } from '../src/app';
import { systemClock } from '../src/clock';
import { createLogger } from '../src/logger';
import type { RouteSpec } from '../src/http/route';
import { createAccount, DB_KINDS, insertProduct, startTestServer, type TestServer } from './helpers';

const RUNS_PER_ROLE = Number(process.env.HOSTILE_RUNS ?? 10);
const SEED = 20261122;
const BODY_LIMIT_BYTES = 512 * 1024;

/** Field names the spec's calls use, so generated objects reach the schemas' checks and not only "not an object". */
const KNOWN_FIELDS = [
  '_id', 'id', 'name', 'mobile', 'password', 'confirmPassword', 'email', 'otp', 'newPassword', 'productId', 'qty', 'quantity',
  'list_items', 'addressId', 'subTotalAmt', 'totalAmt', 'location', 'Choose', 'orderId', 'order_status', 'search', 'page', 'limit',
  'category', 'subCategory', 'image', 'unit', 'stock', 'price', 'discount', 'description', 'more_details', 'publish', 'role', 'status',
  'address_line', 'city', 'state', 'pincode', 'country', 'latitude', 'longitude', 'accuracy', 'counterName', 'printer', 'scope', 'since', 'list',
];

/** Text that has broken shops before: injections, markup, odd Unicode, control characters. */
const NASTY_TEXT = [
  "' or 1=1 --", "'; drop table products; --", '" or ""="', "%' or '%'='", "\\'; select pg_sleep(5); --", 'admin\'--',
  '<script>alert(1)</script>', '"><img src=x onerror=alert(1)>', 'javascript:alert(1)', '{{constructor.constructor("alert(1)")()}}',
  '${7*7}', '__proto__', 'constructor', '\u0000', '\u202e\u0645', '🙂'.repeat(50), 'NaN', '-1', '1e400', '0x1F', '../../etc/passwd',
];

function shapeKeys(schema: z.ZodType | undefined): string[] {
  const shape = (schema as { shape?: Record<string, unknown> } | undefined)?.shape;
  return shape && typeof shape === 'object' ? Object.keys(shape) : [];
}

interface Attempt {
  query: string;
  headers: Record<string, string>;
  body: { raw: string; contentType: string } | undefined;
}

/** The generator of hostile requests for one route. `ids` are real ids of the seeded rows, to reach deeper. */
function attempts(route: RouteSpec, ids: string[]): fc.Arbitrary<Attempt> {
  const fields = [...new Set([...shapeKeys(route.body), ...shapeKeys(route.query), ...KNOWN_FIELDS])];
  const text = fc.oneof(fc.string({ maxLength: 40 }), fc.constantFrom(...NASTY_TEXT), fc.string({ unit: 'binary', maxLength: 20 }));
  const scalar = fc.oneof(
    text,
    fc.constantFrom(...ids),
    fc.uuid(),
    fc.integer(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.constantFrom(0, -1, 1.5, 1e21, Number.MAX_SAFE_INTEGER + 2),
    fc.boolean(),
    fc.constant(null),
  );
  const value = fc.oneof(
    { weight: 4, arbitrary: scalar },
    { weight: 1, arbitrary: fc.array(scalar, { maxLength: 4 }) },
    { weight: 1, arbitrary: fc.dictionary(fc.constantFrom(...fields), scalar, { maxKeys: 3 }) },
    { weight: 1, arbitrary: fc.array(fc.record({ productId: scalar, quantity: scalar }), { maxLength: 3 }) },
  );
  const objectBody = fc.dictionary(fc.constantFrom(...fields), value, { minKeys: 1, maxKeys: 8 });
  const json = (v: fc.Arbitrary<unknown>) => v.map((x) => ({ raw: JSON.stringify(x) ?? 'null', contentType: 'application/json' }));
  const body = fc.oneof(
    { weight: 6, arbitrary: json(objectBody) },
    { weight: 2, arbitrary: json(fc.jsonValue({ maxDepth: 3 })) },
    { weight: 1, arbitrary: fc.string({ maxLength: 60 }).map((raw) => ({ raw, contentType: 'application/json' })) }, // not JSON
    { weight: 1, arbitrary: fc.constantFrom('{"a":', '[[[[[[', '{"__proto__":{"admin":true}}', '{"name":"x","name":{"$ne":1}}').map((raw) => ({ raw, contentType: 'application/json' })) },
    { weight: 1, arbitrary: fc.constant({ raw: JSON.stringify({ name: 'x'.repeat(BODY_LIMIT_BYTES + 1024) }), contentType: 'application/json' }) }, // over the limit
    { weight: 1, arbitrary: fc.tuple(fc.constantFrom('text/plain', 'application/xml', 'multipart/form-data', 'multipart/form-data; boundary=x', 'application/x-www-form-urlencoded', 'application/json; charset=utf-7'), fc.string({ maxLength: 60 })).map(([contentType, raw]) => ({ raw, contentType })) },
  );
  const queryValue = fc.oneof(text, fc.constantFrom(...ids), fc.integer().map(String), fc.constantFrom('', '%', '%E0%A4%A', '[]', '{}', 'all', 'mine', '2025-05-22T06:30:00Z'));
  const query = fc
    .array(fc.tuple(fc.oneof(fc.constantFrom(...fields), fc.constantFrom('__proto__', 'constructor', 'page[]', 'a[b]')), queryValue), { maxLength: 5 })
    .map((pairs) => (pairs.length === 0 ? '' : '?' + pairs.map(([k, v]) => `${encodeURIComponent(k)}=${v.startsWith('%') ? v : encodeURIComponent(v)}`).join('&')));
  // Header values must be visible ASCII to be sent at all.
  const headerText = fc.string({ maxLength: 60 }).map((s) => s.replace(/[^\x20-\x7e]/g, '?'));
  const headers = fc.record(
    {
      authorization: fc.oneof(headerText.map((s) => `Bearer ${s}`), fc.constant('Bearer a.b.c'), fc.constant('Basic YWRtaW46YWRtaW4='), headerText),
      'idempotency-key': fc.oneof(headerText, fc.constant('k'.repeat(300))),
      'x-request-id': headerText,
      cookie: fc.oneof(headerText, fc.constant('accessToken=a.b.c; refreshToken=%%%')),
      'x-forwarded-for': fc.constantFrom('1.2.3.4', 'not-an-ip', '::1, 10.0.0.1'),
      accept: fc.constantFrom('*/*', 'text/html', 'application/xml'),
    },
    { requiredKeys: [] },
  );
  return fc.record({ query, headers, body: route.method === 'get' ? fc.constant(undefined) : body });
}

/** One checksum per table (rate_limit_buckets excluded: counting refused attempts is its job). */
async function tableChecksums(server: TestServer): Promise<Record<string, string>> {
  const knex = server.db.knex;
  const tables = (await knex('information_schema.tables')
    .where({ table_schema: 'public', table_type: 'BASE TABLE' })
    .whereNot('table_name', 'like', 'knex_%')
    .whereNot('table_name', 'rate_limit_buckets')
    .orderBy('table_name')
    .pluck('table_name')) as string[];
  const sql = tables.map((t) => `select '${t}' as t, md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h from "${t}" x`).join(' union all ');
  const { rows } = (await knex.raw(sql)) as { rows: Array<{ t: string; h: string }> };
  return Object.fromEntries(rows.map((r) => [r.t, r.h]));
}

describe.each(DB_KINDS)('generated hostile input on %s', (kind) => {
  let server: TestServer;
  let roles: Array<[string, Record<string, string>]>;
  let ids: string[];
  let shopper: Awaited<ReturnType<typeof createAccount>>;
  let admin: Awaited<ReturnType<typeof createAccount>>;

  beforeAll(async () => {
    server = await startTestServer(kind, { env: { SHOP_HOURS: '00:00-23:59', FRESH_HOURS: '00:00-23:59' } });
    shopper = await createAccount(server);
    admin = await createAccount(server, { role: 'ADMIN' });
    roles = [['anonymous', {}], ['shopper', shopper.auth], ['admin', admin.auth]];
    // A few real rows, so generated ids sometimes name something that exists.
    const product = await insertProduct(server, { name: 'Hostile Test Dhal', price: 320, stock: 50, categories: ['Grocery'], subCategories: ['Pulses'] });
    const address = await server.api<{ data: { _id: string } }>('POST', '/api/address/create', { address_line: 'Home', city: '1 Lane', state: 'Temple', pincode: '0771231234', mobile: 'Home', latitude: 6.879, longitude: 79.862 }, shopper.auth);
    await server.api('POST', '/api/cart/create', { productId: product }, shopper.auth);
    const category = await server.db.knex('categories').first('id');
    const sub = await server.db.knex('sub_categories').first('id');
    const cart = await server.db.knex('cart_items').first('id');
    ids = [product, address.body.data._id, (category as { id: string }).id, (sub as { id: string }).id, (cart as { id: string }).id];
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('answers every generated request to every route with a 4xx (or 2xx) envelope, and a refused request writes nothing', async () => {
    const deps = { config: server.config, db: server.db, logger: createLogger('silent'), clock: systemClock, version: 'test' };
    // Logout ends the caller's session: it goes last, so it does not turn the rest into 401s.
    const routes = allRoutes(deps, createServices(deps), new Date()).sort((a, b) => Number(a.path === '/api/user/logout') - Number(b.path === '/api/user/logout'));
    const failures: string[] = [];
    let sent = 0;
    let before = await tableChecksums(server);
    for (const [index, route] of routes.entries()) {
      const path = typeof route.path === 'string' ? route.path : (route.path[0] as string);
      for (const [roleIndex, [role, auth]] of roles.entries()) {
        const samples = fc.sample(attempts(route, ids), { seed: SEED + index * 7 + roleIndex, numRuns: RUNS_PER_ROLE });
        for (const attempt of samples) {
          const headers: Record<string, string> = { ...attempt.headers, ...(attempt.headers.authorization === undefined ? auth : {}) };
          if (attempt.body) headers['content-type'] = attempt.body.contentType;
          const response = await fetch(server.url + path + attempt.query, { method: route.method.toUpperCase(), headers, body: attempt.body?.raw ?? null });
          sent += 1;
          const text = await response.text();
          let envelope: { success?: unknown; error?: unknown; message?: unknown } | undefined;
          try {
            envelope = JSON.parse(text) as typeof envelope;
          } catch {
            envelope = undefined;
          }
          const what = `${role} ${route.method.toUpperCase()} ${path}${attempt.query.slice(0, 80)} ${JSON.stringify(attempt.headers).slice(0, 80)} ${attempt.body?.contentType ?? ''} ${attempt.body?.raw.slice(0, 100) ?? ''}`;
          const status = response.status;
          if (status >= 500 || status < 200 || (status >= 300 && status < 400)) failures.push(`${status} ← ${what}: ${text.slice(0, 160)}`);
          else if (!envelope || envelope.success !== status < 400 || envelope.error !== status >= 400 || typeof envelope.message !== 'string') failures.push(`not the envelope (${status}) ← ${what}: ${text.slice(0, 160)}`);
          if (route.method !== 'get' || path === '/api/user/logout') {
            const after = await tableChecksums(server);
            const changed = Object.keys(after).filter((t) => after[t] !== before[t]);
            if (status >= 400 && changed.length > 0) failures.push(`refused (${status}) but changed ${changed.join(', ')} ← ${what}`);
            before = after;
          }
        }
      }
    }
    // Reads never write (logout, a GET in the spec, is checked as a write): the tables are as the last write left them.
    expect(Object.entries(await tableChecksums(server))).toEqual(Object.entries(before));
    expect(failures).toEqual([]);
    expect(sent).toBe(routes.length * roles.length * RUNS_PER_ROLE);
    expect(routes.length).toBeGreaterThan(40);
  }, 240_000);

  describe('SQL-injection and script text in fields that reach a query or a screen', () => {
    const INJECTIONS = NASTY_TEXT.filter((t) => t.trim() === t && t.length > 0 && !t.includes('\u0000'));

    it.each(['/api/product/search-product'])('searches with it in %s and finds nothing odd', async (path) => {
      for (const search of [...INJECTIONS, '\u0000']) {
        const res = await server.api<{ success: boolean; data: unknown[] }>('POST', path, { search }, shopper.auth);
        expect(res.status, search).toBe(200);
        expect(res.headers.get('content-type')).toMatch(/^application\/json/);
        expect(Array.isArray(res.body.data)).toBe(true);
      }
      const [row] = await server.db.knex('products').count('* as n');
      expect(Number(row?.n)).toBeGreaterThan(0); // no "drop table" ran
    });

    it('filters the order lists and the admins\' user list with it', async () => {
      for (const search of INJECTIONS) {
        const own = await server.api<{ data: unknown[] }>('GET', `/api/order/order-list?search=${encodeURIComponent(search)}`, undefined, shopper.auth);
        const everyone = await server.api<{ data: unknown[] }>('GET', `/api/order/order-list?scope=all&search=${encodeURIComponent(search)}`, undefined, admin.auth);
        const users = await server.api<{ data: { users?: unknown[] } | unknown[] }>('GET', `/api/users/list?search=${encodeURIComponent(search)}`, undefined, admin.auth);
        for (const res of [own, everyone]) {
          expect(res.status, search).toBe(200);
          expect(Array.isArray(res.body.data)).toBe(true);
        }
        expect(users.status, search).toBe(200);
        expect(users.body).toMatchObject({ success: true });
      }
    });

    it('keeps it as plain text in a shopper\'s name and address, and answers it back unchanged as JSON', async () => {
      for (const hostile of INJECTIONS) {
        const renamed = await server.api('PUT', '/api/user/update-user', { name: hostile }, shopper.auth);
        expect(renamed.status, hostile).toBe(200);
        const details = await server.api<{ data: { name: string } }>('GET', '/api/user/user-details', undefined, shopper.auth);
        expect(details.body.data.name).toBe(hostile);
        expect(details.headers.get('content-type')).toMatch(/^application\/json/);
        expect(details.headers.get('x-content-type-options')).toBe('nosniff');
        expect(await server.db.knex('users').where({ id: shopper.id }).first('name')).toEqual({ name: hostile });

        const created = await server.api<{ data: { _id: string } }>('POST', '/api/address/create', { address_line: hostile, city: hostile, state: hostile, pincode: '0771231234', mobile: 'Home', latitude: 6.879, longitude: 79.862 }, shopper.auth);
        expect(created.status, hostile).toBe(201);
        const listed = await server.api<{ data: Array<{ _id: string; address_line: string; city: string; state: string }> }>('GET', '/api/address/get', undefined, shopper.auth);
        expect(listed.body.data.find((a) => a._id === created.body.data._id)).toMatchObject({ address_line: hostile, city: hostile, state: hostile });
      }
    });

    it('keeps it as plain text in a category name an admin types', async () => {
      const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#e76f51' } }).png().toBuffer();
      const form = new FormData();
      form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'shelf.png');
      const uploaded = (await (await fetch(`${server.url}/api/file/upload`, { method: 'POST', headers: admin.auth, body: form })).json()) as { data: { url: string } };
      for (const [i, hostile] of INJECTIONS.entries()) {
        const name = `${hostile} ${i}`; // category names are unique
        const res = await server.api<{ data: { _id: string } }>('POST', '/api/category/add-category', { name, image: uploaded.data.url }, admin.auth);
        expect(res.status, name).toBeLessThan(300);
        const listed = await server.api<{ data: Array<{ name: string }> }>('GET', '/api/category/get');
        expect(listed.body.data.map((c) => c.name)).toContain(name);
      }
    });
  });
});
