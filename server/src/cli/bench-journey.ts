// The `load` part of `npm run bench` (run by bench-catalogue.ts on its 10,000-product database): the whole
// shopper journey against TWO server instances sharing the database and Redis, as docker-compose.yml runs
// them, and the server's memory with 500 connected sockets (DESIGN.md section 8: under 200 MB resident).
//
// 1. Starts two real servers (server/src/main.ts) on the benchmark's database with REDIS_URL (BENCH_REDIS_URL
//    or REDIS_URL, default redis://127.0.0.1:6379) under a Redis prefix of their own, and one admin socket on
//    each instance.
// 2. Many simulated shoppers (accounts, tokens and addresses written straight into the tables; no scrypt)
//    each walk the journey: home, a listing, a search, add 1-3 products to the cart, read the cart, place a
//    cash-on-delivery order with an Idempotency-Key. Every request goes to the next instance in turn, as a
//    round-robin proxy would send it, so each journey crosses both instances.
// 3. Reports throughput, p50/p99 per step, errors, and that every order placed reached each admin socket
//    exactly once; then opens 500 sockets on one instance and reads its resident memory from /proc.
// Every loop is bounded; everything listens on 127.0.0.1 only.
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import type { Knex } from 'knex';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { CATEGORY_PAGE_SIZE, computeTotals, DELIVERY_OPTION_LABELS, mobileToLoginEmail, paiseToRupees, SEARCH_PAGE_SIZE } from '@kade/shared';
import { systemClock } from '../clock';
import { mintSessions } from '../modules/users/tokens';
import { seededRandom, setStock, type LoadedCatalogue } from './bench-data';
import { KADE_ENTRY, percentile } from './bench-load';

const SHOPPERS = Number(process.env.BENCH_LOAD_SHOPPERS ?? 500);
const CONCURRENT = Number(process.env.BENCH_LOAD_CLIENTS ?? 50);
const JOURNEYS = Number(process.env.BENCH_LOAD_JOURNEYS ?? 800);
const SOCKETS = 500;
const POOL_PRODUCTS = 1000;
const CENTRE = { lat: 6.8741, lng: 79.8605 };
export const MEMORY_BUDGET_MB = 200;
const SEARCH_TERMS = ['chicken', 'chiken', 'bisc', 'milk', 'rice', 'basmati rice', 'tea', 'sugar', 'suger', 'soap', 'anchor milk', 'curry powder', 'eggs', 'noodles'];
const STEPS = ['home', 'listing', 'search', 'add to cart', 'cart', 'order'] as const;
type Step = (typeof STEPS)[number];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What bench-catalogue.ts lends this part: its database, its catalogue and its way of running children. */
export interface JourneyBenchInput {
  databaseUrl: string;
  knex: Knex;
  jwtSecret: string;
  dataDir: string;
  catalogue: LoadedCatalogue;
  freePort(): Promise<number>;
  startChild(file: string, env: Record<string, string>): { child: ChildProcess; output(): string };
  waitReady(child: ChildProcess, name: string, output: () => string, ready: () => Promise<boolean>): Promise<void>;
  stopChild(child: ChildProcess | undefined): Promise<void>;
}

interface StepFigures {
  requests: number;
  errors: number;
  p50: number;
  p99: number;
}

interface SocketTally {
  exactlyOnce: number;
  missing: number;
  duplicated: number;
}

export interface JourneyBenchResult {
  shoppers: number;
  concurrent: number;
  journeys: number;
  seconds: number;
  requests: number;
  ordersPlaced: number;
  steps: Record<Step, StepFigures>;
  errorKinds: string[];
  sockets: { a: SocketTally; b: SocketTally };
  memory: { idleMb: number | undefined; afterLoadMb: number | undefined; withSocketsMb: number | undefined; otherInstanceMb: number | undefined; socketsConnected: number; products: number; variations: number };
}

/** Resident memory of a process in MB (VmRSS in /proc/<pid>/status; Linux). */
function residentMb(pid: number | undefined): number | undefined {
  try {
    const kb = /VmRSS:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb === undefined ? undefined : Number(kb) / 1024;
  } catch {
    return undefined;
  }
}

/** One request with a keep-alive agent; resolves with the status and the body text. */
function send(agent: http.Agent, base: string, method: string, p: string, token: string | undefined, body?: unknown): Promise<{ status: number; text: string }> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      new URL(p, base),
      {
        method,
        agent,
        headers: {
          ...(payload === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(p.endsWith('/cash-on-delivery') ? { 'idempotency-key': randomUUID() } : {}),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

interface Shopper {
  id: string;
  token: string;
  addressId: string;
}

interface PoolProduct {
  id: string;
  pricePaise: number;
  discount: number;
}

/** Shoppers and one admin written straight into the tables (mobiles 075…, apart from the order part's 076…). */
async function createPeople(knex: Knex, secret: string, count: number): Promise<{ shoppers: Shopper[]; adminToken: string }> {
  const mobile = (i: number) => `07${String(50_000_000 + i)}`;
  const rows = (await knex('users')
    .insert(
      Array.from({ length: count + 1 }, (_, i) => ({
        name: i === 0 ? 'Load Admin' : `Load Shopper ${i}`,
        mobile: mobile(i),
        email: mobileToLoginEmail(mobile(i)),
        password_hash: 'not-a-login',
        role: i === 0 ? 'ADMIN' : 'USER',
      })),
    )
    .returning(['id', 'role'])) as Array<{ id: string; role: 'USER' | 'ADMIN' }>;
  const sessions = await mintSessions(knex, secret, systemClock, rows);
  const tokenOf = (row: { id: string }) => sessions.get(row.id) as string;
  const [admin, ...users] = rows as [(typeof rows)[number], ...typeof rows];
  const random = seededRandom(31);
  const addresses = (await knex('addresses')
    .insert(
      users.map((user, i) => ({
        user_id: user.id,
        label: `${i + 1} Load Lane`,
        address_text: 'Colombo 6',
        landmark: 'Near the market',
        contact_mobile: mobile(i + 1),
        place_type: 'Home',
        latitude: CENTRE.lat + (random() - 0.5) * 0.01,
        longitude: CENTRE.lng + (random() - 0.5) * 0.01,
      })),
    )
    .returning(['id', 'user_id'])) as Array<{ id: string; user_id: string }>;
  const addressOf = new Map(addresses.map((a) => [a.user_id, a.id]));
  return { adminToken: tokenOf(admin), shoppers: users.map((u) => ({ id: u.id, token: tokenOf(u), addressId: addressOf.get(u.id) as string })) };
}

/** Visible products given plenty of stock: what the shoppers put in their carts. */
async function preparePool(knex: Knex): Promise<PoolProduct[]> {
  const rows = (await knex('products')
    .whereNull('parent_id')
    .where({ publish: true, single_quantity: false })
    .whereNull('deleted_at')
    .orderBy('name')
    .limit(POOL_PRODUCTS)
    .select('id', 'price_paise', 'discount')) as Array<{ id: string; price_paise: number; discount: string | number }>;
  await setStock(knex, rows.map((r) => r.id), 1_000_000);
  return rows.map((r) => ({ id: r.id, pricePaise: r.price_paise, discount: Number(r.discount) }));
}

function openAdminSocket(url: string, token: string): Promise<{ socket: Socket; seen: string[] }> {
  const socket = connectSocket(url, { transports: ['websocket'], reconnection: false, forceNew: true, auth: { token } });
  const seen: string[] = [];
  socket.on('order:new', (order: { _id: string }) => seen.push(order._id));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the admin socket on ${url} did not connect`)), 15_000);
    socket.once('connect', () => {
      clearTimeout(timer);
      resolve({ socket, seen });
    });
    socket.once('connect_error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}

function tally(placed: readonly string[], seen: readonly string[]): SocketTally {
  const counts = new Map<string, number>();
  for (const id of seen) counts.set(id, (counts.get(id) ?? 0) + 1);
  return {
    exactlyOnce: placed.filter((id) => counts.get(id) === 1).length,
    missing: placed.filter((id) => !counts.has(id)).length,
    duplicated: placed.filter((id) => (counts.get(id) ?? 0) > 1).length,
  };
}

/** Opens `count` shopper sockets on one instance, 50 at a time; resolves with them and how many connected. */
async function openShopperSockets(url: string, tokens: readonly string[], count: number): Promise<{ sockets: Socket[]; connected: number }> {
  const sockets: Socket[] = [];
  let connected = 0;
  for (let start = 0; start < count; start += 50) {
    const batch = Array.from({ length: Math.min(50, count - start) }, (_, i) => {
      const socket = connectSocket(url, { transports: ['websocket'], reconnection: false, forceNew: true, auth: { token: tokens[(start + i) % tokens.length] } });
      sockets.push(socket);
      return new Promise<void>((resolve) => {
        const timer = setTimeout(() => resolve(), 15_000);
        socket.once('connect', () => {
          connected += 1;
          clearTimeout(timer);
          resolve();
        });
        socket.once('connect_error', () => {
          clearTimeout(timer);
          resolve();
        });
      });
    });
    await Promise.all(batch);
  }
  return { sockets, connected };
}

export async function runJourneyBench(input: JourneyBenchInput): Promise<JourneyBenchResult> {
  const redisUrl = process.env.BENCH_REDIS_URL ?? process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const env = {
    DATABASE_URL: input.databaseUrl,
    REDIS_URL: redisUrl,
    REDIS_PREFIX: `kade-bench-${randomBytes(4).toString('hex')}`,
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
    NODE_ENV: 'production',
    JWT_SECRET: input.jwtSecret,
    SHOP_HOURS: '00:00-23:59',
    FRESH_HOURS: '00:00-23:59',
  };
  const ports = [await input.freePort(), await input.freePort()];
  const instances = ports.map((port, i) => ({
    base: `http://127.0.0.1:${port}`,
    ...input.startChild(KADE_ENTRY, { ...env, PORT: String(port), DATA_DIR: path.join(input.dataDir, `load-${i}`) }),
  }));
  const agents = instances.map(() => new http.Agent({ keepAlive: true, maxSockets: CONCURRENT }));
  const open: Socket[] = [];
  try {
    for (const [i, instance] of instances.entries()) {
      await input.waitReady(instance.child, `load instance ${i === 0 ? 'A' : 'B'}`, instance.output, async () => (await fetch(`${instance.base}/api/health`)).ok);
    }
    const [a, b] = instances as [(typeof instances)[number], (typeof instances)[number]];
    const idleMb = residentMb(a.child.pid);
    console.log(`bench: load: two instances up (${a.base}, ${b.base}); preparing ${SHOPPERS} shoppers …`);
    const { shoppers, adminToken } = await createPeople(input.knex, input.jwtSecret, SHOPPERS);
    const pool = await preparePool(input.knex);
    const adminA = await openAdminSocket(a.base, adminToken);
    const adminB = await openAdminSocket(b.base, adminToken);
    open.push(adminA.socket, adminB.socket);

    const random = seededRandom(41);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
    const listings = input.catalogue.listings.filter((l) => l.count >= CATEGORY_PAGE_SIZE);
    const latencies = Object.fromEntries(STEPS.map((s) => [s, [] as number[]])) as Record<Step, number[]>;
    const errors = Object.fromEntries(STEPS.map((s) => [s, 0])) as Record<Step, number>;
    const errorKinds = new Set<string>();
    const placed: string[] = [];
    let turn = 0;

    /** One timed request to the next instance in turn; a non-2xx answer counts as an error of its step. */
    const timed = async (step: Step, method: string, p: string, token: string | undefined, body?: unknown) => {
      const index = turn++ % instances.length;
      const started = performance.now();
      const answer = await send(agents[index] as http.Agent, (instances[index] as (typeof instances)[number]).base, method, p, token, body).catch((error: unknown) => ({ status: 0, text: String(error) }));
      latencies[step].push(performance.now() - started);
      if (answer.status < 200 || answer.status >= 300) {
        errors[step] += 1;
        let code: string;
        try {
          code = (JSON.parse(answer.text) as { code?: string }).code ?? '';
        } catch {
          code = answer.text.slice(0, 40);
        }
        errorKinds.add(`${step}: ${answer.status} ${code}`.trim());
      }
      return answer;
    };

    const journey = async (shopper: Shopper) => {
      await timed('home', 'GET', '/api/product/home', shopper.token);
      const listing = pick(listings);
      await timed('listing', 'POST', '/api/product/get-pruduct-by-category-and-subcategory', shopper.token, { categoryId: listing.categoryId, subCategoryId: listing.subCategoryId, page: 1, limit: CATEGORY_PAGE_SIZE });
      await timed('search', 'POST', '/api/product/search-product', shopper.token, { search: pick(SEARCH_TERMS), page: 1, limit: SEARCH_PAGE_SIZE });
      const lines = new Map<string, PoolProduct>();
      const wanted = 1 + Math.floor(random() * 3);
      while (lines.size < wanted) {
        const product = pick(pool);
        lines.set(product.id, product);
      }
      for (const product of lines.values()) await timed('add to cart', 'POST', '/api/cart/create', shopper.token, { productId: product.id });
      await timed('cart', 'GET', '/api/cart/get', shopper.token);
      const choose = pick(DELIVERY_OPTION_LABELS);
      const totals = computeTotals([...lines.values()].map((p) => ({ pricePaise: p.pricePaise, discount: p.discount, quantity: 1 })), choose);
      const answer = await timed('order', 'POST', '/api/order/cash-on-delivery', shopper.token, {
        list_items: [...lines.values()].map((p) => ({ productId: p.id, quantity: 1 })),
        addressId: shopper.addressId,
        subTotalAmt: paiseToRupees(totals.subtotalPaise),
        totalAmt: paiseToRupees(totals.grandTotalPaise),
        location: `${CENTRE.lat}, ${CENTRE.lng}`,
        Choose: choose,
      });
      const id = answer.status === 201 ? (JSON.parse(answer.text) as { data?: { _id?: string } }).data?._id : undefined;
      if (id) placed.push(id);
      else await input.knex('cart_items').where({ user_id: shopper.id }).del(); // a refused order leaves its cart: start clean
    };

    console.log(`bench: load: ${JOURNEYS} journeys from ${CONCURRENT} concurrent shoppers over both instances …`);
    const free = [...shoppers];
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENT }, async () => {
        for (let i = next++; i < JOURNEYS; i = next++) {
          const shopper = free.pop();
          if (!shopper) throw new Error('more concurrent shoppers than shoppers');
          await journey(shopper).finally(() => free.unshift(shopper));
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    await sleep(2000); // the last events are on their way
    const sockets = { a: tally(placed, adminA.seen), b: tally(placed, adminB.seen) };
    const afterLoadMb = residentMb(a.child.pid);
    console.log(`bench: load: ${placed.length} orders in ${seconds.toFixed(1)} s; admin sockets: A ${sockets.a.exactlyOnce}, B ${sockets.b.exactlyOnce} exactly once`);

    const shopperSockets = await openShopperSockets(a.base, shoppers.map((s) => s.token), SOCKETS - 1); // with the admin's: 500
    open.push(...shopperSockets.sockets);
    await sleep(3000); // let the allocations of the connections settle
    const withSocketsMb = residentMb(a.child.pid);
    console.log(`bench: load: instance A with ${shopperSockets.connected + 1} sockets: ${withSocketsMb?.toFixed(0) ?? '?'} MB resident`);

    const requests = STEPS.reduce((sum, s) => sum + latencies[s].length, 0);
    return {
      shoppers: SHOPPERS,
      concurrent: CONCURRENT,
      journeys: JOURNEYS,
      seconds,
      requests,
      ordersPlaced: placed.length,
      steps: Object.fromEntries(
        STEPS.map((s) => {
          const sorted = [...latencies[s]].sort((x, y) => x - y);
          return [s, { requests: sorted.length, errors: errors[s], p50: percentile(sorted, 50), p99: percentile(sorted, 99) }];
        }),
      ) as Record<Step, StepFigures>,
      errorKinds: [...errorKinds],
      sockets,
      memory: { idleMb, afterLoadMb, withSocketsMb, otherInstanceMb: residentMb(b.child.pid), socketsConnected: shopperSockets.connected + 1, products: input.catalogue.products, variations: input.catalogue.variations },
    };
  } finally {
    for (const socket of open) socket.close();
    for (const agent of agents) agent.destroy();
    await Promise.all(instances.map((i) => input.stopChild(i.child)));
  }
}

const mb = (value: number | undefined) => (value === undefined ? 'n/a' : value.toFixed(0));
const ok = (pass: boolean) => (pass ? 'yes' : '**no**');

/** The `load` section of docs/BENCHMARKS.md. */
export function loadReport(r: JourneyBenchResult): string[] {
  const socketLine = (name: string, t: SocketTally) =>
    `| ${name} | ${r.ordersPlaced} | ${t.exactlyOnce} | ${t.missing} | ${t.duplicated} | ${ok(t.exactlyOnce === r.ordersPlaced)} |`;
  return [
    '## Load: the whole shopper journey on two instances',
    '',
    `- Two real servers (the compiled server/dist/main.js) on the benchmark's PostgreSQL database (${r.memory.products.toLocaleString('en-US')} products and ${r.memory.variations.toLocaleString('en-US')} variations) sharing one Redis, as docker-compose.yml runs them; every request goes to the next instance in turn, as a round-robin proxy sends it`,
    `- ${r.shoppers} shoppers (accounts and tokens written into the tables: no login, whose scrypt would dominate), ${r.concurrent} at a time, ${r.journeys} journeys: home, a listing page, a search, 1-3 products added to the cart, the cart read, a cash-on-delivery order with an Idempotency-Key`,
    '- An admin socket on each instance listens for `order:new` throughout',
    '',
    `Throughput: ${(r.journeys / r.seconds).toFixed(1)} journeys/s, ${(r.requests / r.seconds).toFixed(0)} requests/s, ${(r.ordersPlaced / r.seconds).toFixed(1)} orders/s over ${r.seconds.toFixed(1)} s.`,
    '',
    '| step | requests | errors | p50 ms | p99 ms |',
    '| --- | ---: | ---: | ---: | ---: |',
    ...STEPS.map((s) => `| ${s} | ${r.steps[s].requests} | ${r.steps[s].errors} | ${r.steps[s].p50.toFixed(1)} | ${r.steps[s].p99.toFixed(1)} |`),
    '',
    r.errorKinds.length === 0 ? 'No request failed.' : `Errors by kind: ${r.errorKinds.map((k) => `\`${k}\``).join(', ')}.`,
    '',
    '| admin socket | orders placed | received exactly once | missing | more than once | every order once |',
    '| --- | ---: | ---: | ---: | ---: | --- |',
    socketLine('on instance A', r.sockets.a),
    socketLine('on instance B', r.sockets.b),
    '',
    `Instance A's resident memory: ${mb(r.memory.idleMb)} MB when started, ${mb(r.memory.afterLoadMb)} MB after the journeys, ${mb(r.memory.withSocketsMb)} MB with ${r.memory.socketsConnected} sockets connected (instance B ${mb(r.memory.otherInstanceMb)} MB); the memory budget is measured on its own in the memory section.`,
    '',
    '#### Reading these figures',
    '',
    '- Unlike the other sections, the journeys are sent from the benchmark process itself (each step depends on the one before), one round: they show that every step works across instances under load, not a budget.',
    '- The journey latencies are those of one 2-core machine running the load generator, both instances and PostgreSQL at once (see the load average in the header): they show that every step of the journey works across instances under load, not what one instance on its own machine serves.',
  ];
}
