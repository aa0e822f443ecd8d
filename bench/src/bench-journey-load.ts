// The `load` part's journeys (bench-journey.ts): a process of its own that walks many shoppers through the shop
// (home, a listing, a search, 1-3 products into the cart, the cart, a cash-on-delivery order with an
// Idempotency-Key), every request to the next instance in turn as a round-robin proxy would send it, and times
// each step. Forked per round by `runJourneyLoad`; talks to its parent only; loopback only; every loop bounded.
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import knex from 'knex';
import { CATEGORY_PAGE_SIZE, computeTotals, DELIVERY_OPTION_LABELS, ENDPOINTS, paiseToRupees, SEARCH_PAGE_SIZE, type BodyOf, type Endpoint } from '@kade/shared';
import { CENTRE, seededRandom } from './bench-data';
import { answerJob, forkWorker, requestText, type WorkerReply } from './bench-process';
import { latencySummary } from './bench-stats';

export const STEPS = ['home', 'listing', 'search', 'add to cart', 'cart', 'order'] as const;
export type Step = (typeof STEPS)[number];

export interface JourneySetup {
  databaseUrl: string;
  bases: string[];
  shoppers: Array<{ id: string; token: string; addressId: string }>;
  pool: Array<{ id: string; pricePaise: number; discount: number }>;
  listings: Array<{ categoryId: string; subCategoryId: string }>;
  searchTerms: string[];
  concurrent: number;
  journeys: number;
  seed: number;
}

export interface JourneyRound {
  seconds: number;
  requests: number;
  placed: string[];
  steps: Record<Step, { requests: number; errors: number; p50: number; p95: number; p99: number }>;
  errorKinds: string[];
}

/** One request of a journey: JSON body when given, the shopper's token, and a fresh idempotency key on an order. */
function send(agent: http.Agent, base: string, method: string, p: string, token: string | undefined, body?: unknown): Promise<{ status: number; text: string }> {
  const headers = {
    ...(token ? { authorization: `Bearer ${token}` } : {}),
    ...(p === ENDPOINTS.orders.cashOnDelivery.path ? { 'idempotency-key': randomUUID() } : {}),
  };
  return requestText(agent, new URL(p, base), method, headers, body === undefined ? undefined : JSON.stringify(body));
}

async function runJourneys(setup: JourneySetup): Promise<JourneyRound> {
  const db = knex({ client: 'pg', connection: setup.databaseUrl, pool: { min: 0, max: 4 } });
  const agents = setup.bases.map(() => new http.Agent({ keepAlive: true, maxSockets: setup.concurrent }));
  try {
    const random = seededRandom(setup.seed);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
    const latencies = Object.fromEntries(STEPS.map((s) => [s, [] as number[]])) as Record<Step, number[]>;
    const errors = Object.fromEntries(STEPS.map((s) => [s, 0])) as Record<Step, number>;
    const errorKinds = new Set<string>();
    const placed: string[] = [];
    let turn = 0;

    /** One timed request to the next instance in turn; a non-2xx answer counts as an error of its step. */
    const timed = async <E extends Endpoint>(step: Step, e: E, token: string | undefined, body?: BodyOf<E>) => {
      const index = turn++ % setup.bases.length;
      const started = performance.now();
      const answer = await send(agents[index] as http.Agent, setup.bases[index] as string, e.method.toUpperCase(), e.path, token, body).catch((error: unknown) => ({ status: 0, text: String(error) }));
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

    const journey = async (shopper: JourneySetup['shoppers'][number]) => {
      await timed('home', ENDPOINTS.products.home, shopper.token);
      const listing = pick(setup.listings);
      await timed('listing', ENDPOINTS.products.listing, shopper.token, { categoryId: listing.categoryId, subCategoryId: listing.subCategoryId, page: 1, limit: CATEGORY_PAGE_SIZE });
      await timed('search', ENDPOINTS.products.search, shopper.token, { search: pick(setup.searchTerms), page: 1, limit: SEARCH_PAGE_SIZE });
      const lines = new Map<string, JourneySetup['pool'][number]>();
      const wanted = 1 + Math.floor(random() * 3);
      while (lines.size < wanted) {
        const product = pick(setup.pool);
        lines.set(product.id, product);
      }
      for (const product of lines.values()) await timed('add to cart', ENDPOINTS.cart.add, shopper.token, { productId: product.id });
      await timed('cart', ENDPOINTS.cart.list, shopper.token);
      const choose = pick(DELIVERY_OPTION_LABELS);
      const totals = computeTotals([...lines.values()].map((p) => ({ pricePaise: p.pricePaise, discount: p.discount, quantity: 1 })), choose);
      const answer = await timed('order', ENDPOINTS.orders.cashOnDelivery, shopper.token, {
        list_items: [...lines.values()].map((p) => ({ productId: p.id, quantity: 1 })),
        addressId: shopper.addressId,
        subTotalAmt: paiseToRupees(totals.subtotalPaise),
        totalAmt: paiseToRupees(totals.grandTotalPaise),
        location: `${CENTRE.lat}, ${CENTRE.lng}`,
        Choose: choose,
      });
      const id = answer.status === 201 ? (JSON.parse(answer.text) as { data?: { _id?: string } }).data?._id : undefined;
      if (id) placed.push(id);
      else await db('cart_items').where({ user_id: shopper.id }).del(); // a refused order leaves its cart: start clean
    };

    const free = [...setup.shoppers];
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: setup.concurrent }, async () => {
        for (let i = next++; i < setup.journeys; i = next++) {
          const shopper = free.pop();
          if (!shopper) throw new Error('more concurrent shoppers than shoppers');
          await journey(shopper).finally(() => free.unshift(shopper));
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    return {
      seconds,
      requests: STEPS.reduce((sum, s) => sum + latencies[s].length, 0),
      placed,
      steps: Object.fromEntries(STEPS.map((s) => [s, { requests: latencies[s].length, errors: errors[s], ...latencySummary(latencies[s]) }])) as unknown as JourneyRound['steps'],
      errorKinds: [...errorKinds],
    };
  } finally {
    for (const agent of agents) agent.destroy();
    await db.destroy();
  }
}

/** A job for the journey load process: one round of journeys; it answers a `JourneyRound`. */
type JourneyCommand = { cmd: 'run'; setup: JourneySetup };

/** One round of journeys, sent from a process of its own (a fresh one each round); resolves with what it measured. */
export async function runJourneyLoad(setup: JourneySetup): Promise<JourneyRound> {
  const worker = await forkWorker<JourneyCommand, JourneyRound>('bench-journey-load.ts', 'journey load process');
  try {
    return await worker.ask({ cmd: 'run', setup });
  } finally {
    worker.close();
  }
}

// Started as a process of its own: rounds as the benchmark asks (one, in practice), then done.
if (process.send && process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  process.on('message', (message: (JourneyCommand & { id: number }) | { cmd: 'exit' }) => {
    if (message.cmd === 'exit') process.exit(0);
    else answerJob(message.id, runJourneys(message.setup));
  });
  process.on('disconnect', () => process.exit(0));
  process.send({ cmd: 'ready' } satisfies WorkerReply<JourneyRound>);
}
