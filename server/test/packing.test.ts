// Packing that tells the truth (issue 33), over real HTTP on each database: the shopper's substitution choice
// travels with the order and is remembered per product; the order answers its revision, original total, found
// quantities and proposals.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paiseToRupees, reviseTotals } from '@kade/shared';
import { cashOnDeliveryBody, DB_KINDS, insertProduct, OPEN_NOW, quickAccount, startTestServer, stockOf, type TestServer } from './helpers';

const OPTION = '50 Minutes to 1 Hour';
const INSIDE = { latitude: 6.879, longitude: 79.862 };

interface OrderLine {
  productId: string;
  quantity: number;
  found: number | null;
  substitution: string;
}
interface PlacedOrder {
  _id: string;
  revision: number;
  totalAmt: number;
  originalTotalAmt: number;
  products: OrderLine[];
  proposals: unknown[];
}

/**
 * A new shopper with an address and these products in the cart (quantity 1 unless said), and how to place them as
 * an order (each line's substitution choice as given, none otherwise).
 */
async function shopperWith(server: TestServer, products: Array<{ id: string; price: number; quantity?: number }>) {
  const who = await quickAccount(server);
  const address = await server.api<{ data: { _id: string } }>('POST', '/api/address/create', { address_line: 'Home', city: '1 Lane', state: 'Temple', pincode: '0771231234', mobile: 'Home', ...INSIDE }, who.auth);
  const fill = async () => {
    for (const product of products) {
      await server.api('POST', '/api/cart/create', { productId: product.id }, who.auth);
      if ((product.quantity ?? 1) === 1) continue;
      const line = (await server.db.knex('cart_items').where({ user_id: who.id, product_id: product.id }).first('id')) as { id: string };
      await server.api('PUT', '/api/cart/update-qty', { _id: line.id, qty: product.quantity }, who.auth);
    }
  };
  await fill();
  const place = (choices: Record<string, string | undefined> = {}) => {
    const lines = products.map((p) => ({ productId: p.id, pricePaise: p.price * 100, quantity: p.quantity ?? 1, ...(choices[p.id] ? { substitution: choices[p.id] } : {}) }));
    return server.api<{ data: PlacedOrder; code?: string; field?: string; message: string }>('POST', '/api/order/cash-on-delivery', cashOnDeliveryBody(lines, address.body.data._id), who.auth);
  };
  return { who, place, fill };
}

describe.each(DB_KINDS)('the shopper\'s substitution choice on %s', (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(kind, { env: { ...OPEN_NOW, MIN_ORDER_RUPEES: '0' } });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('places each line with the choice sent for it, SIMILAR where none was, and answers the packing fields of a new order', async () => {
    const milk = { id: await insertProduct(server, { name: 'Fresh Milk 1L', price: 320, stock: 20 }), price: 320 };
    const bread = { id: await insertProduct(server, { name: 'Sandwich Bread', price: 180, stock: 20 }), price: 180 };
    const { place } = await shopperWith(server, [milk, bread]);
    const res = await place({ [milk.id]: 'ASK' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const order = res.body.data;
    expect(order.products.map((line) => [line.productId, line.substitution, line.found])).toEqual([
      [milk.id, 'ASK', null],
      [bread.id, 'SIMILAR', null],
    ]);
    expect(order).toMatchObject({ revision: 0, originalTotalAmt: order.totalAmt, proposals: [] });
    // read back the same from the shopper's list
    const listed = await server.db.knex('order_lines').where({ order_id: order._id }).orderBy('position').select('substitution', 'found');
    expect(listed).toEqual([{ substitution: 'ASK', found: null }, { substitution: 'SIMILAR', found: null }]);
  });

  it('remembers the choice per shopper and product, and a later order changes it', async () => {
    const eggs = { id: await insertProduct(server, { name: 'Eggs 10 pack', price: 450, stock: 20 }), price: 450 };
    const { who, place, fill } = await shopperWith(server, [eggs]);
    expect((await place({ [eggs.id]: 'NONE' })).status).toBe(201);
    const remembered = () => server.db.knex('substitution_choices').where({ user_id: who.id, product_id: eggs.id }).first('preference');
    expect(await remembered()).toEqual({ preference: 'NONE' });
    await fill();
    expect((await place({ [eggs.id]: 'ASK' })).status).toBe(201);
    expect(await remembered()).toEqual({ preference: 'ASK' });
  });

  it('keeps the choice on the cart line: SIMILAR at first, set with PUT /api/cart/substitution, taken by the order, and the next cart line starts from it', async () => {
    const tea = { id: await insertProduct(server, { name: 'Ceylon Tea 200g', price: 650, stock: 20 }), price: 650 };
    const { who, place, fill } = await shopperWith(server, [tea]);
    const cart = async () => (await server.api<{ data: Array<{ _id: string; substitution: string }> }>('GET', '/api/cart/get', undefined, who.auth)).body.data;
    const [line] = await cart();
    expect(line?.substitution).toBe('SIMILAR');
    const set = await server.api<{ data: { substitution: string } }>('PUT', '/api/cart/substitution', { _id: line!._id, substitution: 'NONE' }, who.auth);
    expect(set.status).toBe(200);
    expect(set.body.data.substitution).toBe('NONE');
    expect((await cart())[0]?.substitution).toBe('NONE');
    // another shopper cannot touch the line; a choice it does not know is refused naming it
    const other = await quickAccount(server);
    expect((await server.api('PUT', '/api/cart/substitution', { _id: line!._id, substitution: 'ASK' }, other.auth)).status).toBe(404);
    const bad = await server.api<{ code?: string; field?: string }>('PUT', '/api/cart/substitution', { _id: line!._id, substitution: 'ALWAYS' }, who.auth);
    expect([bad.status, bad.body.code, bad.body.field]).toEqual([400, 'VALIDATION', 'substitution']);
    expect((await server.api('PUT', '/api/cart/substitution', { _id: line!._id, substitution: 'ASK' })).status).toBe(401);
    // the order takes the cart line's choice when the payload says none
    const placed = await place();
    expect(placed.body.data.products[0]?.substitution).toBe('NONE');
    await fill();
    expect((await cart())[0]?.substitution).toBe('NONE'); // remembered for the next cart line
  });

  it('refuses a choice it does not know, naming the field, and writes nothing', async () => {
    const rice = { id: await insertProduct(server, { name: 'Samba Rice 5kg', price: 1500, stock: 20 }), price: 1500 };
    const { who, place } = await shopperWith(server, [rice]);
    for (const bad of ['MAYBE', 'similar', '\u0000', 'SIMILAR\n']) {
      const res = await place({ [rice.id]: bad });
      expect(res.status, bad).toBe(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION', field: 'list_items.0.substitution' });
    }
    expect(await server.db.knex('orders').where({ user_id: who.id }).first()).toBeUndefined();
  });
});

describe.each(DB_KINDS)('packing a taken order on %s', (kind) => {
  let server: TestServer;
  let staff: Awaited<ReturnType<typeof quickAccount>>;

  beforeAll(async () => {
    server = await startTestServer(kind, { env: { ...OPEN_NOW, MIN_ORDER_RUPEES: '0' } });
    staff = await quickAccount(server, { role: 'STAFF', name: 'Packer One' });
  });
  afterAll(async () => {
    await server?.stop();
  });

  /** An order of 2 milk (Rs.320) and 3 bread (Rs.180), Rs.1,180, taken by staff (Processing). */
  async function takenOrder() {
    const milk = await insertProduct(server, { name: 'Fresh Milk 1L', price: 320, stock: 20 });
    const bread = await insertProduct(server, { name: 'Sandwich Bread', price: 180, stock: 20 });
    const { who, place } = await shopperWith(server, [{ id: milk, price: 320, quantity: 2 }, { id: bread, price: 180, quantity: 3 }]);
    const placed = await place();
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const order = placed.body.data;
    expect((await server.api('PUT', '/api/orders/update-status', { orderId: order._id, order_status: 'Processing' }, staff.auth)).status).toBe(200);
    return { order, milk, bread, who };
  }

  const pack = (orderId: string, lines: Array<{ productId: string; found: number }>, auth = staff.auth) =>
    server.api<{ data: PlacedOrder; code?: string; field?: string; message: string }>('PUT', '/api/orders/pack', { orderId, lines }, auth);

  it('ticks lines found in full without a revision: the order sends what it was placed with', async () => {
    const { order, milk, bread } = await takenOrder();
    const res = await pack(order._id, [{ productId: milk, found: 2 }, { productId: bread, found: 3 }]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ revision: 0, totalAmt: order.totalAmt, originalTotalAmt: order.totalAmt });
    expect(res.body.data.products.map((line) => line.found)).toEqual([2, 3]);
    expect(await stockOf(server, milk)).toBe(18);
    expect(await server.db.knex('stock_corrections').where({ order_id: order._id }).first()).toBeUndefined();
  });

  it('a short line sets its product out of stock once, revises the total by the checkout promise, and records who and what', async () => {
    const { order, milk } = await takenOrder();
    expect(order.totalAmt).toBe(1150); // Rs.1,180: 2.25% off (Rs.26.55), free standard delivery, rounded down to Rs.1,150
    const res = await pack(order._id, [{ productId: milk, found: 1 }]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // Rs.860 now: the 2.25% promised at checkout stays (Rs.19.35 off) and delivery stays free (Rs.20 for Rs.860 otherwise)
    const expected = reviseTotals([{ pricePaise: 32000, discount: 0, quantity: 1 }, { pricePaise: 18000, discount: 0, quantity: 3 }], { optionLabel: OPTION, basketDiscountRate: 2.25, deliveryFeePaise: 0 });
    expect(res.body.data).toMatchObject({ revision: 1, totalAmt: paiseToRupees(expected.grandTotalPaise), originalTotalAmt: order.totalAmt });
    expect(expected).toMatchObject({ basketDiscountRate: 2.25, deliveryFeePaise: 0 });
    expect(await stockOf(server, milk)).toBe(0);
    const corrections = await server.db.knex('stock_corrections').where({ product_id: milk }).select('from_stock', 'to_stock', 'order_id', 'actor_id');
    expect(corrections).toEqual([{ from_stock: 18, to_stock: 0, order_id: order._id, actor_id: staff.id }]);
    const event = await server.db.knex('order_events').where({ order_id: order._id, kind: 'revised' }).first('revision', 'details', 'actor_id');
    expect(event).toMatchObject({ revision: 1, actor_id: staff.id });
    const details = (typeof event.details === 'string' ? JSON.parse(event.details) : event.details) as Record<string, unknown>;
    expect(details).toMatchObject({ totalBefore: 1150, totalAfter: paiseToRupees(expected.grandTotalPaise), lines: [{ productId: milk, ordered: 2, before: null, found: 1 }] });

    // restocked meanwhile; the same short again changes nothing; a second short count of it revises again without a second correction
    await server.db.knex('product_stock').where({ product_id: milk }).update({ stock: 7 });
    expect((await pack(order._id, [{ productId: milk, found: 1 }])).body.data.revision).toBe(1);
    const again = await pack(order._id, [{ productId: milk, found: 0 }]);
    expect(again.body.data.revision).toBe(2);
    expect(await stockOf(server, milk)).toBe(7);
    expect(Number((await server.db.knex('stock_corrections').where({ product_id: milk }).count('* as n').first())?.n)).toBe(1);
  });

  it('gives back on cancelling only what was found, and delivering expects the revised total', async () => {
    const first = await takenOrder();
    await pack(first.order._id, [{ productId: first.bread, found: 1 }]);
    await server.db.knex('product_stock').where({ product_id: first.bread }).update({ stock: 5 });
    expect((await server.api('PUT', '/api/orders/update-status', { orderId: first.order._id, order_status: 'Cancelled' }, staff.auth)).status).toBe(200);
    expect(await stockOf(server, first.bread)).toBe(6); // the one found goes back, not the two never on the shelf

    const second = await takenOrder();
    const revised = (await pack(second.order._id, [{ productId: second.milk, found: 0 }])).body.data;
    expect(revised.totalAmt).toBeLessThan(second.order.totalAmt);
    const shipped = await server.api('PUT', '/api/orders/update-status', { orderId: second.order._id, order_status: 'Shipped' }, staff.auth);
    expect(shipped.status).toBe(200);
    // the placed total is now a different amount from what is owed: it needs a reason
    const atOldTotal = await server.api<{ code?: string }>('PUT', '/api/orders/deliver', { orderId: second.order._id, cashCollected: second.order.totalAmt }, staff.auth);
    expect(atOldTotal.status).toBe(400);
    expect(atOldTotal.body.code).toBe('REASON_REQUIRED');
    const delivered = await server.api<{ data: { cashCollected: number; cashFlagged: boolean } }>('PUT', '/api/orders/deliver', { orderId: second.order._id, cashCollected: revised.totalAmt }, staff.auth);
    expect(delivered.status).toBe(200);
    expect(delivered.body.data).toMatchObject({ cashCollected: revised.totalAmt, cashFlagged: false });
  });

  it('refuses what cannot be packed: not Processing, more than ordered, a product not in it, a product twice, callers without the right', async () => {
    const { order, milk, who } = await takenOrder();
    const other = await insertProduct(server, { name: 'Not Ordered Tea', price: 400, stock: 5 });
    const tooMany = await pack(order._id, [{ productId: milk, found: 3 }]);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toMatchObject({ code: 'VALIDATION', field: 'lines.0.found' });
    const notIn = await pack(order._id, [{ productId: milk, found: 1 }, { productId: other, found: 1 }]);
    expect(notIn.status).toBe(400);
    expect(notIn.body).toMatchObject({ code: 'NOT_IN_ORDER', field: 'lines.1.productId' });
    expect((await server.db.knex('order_lines').where({ order_id: order._id, product_id: milk }).first('found')).found).toBeNull(); // nothing of it written
    const twice = await pack(order._id, [{ productId: milk, found: 1 }, { productId: milk, found: 2 }]);
    expect(twice.status).toBe(400);
    for (const bad of [-1, 1.5, 1e9, '2', null]) {
      const res = await server.api<{ code?: string; field?: string }>('PUT', '/api/orders/pack', { orderId: order._id, lines: [{ productId: milk, found: bad }] }, staff.auth);
      expect(res.status, String(bad)).toBe(typeof bad === 'string' ? 200 : 400);
    }
    await pack(order._id, [{ productId: milk, found: 2 }]);
    expect((await pack(order._id, [{ productId: milk, found: 2 }], who.auth)).status).toBe(403); // the shopper
    const rider = await quickAccount(server, { role: 'RIDER' });
    expect((await pack(order._id, [{ productId: milk, found: 2 }], rider.auth)).status).toBe(403);
    expect((await server.api('PUT', '/api/orders/pack', { orderId: order._id, lines: [{ productId: milk, found: 2 }] })).status).toBe(401);
    expect((await pack('00000000-0000-4000-8000-000000000000', [{ productId: milk, found: 2 }])).status).toBe(404);
    expect((await server.api('PUT', '/api/orders/update-status', { orderId: order._id, order_status: 'Shipped' }, staff.auth)).status).toBe(200);
    const late = await pack(order._id, [{ productId: milk, found: 1 }]);
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ code: 'ORDER_NOT_PACKING' });
  });

  it('two staff packing one order at once both land, one revision after the other', async () => {
    const { order, milk, bread } = await takenOrder();
    const other = await quickAccount(server, { role: 'STAFF', name: 'Packer Two' });
    const [a, b] = await Promise.all([pack(order._id, [{ productId: milk, found: 1 }]), pack(order._id, [{ productId: bread, found: 2 }], other.auth)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    // each answer is the order as it stands once its move committed: the one that went first may already show the
    // second's revision too, so the order's event log is what says both revised it, one after the other
    const logged = await server.db.knex('order_events').where({ order_id: order._id, kind: 'revised' }).orderBy('revision').pluck('revision');
    expect(logged).toEqual([1, 2]);
    expect(Math.max(a.body.data.revision, b.body.data.revision)).toBe(2);
    const final = (a.body.data.revision === 2 ? a : b).body.data;
    const expected = reviseTotals([{ pricePaise: 32000, discount: 0, quantity: 1 }, { pricePaise: 18000, discount: 0, quantity: 2 }], { optionLabel: OPTION, basketDiscountRate: 2.25, deliveryFeePaise: 0 });
    expect(final.totalAmt).toBe(paiseToRupees(expected.grandTotalPaise));
    expect(final.products.map((line) => line.found)).toEqual([1, 2]);
  });
});
