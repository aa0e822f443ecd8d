// The order benchmark's load generator (forked by bench-orders.ts `startOrderLoad`; talks to its parent only):
// a process of its own that fills buyers' carts (one SQL insert each, as a shopper's earlier taps would have)
// and places cash-on-delivery orders over HTTP as the shop's checkout sends them, timing each order request.
// Its own small pool for the carts; loopback only; every run bounded.
import http from 'node:http';
import knex, { type Knex } from 'knex';
import { computeTotals, DELIVERY_OPTION_LABELS, ENDPOINTS, paiseToRupees } from '@kade/shared';
import { seededRandom } from './bench-data';
import { answerJob, requestText, sleep, type WorkerReply } from './bench-process';
import { latencySummary } from './bench-stats';

export interface Buyer {
  id: string;
  token: string;
  addressId: string;
}

export interface Sellable {
  id: string;
  pricePaise: number;
  discount: number;
}

export interface PhaseResult {
  attempts: number;
  placed: Array<{ id: string; sentAt: number }>;
  outOfStock: number;
  errors: Array<{ status: number; code?: string }>;
  seconds: number;
  /** Of every order request (placed or refused), from sending it to the end of its answer. */
  latency: { p50: number; p95: number; p99: number; max: number };
}

export interface OrderLoadSetup {
  databaseUrl: string;
  kadeUrl: string;
  buyers: Buyer[];
  plentiful: Sellable[];
  scarce: Sellable[];
  workers: number;
  scarceShare: number;
  centre: { lat: number; lng: number };
}

/** The set-up the order load generator is sent first (it answers ready once it has it). */
export type OrderLoadSetupMessage = { cmd: 'setup'; setup: OrderLoadSetup };
/** A job for the order load generator: place `count` orders (at most `perSecond` a second when given); it answers a `PhaseResult`. */
export type OrderLoadCommand = { cmd: 'run'; count: number; perSecond?: number; /** Another server than Kade's (the order baseline, bench-order-baseline.ts). */ url?: string };

/** Absolute milliseconds with sub-millisecond resolution, comparable across the benchmark's processes. */
const wallNow = () => performance.timeOrigin + performance.now();

function orderPlacer(db: Knex, setup: OrderLoadSetup) {
  const random = seededRandom(23);
  const agents = new Map<string, { url: URL; agent: http.Agent }>();
  /** The order endpoint on a server (Kade's by default) with keep-alive connections of its own. */
  const target = (base: string) => {
    let found = agents.get(base);
    if (!found) agents.set(base, (found = { url: new URL(ENDPOINTS.orders.cashOnDelivery.path, base), agent: new http.Agent({ keepAlive: true, maxSockets: setup.workers }) }));
    return found;
  };
  const free = [...setup.buyers];
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;

  function cartOf(): Array<{ product: Sellable; quantity: number }> {
    const lines = new Map<string, { product: Sellable; quantity: number }>();
    const count = 1 + Math.floor(random() * 5);
    for (let i = 0; i < count; i += 1) {
      const product = pick(setup.plentiful);
      lines.set(product.id, { product, quantity: 1 + Math.floor(random() * 3) });
    }
    if (setup.scarce.length > 0 && random() < setup.scarceShare) {
      const product = pick(setup.scarce);
      lines.set(product.id, { product, quantity: 1 + Math.floor(random() * 2) });
    }
    return [...lines.values()];
  }

  /**
   * The buyer's cart written in one prepared statement (one text for every cart size), so the load generator's
   * own work (it shares the machine with the server and PostgreSQL) stays small: knex built and PostgreSQL planned
   * a new text for each cart before.
   */
  async function fillCart(userId: string, lines: ReadonlyArray<{ product: Sellable; quantity: number }>): Promise<void> {
    const connection = (await db.client.acquireConnection()) as { query(config: { name: string; text: string; values: unknown[] }): Promise<unknown> };
    try {
      await connection.query({
        name: 'bench_fill_cart',
        text: 'insert into cart_items (user_id, product_id, quantity) select $1, product_id, quantity from unnest($2::uuid[], $3::integer[]) as line (product_id, quantity)',
        values: [userId, lines.map((line) => line.product.id), lines.map((line) => line.quantity)],
      });
    } finally {
      await db.client.releaseConnection(connection);
    }
  }

  /** Fills a buyer's cart, places the order (timed), and empties the cart again if the order was refused. */
  async function attempt(buyer: Buyer, latencies: number[], { url, agent }: { url: URL; agent: http.Agent }): Promise<{ placed?: string; status: number; code?: string; sentAt: number }> {
    const lines = cartOf();
    await fillCart(buyer.id, lines);
    const choose = pick(DELIVERY_OPTION_LABELS);
    const totals = computeTotals(lines.map((l) => ({ pricePaise: l.product.pricePaise, discount: l.product.discount, quantity: l.quantity })), choose);
    const body = JSON.stringify({
      list_items: lines.map((l) => ({ productId: l.product.id, quantity: l.quantity })),
      addressId: buyer.addressId,
      subTotalAmt: paiseToRupees(totals.subtotalPaise),
      totalAmt: paiseToRupees(totals.grandTotalPaise),
      location: `${setup.centre.lat}, ${setup.centre.lng}`,
      Choose: choose,
    });
    const sentAt = wallNow();
    const started = performance.now();
    const answer = await requestText(agent, url, 'POST', { authorization: `Bearer ${buyer.token}` }, body).catch(() => ({ status: 0, text: '' }));
    latencies.push(performance.now() - started);
    let parsed: { data?: { _id?: string }; code?: string } = {};
    try {
      parsed = JSON.parse(answer.text) as typeof parsed;
    } catch {
      // not JSON: counted as an error
    }
    if (answer.status === 201 && parsed.data?._id) return { placed: parsed.data._id, status: 201, sentAt };
    await db('cart_items').where({ user_id: buyer.id }).del();
    return { status: answer.status, ...(parsed.code ? { code: parsed.code } : {}), sentAt };
  }

  /**
   * `count` attempts from `workers` concurrent clients, each taking a buyer nobody else is using; with
   * `perSecond`, attempt i is not sent before i / perSecond seconds (a steady stream), else at full speed.
   */
  async function run(count: number, perSecond?: number, base = setup.kadeUrl): Promise<PhaseResult> {
    const server = target(base);
    const placed: PhaseResult['placed'] = [];
    const errors: PhaseResult['errors'] = [];
    const latencies: number[] = [];
    let outOfStock = 0;
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
        const outcome = await attempt(buyer, latencies, server).finally(() => free.push(buyer));
        if (outcome.placed) placed.push({ id: outcome.placed, sentAt: outcome.sentAt });
        else if (outcome.status === 409 && outcome.code === 'OUT_OF_STOCK') outOfStock += 1;
        else errors.push({ status: outcome.status, ...(outcome.code ? { code: outcome.code } : {}) });
      }
    };
    await Promise.all(Array.from({ length: Math.min(setup.workers, count) }, worker));
    return { attempts: count, placed, outOfStock, errors, seconds: (performance.now() - started) / 1000, latency: latencySummary(latencies) };
  }

  return { run, close: () => agents.forEach(({ agent }) => agent.destroy()) };
}

// Started as a process of its own: set up once, then run what the benchmark asks.
if (process.send) {
  let placer: ReturnType<typeof orderPlacer> | undefined;
  let db: Knex | undefined;
  const exit = () => {
    placer?.close();
    void (db ? db.destroy() : Promise.resolve()).finally(() => process.exit(0));
  };
  process.on('message', (message: OrderLoadSetupMessage | (OrderLoadCommand & { id: number }) | { cmd: 'exit' }) => {
    if (message.cmd === 'exit') exit();
    else if (message.cmd === 'setup') {
      db = knex({ client: 'pg', connection: message.setup.databaseUrl, pool: { min: 0, max: Math.min(10, message.setup.workers) } });
      placer = orderPlacer(db, message.setup);
      process.send?.({ cmd: 'ready' } satisfies WorkerReply<PhaseResult>);
    } else answerJob(message.id, placer?.run(message.count, message.perSecond, message.url) ?? Promise.reject(new Error('not set up')));
  });
  process.on('disconnect', exit);
}
