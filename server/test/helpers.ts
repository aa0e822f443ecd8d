import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import knex, { type Knex } from 'knex';
import { computeTotals, paiseToRupees, windowAround, type Role } from '@kade/shared';
import { loadConfig, type Config } from '../src/config';
import { openDatabase, type Database, type DatabaseKind } from '../src/db/database';
import { startServer, type RunningServer } from '../src/server';
import { createLogger } from '../src/logger';
import { systemClock, type Clock } from '../src/clock';
import { migratedPgliteImage, migratedPostgresTemplate } from './database-images';

/**
 * Shop and fresh hours open from an hour ago to ten hours on, for tests on the real clock: a fixed '00:00-23:59'
 * is closed in the day's last minute (a window's end is outside it), and a suite run then failed on SHOP_CLOSED.
 */
export const OPEN_NOW = { SHOP_HOURS: windowAround(new Date(), -60, 600), FRESH_HOURS: windowAround(new Date(), -60, 600) } as const;

/** Integration tests run on PGlite always, and on PostgreSQL too when TEST_DATABASE_URL is set. */
export const DB_KINDS: DatabaseKind[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export interface TestDatabase {
  db: Database;
  url: string | undefined;
  drop(): Promise<void>;
}

/** A new PostgreSQL database on TEST_DATABASE_URL's server, migrated (a copy of the template) unless `empty`. */
export async function createPostgresDatabase(baseUrl: string, prefix: string, options: { empty?: boolean } = {}): Promise<{ name: string; url: string; admin: Knex }> {
  const name = `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = knex({ client: 'pg', connection: baseUrl, pool: { min: 0, max: 1 } });
  const template = options.empty ? undefined : await migratedPostgresTemplate(admin, baseUrl);
  await admin.raw(template ? `create database ${name} template ${template}` : `create database ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString(), admin };
}

/**
 * A fresh database of the given kind, already migrated (database-images.ts), or `empty` for the migrations' own
 * tests: in-memory PGlite, or a new PostgreSQL database dropped after.
 */
export async function createTestDatabase(kind: DatabaseKind, options: { empty?: boolean; poolMax?: number } = {}): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const image = options.empty ? undefined : await migratedPgliteImage();
    const db = await openDatabase({ database: { kind: 'pglite', dataDir: undefined } }, image ? { image } : {});
    return { db, url: undefined, drop: () => db.close() };
  }
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) throw new Error('TEST_DATABASE_URL is not set');
  const { name, url, admin } = await createPostgresDatabase(baseUrl, 'kade_t', options);
  const db = await openDatabase({ database: { kind: 'postgres', url } }, options.poolMax === undefined ? {} : { poolMax: options.poolMax });
  return {
    db,
    url,
    drop: async () => {
      await db.close();
      await admin.raw(`drop database if exists ${name} with (force)`);
      await admin.destroy();
    },
  };
}

/**
 * The cheapest scrypt the server takes (NODE_ENV=test only): a production-cost hash is 128 MiB and most of a second
 * of a core, several seconds on a loaded machine, and the server runs it at a lower priority. Every account a test
 * makes and every test server hashes at this cost, so no test's length depends on how busy the machine is.
 */
export const TEST_PASSWORD_COST = 10;

/**
 * The run's folder of kept seed pictures for a server a test starts (`npm test` sets SEED_IMAGE_CACHE_DIR, a new
 * folder each run; server/src/seed/image-cache.ts), or nothing: a test run alone draws them.
 */
export function seedCacheEnv(): Record<string, string> {
  const dir = process.env.SEED_IMAGE_CACHE_DIR;
  return dir ? { SEED_IMAGE_CACHE_DIR: dir } : {};
}

/** Config for a test server: loopback, a port the OS picks, silent logs, a throwaway data folder. */
export function testConfig(overrides: Record<string, string> = {}): { config: Config; cleanup(): void } {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'kade-test-'));
  const config = loadConfig(
    {
      NODE_ENV: 'test',
      PASSWORD_COST: String(TEST_PASSWORD_COST),
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-0123456789',
      SEED_DEMO: 'false',
      // No minimum basket unless a test sets one (minimum-order.test.ts): tests order one Rs.10 item
      MIN_ORDER_RUPEES: '0',
      ...seedCacheEnv(),
      ...overrides,
    },
    { inMemory: true },
  );
  return { config, cleanup: () => rmSync(dataDir, { recursive: true, force: true }) };
}

export interface TestServer extends RunningServer {
  config: Config;
  clock: Clock;
  /** fetch against the server, JSON in and out. */
  api<T = unknown>(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<{ status: number; body: T; headers: Headers }>;
  stop(): Promise<void>;
}

/** A real server over real HTTP on a real database. `stop()` closes the server and drops the database. */
export async function startTestServer(
  kind: DatabaseKind,
  options: { env?: Record<string, string>; clock?: Clock; seed?: boolean; database?: TestDatabase; settleEveryMs?: number } = {},
): Promise<TestServer> {
  const database = options.database ?? (await createTestDatabase(kind));
  const { config, cleanup } = testConfig(options.env);
  const server = await startServer(config, {
    db: database.db,
    logger: createLogger('silent'),
    ...(options.clock ? { clock: options.clock } : {}),
    seed: options.seed ?? false,
    // the sweep of due substitute proposals only where a test asks for it: it would be a statement in every count
    settleEveryMs: options.settleEveryMs ?? 0,
  });
  const base = `http://127.0.0.1:${server.port}`;
  return {
    ...server,
    config,
    clock: options.clock ?? systemClock,
    url: base,
    api: async (method, p, body, headers = {}) => {
      const response = await fetch(base + p, {
        method,
        headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
        body: body === undefined ? null : typeof body === 'string' ? body : JSON.stringify(body),
      });
      const text = await response.text();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        // not JSON: keep the text
      }
      return { status: response.status, body: parsed as never, headers: response.headers };
    },
    stop: async () => {
      await server.close();
      if (!options.database) await database.drop();
      cleanup();
    },
  };
}

/** Two servers on one database: A seeded with the demo catalogue, both with their read models built, and an admin. */
export interface TwoInstances {
  database: TestDatabase;
  a: TestServer;
  b: TestServer;
  admin: { authorization: string };
  stop(): Promise<void>;
}

/** Starts TwoInstances: a change made through A is read on B once its notice arrives (the read model's tests). */
export async function startTwoInstances(kind: DatabaseKind, env: Record<string, string> = {}): Promise<TwoInstances> {
  const database = await createTestDatabase(kind);
  const a = await startTestServer(kind, { database, seed: true, env });
  const b = await startTestServer(kind, { database, env });
  const admin = (await quickAccount(a, { role: 'ADMIN' })).auth;
  await waitForSearchIndex(a);
  await waitForSearchIndex(b);
  return {
    database,
    a,
    b,
    admin,
    stop: async () => {
      await a.stop();
      await b.stop();
      await database.drop();
    },
  };
}

/**
 * Waits until the server answers search from its in-memory index (built at start, search-index.ts) and has taken in
 * every change it heard: polls its state, never a time.
 */
export async function waitForSearchIndex(server: Pick<RunningServer, 'searchIndex'>, ms = 60_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!server.searchIndex.ready()) {
    if (Date.now() > deadline) throw new Error('the search index was not built');
    await new Promise((resolve) => setTimeout(resolve, 10));
    await server.searchIndex.settled();
  }
  await server.searchIndex.settled();
}

/**
 * One request sent byte for byte as given, with node:http: the path is not normalised ('/%' stays '/%', as
 * fetch() would not allow) and no header is added but a body's length (fetch() adds a content type to a text
 * body). The answer's body is parsed as JSON when it is JSON.
 */
export function rawRequest(
  server: { port: number },
  options: { method: string; path: string; headers?: Record<string, string>; body?: string | Buffer },
): Promise<{ status: number; body: unknown; text: string }> {
  const headers = { ...options.headers };
  const framed = Object.keys(headers).some((name) => ['content-length', 'transfer-encoding'].includes(name.toLowerCase()));
  // node frames a DELETE's body only when told its length
  if (options.body !== undefined && !framed) headers['content-length'] = String(Buffer.byteLength(options.body));
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: server.port, method: options.method, path: options.path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let body: unknown = text;
        try {
          body = JSON.parse(text);
        } catch {
          // not JSON: keep the text
        }
        resolve({ status: res.statusCode ?? 0, body, text });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-0123456789';
let mobileCounter = 0;
/** A mobile number no other test in this process uses. */
export function uniqueMobile(): string {
  mobileCounter += 1;
  return `07${String(process.pid % 1000).padStart(3, '0')}${String(mobileCounter).padStart(5, '0')}`;
}

/** Writes an account straight into the database (as a seed would) and logs it in over HTTP. */
export async function createAccount(
  server: TestServer,
  options: { role?: Role; mobile?: string; password?: string; name?: string } = {},
): Promise<{ id: string; mobile: string; password: string; accessToken: string; refreshToken: string; auth: Record<string, string> }> {
  const { hashPassword, scryptParams } = await import('../src/modules/users/password');
  const { mobileToLoginEmail } = await import('@kade/shared');
  const mobile = options.mobile ?? uniqueMobile();
  const password = options.password ?? 'correct-horse-42';
  const [row] = await server.db
    .knex('users')
    .insert({
      name: options.name ?? (options.role === 'ADMIN' ? 'Test Admin' : 'Test Shopper'),
      mobile,
      email: mobileToLoginEmail(mobile, server.config.login),
      password_hash: await hashPassword(password, scryptParams(server.config.passwordCost)),
      role: options.role ?? 'USER',
    })
    .returning('id');
  const res = await server.api<{ data: { accesstoken: string; refreshToken: string } }>('POST', '/api/user/login', { mobile, password });
  if (res.status !== 200) throw new Error(`login failed: ${JSON.stringify(res.body)}`);
  const accessToken = res.body.data.accesstoken;
  return {
    id: (row as { id: string }).id,
    mobile,
    password,
    accessToken,
    refreshToken: res.body.data.refreshToken,
    auth: { authorization: `Bearer ${accessToken}` },
  };
}

/**
 * A new session for an account as of the server's clock now: access tokens last 15 minutes, and a test that moves a
 * fixed clock across hours or days needs one minted at the time it acts.
 */
export async function sessionAuth(server: TestServer, account: { id: string; role: Role }): Promise<{ authorization: string }> {
  const { issueTokens } = await import('../src/modules/users/tokens');
  const tokens = await issueTokens(server.db.knex, server.config.jwtSecret, server.clock, { id: account.id, role: account.role });
  return { authorization: `Bearer ${tokens.accessToken}` };
}

/** An account written straight into the database with a session minted directly (no password hashing): for tests that need many buyers. */
export async function quickAccount(server: TestServer, options: { role?: Role; name?: string } = {}) {
  const { issueTokens } = await import('../src/modules/users/tokens');
  const { mobileToLoginEmail } = await import('@kade/shared');
  const mobile = uniqueMobile();
  const role = options.role ?? 'USER';
  const [row] = await server.db
    .knex('users')
    .insert({ name: options.name ?? 'Quick Buyer', mobile, email: mobileToLoginEmail(mobile, server.config.login), password_hash: 'not-a-login', role })
    .returning('id');
  const id = (row as { id: string }).id;
  const tokens = await issueTokens(server.db.knex, server.config.jwtSecret, server.clock, { id, role });
  return { id, mobile, accessToken: tokens.accessToken, auth: { authorization: `Bearer ${tokens.accessToken}` } };
}

/** A product's stock as the database holds it now (product_stock). */
export async function stockOf(server: TestServer, productId: string): Promise<number> {
  const row = (await server.db.knex('product_stock').where({ product_id: productId }).first('stock')) as { stock: number | string } | undefined;
  if (!row) throw new Error(`no stock row for product ${productId}`);
  return Number(row.stock);
}

/** A product written straight into the database, in the named categories (created when missing). */
export async function insertProduct(
  server: TestServer,
  product: {
    name: string;
    /** Rupees; per kg for a product sold by weight. */
    price: number;
    discount?: number;
    /** Units; grams for a product sold by weight. */
    stock: number;
    unit?: string;
    categories?: string[];
    subCategories?: string[];
    single_quantity?: boolean;
    publish?: boolean;
    parentId?: string;
    /** Sold by weight (issue 34): its step, minimum and maximum in grams and its scale code. */
    weighed?: { stepGrams: number; minGrams: number; maxGrams: number; scaleCode?: string };
  },
): Promise<string> {
  const knex = server.db.knex;
  const [row] = await knex('products')
    .insert({
      name: product.name,
      unit: product.unit ?? '1 pc',
      price_paise: Math.round(product.price * 100),
      discount: product.discount ?? 0,
      images: JSON.stringify([]),
      single_quantity: product.single_quantity ?? false,
      publish: product.publish ?? true,
      parent_id: product.parentId ?? null,
      ...(product.weighed
        ? { sell_by: 'WEIGHT', step_grams: product.weighed.stepGrams, min_grams: product.weighed.minGrams, max_grams: product.weighed.maxGrams, scale_code: product.weighed.scaleCode ?? null }
        : {}),
    })
    .returning('id');
  const id = (row as { id: string }).id;
  await knex('product_stock').insert({ product_id: id, stock: product.stock });
  for (const [table, link, column, names] of [
    ['categories', 'product_categories', 'category_id', product.categories ?? []],
    ['sub_categories', 'product_sub_categories', 'sub_category_id', product.subCategories ?? []],
  ] as const) {
    for (const name of names) {
      let found = await knex(table).whereRaw('lower(name) = lower(?)', [name]).first('id');
      if (!found) [found] = await knex(table).insert({ name }).returning('id');
      await knex(link).insert({ product_id: id, [column]: (found as { id: string }).id });
    }
  }
  return id;
}

/** A line of a cash-on-delivery order as a test places it: the product, its price, how many, and a substitution choice. */
export interface CodLine {
  productId: string;
  pricePaise: number;
  quantity: number;
  discount?: number;
  substitution?: string;
}

/**
 * The body of POST /api/order/cash-on-delivery for `lines` to `addressId`, the totals by the shared rules (as the
 * shop's checkout sends them), delivered by `option` (the default: the hour option, free of the fast lane's rules).
 */
export function cashOnDeliveryBody(lines: readonly CodLine[], addressId: string, option = '50 Minutes to 1 Hour'): Record<string, unknown> {
  const totals = computeTotals(lines.map((line) => ({ pricePaise: line.pricePaise, discount: line.discount ?? 0, quantity: line.quantity })), option);
  return {
    list_items: lines.map((line) => ({ productId: line.productId, quantity: line.quantity, ...(line.substitution ? { substitution: line.substitution } : {}) })),
    addressId,
    subTotalAmt: paiseToRupees(totals.subtotalPaise),
    totalAmt: paiseToRupees(totals.grandTotalPaise),
    location: 'Location not available',
    Choose: option,
  };
}
