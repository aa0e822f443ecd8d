// Several server instances sharing one shop, for the multi-instance and fault tests: the topology of
// docker-compose.yml without Docker. Two kinds: real server processes (server/src/main.ts through tsx, as
// `npm start` runs it) on a throwaway PostgreSQL database with Redis, and two servers in this process on
// one database (PGlite) for what needs no Redis.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Knex } from 'knex';
import type { Socket } from 'socket.io-client';
import { connected, EVENT_WAIT_MS, open } from './socket-helpers';
import { computeTotals, mobileToLoginEmail, paiseToRupees, type DeliveryOptionLabel, type Role } from '@kade/shared';
import { REPO_ROOT } from '../src/config';
import { openDatabase } from '../src/db/database';
import { systemClock } from '../src/clock';
import { hashPassword, scryptParams } from '../src/modules/users/password';
import { mintSessions } from '../src/modules/users/tokens';
import { createPostgresDatabase, createTestDatabase, OPEN_NOW, startTestServer, TEST_JWT_SECRET, TEST_PASSWORD_COST, type TestDatabase, type TestServer } from './helpers';

const MAIN = path.join(REPO_ROOT, 'server', 'src', 'main.ts');
export const INSIDE_ZONE = { latitude: 6.879, longitude: 79.862 } as const;
const DELIVERY: DeliveryOptionLabel = '50 Minutes to 1 Hour';
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The two-process cluster needs the machine's PostgreSQL and Redis; CI sets both. */
export const CLUSTER_SERVICES = process.env.TEST_DATABASE_URL && process.env.REDIS_URL ? { databaseUrl: process.env.TEST_DATABASE_URL, redisUrl: process.env.REDIS_URL } : undefined;

/** The redis-server binary, when the machine has one (a throwaway Redis the fault tests may stop). */
export const REDIS_SERVER = (() => {
  const found = spawnSync('sh', ['-c', 'command -v redis-server'], { encoding: 'utf8' });
  return found.status === 0 ? found.stdout.trim() || undefined : undefined;
})();

/**
 * How long a second instance may take to show a catalogue change after the instance that made it answered, when
 * each hears PostgreSQL's notice on a LISTEN of its own: the one bound on time left in the tests, since the
 * notice reaches the two connections separately. It is not a speed limit (a notice takes milliseconds, a loaded
 * machine's scheduling a few hundred); with category-memory.test.ts's check that no read reaches the database
 * for longer than this while nothing changes, it tells a notice from any expiry or polling of the lists.
 */
export const NOTICE_BOUND_MS = 5000;

/** Polls until `check` is true, or fails after `ms` (a hang guard: socket-helpers.ts) with `what`. */
export async function waitFor(what: string, check: () => Promise<boolean> | boolean, ms = EVENT_WAIT_MS): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await Promise.resolve(check()).catch(() => false)) return;
    await sleep(100);
  }
  throw new Error(`timed out waiting for ${what}`);
}

export interface Answer<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

/** One JSON call over HTTP. A refused connection throws (the instance is gone): callers may fail over. */
export async function call<T = unknown>(base: string, method: string, p: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer<T>> {
  const response = await fetch(base + p, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? null : typeof body === 'string' ? body : JSON.stringify(body),
    signal: AbortSignal.timeout(20_000),
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON: keep the text
  }
  return { status: response.status, body: parsed as T, headers: response.headers };
}

export interface Instance {
  name: string;
  url: string;
  child: ChildProcess;
  output(): string;
  /** SIGKILL: the process dies at once, mid-request, as on a crashed machine. */
  crash(): Promise<void>;
  stop(): Promise<void>;
}

/** Starts server/src/main.ts as its own process on a port the OS picks; resolves once /api/health answers. */
export async function startInstance(name: string, env: Record<string, string>): Promise<Instance> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `kade-${name}-`));
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: REPO_ROOT,
    // NODE_ENV=test only so that the password cost may be the tests' (production's one other difference is pretty
    // logs in a terminal, and this output is a pipe): at production's cost a dozen logins took a minute under load
    env: {
      PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'warn',
      NODE_ENV: 'test', PASSWORD_COST: String(TEST_PASSWORD_COST), SEED_DEMO: 'false', DATA_DIR: dataDir, ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const keep = (chunk: Buffer) => (log = (log + chunk.toString('utf8')).slice(-20_000));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const finish = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill(signal);
      await Promise.race([exited, sleep(8000)]);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  let url: string | undefined;
  const deadline = Date.now() + 90_000;
  while (!url) {
    if (child.exitCode !== null) throw new Error(`instance ${name} stopped before it was ready:\n${log}`);
    if (Date.now() > deadline) {
      await finish('SIGKILL');
      throw new Error(`instance ${name} was not ready in time:\n${log}`);
    }
    url = /Shop:\s+(http:\/\/\S+?)\/\s/.exec(log)?.[1];
    if (!url) await sleep(100);
  }
  return { name, url, child, output: () => log, crash: () => finish('SIGKILL'), stop: () => finish('SIGTERM') };
}

/** A throwaway PostgreSQL database on the machine's server, migrated, dropped by `drop()`. */
export async function createSharedDatabase(baseUrl: string): Promise<{ url: string; name: string; knex: Knex; drop(): Promise<void> }> {
  const { name, url, admin } = await createPostgresDatabase(baseUrl, 'kade_cluster');
  const db = await openDatabase({ database: { kind: 'postgres', url } }, { poolMax: 5 });
  return {
    url,
    name,
    knex: db.knex,
    drop: async () => {
      await db.close();
      await admin.raw(`drop database if exists ${name} with (force)`);
      await admin.destroy();
    },
  };
}

/** What a test needs of one instance: where it answers. */
export interface Node {
  name: string;
  url: string;
}

export interface Cluster {
  kind: string;
  a: Node;
  b: Node;
  /** The shared database, to arrange data and check what was written. */
  knex: Knex;
  jwtSecret: string;
  /** The processes, for the two-process kind (the fault tests crash one). */
  instances: Instance[];
  stop(): Promise<void>;
}

/**
 * Two server processes on a throwaway PostgreSQL database, sharing one Redis under a prefix of their own and
 * one JWT secret, as docker-compose.yml runs them (shop hours open all day, so the tests mean the same at any hour).
 */
export async function startProcessCluster(services: { databaseUrl: string; redisUrl: string }, env: Record<string, string> = {}): Promise<Cluster & { databaseName: string }> {
  const database = await createSharedDatabase(services.databaseUrl);
  const jwtSecret = randomBytes(48).toString('base64url');
  const shared = {
    DATABASE_URL: database.url,
    REDIS_URL: services.redisUrl,
    REDIS_PREFIX: `kade-test-${randomBytes(4).toString('hex')}`,
    JWT_SECRET: jwtSecret,
    ...OPEN_NOW,
    ...env,
  };
  const instances: Instance[] = [];
  try {
    instances.push(...(await Promise.all([startInstance('a', shared), startInstance('b', shared)])));
  } catch (error) {
    await Promise.all(instances.map((i) => i.stop()));
    await database.drop();
    throw error;
  }
  const [a, b] = instances as [Instance, Instance];
  return {
    kind: 'processes',
    a,
    b,
    knex: database.knex,
    jwtSecret,
    instances,
    databaseName: database.name,
    stop: async () => {
      await Promise.all(instances.map((i) => i.stop()));
      await database.drop();
    },
  };
}

/** Two servers in this process on one database (in-memory PGlite): no Redis, so no live events across them. */
export async function startInProcessCluster(env: Record<string, string> = {}): Promise<Cluster & { servers: [TestServer, TestServer]; database: TestDatabase }> {
  const database = await createTestDatabase('pglite');
  const options = { database, env: { ...OPEN_NOW, ...env } };
  const a = await startTestServer('pglite', options);
  const b = await startTestServer('pglite', options);
  return {
    kind: 'in-process',
    a: { name: 'a', url: a.url },
    b: { name: 'b', url: b.url },
    knex: database.db.knex,
    jwtSecret: TEST_JWT_SECRET,
    instances: [],
    servers: [a, b],
    database,
    stop: async () => {
      await a.stop();
      await b.stop();
      await database.drop();
    },
  };
}

/**
 * Two servers in this process on one database (PostgreSQL with TEST_DATABASE_URL, else PGlite) that hear each
 * other through the machine's Redis (REDIS_URL), under a key prefix of their own.
 */
export async function startRedisPair(): Promise<{ a: TestServer; b: TestServer; stop(): Promise<void> }> {
  const database = await createTestDatabase(process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite');
  const env = { REDIS_URL: process.env.REDIS_URL ?? '', REDIS_PREFIX: `kade-test-${randomBytes(4).toString('hex')}`, ...OPEN_NOW };
  const a = await startTestServer('pglite', { database, env });
  const b = await startTestServer('pglite', { database, env });
  return {
    a,
    b,
    stop: async () => {
      await a.stop();
      await b.stop();
      await database.drop();
    },
  };
}

let mobileCounter = 0;
function nextMobile(): string {
  mobileCounter += 1;
  return `07${String(process.pid % 10_000).padStart(4, '0')}${String(mobileCounter).padStart(4, '0')}`;
}

export interface Person {
  id: string;
  mobile: string;
  password: string;
  token: string;
  auth: Record<string, string>;
}

/**
 * An account written into the shared database. With `login` it logs in over HTTP on that instance (a real
 * password, so the refresh token is real too); without, an access token is signed directly (no scrypt:
 * for tests that need many shoppers).
 */
export async function createPerson(cluster: Cluster, options: { role?: Role; login?: Node } = {}): Promise<Person & { refreshToken?: string }> {
  const mobile = nextMobile();
  const password = 'correct-horse-42';
  const role = options.role ?? 'USER';
  const [row] = await cluster.knex('users')
    .insert({ name: role === 'ADMIN' ? 'Cluster Admin' : 'Cluster Shopper', mobile, email: mobileToLoginEmail(mobile), password_hash: options.login ? await hashPassword(password, scryptParams(TEST_PASSWORD_COST)) : 'not-a-login', role })
    .returning('id');
  const id = (row as { id: string }).id;
  if (!options.login) {
    const token = (await mintSessions(cluster.knex, cluster.jwtSecret, systemClock, [{ id, role }])).get(id) as string;
    return { id, mobile, password, token, auth: { authorization: `Bearer ${token}` } };
  }
  const res = await call<{ data: { accesstoken: string; refreshToken: string } }>(options.login.url, 'POST', '/api/user/login', { mobile, password });
  if (res.status !== 200) throw new Error(`login failed on ${options.login.name}: ${res.status} ${JSON.stringify(res.body)}`);
  const token = res.body.data.accesstoken;
  return { id, mobile, password, token, refreshToken: res.body.data.refreshToken, auth: { authorization: `Bearer ${token}` } };
}

/** A product with plenty of stock, written into the shared database. */
export async function createProduct(cluster: Cluster, name: string, price = 250, stock = 10_000): Promise<{ id: string; pricePaise: number }> {
  const [row] = await cluster.knex('products').insert({ name, unit: '1 pc', price_paise: price * 100, discount: 0, images: JSON.stringify([]), publish: true }).returning('id');
  const id = (row as { id: string }).id;
  await cluster.knex('product_stock').insert({ product_id: id, stock });
  return { id, pricePaise: price * 100 };
}

/** An address inside the delivery zone, written into the shared database. */
export async function createAddress(cluster: Cluster, userId: string): Promise<string> {
  const [row] = await cluster.knex('addresses')
    .insert({ user_id: userId, label: 'Home', address_text: '1 Cluster Lane', landmark: 'Temple', contact_mobile: '0771231234', place_type: 'Home', ...INSIDE_ZONE })
    .returning('id');
  return (row as { id: string }).id;
}

/** The checkout's body for one line of `product`: what the shop's checkout sends. */
export function orderBody(product: { id: string; pricePaise: number }, addressId: string, quantity = 1) {
  const totals = computeTotals([{ pricePaise: product.pricePaise, discount: 0, quantity }], DELIVERY);
  return {
    list_items: [{ productId: product.id, quantity }],
    addressId,
    subTotalAmt: paiseToRupees(totals.subtotalPaise),
    totalAmt: paiseToRupees(totals.grandTotalPaise),
    location: 'Location not available',
    Choose: DELIVERY,
  };
}

/** Puts one product in the shopper's cart straight in the database (the stream tests time orders, not carts). */
export async function fillCart(cluster: Cluster, userId: string, productId: string, quantity = 1): Promise<void> {
  await cluster.knex('cart_items').insert({ user_id: userId, product_id: productId, quantity });
}

/** A socket.io client as the dashboard and the counter connect (websocket only), not reconnecting by itself. */
export function openSocket(url: string, token: string): Socket {
  return open(url, token);
}

export { connected };

/** Every `order:new` id a socket receives, in order, duplicates kept (so "exactly once" can be checked). */
export function recordOrders(socket: Socket): string[] {
  const seen: string[] = [];
  socket.on('order:new', (order: { _id: string }) => seen.push(order._id));
  return seen;
}

/** Everyone's orders updated since `since` (the catch-up a reconnecting counter makes), every page. */
export async function ordersSince(node: Node, adminAuth: Record<string, string>, since: Date): Promise<string[]> {
  const ids: string[] = [];
  for (let page = 1; page <= 100; page += 1) {
    const res = await call<{ data: Array<{ _id: string }>; totalPage: number }>(node.url, 'GET', `/api/order/order-list?scope=all&limit=50&page=${page}&since=${encodeURIComponent(since.toISOString())}`, undefined, adminAuth);
    if (res.status !== 200) throw new Error(`catch-up failed: ${res.status} ${JSON.stringify(res.body)}`);
    ids.push(...res.body.data.map((o) => o._id));
    if (page >= res.body.totalPage) break;
  }
  return ids;
}

/** A throwaway redis-server on a fixed port (so it can come back where the servers look for it), no persistence. */
export async function startRedis(binary: string, port: number): Promise<{ stop(): Promise<void> }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'kade-redis-'));
  const child = spawn(binary, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir], { stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const answers = () =>
    new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.write('PING\r\n');
        socket.once('data', (data) => {
          socket.destroy();
          resolve(data.toString().startsWith('+PONG'));
        });
      });
      socket.once('error', () => resolve(false));
    });
  await waitFor(`redis-server on port ${port}`, answers);
  return {
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGKILL');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
