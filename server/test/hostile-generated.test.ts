// Generated hostile input (fast-check, fixed seeds so a run is repeatable): malformed, oversized and
// wrong-typed JSON bodies, odd headers and query strings sent to every route the server declares, as an
// anonymous caller, a shopper and an admin. Every answer is a 4xx in the JSON envelope (or a 2xx when the
// generated input happens to be valid), never a 500; a refused request changes nothing in the database.
// Then SQL-injection and script text in every text field that reaches a query or a screen: kept as plain
// text, answered as JSON, no error. Then the shapes that once answered 500, swept over every route: broken
// %-escapes in paths, NUL and other control characters in every query value and text field, numbers beyond
// 32 and 53 bits in every number field, and an order whose amounts do not fit a 32-bit paise column.
// hostile-input.test.ts sends a fixed list of bodies; this one generates.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import nodePath from 'node:path';
import fc from 'fast-check';
import sharp from 'sharp';
import type { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allRoutes, createServices } from '../src/app';
import { systemClock } from '../src/clock';
import { createLogger } from '../src/logger';
import type { RouteSpec } from '../src/http/route';
import { computeTotals, DELIVERY_OPTION_LABELS, hasControlCharacters, MAX_LINE_QUANTITY, MAX_RUPEES, nameProblem, paiseToRupees } from '@kade/shared';
import { createAccount, DB_KINDS, insertProduct, quickAccount, rawRequest, startTestServer, type TestServer, OPEN_NOW } from './helpers';

const RUNS_PER_ROLE = Number(process.env.HOSTILE_RUNS ?? 10);
/**
 * The two sweeps over every route are a fixed amount of work (about 90 s on PostgreSQL with the machine to itself,
 * 240 s on the embedded database with the machine loaded six times over): this only catches a hang.
 */
const HANG_GUARD_MS = 900_000;
const SEED = 20261122;
const BODY_LIMIT_BYTES = 512 * 1024;

/** Field names the spec's calls use, so generated objects reach the schemas' checks and not only "not an object". */
const KNOWN_FIELDS = [
  '_id', 'id', 'name', 'mobile', 'password', 'confirmPassword', 'email', 'otp', 'newPassword', 'productId', 'qty', 'quantity',
  'list_items', 'addressId', 'subTotalAmt', 'totalAmt', 'location', 'Choose', 'orderId', 'order_status', 'search', 'page', 'limit',
  'category', 'subCategory', 'image', 'unit', 'stock', 'price', 'discount', 'description', 'more_details', 'publish', 'role', 'status',
  'address_line', 'city', 'state', 'pincode', 'country', 'latitude', 'longitude', 'accuracy', 'counterName', 'printer', 'scope', 'since', 'list',
  'riderId', 'cashCollected', 'reason', 'amount', 'note', 'onShift', 'handInId', 'lines', 'found', 'substitution', 'substituteId', 'proposalId', 'accept',
];

/** Text that has broken shops before: injections, markup, odd Unicode, control characters. */
const NASTY_TEXT = [
  "' or 1=1 --", "'; drop table products; --", '" or ""="', "%' or '%'='", "\\'; select pg_sleep(5); --", 'admin\'--',
  '<script>alert(1)</script>', '"><img src=x onerror=alert(1)>', 'javascript:alert(1)', '{{constructor.constructor("alert(1)")()}}',
  '${7*7}', '__proto__', 'constructor', '\u0000', '\u202e\u0645', '🙂'.repeat(50), 'NaN', '-1', '1e400', '0x1F', '../../etc/passwd',
];

/** Control characters a text field meets: NUL (PostgreSQL cannot store it), printer commands, C1. */
const CONTROL_TEXT = ['a\u0000b', 'Home\u001bp0\u0019\u00fa', '12 Lane\u001dV0', 'Temple\u001b@', 'x\u009b5i\u0085'];
/** The same in a query string, %-escaped as a browser would send them. */
const CONTROL_QUERY = ['%00', 'a%00b', '%1Bp0%19%C3%BA', '%1DV0', '%C2%9B5i'];
/** Numbers beyond a 32-bit integer, beyond exact doubles, the largest double, and below a 32-bit integer. */
const HUGE_NUMBERS = [2 ** 31, 2 ** 53, 1e308, -(2 ** 31) - 1];
/** Paths whose %-escapes do not decode (and one overlong UTF-8 sequence), on each part of the server. */
const BROKEN_PATHS = ['/%', '/%E0%A4%A', '/%zz', '/%c0%af', '/dashboard/%', '/assets/%E0%A4%A.js', '/api/%', '/api/product/%zz', '/api/cart/create%', '/files/%', '/files/%E0%A4%A-480.webp'];

/** A JSON value with one leaf (found by its path of keys and indexes) replaced. */
function withLeaf(value: unknown, path: readonly (string | number)[], leaf: unknown): unknown {
  if (path.length === 0) return leaf;
  const [key, ...rest] = path as [string | number, ...(string | number)[]];
  if (Array.isArray(value)) return value.map((item, i) => (i === key ? withLeaf(item, rest, leaf) : item));
  const record = value as Record<string, unknown>;
  return { ...record, [key]: withLeaf(record[key], rest, leaf) };
}

/** The paths of every string and number leaf of a JSON value, with the leaf's kind. */
function leaves(value: unknown, path: Array<string | number> = []): Array<{ path: Array<string | number>; kind: 'text' | 'number' }> {
  if (typeof value === 'string') return [{ path, kind: 'text' }];
  if (typeof value === 'number') return [{ path, kind: 'number' }];
  if (Array.isArray(value)) return value.flatMap((item, i) => leaves(item, [...path, i]));
  if (value !== null && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => leaves(v, [...path, k]));
  return [];
}

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

/** The tables a refused request must leave as they were (rate_limit_buckets excluded: counting refused attempts is its job). */
async function watchedTables(server: TestServer): Promise<string[]> {
  return (await server.db.knex('information_schema.tables')
    .where({ table_schema: 'public', table_type: 'BASE TABLE' })
    .whereNot('table_name', 'like', 'knex_%')
    .whereNotIn('table_name', ['rate_limit_buckets', WRITE_LOG])
    .orderBy('table_name')
    .pluck('table_name')) as string[];
}

/** One checksum per table of `tables`. */
async function tableChecksums(server: TestServer, tables: readonly string[]): Promise<Record<string, string>> {
  const sql = tables.map((t) => `select '${t}' as t, md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h from "${t}" x`).join(' union all ');
  const { rows } = (await server.db.knex.raw(sql)) as { rows: Array<{ t: string; h: string }> };
  return Object.fromEntries(rows.map((r) => [r.t, r.h]));
}

/** The test database's own table of writes per table, fed by triggers (writeWatch). */
const WRITE_LOG = 'test_table_writes';

/**
 * Tells which tables' contents changed since the last look, as a checksum of every table after every request would,
 * but without reading every table each time (that was most of this file's minutes on the embedded database): a
 * trigger on each table counts the rows written (committed only: a rolled-back write leaves no count), and only the
 * tables whose count moved are checksummed again and compared with their last checksum, so a table written back to
 * what it held is not a change, as before.
 */
async function writeWatch(server: TestServer) {
  const knex = server.db.knex;
  const tables = await watchedTables(server);
  await knex.raw(`create table if not exists ${WRITE_LOG} (t text primary key, n bigint not null)`);
  await knex.raw(`create or replace function test_note_write() returns trigger language plpgsql as $$
    begin
      insert into ${WRITE_LOG} (t, n) values (TG_TABLE_NAME, 1) on conflict (t) do update set n = ${WRITE_LOG}.n + 1;
      return null;
    end $$`);
  for (const table of tables) {
    await knex.raw(`drop trigger if exists test_row_write on "${table}"`);
    await knex.raw(`create trigger test_row_write after insert or update or delete on "${table}" for each row execute function test_note_write()`);
    await knex.raw(`drop trigger if exists test_truncate on "${table}"`);
    await knex.raw(`create trigger test_truncate after truncate on "${table}" for each statement execute function test_note_write()`);
  }
  const counts = async () => Object.fromEntries(((await knex(WRITE_LOG).select('t', 'n')) as Array<{ t: string; n: string }>).map((r) => [r.t, String(r.n)]));
  let seen = await counts();
  const sums = await tableChecksums(server, tables);
  return {
    tables,
    /** The tables whose contents differ from the last look (the first look: when the watch began). */
    async changed(): Promise<string[]> {
      const now = await counts();
      const moved = Object.keys(now).filter((t) => now[t] !== seen[t]);
      seen = now;
      if (moved.length === 0) return [];
      const fresh = await tableChecksums(server, moved);
      const changed = moved.filter((t) => fresh[t] !== sums[t]);
      Object.assign(sums, fresh);
      return changed;
    },
  };
}

describe.each(DB_KINDS)('generated hostile input on %s', (kind) => {
  let server: TestServer;
  let roles: Array<[string, Record<string, string>]>;
  let ids: string[];
  let shopper: Awaited<ReturnType<typeof createAccount>>;
  let admin: Awaited<ReturnType<typeof createAccount>>;

  let webDist: string;

  beforeAll(async () => {
    // A built web app, so paths outside /api reach the web app's own file lookup.
    webDist = mkdtempSync(nodePath.join(os.tmpdir(), 'kade-web-'));
    mkdirSync(nodePath.join(webDist, 'assets'));
    writeFileSync(nodePath.join(webDist, 'index.html'), '<!doctype html><title>Kade</title>');
    writeFileSync(nodePath.join(webDist, 'assets', 'app-0123abcd.js'), 'console.log(1)');
    server = await startTestServer(kind, { env: { ...OPEN_NOW, WEB_DIST_DIR: webDist } });
    shopper = await createAccount(server);
    admin = await createAccount(server, { role: 'ADMIN' });
    // a rider reaches the rider calls (deliveries.carry), which no admin holds
    roles = [['anonymous', {}], ['shopper', shopper.auth], ['admin', admin.auth], ['rider', (await quickAccount(server, { role: 'RIDER' })).auth]];
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
    if (webDist) rmSync(webDist, { recursive: true, force: true });
  });

  it('sees a committed change to a table, and neither a rolled-back one nor one written back to what it was', async () => {
    const watch = await writeWatch(server);
    const knex = server.db.knex;
    const [category] = (await knex('categories').select('id', 'name').limit(1)) as Array<{ id: string; name: string }>;
    expect(category).toBeDefined();
    await knex('categories').where({ id: category!.id }).update({ name: 'Watched Shelf' });
    expect(await watch.changed()).toEqual(['categories']);
    await knex.transaction(async (trx) => {
      await trx('categories').where({ id: category!.id }).update({ name: 'Rolled Back' });
      throw new Error('roll back');
    }).catch(() => undefined);
    expect(await watch.changed()).toEqual([]);
    await knex('categories').where({ id: category!.id }).update({ name: 'Written Twice' });
    await knex('categories').where({ id: category!.id }).update({ name: 'Watched Shelf' });
    expect(await watch.changed()).toEqual([]);
    await knex('categories').where({ id: category!.id }).update({ name: category!.name });
    expect(await watch.changed()).toEqual(['categories']);
  });

  it('answers every generated request to every route with a 4xx (or 2xx) envelope, and a refused request writes nothing', async () => {
    const deps = { config: server.config, db: server.db, logger: createLogger('silent'), clock: systemClock, version: 'test' };
    // Logout ends the caller's session: it goes last, so it does not turn the rest into 401s.
    const routes = allRoutes(deps, createServices(deps), new Date()).sort((a, b) => Number(a.path === '/api/user/logout') - Number(b.path === '/api/user/logout'));
    const failures: string[] = [];
    let sent = 0;
    const watch = await writeWatch(server);
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
            const changed = await watch.changed();
            if (status >= 400 && changed.length > 0) failures.push(`refused (${status}) but changed ${changed.join(', ')} ← ${what}`);
          }
        }
      }
    }
    // Reads never write (logout, a GET in the spec, is checked as a write): the tables are as the last write left them.
    expect(await watch.changed()).toEqual([]);
    expect(watch.tables.length).toBeGreaterThan(10);
    expect(failures).toEqual([]);
    expect(sent).toBe(routes.length * roles.length * RUNS_PER_ROLE);
    expect(routes.length).toBeGreaterThan(40);
  }, HANG_GUARD_MS);

  /** Every declared route (logout last: it ends the caller's session) and who calls it in the sweeps. */
  function declaredRoutes(): RouteSpec[] {
    const deps = { config: server.config, db: server.db, logger: createLogger('silent'), clock: systemClock, version: 'test' };
    return allRoutes(deps, createServices(deps), new Date()).sort((a, b) => Number(a.path === '/api/user/logout') - Number(b.path === '/api/user/logout'));
  }
  const firstPath = (route: RouteSpec): string => (typeof route.path === 'string' ? route.path : (route.path[0] as string));
  const callerOf = (route: RouteSpec): Record<string, string> => (route.access === 'public' ? {} : route.access === 'user' ? shopper.auth : admin.auth);

  /** Signs the shopper and the admin in again: the generated test above ends their sessions with its logout. */
  async function signInAgain(): Promise<void> {
    for (const account of [shopper, admin]) {
      const res = await server.api<{ data: { accesstoken: string } }>('POST', '/api/user/login', { mobile: account.mobile, password: account.password });
      expect(res.status).toBe(200);
      account.auth = { authorization: `Bearer ${res.body.data.accesstoken}` };
    }
  }

  /**
   * Sends requests and notes each answer that is wrong: a 500 (or a 1xx/3xx), no JSON envelope, a refusal
   * that changed a table, or a 401 from a route the caller may use (the sweep would then test nothing).
   * A GET is a read; every other call is checked for changed tables (writeWatch).
   */
  async function checker() {
    await signInAgain();
    const failures: string[] = [];
    const watch = await writeWatch(server);
    return {
      failures,
      async send(what: string, method: string, url: string, init: { headers?: Record<string, string>; body?: unknown } = {}) {
        const headers = { ...init.headers, ...(init.body === undefined ? {} : { 'content-type': 'application/json' }) };
        const response = await fetch(server.url + url, { method, headers, body: init.body === undefined ? null : JSON.stringify(init.body) });
        const text = await response.text();
        let envelope: { success?: unknown; error?: unknown; message?: unknown } | undefined;
        try {
          envelope = JSON.parse(text) as typeof envelope;
        } catch {
          envelope = undefined;
        }
        const status = response.status;
        const line = `${method} ${url.slice(0, 120)} ${what}`;
        if (status >= 500 || status < 200 || (status >= 300 && status < 400)) failures.push(`${status} ← ${line}: ${text.slice(0, 160)}`);
        else if (!envelope || envelope.success !== status < 400 || envelope.error !== status >= 400 || typeof envelope.message !== 'string') failures.push(`not the envelope (${status}) ← ${line}: ${text.slice(0, 160)}`);
        if (status === 401 && init.headers?.authorization !== undefined) failures.push(`401 with a live session ← ${line}: ${text.slice(0, 160)}`);
        if (method !== 'GET') {
          const changed = await watch.changed();
          if (status >= 400 && changed.length > 0) failures.push(`refused (${status}) but changed ${changed.join(', ')} ← ${line}`);
        }
        return status;
      },
    };
  }

  /** A well-formed body for each route that writes or reads with one, so a single bad field is what is tested. */
  function validBodies(): Record<string, unknown> {
    const [product, address, category, sub, cartItem] = ids as [string, string, string, string, string];
    const image = '/files/0123456789abcdef0123456789abcdef-480.webp';
    const productForm = { name: 'Mysore Dhal', image: [image], price: 320, unit: '500g', stock: 40, totalStock: 100, discount: 5, description: 'Red lentils.\nSplit.', category: [category], subCategory: [sub], more_details: { Origin: 'India' } };
    const addressForm = { address_line: 'Home', city: '12/3 Hampden Lane', state: 'Temple', pincode: '0771231234', mobile: 'Home', country: '6.879, 79.862', latitude: 6.879, longitude: 79.862, accuracy: 12 };
    const paging = { search: 'dhal', page: 2, limit: 10 };
    return {
      '/api/user/register': { name: 'Hostile Tester', mobile: '0779990001', password: 'correct-horse-42', confirmPassword: 'correct-horse-42', email: 'tester@example.lk' },
      '/api/user/update-user': { name: 'Nimali', email: 'nimali@example.lk' },
      '/api/users/create': { name: 'Phoned In', mobile: '0779990002', password: 'correct-horse-42' },
      '/api/category/add-category': { name: 'Hostile Shelf', image },
      '/api/category/update': { _id: category, name: 'Grocery', image },
      '/api/subcategory/create': { name: 'Hostile Sub', image, category: [category] },
      '/api/subcategory/update': { _id: sub, name: 'Pulses', image, category: [category] },
      '/api/product/create': productForm,
      '/api/product/update-product-details': { _id: product, ...productForm },
      '/api/product/update': { _id: product, stock: 50, price: 320, discount: 0 },
      '/api/product/get': paging,
      '/api/product/search-product': paging,
      '/api/variation/list': paging,
      '/api/product/get-pruduct-by-category-and-subcategory': { categoryId: category, subCategoryId: sub, page: 2, limit: 8 },
      '/api/variation/create': { product, name: 'Mysore Dhal 1kg', image: [image], unit: '1kg', stock: 10, price: 600, discount: 0, description: 'Bigger.', more_details: { Origin: 'India' } },
      '/api/address/create': addressForm,
      '/api/address/update': { _id: address, ...addressForm },
      '/api/cart/update-qty': { _id: cartItem, qty: 2 },
      '/api/cart/merge': { items: [{ productId: product, quantity: 2 }] },
      '/api/order/cash-on-delivery': { list_items: [{ productId: product, quantity: 1 }], addressId: address, subTotalAmt: 320, totalAmt: 340, location: '6.879, 79.862', Choose: DELIVERY_OPTION_LABELS[1] },
      '/api/orders/update-status': { orderId: '7F3Q9X', order_status: 'Processing' },
      '/api/counters/heartbeat': { counterId: '3f2504e0-4f89-41d3-9a0c-0305e82c3301', name: 'Front', printer: 'error', printerError: 'Paper out', queued: 2, appVersion: '0.1.0' },
    };
  }

  it('answers a path whose %-escapes do not decode with a 400 envelope, whatever the method, and writes nothing', async () => {
    const check = await checker();
    for (const path of BROKEN_PATHS) {
      for (const method of ['GET', 'HEAD', 'POST', 'DELETE']) {
        const res = await rawRequest(server, { method, path, headers: { ...shopper.auth, ...(method === 'GET' || method === 'HEAD' ? {} : { 'content-type': 'application/json' }) }, ...(method === 'GET' || method === 'HEAD' ? {} : { body: '{}' }) });
        if (res.status !== 400 || (method !== 'HEAD' && (res.body as { code?: string }).code !== 'BAD_PATH')) check.failures.push(`${res.status} ← ${method} ${path}: ${res.text.slice(0, 120)}`);
      }
    }
    // the web app still answers good paths, escaped or not
    expect((await rawRequest(server, { method: 'GET', path: '/assets/app-0123abcd.js' })).status).toBe(200);
    expect((await rawRequest(server, { method: 'GET', path: '/dashboard/print/%37F3Q9X' })).text).toContain('<title>Kade</title>');
    expect((await rawRequest(server, { method: 'GET', path: '/%E0%A4%95' })).status).toBe(200);
    expect(check.failures).toEqual([]);
  });

  it('takes NUL and other control characters in every query value as text or refuses them, never 500', async () => {
    const check = await checker();
    for (const route of declaredRoutes().filter((r) => r.method === 'get' && r.path !== '/api/user/logout')) {
      const keys = [...new Set([...shapeKeys(route.query), 'search'])];
      for (const value of [...CONTROL_QUERY, ...HUGE_NUMBERS.map(String)]) {
        for (const key of keys) await check.send(`${key}=${value}`, 'GET', `${firstPath(route)}?${key}=${value}`, { headers: callerOf(route) });
        await check.send(`all=${value}`, 'GET', `${firstPath(route)}?${keys.map((k) => `${k}=${value}`).join('&')}`, { headers: callerOf(route) });
      }
    }
    expect(check.failures).toEqual([]);
  }, 120_000);

  it('refuses control characters in every text field and huge numbers in every number field, writing nothing', async () => {
    const check = await checker();
    const bodies = validBodies();
    let sent = 0;
    for (const route of declaredRoutes().filter((r) => r.method !== 'get' && !r.raw)) {
      const path = firstPath(route);
      const paths = typeof route.path === 'string' ? [route.path] : [...route.path];
      const valid = paths.map((p) => bodies[p]).find((b) => b !== undefined);
      const send = (what: string, body: unknown) => check.send(what, route.method.toUpperCase(), path, { headers: callerOf(route), body }).then(() => (sent += 1));
      if (valid !== undefined) {
        // one bad leaf at a time in a body that is otherwise right, so the check of that field is what answers
        for (const leaf of leaves(valid)) {
          const values = leaf.kind === 'text' ? CONTROL_TEXT : HUGE_NUMBERS;
          for (const value of values) await send(`${leaf.path.join('.')}=${JSON.stringify(value)}`, withLeaf(valid, leaf.path, value));
        }
      }
      // and every field the route declares holding it at once
      const keys = shapeKeys(route.body);
      for (const value of [...CONTROL_TEXT, ...HUGE_NUMBERS]) {
        await send(`every field=${JSON.stringify(value)}`, Object.fromEntries((keys.length > 0 ? keys : ['name']).map((k) => [k, value])));
      }
    }
    expect(check.failures).toEqual([]);
    expect(sent).toBeGreaterThan(500);
    // nothing holding a control character was stored anywhere
    const tables = (await server.db.knex('information_schema.columns').where({ table_schema: 'public' }).whereIn('data_type', ['text', 'character varying']).select('table_name', 'column_name')) as Array<{ table_name: string; column_name: string }>;
    for (const { table_name: table, column_name: column } of tables) {
      const values = (await server.db.knex(table).whereNotNull(column).pluck(column)) as string[];
      for (const value of values) expect(hasControlCharacters(value, { multiLine: true }), `${table}.${column} = ${JSON.stringify(value)}`).toBe(false);
    }
  }, HANG_GUARD_MS);

  it('refuses an order whose amounts do not fit a 32-bit paise column with 409 ORDER_TOO_LARGE, placing nothing', async () => {
    const buyer = await quickAccount(server);
    const address = await server.api<{ data: { _id: string } }>('POST', '/api/address/create', { address_line: 'Home', city: '1 Lane', state: 'Temple', pincode: '0771231234', mobile: 'Home', latitude: 6.879, longitude: 79.862 }, buyer.auth);
    for (const discount of [100, 0]) {
      // one crore a piece (the highest price), as many as one line may hold: 10^12 paise before discounts
      const product = await insertProduct(server, { name: `Gold Bar ${discount}`, price: MAX_RUPEES, discount, stock: MAX_LINE_QUANTITY, categories: ['Grocery'] });
      const merged = await server.api('POST', '/api/cart/merge', { items: [{ productId: product, quantity: MAX_LINE_QUANTITY }] }, buyer.auth);
      expect(merged.status).toBe(200);
      // the amounts the shop's screens would send (capped to what the schema takes)
      const totals = computeTotals([{ pricePaise: MAX_RUPEES * 100, discount, quantity: MAX_LINE_QUANTITY }], DELIVERY_OPTION_LABELS[1]);
      const rupees = (paise: number) => Math.min(MAX_RUPEES, paiseToRupees(paise));
      const watch = await writeWatch(server);
      const res = await server.api<{ code: string; field: string; data: { maxTotalAmt: number } }>('POST', '/api/order/cash-on-delivery', {
        list_items: [{ productId: product, quantity: MAX_LINE_QUANTITY }],
        addressId: address.body.data._id,
        subTotalAmt: rupees(totals.subtotalPaise),
        totalAmt: rupees(totals.grandTotalPaise),
        location: '6.879, 79.862',
        Choose: DELIVERY_OPTION_LABELS[1],
      }, buyer.auth);
      expect(res.status, `discount ${discount}`).toBe(409);
      expect(res.body).toMatchObject({ code: 'ORDER_TOO_LARGE', field: 'list_items', data: { maxTotalAmt: MAX_RUPEES } });
      expect(await watch.changed()).toEqual([]);
      await server.db.knex('cart_items').where({ user_id: buyer.id }).del();
    }
  });

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
        const renamed = await server.api<{ code?: string; field?: string }>('PUT', '/api/user/update-user', { name: hostile }, shopper.auth);
        const details = await server.api<{ data: { name: string } }>('GET', '/api/user/user-details', undefined, shopper.auth);
        if (nameProblem(hostile)) {
          // a name with no letter, or with a character that hides or reorders text, is refused (issue 30, item 9)
          expect(renamed.status, hostile).toBe(400);
          expect(renamed.body).toMatchObject({ code: 'VALIDATION', field: 'name' });
          expect(details.body.data.name).not.toBe(hostile);
        } else {
          expect(renamed.status, hostile).toBe(200);
          expect(details.body.data.name).toBe(hostile);
          expect(await server.db.knex('users').where({ id: shopper.id }).first('name')).toEqual({ name: hostile });
        }
        expect(details.headers.get('content-type')).toMatch(/^application\/json/);
        expect(details.headers.get('x-content-type-options')).toBe('nosniff');

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
        const listed = await server.api<{ data: Array<{ name: string }> }>('GET', '/api/category/get');
        if (nameProblem(name)) {
          expect(res.status, name).toBe(400);
          expect(listed.body.data.map((c) => c.name)).not.toContain(name);
        } else {
          expect(res.status, name).toBeLessThan(300);
          expect(listed.body.data.map((c) => c.name)).toContain(name);
        }
      }
    });
  });
});
