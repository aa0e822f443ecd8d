// The order budgets of DESIGN.md section 8, run by bench-catalogue.ts against a Kade server it started (with
// SHOP_HOURS and FRESH_HOURS open all day) on the benchmark's own PostgreSQL database:
//
// 1. Throughput: cash-on-delivery orders per second from many buyers (users, tokens, addresses written
//    straight into the tables; no scrypt), carts over thousands of products with a few scarce ones; then
//    a check that no stock is below zero and that every product's units sold equal the stock it lost.
// 2. Push latency: from an order's commit to the admin socket's `order:new` (bench-watch.ts times both in a
//    process of its own: the commit by a PostgreSQL notice sent inside the order's transaction, which
//    PostgreSQL delivers only at commit), at a steady rate and at full speed.
// 3. Reconnects: 100 forced reconnects of the admin socket during a stream of orders, each followed by a
//    catch-up through the order list with `since`; every order placed must have been seen.
// Every loop is bounded; everything is on loopback.
import { fork, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Knex } from 'knex';
import { computeTotals, DELIVERY_OPTION_LABELS, mobileToLoginEmail, paiseToRupees } from '@kade/shared';
import { systemClock } from '../clock';
import { mintSessions } from '../modules/users/tokens';
import { seededRandom } from './bench-data';
import { cpuMs, percentile } from './bench-load';
import { CATCH_UP_MARGIN_MS, type WatchCommand, type WatchReply } from './bench-watch-protocol';

const BUYERS = Number(process.env.BENCH_BUYERS ?? 300);
const WORKERS = Number(process.env.BENCH_ORDER_CLIENTS ?? 50);
const ORDERS = Number(process.env.BENCH_ORDERS ?? 5000);
const ORDER_WARMUP = 300;
const PLENTIFUL_PRODUCTS = 2000;
const SCARCE_PRODUCTS = 20;
const SCARCE_STOCK = 10;
const SCARCE_SHARE = 0.05;
const STEADY = { orders: 1000, perSecond: 100 } as const;
const FULL_SPEED_LATENCY_ORDERS = 1500;
const RECONNECTS = { count: 100, intervalMs: 120, perSecond: 50 } as const;
const CENTRE = { lat: 6.8741, lng: 79.8605 };
const NOTIFY_CHANNEL = 'kade_bench_commit';
export const ORDER_BUDGET = { ordersPerSecond: 200, pushP99Ms: 50 } as const;

interface Buyer {
  id: string;
  token: string;
  addressId: string;
}

interface Sellable {
  id: string;
  pricePaise: number;
  discount: number;
}

interface Attempt {
  /** The order's id when it was placed (201). */
  placed?: string;
  status: number;
  code?: string;
  /** When the request was sent (absolute ms, comparable with the watcher's times). */
  sentAt: number;
}

interface PhaseResult {
  attempts: number;
  placed: Array<{ id: string; sentAt: number }>;
  outOfStock: number;
  errors: Array<{ status: number; code?: string }>;
  seconds: number;
}

export interface LatencyFigures {
  samples: number;
  missing: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** p99 of the upper bound: from the bench sending the request to the socket receiving the event. */
  sentToSocketP99: number;
}

export interface OrderBenchResult {
  buyers: number;
  workers: number;
  products: { plentiful: number; scarce: number; scarceStock: number };
  throughput: PhaseResult & { ordersPerSecond: number; cpuPerAttempt: number | undefined };
  stock: { productsChecked: number; belowZero: number; mismatched: number; unitsSold: number; stockTaken: number; scarceSoldOut: number; ordersInDb: number; ordersPlaced: number };
  steady: { phase: PhaseResult; latency: LatencyFigures };
  fullSpeed: { phase: PhaseResult; latency: LatencyFigures };
  reconnects: {
    phase: PhaseResult;
    done: number;
    recovered: number;
    timedOut: number;
    catchUpRequests: number;
    viaSocket: number;
    viaCatchUpOnly: number;
    missed: number;
  };
}

/** Absolute milliseconds with sub-millisecond resolution, comparable across the benchmark's processes. */
const wallNow = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Buyers and one admin written straight into the tables, each buyer with an address inside the zone. */
async function createPeople(knex: Knex, secret: string, count: number): Promise<{ buyers: Buyer[]; adminToken: string }> {
  const mobile = (i: number) => `07${String(60_000_000 + i)}`;
  const people = Array.from({ length: count + 1 }, (_, i) => ({
    name: i === 0 ? 'Bench Admin' : `Bench Buyer ${i}`,
    mobile: mobile(i),
    email: mobileToLoginEmail(mobile(i)),
    password_hash: 'not-a-login',
    role: i === 0 ? 'ADMIN' : 'USER',
  }));
  const rows = (await knex('users').insert(people).returning(['id', 'role'])) as Array<{ id: string; role: 'USER' | 'ADMIN' }>;
  const sessions = await mintSessions(knex, secret, systemClock, rows);
  const tokenOf = (row: { id: string }) => sessions.get(row.id) as string;
  const [admin, ...users] = rows as [(typeof rows)[number], ...typeof rows];
  const random = seededRandom(11);
  const addresses = (await knex('addresses')
    .insert(
      users.map((user, i) => ({
        user_id: user.id,
        label: `${i + 1} Bench Lane`,
        address_text: 'Colombo 6',
        landmark: 'Near the temple',
        contact_mobile: mobile(i + 1),
        place_type: 'Home',
        latitude: CENTRE.lat + (random() - 0.5) * 0.01,
        longitude: CENTRE.lng + (random() - 0.5) * 0.01,
      })),
    )
    .returning(['id', 'user_id'])) as Array<{ id: string; user_id: string }>;
  const addressOf = new Map(addresses.map((a) => [a.user_id, a.id]));
  return {
    adminToken: tokenOf(admin),
    buyers: users.map((user) => ({ id: user.id, token: tokenOf(user), addressId: addressOf.get(user.id) as string })),
  };
}

/** Visible catalogue products given plenty of stock, and a few given little: the carts' shelves. */
async function prepareProducts(knex: Knex): Promise<{ plentiful: Sellable[]; scarce: Sellable[] }> {
  const rows = (await knex('products')
    .whereNull('parent_id')
    .where({ publish: true, single_quantity: false })
    .whereNull('deleted_at')
    .orderBy('id')
    .limit(PLENTIFUL_PRODUCTS + SCARCE_PRODUCTS)
    .select('id', 'price_paise', 'discount')) as Array<{ id: string; price_paise: number; discount: string | number }>;
  const all = rows.map((row) => ({ id: row.id, pricePaise: row.price_paise, discount: Number(row.discount) }));
  const scarce = all.slice(0, SCARCE_PRODUCTS);
  const plentiful = all.slice(SCARCE_PRODUCTS);
  await knex('products').whereIn('id', scarce.map((p) => p.id)).update({ stock: SCARCE_STOCK, total_stock: SCARCE_STOCK });
  await knex('products').whereIn('id', plentiful.map((p) => p.id)).update({ stock: 100_000, total_stock: 100_000 });
  return { plentiful, scarce };
}

/** The trigger that tells the watcher when an order's transaction commits (a notice is delivered only then). */
async function installCommitNotice(knex: Knex): Promise<void> {
  await knex.raw(`create or replace function kade_bench_commit_notice() returns trigger language plpgsql as $$
    begin perform pg_notify('${NOTIFY_CHANNEL}', new.id::text); return null; end $$`);
  await knex.raw('create trigger kade_bench_commit_notice after insert on orders for each row execute function kade_bench_commit_notice()');
}

function startWatcher(env: Record<string, string>): Promise<{ child: ChildProcess; ask(command: WatchCommand): Promise<WatchReply> }> {
  const file = path.join(path.dirname(fileURLToPath(import.meta.url)), 'bench-watch.ts');
  const child = fork(file, [], { execArgv: ['--import', 'tsx'], env: { ...process.env, ...env }, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const ask = (command: WatchCommand) =>
    new Promise<WatchReply>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the watcher did not answer ${command.cmd}`)), 120_000);
      child.once('message', (reply: WatchReply) => {
        clearTimeout(timer);
        if (reply.cmd === 'error') reject(new Error(`watcher: ${reply.message}`));
        else resolve(reply);
      });
      child.send(command);
    });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the watcher was not ready after 30 s')), 30_000);
    child.once('exit', (code) => reject(new Error(`the watcher stopped (${code})`)));
    child.once('message', (reply: WatchReply) => {
      clearTimeout(timer);
      if (reply.cmd === 'ready') resolve({ child, ask });
      else reject(new Error('the watcher answered before it was ready'));
    });
  });
}

/** One JSON POST with a bearer token; resolves with the status and the body once the answer is read. */
function postJson(agent: http.Agent, url: URL, token: string, body: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      { method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), authorization: `Bearer ${token}` } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/** The order generator: carts written in SQL, orders placed over HTTP as the shop's checkout sends them. */
function orderPlacer(options: { knex: Knex; kadeUrl: string; buyers: Buyer[]; plentiful: Sellable[]; scarce: Sellable[] }) {
  const random = seededRandom(23);
  const url = new URL('/api/order/cash-on-delivery', options.kadeUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: WORKERS });
  const free = [...options.buyers];
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;

  function cartOf(): Array<{ product: Sellable; quantity: number }> {
    const lines = new Map<string, { product: Sellable; quantity: number }>();
    const count = 1 + Math.floor(random() * 5);
    for (let i = 0; i < count; i += 1) {
      const product = pick(options.plentiful);
      lines.set(product.id, { product, quantity: 1 + Math.floor(random() * 3) });
    }
    if (random() < SCARCE_SHARE) {
      const product = pick(options.scarce);
      lines.set(product.id, { product, quantity: 1 + Math.floor(random() * 2) });
    }
    return [...lines.values()];
  }

  /** Fills a buyer's cart, places the order, and empties the cart again if the order was refused. */
  async function attempt(buyer: Buyer): Promise<Attempt> {
    const lines = cartOf();
    await options.knex('cart_items').insert(lines.map((line) => ({ user_id: buyer.id, product_id: line.product.id, quantity: line.quantity })));
    const choose = pick(DELIVERY_OPTION_LABELS);
    const totals = computeTotals(lines.map((l) => ({ pricePaise: l.product.pricePaise, discount: l.product.discount, quantity: l.quantity })), choose);
    const body = JSON.stringify({
      list_items: lines.map((l) => ({ productId: l.product.id, quantity: l.quantity })),
      addressId: buyer.addressId,
      subTotalAmt: paiseToRupees(totals.subtotalPaise),
      totalAmt: paiseToRupees(totals.grandTotalPaise),
      location: `${CENTRE.lat}, ${CENTRE.lng}`,
      Choose: choose,
    });
    const sentAt = wallNow();
    const answer = await postJson(agent, url, buyer.token, body).catch(() => ({ status: 0, text: '' }));
    let parsed: { data?: { _id?: string }; code?: string } = {};
    try {
      parsed = JSON.parse(answer.text) as typeof parsed;
    } catch {
      // not JSON: counted as an error below
    }
    if (answer.status === 201 && parsed.data?._id) return { placed: parsed.data._id, status: 201, sentAt };
    await options.knex('cart_items').where({ user_id: buyer.id }).del();
    return { status: answer.status, ...(parsed.code ? { code: parsed.code } : {}), sentAt };
  }

  /**
   * `count` attempts from WORKERS concurrent clients, each taking a buyer nobody else is using; with
   * `perSecond`, attempt i is not sent before i / perSecond seconds (a steady stream), else at full speed.
   */
  async function run(count: number, perSecond?: number): Promise<PhaseResult> {
    const result: PhaseResult = { attempts: count, placed: [], outOfStock: 0, errors: [], seconds: 0 };
    let next = 0;
    const started = performance.now();
    const worker = async () => {
      for (let i = next++; i < count; i = next++) {
        if (perSecond) {
          const wait = started + (i * 1000) / perSecond - performance.now();
          if (wait > 0) await sleep(wait);
        }
        const buyer = free.pop();
        if (!buyer) throw new Error('more clients than buyers');
        const outcome = await attempt(buyer).finally(() => free.push(buyer));
        if (outcome.placed) result.placed.push({ id: outcome.placed, sentAt: outcome.sentAt });
        else if (outcome.status === 409 && outcome.code === 'OUT_OF_STOCK') result.outOfStock += 1;
        else result.errors.push({ status: outcome.status, ...(outcome.code ? { code: outcome.code } : {}) });
      }
    };
    await Promise.all(Array.from({ length: Math.min(WORKERS, count) }, worker));
    result.seconds = (performance.now() - started) / 1000;
    return result;
  }

  return { run, close: () => agent.destroy() };
}

/** Percentiles of the commit-to-socket times the watcher kept for these orders. */
async function latencyOf(ask: (command: WatchCommand) => Promise<WatchReply>, placed: PhaseResult['placed']): Promise<LatencyFigures> {
  await sleep(1000); // the last events are on their way
  const reply = await ask({ cmd: 'times', ids: placed.map((p) => p.id) });
  if (reply.cmd !== 'times') throw new Error('the watcher gave no times');
  const samples = reply.commitToSocket.filter((t): t is number => t !== null).sort((a, b) => a - b);
  const upper = placed.flatMap((p, i) => {
    const at = reply.socketAt[i];
    return at === null || at === undefined ? [] : [at - p.sentAt];
  });
  upper.sort((a, b) => a - b);
  return {
    samples: samples.length,
    missing: placed.length - samples.length,
    p50: percentile(samples, 50),
    p95: percentile(samples, 95),
    p99: percentile(samples, 99),
    max: samples[samples.length - 1] ?? 0,
    sentToSocketP99: percentile(upper, 99),
  };
}

/** No stock below zero, and per product the units in order lines equal the stock it lost since `before`. */
async function checkStock(knex: Knex, before: Map<string, number>, scarce: readonly Sellable[], ordersPlaced: number): Promise<OrderBenchResult['stock']> {
  const after = (await knex('products').select('id', 'stock')) as Array<{ id: string; stock: number }>;
  const soldRows = (await knex('order_lines').whereNotNull('product_id').groupBy('product_id').select('product_id').sum({ sold: 'quantity' })) as Array<{ product_id: string; sold: string | number }>;
  const sold = new Map(soldRows.map((row) => [row.product_id, Number(row.sold)]));
  let belowZero = 0;
  let mismatched = 0;
  let unitsSold = 0;
  let stockTaken = 0;
  for (const row of after) {
    const taken = (before.get(row.id) ?? row.stock) - row.stock;
    const units = sold.get(row.id) ?? 0;
    if (row.stock < 0) belowZero += 1;
    if (taken !== units) mismatched += 1;
    unitsSold += units;
    stockTaken += taken;
  }
  const scarceIds = new Set(scarce.map((p) => p.id));
  const scarceSoldOut = after.filter((row) => scarceIds.has(row.id) && row.stock === 0).length;
  const [{ count }] = (await knex('orders').count({ count: '*' })) as [{ count: string | number }];
  return { productsChecked: after.length, belowZero, mismatched, unitsSold, stockTaken, scarceSoldOut, ordersInDb: Number(count), ordersPlaced };
}

function summary(name: string, phase: PhaseResult): string {
  return `bench: orders ${name}: ${phase.placed.length} placed, ${phase.outOfStock} out of stock, ${phase.errors.length} errors in ${phase.seconds.toFixed(1)} s (${(phase.placed.length / phase.seconds).toFixed(0)}/s)`;
}

/** Runs the three order measurements against a running Kade server; the database is the benchmark's own. */
export async function runOrderBench(options: { knex: Knex; databaseUrl: string; kadeUrl: string; jwtSecret: string; serverPid: number | undefined }): Promise<OrderBenchResult> {
  const { knex } = options;
  console.log(`bench: orders: ${BUYERS} buyers, ${PLENTIFUL_PRODUCTS} products and ${SCARCE_PRODUCTS} scarce ones …`);
  const { buyers, adminToken } = await createPeople(knex, options.jwtSecret, BUYERS);
  const { plentiful, scarce } = await prepareProducts(knex);
  await knex.raw('analyze');
  const before = new Map(((await knex('products').select('id', 'stock')) as Array<{ id: string; stock: number }>).map((row) => [row.id, row.stock]));
  const placer = orderPlacer({ knex, kadeUrl: options.kadeUrl, buyers, plentiful, scarce });
  let watcher: ChildProcess | undefined;
  const placedIds: string[] = [];
  const keep = (phase: PhaseResult) => {
    placedIds.push(...phase.placed.map((p) => p.id));
    return phase;
  };
  try {
    keep(await placer.run(ORDER_WARMUP));
    const cpuBefore = cpuMs(options.serverPid);
    const throughput = keep(await placer.run(ORDERS));
    const cpuAfter = cpuMs(options.serverPid);
    console.log(summary('at full speed', throughput));

    await installCommitNotice(knex);
    const watch = await startWatcher({ KADE_URL: options.kadeUrl, DATABASE_URL: options.databaseUrl, ADMIN_TOKEN: adminToken, NOTIFY_CHANNEL });
    watcher = watch.child;
    const steadyPhase = keep(await placer.run(STEADY.orders, STEADY.perSecond));
    const steady = { phase: steadyPhase, latency: await latencyOf(watch.ask, steadyPhase.placed) };
    console.log(`${summary('steady', steadyPhase)}; commit to order:new p50 ${steady.latency.p50.toFixed(1)} ms, p99 ${steady.latency.p99.toFixed(1)} ms`);
    const fullPhase = keep(await placer.run(FULL_SPEED_LATENCY_ORDERS));
    const fullSpeed = { phase: fullPhase, latency: await latencyOf(watch.ask, fullPhase.placed) };
    console.log(`${summary('full speed, timed', fullPhase)}; commit to order:new p50 ${fullSpeed.latency.p50.toFixed(1)} ms, p99 ${fullSpeed.latency.p99.toFixed(1)} ms`);

    // The stream runs while the watcher drops and restores its socket; it is sized to outlast the reconnects.
    const streamOrders = Math.ceil(((RECONNECTS.count * (RECONNECTS.intervalMs + 30)) / 1000 + 2) * RECONNECTS.perSecond);
    const [reconnectReply, streamPhase] = await Promise.all([
      watch.ask({ cmd: 'reconnects', count: RECONNECTS.count, intervalMs: RECONNECTS.intervalMs }),
      placer.run(streamOrders, RECONNECTS.perSecond),
    ]);
    keep(streamPhase);
    await sleep(1000);
    const seen = await watch.ask({ cmd: 'seen' });
    if (reconnectReply.cmd !== 'reconnects' || seen.cmd !== 'seen') throw new Error('the watcher gave no reconnect figures');
    const seenIds = new Set([...seen.viaSocket, ...seen.viaCatchUpOnly]);
    const streamIds = streamPhase.placed.map((p) => p.id);
    const reconnects = {
      phase: streamPhase,
      done: reconnectReply.done,
      recovered: reconnectReply.recovered,
      timedOut: reconnectReply.timedOut,
      catchUpRequests: reconnectReply.catchUpRequests,
      viaSocket: streamIds.filter((id) => seen.viaSocket.includes(id)).length,
      viaCatchUpOnly: streamIds.filter((id) => seen.viaCatchUpOnly.includes(id)).length,
      missed: streamIds.filter((id) => !seenIds.has(id)).length,
    };
    console.log(`${summary('during reconnects', streamPhase)}; ${reconnects.done} reconnects (${reconnects.recovered} recovered), missed ${reconnects.missed}`);
    watch.child.send({ cmd: 'stop' } satisfies WatchCommand);

    const stock = await checkStock(knex, before, scarce, placedIds.length);
    console.log(`bench: stock: ${stock.belowZero} below zero, ${stock.mismatched} mismatched; ${stock.unitsSold} units sold, ${stock.stockTaken} taken`);
    return {
      buyers: BUYERS,
      workers: WORKERS,
      products: { plentiful: plentiful.length, scarce: scarce.length, scarceStock: SCARCE_STOCK },
      throughput: {
        ...throughput,
        ordersPerSecond: throughput.placed.length / throughput.seconds,
        cpuPerAttempt: cpuBefore === undefined || cpuAfter === undefined ? undefined : (cpuAfter - cpuBefore) / throughput.attempts,
      },
      stock,
      steady,
      fullSpeed,
      reconnects,
    };
  } finally {
    placer.close();
    if (watcher && watcher.exitCode === null) watcher.kill('SIGTERM');
  }
}

const ms = (value: number) => value.toFixed(1);
const ok = (pass: boolean) => (pass ? 'yes' : '**no**');
const errorsOf = (phase: PhaseResult) =>
  phase.errors.length === 0 ? '0' : `${phase.errors.length} (${[...new Set(phase.errors.map((e) => `${e.status} ${e.code ?? ''}`.trim()))].join(', ')})`;

/** The order section of docs/BENCHMARKS.md. */
export function orderReport(r: OrderBenchResult): string[] {
  const t = r.throughput;
  const latencyRow = (name: string, phase: PhaseResult, l: LatencyFigures) =>
    `| ${name} | ${phase.placed.length} | ${l.samples} | ${ms(l.p50)} | ${ms(l.p95)} | ${ms(l.p99)} | ${ms(l.max)} | ${ms(l.sentToSocketP99)} | ${ok(l.p99 < ORDER_BUDGET.pushP99Ms && l.missing === 0)} |`;
  return [
    '## Orders',
    '',
    `The same Kade server (shop and fresh hours open all day for the run), ${r.buyers} buyers (accounts, access tokens and one address inside the zone each, written straight into the tables), carts of 1 to 5 of ${r.products.plentiful} catalogue products (1 to 3 of each) plus, in ${SCARCE_SHARE * 100}% of carts, one of ${r.products.scarce} scarce products that start with ${r.products.scarceStock} in stock. ${r.workers} concurrent clients, each using a buyer no other client is using at the time; before each order the bench writes the buyer's cart in one SQL insert (inside the timed run), then sends \`POST /api/order/cash-on-delivery\` with the totals the shop's checkout computes. A refused order's cart is emptied.`,
    '',
    '### Placing cash-on-delivery orders',
    '',
    '| orders tried | placed | refused: out of stock | errors | seconds | placed orders/s | server CPU ms per try | ≥ 200/s |',
    '| ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
    `| ${t.attempts} | ${t.placed.length} | ${t.outOfStock} | ${errorsOf(t)} | ${t.seconds.toFixed(1)} | ${t.ordersPerSecond.toFixed(0)} | ${t.cpuPerAttempt === undefined ? 'n/a' : t.cpuPerAttempt.toFixed(2)} | ${ok(t.ordersPerSecond >= ORDER_BUDGET.ordersPerSecond && t.errors.length === 0)} |`,
    '',
    `After all order runs (${ORDER_WARMUP} untimed warm-up orders, the timed run, and the orders of the two sections below): ${r.stock.productsChecked} products checked, **${r.stock.belowZero}** with stock below zero, **${r.stock.mismatched}** whose units sold (sum of their order lines) differ from the stock they lost; ${r.stock.unitsSold} units sold, ${r.stock.stockTaken} units of stock taken; ${r.stock.scarceSoldOut} of ${r.products.scarce} scarce products sold out; ${r.stock.ordersInDb} orders in the database for ${r.stock.ordersPlaced} answered 201. ${ok(r.stock.belowZero === 0 && r.stock.mismatched === 0 && r.stock.ordersInDb === r.stock.ordersPlaced)}`,
    '',
    '### New order to the admin socket',
    '',
    'What is measured: a watcher process of its own (server/src/cli/bench-watch.ts) holds one admin Socket.IO connection (socket.io-client, websocket transport) and a PostgreSQL `LISTEN`. For these runs the bench adds a trigger that calls `pg_notify` with the order\'s id inside the order\'s transaction; PostgreSQL delivers a notice only when the transaction commits, so its arrival at the watcher is the commit instant plus one loopback delivery. The figure is the time from that notice to the `order:new` event for the same order, both taken by the same clock in the same idle process. It covers what the server does after the commit (reading the order back, the emit) and the socket\'s delivery. The last column is an upper bound needing no trigger: from the bench sending the order request to `order:new` (it includes placing the order).',
    '',
    '| stream | orders | timed | p50 ms | p95 ms | p99 ms | max ms | request sent → event p99 ms | p99 < 50 ms |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
    latencyRow(`steady, ${STEADY.perSecond} orders/s`, r.steady.phase, r.steady.latency),
    latencyRow(`full speed, ${r.workers} clients`, r.fullSpeed.phase, r.fullSpeed.latency),
    '',
    '### Forced reconnects',
    '',
    `During a stream of ${r.reconnects.phase.attempts} orders at ${RECONNECTS.perSecond}/s the watcher closed its socket's transport (as a dropped network does) ${RECONNECTS.count} times, ${RECONNECTS.intervalMs} ms after the previous catch-up; socket.io-client reconnected by itself, and after every connect the watcher asked \`GET /api/order/order-list?scope=all&since=…\` (since = the newest \`updatedAt\` it had seen minus ${CATCH_UP_MARGIN_MS / 1000} s, pages of 50) for what it might have missed. Missed = orders answered 201 during the stream that the watcher saw neither as \`order:new\` nor in a catch-up (no final catch-up after the stream).`,
    '',
    '| reconnects | recovered by the server | timed out | orders placed | seen by socket | only by catch-up | catch-up requests | missed |',
    '| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    `| ${r.reconnects.done} | ${r.reconnects.recovered} | ${r.reconnects.timedOut} | ${r.reconnects.phase.placed.length} | ${r.reconnects.viaSocket} | ${r.reconnects.viaCatchUpOnly} | ${r.reconnects.catchUpRequests} | **${r.reconnects.missed}** |`,
    '',
  ];
}
