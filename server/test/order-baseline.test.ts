// The bench's order baseline (bench/src/bench-order-baseline.ts) against the real Kade server on the same PostgreSQL database: for the
// same cart it answers an order placement with Kade's status and shape, and it sends Kade's statements, text for
// text, in Kade's order (the session check, BEGIN, the read, the write, COMMIT). Counts and texts, never timings.
// PostgreSQL only: the baseline is a pg client (PGlite has no socket).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeTotals, paiseToRupees } from '@kade/shared';
import { fixedClock } from '../src/clock';
import { SESSION_SETUP_SQL } from '../src/db/database';
import { createTestDatabase, DB_KINDS, insertProduct, quickAccount, startTestServer, type TestServer } from './helpers';
import { watchStatements, type StatementLog } from './statement-log';
import { startOrderBaseline } from '../../bench/src/bench-order-baseline';

const OPEN = '2026-11-22T05:00:00Z';
const INSIDE = { latitude: 6.879, longitude: 79.862, accuracy: 10 };
const OPTION = '50 Minutes to 1 Hour';

type Answer = { success: boolean; error: boolean; code?: string; message: string; data: Record<string, unknown> };

describe.each(DB_KINDS.filter((kind) => kind === 'postgres'))('the order baseline on %s', (kind) => {
  let server: TestServer;
  let baseline: Awaited<ReturnType<typeof startOrderBaseline>>;
  let log: StatementLog;
  const baselineStatements: string[] = [];
  const products: Array<{ id: string; price: number }> = [];

  beforeAll(async () => {
    const database = await createTestDatabase(kind);
    server = await startTestServer(kind, { clock: fixedClock(OPEN), database });
    for (const [name, price, stock] of [['Samba Rice 1kg', 290, 100], ['Dhal 500g', 180, 100], ['Last Coconut', 120, 1]] as const) {
      products.push({ id: await insertProduct(server, { name, price, stock, categories: ['All Product'], subCategories: ['All Products'] }), price });
    }
    const databaseUrl = database.url;
    if (!databaseUrl) throw new Error('the test database has no PostgreSQL url');
    baseline = await startOrderBaseline({
      databaseUrl,
      jwtSecret: server.config.jwtSecret,
      shop: server.config.zone.centre,
      poolMax: 2,
      sessionSql: SESSION_SETUP_SQL,
      now: () => server.clock.now(),
      onStatement: (text) => baselineStatements.push(text),
    });
    log = watchStatements(server.db.knex);
  }, 240_000); // a hang guard: a loaded machine starts servers slowly
  afterAll(async () => {
    await baseline?.close();
    await server?.stop();
  });

  /** A new buyer with an address and these lines in their cart; the order as the shop's checkout sends it. */
  async function buyerWith(lines: Array<{ product: { id: string; price: number }; quantity: number }>) {
    const buyer = await quickAccount(server);
    const address = await server.api<{ data: { _id: string } }>('POST', '/api/address/create', { address_line: 'Home', city: '5 Station Road', state: 'Near the school', pincode: '0771112222', mobile: 'Home', ...INSIDE }, buyer.auth);
    for (const line of lines) await server.db.knex('cart_items').insert({ user_id: buyer.id, product_id: line.product.id, quantity: line.quantity });
    const totals = computeTotals(lines.map((line) => ({ pricePaise: line.product.price * 100, discount: 0, quantity: line.quantity })), OPTION);
    const order = {
      list_items: lines.map((line) => ({ productId: line.product.id, quantity: line.quantity })),
      addressId: address.body.data._id,
      subTotalAmt: paiseToRupees(totals.subtotalPaise),
      totalAmt: paiseToRupees(totals.grandTotalPaise),
      location: '6.879000, 79.862000',
      Choose: OPTION,
    };
    return { buyer, order };
  }

  async function placeAtBaseline(order: unknown, auth: Record<string, string>): Promise<{ status: number; body: Answer; statements: string[] }> {
    baselineStatements.length = 0;
    const response = await fetch(`${baseline.url}/api/order/cash-on-delivery`, { method: 'POST', headers: { 'content-type': 'application/json', ...auth }, body: JSON.stringify(order) });
    return { status: response.status, body: (await response.json()) as Answer, statements: [...baselineStatements] };
  }

  it('places the same cart with Kade\'s status, shape and figures, sending Kade\'s statements text for text', async () => {
    const lines = [{ product: products[0]!, quantity: 2 }, { product: products[1]!, quantity: 1 }];
    const atKade = await buyerWith(lines);
    const atBaseline = await buyerWith(lines);
    const kade = await log.during(() => server.api<Answer>('POST', '/api/order/cash-on-delivery', atKade.order, atKade.buyer.auth));
    const base = await placeAtBaseline(atBaseline.order, atBaseline.buyer.auth);

    expect(kade.result.status, JSON.stringify(kade.result.body)).toBe(201);
    expect(base.status, JSON.stringify(base.body)).toBe(201);
    const { data: kadeOrder, ...kadeEnvelope } = kade.result.body;
    const { data: baseOrder, ...baseEnvelope } = base.body;
    expect(baseEnvelope).toEqual(kadeEnvelope);
    expect(Object.keys(baseOrder).sort()).toEqual(Object.keys(kadeOrder).sort());
    for (const field of ['order_status', 'payment_method', 'subTotalAmt', 'totalAmt', 'deliveryFee', 'delivery_option', 'items', 'delivery_address']) {
      const strip = (order: Record<string, unknown>) => JSON.parse(JSON.stringify(order[field] ?? null, (key, value: unknown) => (key === '_id' ? undefined : value))) as unknown;
      expect(strip(baseOrder), field).toEqual(strip(kadeOrder));
    }
    // written alike: the order, its lines, the stock taken and the cart emptied
    for (const [who, id] of [['kade', kadeOrder._id], ['baseline', baseOrder._id]] as const) {
      expect(await server.db.knex('order_lines').where({ order_id: id }).count({ n: '*' }).first().then((row) => Number(row?.n)), who).toBe(2);
    }
    expect(await server.db.knex('cart_items').whereIn('user_id', [atKade.buyer.id, atBaseline.buyer.id]).count({ n: '*' }).first().then((row) => Number(row?.n))).toBe(0);

    expect(kade.statements, kade.statements.join('\n---\n')).toHaveLength(5);
    expect(base.statements).toEqual(kade.statements);
  });

  it('refuses a line with too little stock as Kade does, and writes nothing', async () => {
    const lines = [{ product: products[2]!, quantity: 1 }];
    const first = await buyerWith(lines);
    const second = await buyerWith(lines);
    // the last one goes to the baseline's buyer; Kade's buyer then finds none left, and so does the baseline's next try
    const sold = await placeAtBaseline(first.order, first.buyer.auth);
    expect(sold.status, JSON.stringify(sold.body)).toBe(201);
    const kade = await log.during(() => server.api<Answer>('POST', '/api/order/cash-on-delivery', second.order, second.buyer.auth));
    const third = await buyerWith(lines);
    const base = await placeAtBaseline(third.order, third.buyer.auth);
    expect(kade.result.status).toBe(409);
    expect(base.status).toBe(409);
    expect(base.body.code).toBe(kade.result.body.code);
    expect(base.body.code).toBe('OUT_OF_STOCK');
    expect(base.statements).toEqual(kade.statements);
    expect(await server.db.knex('cart_items').whereIn('user_id', [second.buyer.id, third.buyer.id]).count({ n: '*' }).first().then((row) => Number(row?.n))).toBe(2);
  });
});
