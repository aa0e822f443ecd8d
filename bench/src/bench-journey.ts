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
// 3. The journeys come from a process of their own (bench-journey-load.ts), in rounds (median reported, every
//    round shown): throughput, p50/p95/p99 per step, errors, and that every order placed reached each admin
//    socket exactly once; then opens 500 sockets on one instance and reads its resident memory from /proc.
// Every loop is bounded; everything listens on 127.0.0.1 only.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Knex } from 'knex';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { CATEGORY_PAGE_SIZE, ENDPOINTS } from '@kade/shared';
import { createBenchPeople, setStock, type LoadedCatalogue } from './bench-data';
import { runJourneyLoad, STEPS, type JourneyRound } from './bench-journey-load';
import { KADE_ENTRY } from './bench-load';
import { freePort, kadeEnv, OPEN_THROUGH_THE_RUN, openSockets, residentMb, sleep, startChild, stopChild, waitForReadModel, waitReady } from './bench-process';
import { mb, median, ok, roundsCell } from './bench-stats';

const SHOPPERS = Number(process.env.BENCH_LOAD_SHOPPERS ?? 500);
const CONCURRENT = Number(process.env.BENCH_LOAD_CLIENTS ?? 50);
const JOURNEYS = Number(process.env.BENCH_LOAD_JOURNEYS ?? 800);
const SOCKETS = 500;
const POOL_PRODUCTS = 1000;
export const MEMORY_BUDGET_MB = 200;
const SEARCH_TERMS = ['chicken', 'chiken', 'bisc', 'milk', 'rice', 'basmati rice', 'tea', 'sugar', 'suger', 'soap', 'anchor milk', 'curry powder', 'eggs', 'noodles'];
const ROUNDS = Math.max(3, Number(process.env.BENCH_ROUNDS ?? 3));

/** What bench-catalogue.ts lends this part: its database and its catalogue. */
export interface JourneyBenchInput {
  databaseUrl: string;
  knex: Knex;
  jwtSecret: string;
  dataDir: string;
  catalogue: LoadedCatalogue;
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
  rounds: JourneyRound[];
  ordersPlaced: number;
  sockets: { a: SocketTally; b: SocketTally };
  memory: { idleMb: number | undefined; afterLoadMb: number | undefined; withSocketsMb: number | undefined; otherInstanceMb: number | undefined; socketsConnected: number; products: number; variations: number };
}

interface PoolProduct {
  id: string;
  pricePaise: number;
  discount: number;
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

export async function runJourneyBench(input: JourneyBenchInput): Promise<JourneyBenchResult> {
  const redisUrl = process.env.BENCH_REDIS_URL ?? process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  // the two instances share the database and, through Redis under one prefix, their events
  const shared = { ...OPEN_THROUGH_THE_RUN, REDIS_URL: redisUrl, REDIS_PREFIX: `kade-bench-${randomBytes(4).toString('hex')}` };
  const ports = [await freePort(), await freePort()];
  const instances = ports.map((port, i) => ({
    base: `http://127.0.0.1:${port}`,
    ...startChild(KADE_ENTRY, { ...kadeEnv(input.databaseUrl, port, path.join(input.dataDir, `load-${i}`), input.jwtSecret), ...shared }),
  }));
  const open: Socket[] = [];
  try {
    for (const [i, instance] of instances.entries()) {
      const name = `load instance ${i === 0 ? 'A' : 'B'}`;
      await waitReady(instance.child, name, instance.output, async () => (await fetch(`${instance.base}${ENDPOINTS.health.check.path}`)).ok);
      await waitForReadModel(instance.child, name, instance.output, instance.base);
    }
    const [a, b] = instances as [(typeof instances)[number], (typeof instances)[number]];
    const idleMb = residentMb(a.child.pid);
    console.log(`bench: load: two instances up (${a.base}, ${b.base}); preparing ${SHOPPERS} shoppers …`);
    // mobiles 075…, apart from the order part's 076…
    const { shoppers, adminToken } = await createBenchPeople(input.knex, input.jwtSecret, {
      count: SHOPPERS,
      firstMobile: 50_000_000,
      names: { admin: 'Load Admin', shopper: 'Load Shopper' },
      street: 'Load Lane',
      landmark: 'Near the market',
      seed: 31,
    });
    const pool = await preparePool(input.knex);
    const adminA = await openAdminSocket(a.base, adminToken);
    const adminB = await openAdminSocket(b.base, adminToken);
    open.push(adminA.socket, adminB.socket);

    const listings = input.catalogue.listings.filter((l) => l.count >= CATEGORY_PAGE_SIZE);
    console.log(`bench: load: ${ROUNDS} rounds of ${JOURNEYS} journeys from ${CONCURRENT} concurrent shoppers over both instances, sent by a process of its own …`);
    const rounds: JourneyRound[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      rounds.push(
        await runJourneyLoad({
          databaseUrl: input.databaseUrl,
          bases: instances.map((i) => i.base),
          shoppers,
          pool,
          listings,
          searchTerms: SEARCH_TERMS,
          concurrent: CONCURRENT,
          journeys: JOURNEYS,
          seed: 41 + round,
        }),
      );
      const last = rounds.at(-1) as JourneyRound;
      console.log(`bench: load round ${round + 1}: ${last.placed.length} orders, ${(JOURNEYS / last.seconds).toFixed(1)} journeys/s`);
    }
    const placed = rounds.flatMap((r) => r.placed);
    await sleep(2000); // the last events are on their way
    const sockets = { a: tally(placed, adminA.seen), b: tally(placed, adminB.seen) };
    const afterLoadMb = residentMb(a.child.pid);
    console.log(`bench: load: ${placed.length} orders; admin sockets: A ${sockets.a.exactlyOnce}, B ${sockets.b.exactlyOnce} exactly once`);

    const shopperSockets = await openSockets(a.base, shoppers.map((s) => s.token), SOCKETS - 1); // with the admin's: 500
    open.push(...shopperSockets.sockets);
    await sleep(3000); // let the allocations of the connections settle
    const withSocketsMb = residentMb(a.child.pid);
    console.log(`bench: load: instance A with ${shopperSockets.connected + 1} sockets: ${withSocketsMb?.toFixed(0) ?? '?'} MB resident`);

    return {
      shoppers: SHOPPERS,
      concurrent: CONCURRENT,
      journeys: JOURNEYS,
      rounds,
      ordersPlaced: placed.length,
      sockets,
      memory: { idleMb, afterLoadMb, withSocketsMb, otherInstanceMb: residentMb(b.child.pid), socketsConnected: shopperSockets.connected + 1, products: input.catalogue.products, variations: input.catalogue.variations },
    };
  } finally {
    for (const socket of open) socket.close();
    await Promise.all(instances.map((i) => stopChild(i.child)));
  }
}


/** The `load` section of docs/BENCHMARKS.md. */
export function loadReport(r: JourneyBenchResult): string[] {
  const socketLine = (name: string, t: SocketTally) =>
    `| ${name} | ${r.ordersPlaced} | ${t.exactlyOnce} | ${t.missing} | ${t.duplicated} | ${ok(t.exactlyOnce === r.ordersPlaced)} |`;
  const errorKinds = [...new Set(r.rounds.flatMap((x) => x.errorKinds))];
  return [
    '## Load: the whole shopper journey on two instances',
    '',
    `- Two real servers (the compiled server/dist/main.js) on the benchmark's PostgreSQL database (${r.memory.products.toLocaleString('en-US')} products and ${r.memory.variations.toLocaleString('en-US')} variations) sharing one Redis, as docker-compose.yml runs them; every request goes to the next instance in turn, as a round-robin proxy sends it`,
    `- ${r.shoppers} shoppers (accounts and tokens written into the tables: no login, whose scrypt would dominate), ${r.concurrent} at a time, ${r.rounds.length} rounds of ${r.journeys} journeys, each round sent by a process of its own (bench/src/bench-journey-load.ts): home, a listing page, a search, 1-3 products added to the cart, the cart read, a cash-on-delivery order with an Idempotency-Key`,
    '- An admin socket on each instance listens for `order:new` throughout',
    '',
    `Throughput: ${roundsCell(r.rounds.map((x) => r.journeys / x.seconds), 1)} journeys/s, ${roundsCell(r.rounds.map((x) => x.requests / x.seconds))} requests/s, ${roundsCell(r.rounds.map((x) => x.placed.length / x.seconds), 1)} orders/s.`,
    '',
    '| step | requests (all rounds) | errors | p50 ms | p95 ms | p99 ms |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    ...STEPS.map(
      (s) =>
        `| ${s} | ${r.rounds.reduce((sum, x) => sum + x.steps[s].requests, 0)} | ${r.rounds.reduce((sum, x) => sum + x.steps[s].errors, 0)} | ${roundsCell(r.rounds.map((x) => x.steps[s].p50), 1)} | ${roundsCell(r.rounds.map((x) => x.steps[s].p95), 1)} | ${roundsCell(r.rounds.map((x) => x.steps[s].p99), 1)} |`,
    ),
    '',
    errorKinds.length === 0 ? 'No request failed.' : `Errors by kind: ${errorKinds.map((k) => `\`${k}\``).join(', ')}.`,
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
    `- The journey latencies are those of one 2-core machine running the load generator, both instances and PostgreSQL at once (see the load average): they show that every step of the journey works across instances under load (median journeys/s ${median(r.rounds.map((x) => r.journeys / x.seconds)).toFixed(1)}), not what one instance on its own machine serves.`,
  ];
}
