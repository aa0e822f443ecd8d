// The day's report and the rider's card with lines sold by weight (issue 34), over real HTTP on both databases:
// orders placed through the cart, packed through PUT /api/orders/pack with the scale's grams, and the report's kilos
// and amounts, and the weights and amounts on the rider's card, checked against what the orders themselves charged
// (their lines' lineTotal and totalAmt) and the shared weight rule.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutTotals, paiseToRupees, weighedAmountPaise, type DayReport, type OrderLine, type OrderStatus, type OrderWire, type RiderOrdersWire } from '@kade/shared';
import { fixedClock } from '../src/clock';
import { DB_KINDS, insertProduct, quickAccount, sessionAuth, startTestServer, type TestServer } from './helpers';

type Body<T = unknown> = { success: boolean; code?: string; field?: string; message: string; data: T };

const DAY = '2026-12-05';
const at = (time: string) => new Date(`${DAY}T${time}:00+05:30`);
const STANDARD = '50 Minutes to 1 Hour';

describe.each(DB_KINDS)('the day report counts kilos sold beside units on %s', (kind) => {
  let server: TestServer;
  const clock = fixedClock(at('08:00'));
  let staffId: string;
  const staffAuth = () => sessionAuth(server, { id: staffId, role: 'STAFF' });
  /** Carrots Rs.480/kg and dhal Rs.300/kg less 5% (Rs.285/kg), both in 250 g steps; soap by the unit. */
  const ids = { carrots: '', dhal: '', soap: '' };
  /** Every line the day's orders charged, by product name, from the orders' own answers. */
  const charged: OrderWire[] = [];
  /** The orders by their name in the test. */
  const placed: Record<string, string> = {};

  async function weighedProduct(name: string, price: number, discount: number): Promise<string> {
    const id = await insertProduct(server, { name, price, discount, stock: 100_000, unit: '' });
    await server.db.knex('products').where({ id }).update({ sell_by: 'WEIGHT', step_grams: 250, min_grams: 250, max_grams: 5000 });
    return id;
  }

  /** Places an order of [product, quantity] (steps for a weighed product) through the cart, as a shopper does. */
  async function place(lines: Array<[keyof typeof ids, number]>): Promise<string> {
    const who = await quickAccount(server);
    const address = await server.api<Body<{ _id: string }>>('POST', '/api/address/create', { address_line: 'Home', city: '5 Station Road', state: 'Near the school', pincode: '0771112222', mobile: 'Home', latitude: 6.879, longitude: 79.862 }, who.auth);
    const priced: OrderLine[] = [];
    for (const [name, quantity] of lines) {
      const item = await server.api<Body<{ _id: string }>>('POST', '/api/cart/create', { productId: ids[name] }, who.auth);
      expect(item.status, JSON.stringify(item.body)).toBeLessThan(300);
      const set = await server.api<Body>('PUT', '/api/cart/update-qty', { _id: item.body.data._id, qty: quantity }, who.auth);
      expect(set.status, JSON.stringify(set.body)).toBe(200);
      const row = await server.db.knex('products').where({ id: ids[name] }).first('price_paise', 'discount', 'sell_by', 'step_grams');
      priced.push(
        row.sell_by === 'WEIGHT'
          ? { sellBy: 'WEIGHT', pricePaise: row.price_paise, discount: Number(row.discount), askedGrams: quantity * row.step_grams }
          : { pricePaise: row.price_paise, discount: Number(row.discount), quantity },
      );
    }
    const { estimate } = checkoutTotals(priced, STANDARD);
    const res = await server.api<Body<{ _id: string }>>('POST', '/api/order/cash-on-delivery', {
      list_items: lines.map(([name, quantity]) => ({ productId: ids[name], quantity })),
      addressId: address.body.data._id,
      subTotalAmt: paiseToRupees(estimate.subtotalPaise),
      totalAmt: paiseToRupees(estimate.grandTotalPaise),
      location: 'Location not available',
      Choose: STANDARD,
    }, who.auth);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data._id;
  }

  async function status(orderId: string, order_status: OrderStatus): Promise<void> {
    const res = await server.api<Body>('PUT', '/api/orders/update-status', { orderId, order_status }, await staffAuth());
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }

  async function pack(orderId: string, lines: Array<Record<string, unknown>>): Promise<OrderWire> {
    const res = await server.api<Body<OrderWire>>('PUT', '/api/orders/pack', { orderId, lines }, await staffAuth());
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  }

  const read = async (orderId: string) => (await server.api<Body<OrderWire>>('GET', `/api/order/details?orderId=${orderId}`, undefined, await staffAuth())).body.data;

  beforeAll(async () => {
    server = await startTestServer(kind, { clock, env: { SHOP_HOURS: '00:00-23:59', FRESH_HOURS: '00:00-23:59' } });
    staffId = (await quickAccount(server, { role: 'STAFF', name: 'Counter Clerk' })).id;
    ids.carrots = await weighedProduct('Carrots', 480, 0);
    ids.dhal = await weighedProduct('Red Dhal', 300, 5);
    ids.soap = await insertProduct(server, { name: 'Sunlight Soap', price: 95, stock: 1000 });

    clock.set(at('09:00'));
    // A: 750 g of carrots weighed at 742 g, two soaps found
    const A = (placed.A = await place([['carrots', 3], ['soap', 2]]));
    await status(A, 'Processing');
    await pack(A, [{ productId: ids.carrots, weighedGrams: 742 }, { productId: ids.soap, found: 2 }]);
    charged.push(await read(A));
    // B: 500 g of carrots still to weigh: counted at the asked weight
    const B = (placed.B = await place([['carrots', 2]]));
    charged.push(await read(B));
    // C: 1 kg of dhal weighed at 1.2 kg, over the 10% tolerance: charged at the 1.1 kg cap until the shopper says
    const C = await place([['dhal', 4]]);
    await status(C, 'Processing');
    await pack(C, [{ productId: ids.dhal, weighedGrams: 1200 }]);
    charged.push(await read(C));
    // E: a kilo of carrots, cancelled: not sold (placed before D is packed: a line not found sets its stock to 0)
    const E = await place([['carrots', 4]]);
    await status(E, 'Processing');
    await status(E, 'Cancelled');
    // D: 250 g of carrots not found: nothing sold
    const D = (placed.D = await place([['carrots', 1], ['soap', 1]]));
    await status(D, 'Processing');
    await pack(D, [{ productId: ids.carrots, found: 0 }]);
    charged.push(await read(D));
    clock.set(at('17:00'));
  }, 240_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('lists kilos (three decimals) for weighed products and units for the rest, at the amounts the orders charged', async () => {
    const res = await server.api<Body<DayReport>>('GET', `/api/orders/report?day=${DAY}`, undefined, await staffAuth());
    expect(res.status).toBe(200);
    // 742 g + 500 g of carrots; the dhal at its 1.1 kg cap; three soaps (two in A, one in D)
    expect(res.body.data.items).toEqual([
      { name: 'Sunlight Soap', unit: '1 pc', quantity: 3, kilos: 0, amount: 285 },
      { name: 'Carrots', unit: '', quantity: 0, kilos: 1.242, amount: 356 + 240 },
      { name: 'Red Dhal', unit: '', quantity: 0, kilos: 1.1, amount: 314 },
    ]);
    // the same amounts the orders' own lines charged (the server's lineTotal), and the shared rule's
    const lineTotal = (name: string) => charged.flatMap((o) => o.products).filter((l) => l.product_details.name === name).reduce((sum, l) => sum + (l.lineTotal ?? 0), 0);
    expect(lineTotal('Carrots')).toBe(596);
    expect(lineTotal('Red Dhal')).toBe(314);
    expect(paiseToRupees(weighedAmountPaise(1100, 28_500))).toBe(314); // Rs.313.50, half up
    const dhal = charged[2]!.products[0]!;
    expect([dhal.weighedGrams, dhal.chargedGrams]).toEqual([1200, 1100]);
  });

  it('writes the kilos into the CSV with three decimals', async () => {
    const csv = await server.api<string>('GET', `/api/orders/report.csv?day=${DAY}`, undefined, await staffAuth());
    expect(csv.status).toBe(200);
    const rows = csv.body.split('\r\n');
    const header = rows.indexOf('Item,Unit,Quantity,Kilos,Amount (Rs.)');
    expect(header).toBeGreaterThan(0);
    expect(rows.slice(header + 1, header + 4)).toEqual(['Sunlight Soap,1 pc,3,0.000,285', 'Carrots,,0,1.242,596', 'Red Dhal,,0,1.100,314']);
  });

  it("shows the rider each weighed line sent with its weight and amount, and the order's revised total", async () => {
    const rider = await quickAccount(server, { role: 'RIDER', name: 'Weighed Rider' });
    await status(placed.B!, 'Processing');
    for (const name of ['A', 'B', 'D']) {
      const res = await server.api<Body>('PUT', '/api/orders/assign', { orderId: placed[name], riderId: rider.id }, await staffAuth());
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    const mine = await server.api<Body<RiderOrdersWire>>('GET', '/api/rider/orders', undefined, rider.auth);
    expect(mine.status).toBe(200);
    const card = (name: string) => mine.body.data.orders.find((o) => o.id === placed[name])!;
    const wire = async (name: string) => (await server.api<Body<OrderWire>>('GET', `/api/order/details?orderId=${placed[name]}`, undefined, await staffAuth())).body.data;
    // A: weighed at 742 g, Rs.356 as its line charged; its total the server's revised one
    const a = await wire('A');
    expect(card('A').weighedLines).toEqual([{ name: 'Carrots', nameSi: null, nameTa: null, grams: 742, weighed: true, lineTotal: 356 }]);
    expect(a.products.find((l) => l.sellBy === 'WEIGHT')?.lineTotal).toBe(356);
    expect([card('A').total, card('A').cashToCollect]).toEqual([a.totalAmt, a.totalAmt]);
    // B: not weighed yet, at the asked 500 g
    expect(card('B').weighedLines).toEqual([{ name: 'Carrots', nameSi: null, nameTa: null, grams: 500, weighed: false, lineTotal: 240 }]);
    expect(card('B').total).toBe((await wire('B')).totalAmt);
    // D: the carrots were not found: no weighed line, the line among those removed
    expect(card('D').weighedLines).toEqual([]);
    expect(card('D').shortLines).toEqual([{ name: 'Carrots', nameSi: null, nameTa: null, ordered: 1, sent: 0 }]);
  });
});
