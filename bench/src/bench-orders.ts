// The order budgets of DESIGN.md section 8, run by bench-catalogue.ts against a Kade server it started (with
// SHOP_HOURS and FRESH_HOURS open all day) on the benchmark's own PostgreSQL database:
//
// 1. Throughput: cash-on-delivery orders per second from 50 concurrent buyers (users, tokens, addresses written
//    straight into the tables; no scrypt), carts over thousands of products with a few scarce ones, sent by a
//    process of its own (bench-order-load.ts), in rounds (the median reported, every round shown), with the
//    p99 of the order requests; then a check that no stock is below zero and that every product's units sold
//    equal the stock it lost. Search is measured before the first order and again after at least 10,000.
// 2. Push latency: from an order's commit to the admin socket's `order:new` (bench-watch.ts times both in a
//    process of its own: the commit by a PostgreSQL notice sent inside the order's transaction, which
//    PostgreSQL delivers only at commit), at a steady rate and at full speed.
// 3. Reconnects: 100 forced reconnects of the admin socket during a stream of orders, each followed by a
//    catch-up through the order list with `since`; every order placed must have been seen.
// Every loop is bounded; everything is on loopback.
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Knex } from 'knex';
import { DELIVERY_OPTION_LABELS, generateOrderId } from '@kade/shared';
import { CENTRE, createBenchPeople, readStock, setStock } from './bench-data';
import { SESSION_SETUP_SQL } from '@kade/server/testing';
import { cpuMs, forkWorker, freePort, postgresCpuMs, sleep, startChild, stopChild, waitReady } from './bench-process';
import type { OrderLoadCommand, OrderLoadSetup, OrderLoadSetupMessage, PhaseResult, Sellable } from './bench-order-load';
import { median, ms, ok, percentile, roundsCell } from './bench-stats';
import { CATCH_UP_MARGIN_MS, type WatchCommand, type WatchReply } from './bench-watch-protocol';

const BUYERS = Number(process.env.BENCH_BUYERS ?? 300);
const WORKERS = Number(process.env.BENCH_ORDER_CLIENTS ?? 50);
/** Orders tried in each timed round, and the rounds (at least 3: the median is reported). */
const ORDERS = Number(process.env.BENCH_ORDERS ?? (process.env.BENCH_QUICK ? 600 : 3000));
const ORDER_ROUNDS = Math.max(3, Number(process.env.BENCH_ORDER_ROUNDS ?? 3));
/** Search is measured again once at least this many orders were placed since it was first measured. */
export const ORDERS_BEFORE_SEARCH = Number(process.env.BENCH_SEARCH_AFTER_ORDERS ?? (process.env.BENCH_QUICK ? 2000 : 10_000));
/** Untimed orders first: every pooled connection has prepared the order's statements and the JIT has compiled its path. */
const ORDER_WARMUP = 1000;
/**
 * Delivered orders of earlier days written before the run: the shop has been selling (about 100 days of a
 * neighbourhood store), and its tables and their statistics say so, as autovacuum keeps them on a live shop.
 */
const ORDER_HISTORY = Number(process.env.BENCH_ORDER_HISTORY ?? (process.env.BENCH_QUICK ? 2000 : 20_000));
const HISTORY_DAYS = 100;
const PLENTIFUL_PRODUCTS = 2000;
const SCARCE_PRODUCTS = 20;
const SCARCE_STOCK = 10;
const SCARCE_SHARE = 0.05;
const STEADY = { orders: 1000, perSecond: 100 } as const;
const FULL_SPEED_LATENCY_ORDERS = 1500;
const RECONNECTS = { count: 100, intervalMs: 120, perSecond: 50 } as const;
const NOTIFY_CHANNEL = 'kade_bench_commit';
const SEARCH_TEXTS_NOTE = 'texts, first page of 10';
export const ORDER_BUDGET = { ordersPerSecond: 300, p99Ms: 150, ofBaseline: 0.8, pushP99Ms: 50, searchDbP95Ms: 20, searchThroughputRatio: 0.9 } as const;

/** Search measured by the catalogue part's probe: in-database p95 and HTTP throughput, one value per round. */
export interface SearchFigures {
  dbP50: number[];
  dbP95: number[];
  throughput: number[];
  p99: number[];
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
  rounds: Array<Omit<PhaseResult, 'placed'> & { placedCount: number; ordersPerSecond: number; cpuPerAttempt: number | undefined; postgresCpuPerAttempt: number | undefined }>;
  /** The order baseline's rounds (bench-order-baseline.ts), each beside Kade's round of the same number. */
  baselineRounds: Array<Omit<PhaseResult, 'placed'> & { placedCount: number; ordersPerSecond: number; cpuPerAttempt: number | undefined; kadeFirst: boolean }>;
  search: { before: SearchFigures; after: SearchFigures; ordersBetween: number; settled: AutovacuumWait } | undefined;
  stock: { productsChecked: number; belowZero: number; mismatched: number; unitsSold: number; stockTaken: number; scarceSoldOut: number; ordersInDb: number; ordersPlaced: number };
  steady: Array<{ phase: PhaseResult; latency: LatencyFigures }>;
  fullSpeed: Array<{ phase: PhaseResult; latency: LatencyFigures }>;
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


/**
 * The shop's history: `count` delivered orders spread over the last HISTORY_DAYS days (ending a day before the
 * run), each with 1 to 5 lines of the given products and its two events, bought by the bench's buyers. Written in
 * three statements; stock is not touched (the check after the run counts only the run's orders).
 *
 * Why: an orders table that starts the run empty keeps statistics that say it is tiny, and at hundreds of orders a
 * second it grows far faster than autovacuum's one-minute round re-analyses it: the plans PostgreSQL made for the
 * foreign-key checks of each order's lines and event (which look an order up by its id) scanned the whole table,
 * a cost no shop that has been open for a day pays.
 */
async function seedOrderHistory(knex: Knex, buyers: ReadonlyArray<{ id: string; addressId: string }>, products: readonly Sellable[], count: number): Promise<void> {
  if (count <= 0) return;
  const codes = new Set<string>();
  while (codes.size < count) codes.add(generateOrderId());
  await knex.raw(
    `insert into orders (order_code, user_id, status, delivery_option, undiscounted_paise, subtotal_paise, total_paise, address_id,
      delivery_address, created_at, updated_at)
    select h.code, b.user_id, 'Delivered', ?, 150000, 150000, 150000, b.address_id, '{"street": "Bench Lane"}'::jsonb,
      now() - interval '1 day' - (h.n * (? * interval '1 day') / ?), now() - interval '1 day' - (h.n * (? * interval '1 day') / ?)
    from unnest(?::text[]) with ordinality as h (code, n)
    join unnest(?::uuid[], ?::uuid[]) with ordinality as b (user_id, address_id, i) on b.i = 1 + h.n % ?`,
    [DELIVERY_OPTION_LABELS[0], HISTORY_DAYS, count, HISTORY_DAYS, count, [...codes], buyers.map((b) => b.id), buyers.map((b) => b.addressId), buyers.length],
  );
  await knex.raw(
    `insert into order_lines (order_id, product_id, position, name, original_price_paise, price_paise, quantity)
    select o.id, (?::uuid[])[1 + (abs(hashtext(o.id::text || line.position)) % ?)], line.position, 'Bench product', 30000, 30000, 1
    from orders o cross join lateral generate_series(0, abs(hashtext(o.id::text)) % 5) as line (position)
    where o.status = 'Delivered'`,
    [products.map((p) => p.id), products.length],
  );
  await knex.raw(
    `insert into order_events (order_id, actor_id, from_status, to_status, note, created_at)
    select o.id, o.user_id, e.from_status, e.to_status, e.note, o.created_at + e.after
    from orders o cross join (values (null, 'Pending', 'placed', interval '0'), ('Shipped', 'Delivered', null, interval '40 minutes')) as e (from_status, to_status, note, after)
    where o.status = 'Delivered'`,
  );
}

export interface AutovacuumWait {
  waitedMs: number;
  /** Autovacuum workers seen on this database while waiting (a worker vacuums or analyses one table after another). */
  seen: number;
  stillRunning: boolean;
}

/** Waits (polling every 250 ms, at most `limitMs`) until no autovacuum worker is working on this database. */
async function autovacuumDone(knex: Knex, limitMs: number): Promise<AutovacuumWait> {
  const started = Date.now();
  const pids = new Set<number>();
  for (;;) {
    const rows = (await knex.raw(`select pid from pg_stat_activity where backend_type = 'autovacuum worker' and datname = current_database()`)).rows as Array<{ pid: number }>;
    for (const row of rows) pids.add(row.pid);
    const waitedMs = Date.now() - started;
    if (rows.length === 0 || waitedMs >= limitMs) return { waitedMs, seen: pids.size, stillRunning: rows.length > 0 };
    await sleep(250);
  }
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
  // The scarce ones are stocked after the warm-up (`restockScarce`), so that the first timed round sells them out.
  await setStock(knex, scarce.map((p) => p.id), 0);
  await setStock(knex, plentiful.map((p) => p.id), 100_000);
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

/** The order load generator: a process of its own (bench-order-load.ts) that fills carts and places orders. */
async function startOrderLoad(setup: OrderLoadSetup): Promise<{ run(count: number, perSecond?: number, url?: string): Promise<PhaseResult>; close(): void }> {
  const worker = await forkWorker<OrderLoadCommand, PhaseResult>('bench-order-load.ts', 'order load generator', { first: { cmd: 'setup', setup } satisfies OrderLoadSetupMessage });
  return { run: (count, perSecond, url) => worker.ask({ cmd: 'run', count, ...(perSecond ? { perSecond } : {}), ...(url ? { url } : {}) }), close: () => worker.close() };
}

/** The order baseline (bench-order-baseline.ts) as a process of its own, with Kade's pool size and session setting. */
async function startBaselineServer(databaseUrl: string, jwtSecret: string): Promise<{ url: string; pid: number | undefined; stop(): Promise<void> }> {
  const port = await freePort();
  const started = startChild('bench/src/bench-order-baseline.ts', {
    KADE_ORDER_BASELINE: '1',
    DATABASE_URL: databaseUrl,
    JWT_SECRET: jwtSecret,
    PORT: String(port),
    SHOP_LAT: String(CENTRE.lat),
    SHOP_LNG: String(CENTRE.lng),
    POOL_MAX: '20',
    SESSION_SQL: SESSION_SETUP_SQL,
  });
  const url = `http://127.0.0.1:${port}`;
  // Ready once it answers: an order without a token is refused 401 without touching the database.
  await waitReady(started.child, 'the order baseline', started.output, async () => (await fetch(`${url}/api/order/cash-on-delivery`, { method: 'POST', body: '{}' })).status === 401);
  return { url, pid: started.child.pid, stop: () => stopChild(started.child) };
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
async function checkStock(knex: Knex, before: Map<string, number>, scarce: readonly Sellable[], ordersPlaced: number, runStart: Date): Promise<OrderBenchResult['stock']> {
  const after = [...(await readStock(knex)).entries()].map(([id, stock]) => ({ id, stock }));
  // The run's orders only: the history written before it took no stock.
  const soldRows = (await knex('order_lines as l')
    .join('orders as o', 'o.id', 'l.order_id')
    .where('o.created_at', '>=', runStart)
    .whereNotNull('l.product_id')
    .groupBy('l.product_id')
    .select('l.product_id')
    .sum({ sold: 'l.quantity' })) as Array<{ product_id: string; sold: string | number }>;
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
  const [{ count }] = (await knex('orders').where('created_at', '>=', runStart).count({ count: '*' })) as [{ count: string | number }];
  return { productsChecked: after.length, belowZero, mismatched, unitsSold, stockTaken, scarceSoldOut, ordersInDb: Number(count), ordersPlaced };
}

function summary(name: string, phase: PhaseResult): string {
  return `bench: orders ${name}: ${phase.placed.length} placed, ${phase.outOfStock} out of stock, ${phase.errors.length} errors in ${phase.seconds.toFixed(1)} s (${(phase.placed.length / phase.seconds).toFixed(0)}/s, p99 ${phase.latency.p99.toFixed(1)} ms)`;
}

/** Runs the order measurements against a running Kade server; the database is the benchmark's own. */
export async function runOrderBench(options: {
  knex: Knex;
  databaseUrl: string;
  kadeUrl: string;
  jwtSecret: string;
  serverPid: number | undefined;
  /** Search measured before the first order and after at least ORDERS_BEFORE_SEARCH orders (no maintenance between). */
  searchProbe?: () => Promise<SearchFigures>;
}): Promise<OrderBenchResult> {
  const { knex } = options;
  console.log(`bench: orders: ${BUYERS} buyers, ${PLENTIFUL_PRODUCTS} products and ${SCARCE_PRODUCTS} scarce ones …`);
  const { shoppers: buyers, adminToken } = await createBenchPeople(knex, options.jwtSecret, {
    count: BUYERS,
    firstMobile: 60_000_000,
    names: { admin: 'Bench Admin', shopper: 'Bench Buyer' },
    street: 'Bench Lane',
    landmark: 'Near the temple',
    seed: 11,
  });
  const { plentiful, scarce } = await prepareProducts(knex);
  const [{ runStart }] = (await knex.raw('select now() as "runStart"')).rows as [{ runStart: Date }];
  await seedOrderHistory(knex, buyers, plentiful, ORDER_HISTORY);
  // What autovacuum did long ago on a shop with this history (and not in the middle of the search measured next).
  await knex.raw('vacuum analyze orders, order_lines, order_events');
  await knex.raw('analyze');
  const before = await readStock(knex);
  const searchBefore = options.searchProbe ? await options.searchProbe() : undefined;
  const placer = await startOrderLoad({
    databaseUrl: options.databaseUrl,
    kadeUrl: options.kadeUrl,
    buyers,
    plentiful,
    scarce,
    workers: WORKERS,
    scarceShare: SCARCE_SHARE,
    centre: CENTRE,
  });
  let watcher: ChildProcess | undefined;
  let baseline: Awaited<ReturnType<typeof startBaselineServer>> | undefined;
  const placedIds: string[] = [];
  const keep = (phase: PhaseResult) => {
    placedIds.push(...phase.placed.map((p) => p.id));
    return phase;
  };
  try {
    // PostgreSQL starts a checkpoint every 5 minutes here, and for a while after each start every page's first change
    // writes the whole page to the WAL: one started before the warm-up, so none starts during the timed rounds (the
    // warm-up pays the whole pages the orders touch), and rounds compare like with like.
    await knex.raw('checkpoint');
    keep(await placer.run(ORDER_WARMUP));
    baseline = await startBaselineServer(options.databaseUrl, options.jwtSecret);
    // The baseline's pooled connections prepare the same statements before its rounds too.
    keep(await placer.run(ORDER_WARMUP, undefined, baseline.url));
    // The scarce products come in now: their stock counts as there from the start for the check after the run.
    await setStock(knex, scarce.map((p) => p.id), SCARCE_STOCK);
    for (const product of scarce) before.set(product.id, (before.get(product.id) ?? 0) + SCARCE_STOCK);
    const rounds: OrderBenchResult['rounds'] = [];
    const baselineRounds: OrderBenchResult['baselineRounds'] = [];
    // Interleaved with Kade's rounds, which goes first alternating: a busy spell on the machine falls on both.
    const baselineRound = async (kadeFirst: boolean) => {
      if (!baseline) return;
      const cpuBefore = cpuMs(baseline.pid);
      const phase = keep(await placer.run(ORDERS, undefined, baseline.url));
      const cpuAfter = cpuMs(baseline.pid);
      const { placed, ...figures } = phase;
      baselineRounds.push({
        ...figures,
        placedCount: placed.length,
        ordersPerSecond: placed.length / phase.seconds,
        cpuPerAttempt: cpuBefore === undefined || cpuAfter === undefined ? undefined : (cpuAfter - cpuBefore) / phase.attempts,
        kadeFirst,
      });
      console.log(summary(`baseline, round ${baselineRounds.length}`, phase));
    };
    for (let round = 0; round < ORDER_ROUNDS; round += 1) {
      const kadeFirst = round % 2 === 0;
      if (!kadeFirst) await baselineRound(kadeFirst);
      const cpuBefore = cpuMs(options.serverPid);
      const postgresBefore = postgresCpuMs();
      const phase = keep(await placer.run(ORDERS));
      const cpuAfter = cpuMs(options.serverPid);
      const postgresAfter = postgresCpuMs();
      const { placed, ...figures } = phase;
      rounds.push({
        ...figures,
        placedCount: placed.length,
        ordersPerSecond: phase.placed.length / phase.seconds,
        cpuPerAttempt: cpuBefore === undefined || cpuAfter === undefined ? undefined : (cpuAfter - cpuBefore) / phase.attempts,
        postgresCpuPerAttempt: postgresBefore === undefined || postgresAfter === undefined ? undefined : (postgresAfter - postgresBefore) / phase.attempts,
      });
      const last = rounds.at(-1);
      console.log(`${summary(`at full speed, round ${round + 1}`, phase)}; CPU per try: server ${last?.cpuPerAttempt?.toFixed(2) ?? 'n/a'} ms, PostgreSQL ${last?.postgresCpuPerAttempt?.toFixed(2) ?? 'n/a'} ms`);
      if (kadeFirst) await baselineRound(kadeFirst);
    }
    await baseline.stop();
    baseline = undefined;

    await installCommitNotice(knex);
    const watch = await startWatcher({ KADE_URL: options.kadeUrl, DATABASE_URL: options.databaseUrl, ADMIN_TOKEN: adminToken, NOTIFY_CHANNEL });
    watcher = watch.child;
    const steady: OrderBenchResult['steady'] = [];
    const fullSpeed: OrderBenchResult['fullSpeed'] = [];
    for (let round = 0; round < ORDER_ROUNDS; round += 1) {
      const steadyPhase = keep(await placer.run(STEADY.orders, STEADY.perSecond));
      steady.push({ phase: steadyPhase, latency: await latencyOf(watch.ask, steadyPhase.placed) });
      console.log(`${summary(`steady, round ${round + 1}`, steadyPhase)}; commit to order:new p99 ${steady.at(-1)?.latency.p99.toFixed(1)} ms`);
      const fullPhase = keep(await placer.run(FULL_SPEED_LATENCY_ORDERS));
      fullSpeed.push({ phase: fullPhase, latency: await latencyOf(watch.ask, fullPhase.placed) });
      console.log(`${summary(`full speed, timed, round ${round + 1}`, fullPhase)}; commit to order:new p99 ${fullSpeed.at(-1)?.latency.p99.toFixed(1)} ms`);
    }

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

    // Search again once enough orders went through (topped up at full speed); autovacuum as configured, no manual maintenance.
    let search: OrderBenchResult['search'];
    if (options.searchProbe && searchBefore) {
      if (placedIds.length < ORDERS_BEFORE_SEARCH) {
        const topUp = keep(await placer.run(Math.ceil((ORDERS_BEFORE_SEARCH - placedIds.length) * 1.05)));
        console.log(summary('to reach the orders before search', topUp));
      }
      // Like the first probe, on a database not busy with its own background work: autovacuum's rounds over what
      // the orders changed run to their end (nothing is started or hurried by hand), for at most a minute and a half.
      const settled = await autovacuumDone(knex, 90_000);
      console.log(`bench: search after the orders: ${settled.waitedMs} ms waiting for ${settled.seen} autovacuum round(s) of this database to end${settled.stillRunning ? ' (one still running when the wait ended)' : ''}`);
      search = { before: searchBefore, after: await options.searchProbe(), ordersBetween: placedIds.length, settled };
    }

    const stock = await checkStock(knex, before, scarce, placedIds.length, runStart);
    console.log(`bench: stock: ${stock.belowZero} below zero, ${stock.mismatched} mismatched; ${stock.unitsSold} units sold, ${stock.stockTaken} taken`);
    return {
      buyers: BUYERS,
      workers: WORKERS,
      products: { plentiful: plentiful.length, scarce: scarce.length, scarceStock: SCARCE_STOCK },
      rounds,
      baselineRounds,
      search,
      stock,
      steady,
      fullSpeed,
      reconnects,
    };
  } finally {
    placer.close();
    await baseline?.stop();
    if (watcher && watcher.exitCode === null) watcher.kill('SIGTERM');
  }
}


const errorsOfList = (errors: PhaseResult['errors']) =>
  errors.length === 0 ? '0' : `${errors.length} (${[...new Set(errors.map((e) => `${e.status} ${e.code ?? ''}`.trim()))].join(', ')})`;

/** The order baseline's rounds beside Kade's, the ratio of their medians and the budget of issue 37 (item 4). */
function baselineLines(r: OrderBenchResult, kadeRate: number, kadeP99: number): string[] {
  const rounds = r.baselineRounds;
  if (rounds.length === 0) return [];
  const rate = median(rounds.map((x) => x.ordersPerSecond));
  const ratio = kadeRate / rate;
  return [
    '### Against the order baseline',
    '',
    `The same load generator, buyers and carts against a plain \`node:http\` + \`pg\` server (bench/src/bench-order-baseline.ts: a pool of 20 in pipeline mode, as Kade's) that places each order with Kade's own statements, text for text, in one transaction and the same round trips: the session check, BEGIN with the placement's read, the placement's one write with COMMIT (server/test/order-baseline.test.ts holds its statement texts and its answer's shape to Kade's). It has none of Kade's pipeline (Koa, zod, rate limits, the order's socket event). It warms up with ${ORDER_WARMUP} orders of its own after Kade's; its rounds are interleaved with Kade's above, which goes first alternating (round 1 Kade first), so a busy spell on the machine falls on both.`,
    '',
    '| round | first | orders tried | placed | refused: out of stock | errors | placed orders/s | p50 ms | p99 ms | server CPU ms per try | Kade / baseline orders/s |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rounds.map(
      (t, i) =>
        `| ${i + 1} | ${t.kadeFirst ? 'Kade' : 'baseline'} | ${t.attempts} | ${t.placedCount} | ${t.outOfStock} | ${errorsOfList(t.errors)} | ${t.ordersPerSecond.toFixed(0)} | ${ms(t.latency.p50)} | ${ms(t.latency.p99)} | ${t.cpuPerAttempt === undefined ? 'n/a' : t.cpuPerAttempt.toFixed(2)} | ${r.rounds[i] ? `${((r.rounds[i].ordersPerSecond / t.ordersPerSecond) * 100).toFixed(0)}%` : ''} |`,
    ),
    `| **median** | | | | | | **${rate.toFixed(0)}** | ${ms(median(rounds.map((x) => x.latency.p50)))} | **${ms(median(rounds.map((x) => x.latency.p99)))}** | ${ms(median(rounds.map((x) => x.cpuPerAttempt ?? Number.NaN)))} | **${(ratio * 100).toFixed(0)}%** |`,
    '',
    `Orders at least ${ORDER_BUDGET.ofBaseline * 100}% of the order baseline (medians), p99 under ${ORDER_BUDGET.p99Ms} ms at ${r.workers} clients (issue 37): ${ok(ratio >= ORDER_BUDGET.ofBaseline && kadeP99 < ORDER_BUDGET.p99Ms)} (Kade ${kadeRate.toFixed(0)}/s, baseline ${rate.toFixed(0)}/s: ${(ratio * 100).toFixed(0)}%; Kade's p99 ${ms(kadeP99)} ms).`,
    '',
  ];
}

/** The order section of docs/BENCHMARKS.md. */
export function orderReport(r: OrderBenchResult): string[] {
  const rate = median(r.rounds.map((x) => x.ordersPerSecond));
  const p99 = median(r.rounds.map((x) => x.latency.p99));
  const roundErrors = r.rounds.flatMap((x) => x.errors);
  const latencyRows = (name: string, runs: OrderBenchResult['steady']) => {
    const rows = runs.map(
      ({ phase, latency: l }, i) =>
        `| ${name}, round ${i + 1} | ${phase.placed.length} | ${l.samples} | ${ms(l.p50)} | ${ms(l.p95)} | ${ms(l.p99)} | ${ms(l.max)} | ${ms(l.sentToSocketP99)} | |`,
    );
    const m = (pick: (l: LatencyFigures) => number) => ms(median(runs.map((x) => pick(x.latency))));
    const missing = runs.reduce((sum, x) => sum + x.latency.missing, 0);
    const medianP99 = median(runs.map((x) => x.latency.p99));
    rows.push(
      `| **${name}, median of ${runs.length}** | | | ${m((l) => l.p50)} | ${m((l) => l.p95)} | **${m((l) => l.p99)}** | ${m((l) => l.max)} | ${m((l) => l.sentToSocketP99)} | ${ok(medianP99 < ORDER_BUDGET.pushP99Ms && missing === 0)}${missing ? ` (${missing} never arrived)` : ''} |`,
    );
    return rows;
  };
  const searchLines: string[] = [];
  if (r.search) {
    const { before, after } = r.search;
    const ratio = median(after.throughput) / median(before.throughput);
    searchLines.push(
      '### Search while the shop sells',
      '',
      `The catalogue part's search requests (the same ${SEARCH_TEXTS_NOTE}) and its in-database timing (EXPLAIN ANALYZE, planning + execution, p95 over every text) on this database: once before the first order above, and again after ${r.search.ordersBetween.toLocaleString('en-US')} orders had been placed (every order changes its products' stock). Autovacuum at the server's settings; nothing vacuumed, analysed or cleaned by hand in between: the second probe starts once autovacuum's own work on this database has ended (${r.search.settled.seen} worker round(s), ${(r.search.settled.waitedMs / 1000).toFixed(1)} s waited${r.search.settled.stillRunning ? ', one still running at the 90 s limit' : ''}), as the first ran on a quiet database. Each figure is the median of its rounds, every round in brackets.`,
      '',
      '| when | search in the database p50 ms | p95 ms | HTTP search req/s | HTTP p99 ms |',
      '| --- | ---: | ---: | ---: | ---: |',
      `| before any order | ${roundsCell(before.dbP50, 1)} | ${roundsCell(before.dbP95, 1)} | ${roundsCell(before.throughput)} | ${roundsCell(before.p99, 1)} |`,
      `| after ${r.search.ordersBetween.toLocaleString('en-US')} orders | ${roundsCell(after.dbP50, 1)} | ${roundsCell(after.dbP95, 1)} | ${roundsCell(after.throughput)} | ${roundsCell(after.p99, 1)} |`,
      '',
      `In-database p95 after the orders under ${ORDER_BUDGET.searchDbP95Ms} ms: ${ok(median(after.dbP95) < ORDER_BUDGET.searchDbP95Ms)}. Search throughput after the orders ${(ratio * 100).toFixed(0)}% of before (at least ${ORDER_BUDGET.searchThroughputRatio * 100}%): ${ok(ratio >= ORDER_BUDGET.searchThroughputRatio)}.`,
      '',
    );
  }
  return [
    '## Orders',
    '',
    `The same Kade server (shop and fresh hours open all day for the run), ${r.buyers} buyers (accounts, access tokens and one address inside the zone each, written straight into the tables), carts of 1 to 5 of ${r.products.plentiful} catalogue products (1 to 3 of each) plus, in ${SCARCE_SHARE * 100}% of carts, one of ${r.products.scarce} scarce products stocked with ${r.products.scarceStock} each after the warm-up (sold out during the first round; later rounds are refused on them). The orders come from a load generator process of its own (bench/src/bench-order-load.ts): ${r.workers} concurrent clients, each using a buyer no other client is using at the time; before each order it writes the buyer's cart in one prepared SQL insert (inside the timed run, not inside the order's timing; the same text for every cart size, so the load generator's own work on the shared machine stays small), then sends \`POST /api/order/cash-on-delivery\` with the totals the shop's checkout computes. A refused order's cart is emptied. Before the first order the shop is given a history, as a shop that has been open for a while has: ${ORDER_HISTORY.toLocaleString('en-US')} delivered orders of the last ${HISTORY_DAYS} days with their lines and events (bench-orders.ts \`seedOrderHistory\`), then those tables are vacuumed and analysed once, as autovacuum keeps a live shop's; stock and the checks below count only the run's own orders.`,
    '',
    '### Placing cash-on-delivery orders',
    '',
    `A CHECKPOINT, then ${ORDER_WARMUP} untimed warm-up orders (every pooled connection prepares the order's statements; the scarce products are out of stock until they end; PostgreSQL starts its next timed checkpoint only 5 minutes after the forced one, so none starts during the rounds, while the first change of each page after a checkpoint, which writes the whole page to the WAL, falls mostly in the warm-up), then ${r.rounds.length} rounds; latency is each order request's, sent to answered. CPU per try is read from /proc before and after each round: the Kade server's process, and every PostgreSQL process on the machine (its backends serve the load generator's cart writes too).`,
    '',
    '| round | orders tried | placed | refused: out of stock | errors | seconds | placed orders/s | p50 ms | p95 ms | p99 ms | server CPU ms per try | PostgreSQL CPU ms per try |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...r.rounds.map(
      (t, i) =>
        `| ${i + 1} | ${t.attempts} | ${t.placedCount} | ${t.outOfStock} | ${errorsOfList(t.errors)} | ${t.seconds.toFixed(1)} | ${t.ordersPerSecond.toFixed(0)} | ${ms(t.latency.p50)} | ${ms(t.latency.p95)} | ${ms(t.latency.p99)} | ${t.cpuPerAttempt === undefined ? 'n/a' : t.cpuPerAttempt.toFixed(2)} | ${t.postgresCpuPerAttempt === undefined ? 'n/a' : t.postgresCpuPerAttempt.toFixed(2)} |`,
    ),
    `| **median** | | | | | | **${rate.toFixed(0)}** | ${ms(median(r.rounds.map((x) => x.latency.p50)))} | ${ms(median(r.rounds.map((x) => x.latency.p95)))} | **${ms(p99)}** | ${ms(median(r.rounds.map((x) => x.cpuPerAttempt ?? Number.NaN)))} | ${ms(median(r.rounds.map((x) => x.postgresCpuPerAttempt ?? Number.NaN)))} |`,
    '',
    `At least ${ORDER_BUDGET.ordersPerSecond} orders/s at ${r.workers} shoppers with p99 under ${ORDER_BUDGET.p99Ms} ms, no errors: ${ok(rate >= ORDER_BUDGET.ordersPerSecond && p99 < ORDER_BUDGET.p99Ms && roundErrors.length === 0)} (median ${rate.toFixed(0)}/s, p99 ${ms(p99)} ms).`,
    '',
    ...baselineLines(r, rate, p99),
    `After all order runs (the warm-up, the rounds above and the orders of the sections below): ${r.stock.productsChecked} products checked, **${r.stock.belowZero}** with stock below zero, **${r.stock.mismatched}** whose units sold (sum of their order lines) differ from the stock they lost; ${r.stock.unitsSold} units sold, ${r.stock.stockTaken} units of stock taken; ${r.stock.scarceSoldOut} of ${r.products.scarce} scarce products sold out; ${r.stock.ordersInDb} orders in the database for ${r.stock.ordersPlaced} answered 201. ${ok(r.stock.belowZero === 0 && r.stock.mismatched === 0 && r.stock.ordersInDb === r.stock.ordersPlaced)}`,
    '',
    ...searchLines,
    '### New order to the admin socket',
    '',
    'What is measured: a watcher process of its own (bench/src/bench-watch.ts) holds one admin Socket.IO connection (socket.io-client, websocket transport) and a PostgreSQL `LISTEN`. For these runs the bench adds a trigger that calls `pg_notify` with the order\'s id inside the order\'s transaction; PostgreSQL delivers a notice only when the transaction commits, so its arrival at the watcher is the commit instant plus one loopback delivery. The figure is the time from that notice to the `order:new` event for the same order, both taken by the same clock in the same idle process. It covers what the server does after the commit (reading the order back, the emit) and the socket\'s delivery. The last column is an upper bound needing no trigger: from the bench sending the order request to `order:new` (it includes placing the order).',
    '',
    '| stream | orders | timed | p50 ms | p95 ms | p99 ms | max ms | request sent → event p99 ms | p99 < 50 ms |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
    ...latencyRows(`steady, ${STEADY.perSecond} orders/s`, r.steady),
    ...latencyRows(`full speed, ${r.workers} clients`, r.fullSpeed),
    '',
    '### Forced reconnects',
    '',
    `During a stream of ${r.reconnects.phase.attempts} orders at ${RECONNECTS.perSecond}/s the watcher closed its socket's transport (as a dropped network does) ${RECONNECTS.count} times, ${RECONNECTS.intervalMs} ms after the previous catch-up; socket.io-client reconnected by itself, and after every connect the watcher asked \`GET /api/order/order-list?scope=all&since=…\` (since = the newest \`updatedAt\` it had seen minus ${CATCH_UP_MARGIN_MS / 1000} s, pages of 50) for what it might have missed. Missed = orders answered 201 during the stream that the watcher saw neither as \`order:new\` nor in a catch-up (no final catch-up after the stream).`,
    '',
    'One run: these are counts, not timings.',
    '',
    '| reconnects | recovered by the server | timed out | orders placed | seen by socket | only by catch-up | catch-up requests | missed |',
    '| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    `| ${r.reconnects.done} | ${r.reconnects.recovered} | ${r.reconnects.timedOut} | ${r.reconnects.phase.placed.length} | ${r.reconnects.viaSocket} | ${r.reconnects.viaCatchUpOnly} | ${r.reconnects.catchUpRequests} | **${r.reconnects.missed}** |`,
    '',
  ];
}
