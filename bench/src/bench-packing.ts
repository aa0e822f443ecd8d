// The packing budgets of issue 33, run by bench-catalogue.ts (BENCH_PARTS=packing) against the Kade server it
// started on the benchmark's PostgreSQL database (shop hours open all day), in 3 rounds (BENCH_ROUNDS), the median
// judged and every round shown. One shopper places orders one after another over HTTP, a staff member takes each
// (Processing), and then:
//
// 1. Pack and revise: staff mark the order's line short (PUT /api/orders/pack): the time from sending the request
//    to its answer, which carries the revised order (the line found, the stock corrected, the total recomputed,
//    the event written, all in one transaction), and to the staff socket's `order:revised`.
// 2. The prompt: staff propose a dearer substitute for the short line (POST /api/orders/substitutions; the line's
//    choice is ASK, so the shopper is asked): the time from sending the proposal to the shopper's socket receiving
//    `order:revised` with the proposal in it, an upper bound of the time from its commit (judged); and from the
//    commit itself (a PostgreSQL notice sent by a trigger on the proposal's insert, delivered only at commit), which
//    reaches the bench on a connection of its own and can come after the socket's event.
// Everything is on loopback and every loop is bounded.
import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import pg from 'pg';
import { io as connect, type Socket } from 'socket.io-client';
import { computeTotals, ENDPOINTS, methodOf, mobileToLoginEmail, paiseToRupees, SOCKET_EVENTS, type AnswerOf, type BodyOf, type Endpoint, type OrderWire } from '@kade/shared';
import { hashPassword } from '@kade/server/testing';
import { setStock } from './bench-data';
import { median, ok, percentile, roundsCell } from './bench-stats';

export const PACKING_BUDGET = { packP99Ms: 100, promptP99Ms: 100 } as const;
const ORDERS = Number(process.env.BENCH_PACKING_ORDERS ?? (process.env.BENCH_QUICK ? 30 : 100));
const WARMUP = 10;
const ROUNDS = Math.max(3, Number(process.env.BENCH_ROUNDS ?? 3));
const CHANNEL = 'kade_bench_proposal_commit';
const OPTION = '50 Minutes to 1 Hour';
/** Inside the default delivery zone (Colombo 6). */
const AT = { latitude: 6.8741, longitude: 79.8605 };
/** How long one event may take to arrive before the sample is counted as missed. */
const EVENT_WAIT_MS = 10_000;

export interface PackingRound {
  orders: number;
  pack: { p50: number; p99: number; max: number };
  /** Request sent to the staff socket's order:revised. */
  packEvent: { received: number; p50: number; p99: number };
  /** The proposal's request sent to the shopper's socket hearing it: an upper bound of the commit's (judged). */
  prompt: { received: number; p50: number; p95: number; p99: number; max: number };
  /** The commit's notice to the shopper's socket (the notice reaches the bench through a connection of its own). */
  promptFromCommit: { received: number; p50: number; p99: number };
}

export interface PackingBenchResult {
  rounds: PackingRound[];
}

/** One call of an endpoint over HTTP (as a screen makes it), answering its `data`; a refusal throws. */
export async function call<E extends Endpoint>(base: string, e: E, token: string | undefined, body?: BodyOf<E>): Promise<AnswerOf<E>> {
  const method = methodOf(e);
  const response = await fetch(`${base}${e.path}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? null : JSON.stringify(body),
  });
  const parsed = (await response.json()) as { data: AnswerOf<E>; message: string };
  if (!response.ok) throw new Error(`${method} ${e.path} answered ${response.status}: ${parsed.message}`);
  return parsed.data;
}

/** A staff member (signed in as a person is) and a shopper with an address, over the API. */
async function people(knex: Knex, base: string) {
  const suffix = String(randomBytes(4).readUInt32BE() % 100_000_000).padStart(8, '0');
  const staff = { mobile: `074${suffix.slice(1)}`, password: `packer-${randomBytes(6).toString('hex')}` };
  await knex('users').insert({ name: 'Bench Packer', mobile: staff.mobile, email: mobileToLoginEmail(staff.mobile), password_hash: await hashPassword(staff.password), role: 'STAFF' });
  const staffToken = (await call(base, ENDPOINTS.account.login, undefined, staff)).accesstoken;
  const shopper = { mobile: `073${suffix.slice(1)}`, password: 'bench-shopper-1' };
  await call(base, ENDPOINTS.account.register, undefined, { name: 'Bench Packing Shopper', mobile: shopper.mobile, password: shopper.password });
  const token = (await call(base, ENDPOINTS.account.login, undefined, shopper)).accesstoken;
  const address = await call(base, ENDPOINTS.addresses.create, token, {
    address_line: 'Home', city: '14 Bench Lane, Colombo 6', state: 'Near the temple', pincode: `07${suffix}`, mobile: 'Home', ...AT,
  });
  return { staffToken, token, addressId: address._id };
}

/** Two plain products of one sub-category, the second dearer: the ordered one and its substitute. */
async function productPair(knex: Knex): Promise<{ ordered: { id: string; pricePaise: number; discount: number }; substitute: { id: string } }> {
  const rows = (await knex('products as p')
    .join('product_sub_categories as s', 's.product_id', 'p.id')
    .whereNull('p.parent_id')
    .whereNull('p.deleted_at')
    .where({ 'p.publish': true, 'p.single_quantity': false })
    .orderBy([{ column: 's.sub_category_id' }, { column: 'p.price_paise' }])
    .limit(200)
    .select('p.id', 'p.price_paise', 'p.discount', 's.sub_category_id')) as Array<{ id: string; price_paise: number; discount: string | number; sub_category_id: string }>;
  for (let i = 0; i + 1 < rows.length; i += 1) {
    const [a, b] = [rows[i], rows[i + 1]] as [(typeof rows)[number], (typeof rows)[number]];
    if (a.sub_category_id === b.sub_category_id && b.price_paise > a.price_paise && a.id !== b.id) {
      await setStock(knex, [a.id, b.id], 100_000);
      return { ordered: { id: a.id, pricePaise: a.price_paise, discount: Number(a.discount) }, substitute: { id: b.id } };
    }
  }
  throw new Error('the bench catalogue has no two products of one sub-category at different prices');
}

/** Resolves with the time the socket hears an order:revised that `matches`, or undefined after EVENT_WAIT_MS. */
function nextRevised(socket: Socket, matches: (order: OrderWire) => boolean): Promise<number | undefined> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      socket.off(SOCKET_EVENTS.orderRevised, listener);
      resolve(undefined);
    }, EVENT_WAIT_MS);
    const listener = (payload: { order: OrderWire }) => {
      if (!matches(payload.order)) return;
      const at = performance.now();
      clearTimeout(timer);
      socket.off(SOCKET_EVENTS.orderRevised, listener);
      resolve(at);
    };
    socket.on(SOCKET_EVENTS.orderRevised, listener);
  });
}

async function openSocket(base: string, token: string): Promise<Socket> {
  const socket = connect(base, { transports: ['websocket'], auth: { token }, reconnection: false });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

async function packingRound(options: { knex: Knex; databaseUrl: string; kadeUrl: string }): Promise<PackingRound> {
  const { knex, kadeUrl } = options;
  const listener = new pg.Client({ connectionString: options.databaseUrl });
  const committedAt = new Map<string, number>();
  const sockets: Socket[] = [];
  await knex.raw(`create or replace function kade_bench_proposal_notice() returns trigger language plpgsql as $$
    begin perform pg_notify('${CHANNEL}', new.id::text); return null; end $$`);
  await knex.raw('create trigger kade_bench_proposal_notice after insert on order_proposals for each row execute function kade_bench_proposal_notice()');
  try {
    await listener.connect();
    listener.on('notification', (note) => {
      if (note.channel === CHANNEL && note.payload) committedAt.set(note.payload, performance.now());
    });
    await listener.query(`listen ${CHANNEL}`);
    const { staffToken, token, addressId } = await people(knex, kadeUrl);
    const { ordered, substitute } = await productPair(knex);
    const staffSocket = await openSocket(kadeUrl, staffToken);
    const shopperSocket = await openSocket(kadeUrl, token);
    sockets.push(staffSocket, shopperSocket);
    const totals = computeTotals([{ pricePaise: ordered.pricePaise, discount: ordered.discount, quantity: 2 }], OPTION);

    const pack: number[] = [];
    const packEvent: number[] = [];
    const prompt: number[] = [];
    const promptFromCommit: number[] = [];
    for (let i = 0; i < WARMUP + ORDERS; i += 1) {
      const timed = i >= WARMUP;
      // marking the line short set its stock to 0: the shelf is filled again for the next order
      await setStock(knex, [ordered.id], 100_000);
      const line = await call(kadeUrl, ENDPOINTS.cart.add, token, { productId: ordered.id });
      await call(kadeUrl, ENDPOINTS.cart.setQuantity, token, { _id: line._id, qty: 2 });
      const order = await call(kadeUrl, ENDPOINTS.orders.cashOnDelivery, token, {
        list_items: [{ productId: ordered.id, quantity: 2, substitution: 'ASK' }],
        addressId,
        subTotalAmt: paiseToRupees(totals.subtotalPaise),
        totalAmt: paiseToRupees(totals.grandTotalPaise),
        location: `${AT.latitude}, ${AT.longitude}`,
        Choose: OPTION,
      });
      await call(kadeUrl, ENDPOINTS.orders.updateStatus, staffToken, { orderId: order._id, order_status: 'Processing' });

      const revisedForStaff = nextRevised(staffSocket, (o) => o._id === order._id && o.products.some((line) => line.found === 1));
      const sent = performance.now();
      await call(kadeUrl, ENDPOINTS.orders.pack, staffToken, { orderId: order._id, lines: [{ productId: ordered.id, found: 1 }] });
      const answered = performance.now();
      const heard = await revisedForStaff;

      const asked = nextRevised(shopperSocket, (o) => o._id === order._id && (o.proposals ?? []).some((p) => p.status === 'PENDING'));
      const proposing = performance.now();
      const { proposal } = await call(kadeUrl, ENDPOINTS.orders.proposeSubstitute, staffToken, { orderId: order._id, productId: ordered.id, substituteId: substitute.id, quantity: 1 });
      const promptAt = await asked;
      // the commit's notice may reach the bench after the socket's event: wait for it (at most 2 s)
      for (let wait = 0; wait < 200 && !committedAt.has(proposal._id); wait += 1) await new Promise((resolve) => setTimeout(resolve, 10));
      const commit = committedAt.get(proposal._id);
      if (!timed) continue;
      pack.push(answered - sent);
      if (heard !== undefined) packEvent.push(heard - sent);
      if (promptAt !== undefined) prompt.push(promptAt - proposing);
      if (promptAt !== undefined && commit !== undefined) promptFromCommit.push(promptAt - commit);
      // the shopper declines, giving the substitute's stock back (and the order stays as packed)
      await call(kadeUrl, ENDPOINTS.orders.answerSubstitution, token, { orderId: order._id, proposalId: proposal._id, accept: false });
    }
    for (const list of [pack, packEvent, prompt, promptFromCommit]) list.sort((a, b) => a - b);
    return {
      orders: ORDERS,
      pack: { p50: percentile(pack, 50), p99: percentile(pack, 99), max: pack[pack.length - 1] ?? Number.NaN },
      packEvent: { received: packEvent.length, p50: percentile(packEvent, 50), p99: percentile(packEvent, 99) },
      prompt: { received: prompt.length, p50: percentile(prompt, 50), p95: percentile(prompt, 95), p99: percentile(prompt, 99), max: prompt[prompt.length - 1] ?? Number.NaN },
      promptFromCommit: { received: promptFromCommit.length, p50: percentile(promptFromCommit, 50), p99: percentile(promptFromCommit, 99) },
    };
  } finally {
    for (const socket of sockets) socket.close();
    await listener.end().catch(() => undefined);
    await knex.raw('drop trigger if exists kade_bench_proposal_notice on order_proposals');
    await knex.raw('drop function if exists kade_bench_proposal_notice()');
  }
}

export async function runPackingBench(options: { knex: Knex; databaseUrl: string; kadeUrl: string }): Promise<PackingBenchResult> {
  const rounds: PackingRound[] = [];
  for (let round = 1; round <= ROUNDS; round += 1) {
    const result = await packingRound(options);
    console.log(
      `bench: packing, round ${round}: pack answered p99 ${result.pack.p99.toFixed(1)} ms; proposal to the shopper's socket p99 ${result.prompt.p99.toFixed(1)} ms (${result.prompt.received}/${result.orders}; from the commit p99 ${result.promptFromCommit.p99.toFixed(1)} ms)`,
    );
    rounds.push(result);
  }
  return { rounds };
}

/** The 'packing' section of docs/BENCHMARKS.md. */
export function packingReport(result: PackingBenchResult): string[] {
  const rounds = result.rounds;
  const cell = (pick: (x: PackingRound) => number, digits = 1) => roundsCell(rounds.map(pick), digits);
  const packP99 = median(rounds.map((x) => x.pack.p99));
  const promptP99 = median(rounds.map((x) => x.prompt.p99));
  const allHeard = rounds.every((x) => x.prompt.received === x.orders && x.packEvent.received === x.orders);
  return [
    '## Packing (issue 33)',
    '',
    `One shopper places ${ORDERS} orders a round (after ${WARMUP} untimed), one after another over HTTP; a staff member takes each, marks its line short (\`PUT /api/orders/pack\`: the line found, the stock corrected, the total revised and the event written in one transaction) and proposes a dearer substitute, which the shopper, whose line says ASK, is asked about live. ${rounds.length} rounds (the median judged, every round in brackets).`,
    '',
    '| figure | p50 ms | p99 ms | max ms | heard | p99 < 100 ms |',
    '| --- | ---: | ---: | ---: | ---: | --- |',
    `| pack and revise: request to its answer (the revised order) | ${cell((x) => x.pack.p50)} | ${cell((x) => x.pack.p99)} | ${cell((x) => x.pack.max)} | | ${ok(packP99 < PACKING_BUDGET.packP99Ms)} |`,
    `| pack and revise: request to the staff socket's \`order:revised\` | ${cell((x) => x.packEvent.p50)} | ${cell((x) => x.packEvent.p99)} | | ${rounds.map((x) => `${x.packEvent.received}/${x.orders}`).join(', ')} | |`,
    `| the prompt: the proposal's request to the shopper's socket (an upper bound of its commit's, judged) | ${cell((x) => x.prompt.p50)} | ${cell((x) => x.prompt.p99)} | ${cell((x) => x.prompt.max)} | ${rounds.map((x) => `${x.prompt.received}/${x.orders}`).join(', ')} | ${ok(promptP99 < PACKING_BUDGET.promptP99Ms && allHeard)} |`,
    `| the prompt: the commit's notice (a trigger's pg_notify, heard on a connection of the bench's own) to the shopper's socket | ${cell((x) => x.promptFromCommit.p50)} | ${cell((x) => x.promptFromCommit.p99)} | | ${rounds.map((x) => `${x.promptFromCommit.received}/${x.orders}`).join(', ')} | |`,
    '',
  ];
}
