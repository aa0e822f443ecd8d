// Selling by weight (issue 34, items 2 to 4) over real HTTP and sockets on each database: a cart line of a weighed
// product counts steps from its minimum; placing reserves the asked grams (200 orders at once never take stock
// below 0 g) and keeps the "at most" figure; cancelling gives back exactly the grams reserved; packing takes the
// scale's grams, typed or read from the shop's label, moving the stock by the difference once; a weight over the
// tolerance is charged at the cap unless the shopper accepts the heavier one; and the total never passes the "at
// most" figure without that tap.
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildScaleLabel, checkoutTotals, paiseToRupees, SOCKET_EVENTS, weighedAmountPaise, type OrderLine } from '@kade/shared';
import { fixedClock } from '../src/clock';
import { DB_KINDS, insertProduct, OPEN_NOW, quickAccount, startTestServer, stockOf, type TestServer } from './helpers';
import { connected, nextWhere, open } from './socket-helpers';

const OPTION = '50 Minutes to 1 Hour';
const INSIDE = { latitude: 6.879, longitude: 79.862 };
const MINUTE = 60_000;

interface Line {
  productId: string;
  quantity: number;
  sellBy: string;
  grams: number | null;
  weighedGrams: number | null;
  chargedGrams: number | null;
  lineTotal: number;
  found: number | null;
  scaleCode?: string | null;
}
interface Proposal {
  _id: string;
  kind: string;
  weighedGrams: number | null;
  price: number;
  chargedPrice: number;
  status: string;
  productId: string | null;
}
interface Order {
  _id: string;
  orderId: string;
  revision: number;
  subTotalAmt: number;
  totalAmt: number;
  maxTotalAmt: number | null;
  products: Line[];
  proposals: Proposal[];
}
interface Answer<T> {
  data: T;
  code?: string;
  field?: string;
  message: string;
}


describe.each(DB_KINDS)('selling by weight on %s', (kind) => {
  let server: TestServer;
  const clock = fixedClock(new Date());
  const sockets: Socket[] = [];
  let codes = 0;

  beforeAll(async () => {
    server = await startTestServer(kind, { clock, env: { ...OPEN_NOW, MIN_ORDER_RUPEES: '0' } });
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await server?.stop();
  });

  /** Carrots at Rs.480 a kg, in 250 g steps from 250 g to 5 kg, with a scale code of their own. */
  async function carrots(stock = 20_000, options: { discount?: number; singleQuantity?: boolean } = {}) {
    const scaleCode = String(20_000 + ++codes + (kind === 'postgres' ? 5_000 : 0)).padStart(5, '0');
    const id = await insertProduct(server, {
      name: `Carrots ${kind} ${codes}`,
      price: 480,
      stock,
      unit: '1 kg',
      discount: options.discount ?? 0,
      single_quantity: options.singleQuantity ?? false,
      weighed: { stepGrams: 250, minGrams: 250, maxGrams: 5000, scaleCode },
    });
    return { id, scaleCode };
  }

  /** A shopper with an address and these lines in their cart (quantity in steps for a weighed product). */
  async function buyer(lines: Array<[string, number]>) {
    const who = await quickAccount(server);
    const address = await server.api<Answer<{ _id: string }>>('POST', '/api/address/create', { address_line: 'Home', city: '5 Station Road', state: 'Near the school', pincode: '0771112222', mobile: 'Home', ...INSIDE }, who.auth);
    for (const [productId, quantity] of lines) {
      const item = await server.api<Answer<{ _id: string; quantity: number }>>('POST', '/api/cart/create', { productId }, who.auth);
      expect(item.status, JSON.stringify(item.body)).toBe(200);
      if (quantity !== item.body.data.quantity) {
        const set = await server.api('PUT', '/api/cart/update-qty', { _id: item.body.data._id, qty: quantity }, who.auth);
        expect(set.status, JSON.stringify(set.body)).toBe(200);
      }
    }
    return { ...who, addressId: address.body.data._id, lines };
  }

  /** The body a correct client sends: the estimate's subtotal and total by the shared rules (weighed lines at their asked grams). */
  async function payload(who: Awaited<ReturnType<typeof buyer>>) {
    const rows = (await server.db.knex('products').whereIn('id', who.lines.map(([id]) => id)).select('id', 'price_paise', 'discount', 'sell_by', 'step_grams')) as Array<{
      id: string;
      price_paise: number;
      discount: string;
      sell_by: string;
      step_grams: number | null;
    }>;
    const lines: OrderLine[] = who.lines.map(([id, quantity]) => {
      const row = rows.find((r) => r.id === id)!;
      return row.sell_by === 'WEIGHT'
        ? { sellBy: 'WEIGHT', pricePaise: row.price_paise, discount: Number(row.discount), askedGrams: quantity * (row.step_grams ?? 0) }
        : { pricePaise: row.price_paise, discount: Number(row.discount), quantity };
    });
    const { estimate, atMost } = checkoutTotals(lines, OPTION);
    return {
      body: {
        list_items: who.lines.map(([productId, quantity]) => ({ productId, quantity })),
        addressId: who.addressId,
        subTotalAmt: paiseToRupees(estimate.subtotalPaise),
        totalAmt: paiseToRupees(estimate.grandTotalPaise),
        location: '6.879000, 79.862000',
        Choose: OPTION,
      },
      estimate,
      atMost,
    };
  }

  async function place(who: Awaited<ReturnType<typeof buyer>>) {
    const { body } = await payload(who);
    const placed = await server.api<Answer<Order>>('POST', '/api/order/cash-on-delivery', body, who.auth);
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    return placed.body.data;
  }

  /** A placed order of 750 g of carrots (and 2 unit items when asked), taken into packing by a member of staff. */
  async function packing(options: { withUnits?: boolean; stock?: number } = {}) {
    const veg = await carrots(options.stock);
    const lines: Array<[string, number]> = [[veg.id, 3]];
    let bread: string | null = null;
    if (options.withUnits) {
      bread = await insertProduct(server, { name: `Sandwich Bread ${kind} ${codes}`, price: 180, stock: 20 });
      lines.push([bread, 2]);
    }
    const who = await buyer(lines);
    const order = await place(who);
    const staff = await quickAccount(server, { role: 'STAFF', name: 'Packer One' });
    expect((await server.api('PUT', '/api/orders/update-status', { orderId: order._id, order_status: 'Processing' }, staff.auth)).status).toBe(200);
    return { veg, bread, who, staff, order };
  }

  const pack = (auth: Record<string, string>, orderId: string, lines: Array<Record<string, unknown>>) => server.api<Answer<Order>>('PUT', '/api/orders/pack', { orderId, lines }, auth);
  const lineOf = (order: Order, productId: string) => order.products.find((l) => l.productId === productId)!;

  it('puts the minimum weight in the cart, counts steps from it, and refuses below the minimum or above the maximum and the stock', async () => {
    const veg = await carrots(1_000, { singleQuantity: true });
    const who = await quickAccount(server);
    const added = await server.api<Answer<{ _id: string; quantity: number; maxQuantity: number; productId: { sellBy: string; stepGrams: number; price: number; stock: number; single_quantity: boolean } }>>(
      'POST',
      '/api/cart/create',
      { productId: veg.id },
      who.auth,
    );
    expect(added.status).toBe(200);
    // one step of 250 g; the most is what 1,000 g of stock holds (4 steps); the one-per-order flag does not apply by weight
    expect(added.body.data).toMatchObject({ quantity: 1, maxQuantity: 4, productId: { sellBy: 'WEIGHT', stepGrams: 250, price: 480, stock: 1000, single_quantity: false } });
    const id = added.body.data._id;
    expect((await server.api<Answer<{ quantity: number }>>('PUT', '/api/cart/update-qty', { _id: id, qty: 3 }, who.auth)).body.data.quantity).toBe(3);
    const tooMuch = await server.api<Answer<unknown>>('PUT', '/api/cart/update-qty', { _id: id, qty: 5 }, who.auth);
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body).toMatchObject({ code: 'NOT_ENOUGH_STOCK', message: `You can have at most 1 kg of Carrots ${kind} ${codes}.`, data: { available: 4, availableGrams: 1000 } });

    // a product sold from 500 g: a line of one 250 g step is refused, 0 still removes it
    const pulses = await insertProduct(server, { name: `Red Dhal ${kind}`, price: 360, stock: 10_000, weighed: { stepGrams: 250, minGrams: 500, maxGrams: 2000 } });
    const dhal = await server.api<Answer<{ _id: string; quantity: number }>>('POST', '/api/cart/create', { productId: pulses }, who.auth);
    expect(dhal.body.data.quantity).toBe(2);
    const below = await server.api<Answer<unknown>>('PUT', '/api/cart/update-qty', { _id: dhal.body.data._id, qty: 1 }, who.auth);
    expect(below.status).toBe(400);
    expect(below.body).toMatchObject({ code: 'VALIDATION', field: 'qty', message: `Red Dhal ${kind} is sold from 500 g: choose at least that much, or remove it.` });
    expect((await server.api('PUT', '/api/cart/update-qty', { _id: dhal.body.data._id, qty: 0 }, who.auth)).status).toBe(200);
    expect(await server.db.knex('cart_items').where({ user_id: who.id, product_id: pulses }).first('id')).toBeUndefined();
  });

  it('places 750 g at its estimate, reserves 750 g, and carries the grams, the line total and the "at most" figure', async () => {
    const veg = await carrots(5_000);
    const bread = await insertProduct(server, { name: `Tea Bun ${kind}`, price: 90, stock: 10 });
    const who = await buyer([[veg.id, 3], [bread, 2]]);
    const { body, estimate, atMost } = await payload(who);
    const res = await server.api<Answer<Order>>('POST', '/api/order/cash-on-delivery', body, who.auth);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const order = res.body.data;
    // 750 g at Rs.480 a kg is Rs.360; the cap is 825 g, Rs.396
    expect(lineOf(order, veg.id)).toMatchObject({ quantity: 3, sellBy: 'WEIGHT', grams: 750, weighedGrams: null, chargedGrams: null, lineTotal: 360 });
    expect(lineOf(order, bread)).toMatchObject({ quantity: 2, sellBy: 'EACH', grams: null, weighedGrams: null, lineTotal: 180 });
    expect(order.subTotalAmt).toBe(paiseToRupees(estimate.subtotalPaise));
    expect(order.totalAmt).toBe(paiseToRupees(estimate.grandTotalPaise));
    expect(atMost).not.toBeNull();
    expect(order.maxTotalAmt).toBe(paiseToRupees(atMost!.grandTotalPaise));
    expect(order.maxTotalAmt!).toBeGreaterThan(order.totalAmt);
    expect(await stockOf(server, veg.id)).toBe(4_250);
    expect(await stockOf(server, bread)).toBe(8);
    // a shopper's answer names no scale code; the same order read back says the same
    const mine = await server.api<Answer<Order>>('GET', `/api/order/details?orderId=${order._id}`, undefined, who.auth);
    expect(lineOf(mine.body.data, veg.id)).toMatchObject({ grams: 750, lineTotal: 360, scaleCode: null });
    expect(mine.body.data.maxTotalAmt).toBe(order.maxTotalAmt);
  });

  it('never takes a weighed product below 0 g when 200 shoppers order it at the same moment', async () => {
    // 5 kg of stock, 750 g each: six orders fit, with 500 g left over that no 750 g order can take
    const veg = await carrots(5_000);
    // 200 shoppers, each with an address and 750 g in the cart, written straight to the tables (placing is what is
    // under test here; the cart's and the address's own calls are the other tests'), so the setup stays short on a
    // loaded machine
    const accounts = await Promise.all(Array.from({ length: 200 }, () => quickAccount(server)));
    const addresses = (await server.db
      .knex('addresses')
      .insert(accounts.map((a) => ({ user_id: a.id, label: 'Home', address_text: '5 Station Road', landmark: 'Near the school', contact_mobile: '0771112222', place_type: 'Home', ...INSIDE })))
      .returning(['id', 'user_id'])) as Array<{ id: string; user_id: string }>;
    await server.db.knex('cart_items').insert(accounts.map((a) => ({ user_id: a.id, product_id: veg.id, quantity: 3 })));
    const buyers = accounts.map((a) => ({ ...a, addressId: addresses.find((row) => row.user_id === a.id)!.id, lines: [[veg.id, 3]] as Array<[string, number]> }));
    const body = (await payload(buyers[0]!)).body;
    const results = await Promise.all(buyers.map((b) => server.api<Answer<Order>>('POST', '/api/order/cash-on-delivery', { ...body, addressId: b.addressId }, b.auth)));
    const placed = results.filter((r) => r.status === 201);
    expect(placed).toHaveLength(6);
    expect(results.filter((r) => r.status === 409)).toHaveLength(194);
    for (const r of results.filter((x) => x.status === 409)) expect(r.body.code).toBe('OUT_OF_STOCK');
    expect(await stockOf(server, veg.id)).toBe(500);
    const reserved = await server.db.knex('order_lines').where({ product_id: veg.id }).sum('grams as grams');
    expect(Number(reserved[0]?.grams)).toBe(4_500);
  }, 240_000);

  it('gives back exactly the grams a cancelled order reserved', async () => {
    const veg = await carrots(3_000);
    const who = await buyer([[veg.id, 5]]);
    const order = await place(who);
    expect(await stockOf(server, veg.id)).toBe(1_750);
    const cancelled = await server.api('PUT', '/api/order/cancel', { orderId: order._id }, who.auth);
    expect(cancelled.status).toBe(200);
    expect(await stockOf(server, veg.id)).toBe(3_000);
    // cancelling again gives nothing back twice
    expect((await server.api('PUT', '/api/order/cancel', { orderId: order._id }, who.auth)).status).toBe(200);
    expect(await stockOf(server, veg.id)).toBe(3_000);
  });

  it('charges what the scale said: 742 g typed is Rs.356, the 8 g difference goes back to stock once, and weighing again moves only the change', async () => {
    const { veg, staff, order } = await packing({ stock: 10_000 });
    expect(await stockOf(server, veg.id)).toBe(9_250);
    const packed = await pack(staff.auth, order._id, [{ productId: veg.id, weighedGrams: 742 }]);
    expect(packed.status, JSON.stringify(packed.body)).toBe(200);
    const line = lineOf(packed.body.data, veg.id);
    expect(line).toMatchObject({ grams: 750, weighedGrams: 742, chargedGrams: 742, found: 3, lineTotal: paiseToRupees(weighedAmountPaise(742, 48_000)) });
    expect(line.lineTotal).toBe(356);
    expect(packed.body.data.revision).toBe(1);
    expect(packed.body.data.subTotalAmt).toBe(356);
    // every weighed line is weighed: no "at most" any more
    expect(packed.body.data.maxTotalAmt).toBeNull();
    expect(await stockOf(server, veg.id)).toBe(9_258);

    // the same weight again changes nothing: no second give-back, no new revision
    const again = await pack(staff.auth, order._id, [{ productId: veg.id, weighedGrams: 742 }]);
    expect(again.status).toBe(200);
    expect(again.body.data.revision).toBe(1);
    expect(await stockOf(server, veg.id)).toBe(9_258);

    // weighed again at 760 g: 18 g more taken, charged Rs.365 (364.80 rounds half up)
    const heavier = await pack(staff.auth, order._id, [{ productId: veg.id, weighedGrams: 760 }]);
    expect(lineOf(heavier.body.data, veg.id)).toMatchObject({ weighedGrams: 760, chargedGrams: 760, lineTotal: 365 });
    expect(await stockOf(server, veg.id)).toBe(9_240);
    const events = await server.db.knex('order_events').where({ order_id: order._id, kind: 'revised' }).orderBy('created_at').select('note', 'details');
    expect(events.map((e: { note: string }) => e.note)).toEqual(['weighed', 'weighed']);
  });

  it('gives the difference back once when two packers send the same weight at the same moment', async () => {
    const { veg, staff, order } = await packing({ stock: 10_000 });
    const other = await quickAccount(server, { role: 'STAFF', name: 'Packer Two' });
    const label = buildScaleLabel(veg.scaleCode, 742);
    const [a, b] = await Promise.all([
      pack(staff.auth, order._id, [{ productId: veg.id, weighedGrams: 742 }]),
      pack(other.auth, order._id, [{ productId: veg.id, scaleLabel: label }]),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(await stockOf(server, veg.id)).toBe(9_258);
    const revisions = await server.db.knex('order_events').where({ order_id: order._id, kind: 'revised' }).count('* as n');
    expect(Number(revisions[0]?.n)).toBe(1);
  });

  it("reads the shop's scale label, and refuses a bad check digit, another product's label and weights for lines sold by the unit", async () => {
    const { veg, bread, staff, order } = await packing({ withUnits: true, stock: 10_000 });
    const other = await carrots(1_000);
    const label = buildScaleLabel(veg.scaleCode, 742);
    const bad = `${label.slice(0, 12)}${(Number(label[12]) + 1) % 10}`;
    const refusedDigit = await pack(staff.auth, order._id, [{ productId: veg.id, scaleLabel: bad }]);
    expect(refusedDigit.status).toBe(400);
    expect(refusedDigit.body).toMatchObject({ code: 'SCALE_LABEL_INVALID', field: 'lines.0.scaleLabel', data: { problem: 'CHECK_DIGIT' } });
    const notALabel = await pack(staff.auth, order._id, [{ productId: veg.id, scaleLabel: '4791234567892' }]);
    expect(notALabel.body).toMatchObject({ code: 'SCALE_LABEL_INVALID', data: { problem: 'NOT_A_SCALE_LABEL' } });
    const otherLabel = await pack(staff.auth, order._id, [{ productId: veg.id, scaleLabel: buildScaleLabel(other.scaleCode, 742) }]);
    expect(otherLabel.status).toBe(400);
    expect(otherLabel.body).toMatchObject({ code: 'SCALE_LABEL_OTHER_PRODUCT', field: 'lines.0.scaleLabel', data: { scaleCode: other.scaleCode } });
    const unitWeighed = await pack(staff.auth, order._id, [{ productId: bread, weighedGrams: 500 }]);
    expect(unitWeighed.status).toBe(400);
    expect(unitWeighed.body).toMatchObject({ code: 'NOT_SOLD_BY_WEIGHT', field: 'lines.0.weighedGrams' });
    const counted = await pack(staff.auth, order._id, [{ productId: veg.id, found: 3 }]);
    expect(counted.body).toMatchObject({ code: 'NOT_SOLD_BY_WEIGHT', field: 'lines.0.found' });
    const both = await pack(staff.auth, order._id, [{ productId: veg.id, weighedGrams: 700, scaleLabel: label }]);
    expect(both.status).toBe(400);
    expect(both.body.code).toBe('VALIDATION');
    for (const hostile of [0, -5, 1.5, 100_001, '742\u0000', 'x'.repeat(40)]) {
      const res = await pack(staff.auth, order._id, [{ productId: veg.id, weighedGrams: hostile }]);
      expect(res.status, String(hostile)).toBe(400);
    }
    // nothing refused wrote anything
    expect(await stockOf(server, veg.id)).toBe(9_250);
    expect((await server.db.knex('orders').where({ id: order._id }).first('revision')).revision).toBe(0);

    const read = await pack(staff.auth, order._id, [{ productId: veg.id, scaleLabel: label }, { productId: bread!, found: 2 }]);
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    expect(lineOf(read.body.data, veg.id)).toMatchObject({ weighedGrams: 742, lineTotal: 356, scaleCode: veg.scaleCode });
    expect(read.body.data.subTotalAmt).toBe(356 + 360);
    expect(await stockOf(server, veg.id)).toBe(9_258);
  });

  it('charges a weight over the tolerance at the cap and asks the shopper, live; accepting charges it as weighed, declining or silence keeps the cap', async () => {
    const { veg, who, staff, order } = await packing({ stock: 10_000 });
    const socket = open(server.url, who.accessToken);
    sockets.push(socket);
    await connected(socket);
    const told = nextWhere<{ order: Order }>(socket, SOCKET_EVENTS.orderRevised, ({ order: o }) => o._id === order._id && (o.proposals ?? []).some((p) => p.kind === 'HEAVIER'));
    // 900 g for 750 g asked: the cap is 825 g (Rs.396); 900 g would be Rs.432
    const packed = await pack(staff.auth, order._id, [{ productId: veg.id, weighedGrams: 900 }]);
    expect(packed.status, JSON.stringify(packed.body)).toBe(200);
    expect(lineOf(packed.body.data, veg.id)).toMatchObject({ weighedGrams: 900, chargedGrams: 825, lineTotal: 396 });
    const heavier = packed.body.data.proposals.find((p) => p.kind === 'HEAVIER')!;
    expect(heavier).toMatchObject({ status: 'PENDING', weighedGrams: 900, price: 432, chargedPrice: 396, productId: veg.id });
    const atMost = order.maxTotalAmt!;
    expect(packed.body.data.totalAmt).toBeLessThanOrEqual(atMost);
    expect((await told).order.proposals.find((p) => p.kind === 'HEAVIER')?._id).toBe(heavier._id);
    // the whole 900 g left the shelf
    expect(await stockOf(server, veg.id)).toBe(9_100);

    // another shopper cannot answer it; staff cannot answer for the shopper
    const stranger = await quickAccount(server);
    expect((await server.api('PUT', '/api/orders/substitutions/answer', { orderId: order._id, proposalId: heavier._id, accept: true }, stranger.auth)).status).toBe(404);

    const accepted = await server.api<Answer<Order>>('PUT', '/api/orders/substitutions/answer', { orderId: order._id, proposalId: heavier._id, accept: true }, who.auth);
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(lineOf(accepted.body.data, veg.id)).toMatchObject({ chargedGrams: 900, lineTotal: 432 });
    expect(accepted.body.data.subTotalAmt).toBe(432);
    expect(accepted.body.data.proposals.find((p) => p._id === heavier._id)?.status).toBe('ACCEPTED');
    // a second tap is refused, and the stock did not move
    expect((await server.api<Answer<unknown>>('PUT', '/api/orders/substitutions/answer', { orderId: order._id, proposalId: heavier._id, accept: false }, who.auth)).body.code).toBe('PROPOSAL_ANSWERED');
    expect(await stockOf(server, veg.id)).toBe(9_100);

    // declined: charged at the cap, nothing revised
    const second = await packing({ stock: 10_000 });
    const overAgain = await pack(second.staff.auth, second.order._id, [{ productId: second.veg.id, weighedGrams: 1_000 }]);
    const ask = overAgain.body.data.proposals.find((p) => p.kind === 'HEAVIER')!;
    const declined = await server.api<Answer<Order>>('PUT', '/api/orders/substitutions/answer', { orderId: second.order._id, proposalId: ask._id, accept: false }, second.who.auth);
    expect(declined.status).toBe(200);
    expect(lineOf(declined.body.data, second.veg.id)).toMatchObject({ weighedGrams: 1000, chargedGrams: 825, lineTotal: 396 });
    expect(declined.body.data.revision).toBe(overAgain.body.data.revision);
    expect(declined.body.data.totalAmt).toBeLessThanOrEqual(second.order.maxTotalAmt!);

    // unanswered: the countdown ends it, still at the cap
    const third = await packing({ stock: 10_000 });
    const silent = await pack(third.staff.auth, third.order._id, [{ productId: third.veg.id, weighedGrams: 950 }]);
    const waiting = silent.body.data.proposals.find((p) => p.kind === 'HEAVIER')!;
    clock.advance(6 * MINUTE);
    try {
      await server.settleSubstitutions();
    } finally {
      clock.advance(-6 * MINUTE);
    }
    const after = await server.api<Answer<Order>>('GET', `/api/order/details?orderId=${third.order._id}`, undefined, third.who.auth);
    expect(after.body.data.proposals.find((p) => p._id === waiting._id)?.status).toBe('EXPIRED');
    expect(lineOf(after.body.data, third.veg.id)).toMatchObject({ chargedGrams: 825, lineTotal: 396 });
    expect(after.body.data.totalAmt).toBeLessThanOrEqual(third.order.maxTotalAmt!);
  });

  it('weighs a line again after a heavier question: the old question ends, and a weight within the tolerance asks nothing', async () => {
    const { veg, staff, order } = await packing({ stock: 10_000 });
    const first = await pack(staff.auth, order._id, [{ productId: veg.id, weighedGrams: 900 }]);
    const ask = first.body.data.proposals.find((p) => p.kind === 'HEAVIER')!;
    const lighter = await pack(staff.auth, order._id, [{ productId: veg.id, weighedGrams: 800 }]);
    expect(lighter.status).toBe(200);
    expect(lighter.body.data.proposals.find((p) => p._id === ask._id)?.status).toBe('EXPIRED');
    expect(lighter.body.data.proposals.filter((p) => p.status === 'PENDING')).toHaveLength(0);
    expect(lineOf(lighter.body.data, veg.id)).toMatchObject({ weighedGrams: 800, chargedGrams: 800, lineTotal: 384 });
    // 750 reserved, 900 taken, then 100 back: 800 held
    expect(await stockOf(server, veg.id)).toBe(9_200);
    // found gone: the line costs nothing and the shelf is corrected to 0
    const gone = await pack(staff.auth, order._id, [{ productId: veg.id, found: 0 }]);
    expect(lineOf(gone.body.data, veg.id)).toMatchObject({ found: 0, weighedGrams: null, chargedGrams: null, lineTotal: 0 });
    expect(await stockOf(server, veg.id)).toBe(0);
  });

  it('lets only staff pack, and refuses another shopper reading the order', async () => {
    const { veg, who, order } = await packing();
    const shopper = await pack(who.auth, order._id, [{ productId: veg.id, weighedGrams: 742 }]);
    expect(shopper.status).toBe(403);
    const rider = await quickAccount(server, { role: 'RIDER' });
    expect((await pack(rider.auth, order._id, [{ productId: veg.id, weighedGrams: 742 }])).status).toBe(403);
    expect((await server.api('PUT', '/api/orders/pack', { orderId: order._id, lines: [{ productId: veg.id, weighedGrams: 742 }] })).status).toBe(401);
    const stranger = await quickAccount(server);
    expect((await server.api('GET', `/api/order/details?orderId=${order._id}`, undefined, stranger.auth)).status).toBe(404);
  });
});
