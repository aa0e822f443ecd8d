import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEXT, computeTotals, paiseToRupees } from '@kade/shared';
import { fixedClock } from '../src/clock';
import { DB_KINDS, insertProduct, quickAccount, startTestServer, type TestServer, stockOf } from './helpers';

type Order = { _id: string; orderId: string; order_status: string; totalAmt: number; subTotalAmt: number; deliveryFee: number; Choose: string; location: string; delivery_address: Record<string, unknown>; products: Array<{ quantity: number; product_details: { name: string; price: number; image: string[] } }>; userId: unknown };
type Body<T = unknown> = { success: boolean; code?: string; field?: string; message: string; data: T; totalCount?: number; counts?: Record<string, number> };

// 10:30 in Colombo: the shop is open and so are the fresh counters.
const OPEN = '2026-11-22T05:00:00Z';
const INSIDE = { latitude: 6.879, longitude: 79.862, accuracy: 10 };

describe.each(DB_KINDS)('cash-on-delivery orders on %s', (kind) => {
  let server: TestServer;
  const clock = fixedClock(OPEN);
  let admin: Awaited<ReturnType<typeof quickAccount>>;
  let products: { rice: string; dhal: string; carrots: string; treacle: string };

  beforeAll(async () => {
    server = await startTestServer(kind, { clock });
    admin = await quickAccount(server, { role: 'ADMIN', name: 'Counter One' });
    products = {
      rice: await insertProduct(server, { name: 'Samba Rice 1kg', price: 290, stock: 100, categories: ['All Product', 'Rice & Grains'] }),
      dhal: await insertProduct(server, { name: 'Mysore Dhal 500g', price: 210, discount: 5, stock: 100, categories: ['Rice & Grains'] }),
      carrots: await insertProduct(server, { name: 'Carrot 500g', price: 240, stock: 100, categories: ['Vegetable'] }),
      treacle: await insertProduct(server, { name: 'Kithul Treacle', price: 690, stock: 100, categories: ['Milk + Other'] }),
    };
  });
  afterAll(async () => {
    await server?.stop();
  });

  /** A buyer with an address and a cart holding these lines. */
  async function buyer(lines: Array<[string, number]>) {
    const who = await quickAccount(server);
    const address = await server.api<Body<{ _id: string }>>('POST', '/api/address/create', { address_line: 'Home', city: '5 Station Road', state: 'Near the school', pincode: '0771112222', mobile: 'Home', ...INSIDE }, who.auth);
    for (const [productId, quantity] of lines) {
      const item = await server.api<Body<{ _id: string }>>('POST', '/api/cart/create', { productId }, who.auth);
      if (quantity > 1) await server.api('PUT', '/api/cart/update-qty', { _id: item.body.data._id, qty: quantity }, who.auth);
    }
    return { ...who, addressId: address.body.data._id, lines };
  }

  /** The body a correct client sends, with totals from the shared rules. */
  async function payload(who: Awaited<ReturnType<typeof buyer>>, option = '50 Minutes to 1 Hour') {
    const rows = await server.db.knex('products').whereIn('id', who.lines.map(([id]) => id)).select('id', 'price_paise', 'discount');
    const totals = computeTotals(who.lines.map(([id, quantity]) => {
      const row = rows.find((r: { id: string }) => r.id === id);
      return { pricePaise: row.price_paise, discount: Number(row.discount), quantity };
    }), option);
    return {
      list_items: who.lines.map(([productId, quantity]) => ({ productId, quantity })),
      addressId: who.addressId,
      subTotalAmt: paiseToRupees(totals.subtotalPaise),
      totalAmt: paiseToRupees(totals.grandTotalPaise),
      location: '6.879000, 79.862000',
      Choose: option,
    };
  }

  const orderCount = async () => Number((await server.db.knex('orders').count('* as n'))[0]?.n);

  it('places an order: re-priced, stock taken, lines kept as a snapshot, the cart emptied', async () => {
    const who = await buyer([[products.rice, 2], [products.dhal, 1]]);
    const body = await payload(who);
    const res = await server.api<Body<Order>>('POST', '/api/order/cash-on-delivery', body, who.auth);
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Your order has been placed successfully! We are processing it now.');
    const order = res.body.data;
    expect(order.orderId).toMatch(/^[0-9A-HJKMNP-TV-Z]{6}$/);
    expect(order).toMatchObject({ order_status: 'Pending', Choose: '50 Minutes to 1 Hour', totalAmt: body.totalAmt, subTotalAmt: body.subTotalAmt, location: '6.879000, 79.862000' });
    expect(order.delivery_address).toMatchObject({ address_line: 'Home', city: '5 Station Road', pincode: '0771112222' });
    expect(order.products.map((p) => [p.product_details.name, p.quantity, p.product_details.price])).toEqual([
      ['Samba Rice 1kg', 2, 290],
      ['Mysore Dhal 500g', 1, 200], // 210 less 5%, rounded up to whole rupees
    ]);
    expect(await stockOf(server, products.rice)).toBe(98);
    expect((await server.api<Body<unknown[]>>('GET', '/api/cart/get', undefined, who.auth)).body.data).toEqual([]);
    const events = await server.db.knex('order_events').where({ order_id: order._id }).select('from_status', 'to_status', 'actor_id');
    expect(events).toEqual([{ from_status: null, to_status: 'Pending', actor_id: who.id }]);

    await server.db.knex('products').where({ id: products.rice }).update({ name: 'Samba Rice 1kg (new pack)', price_paise: 31000 });
    const later = await server.api<Body<Order[]>>('GET', '/api/order/order-list', undefined, who.auth);
    expect(later.body.data[0]!.products[0]!.product_details).toMatchObject({ name: 'Samba Rice 1kg', price: 290 });
    await server.db.knex('products').where({ id: products.rice }).update({ name: 'Samba Rice 1kg', price_paise: 29000 });
  });

  it('refuses tampered totals with 409 carrying the server\'s totals, writing nothing', async () => {
    const who = await buyer([[products.treacle, 1]]);
    const body = { ...(await payload(who)), totalAmt: 1 };
    const before = await orderCount();
    const res = await server.api<Body<{ totalAmt: number; subTotalAmt: number; deliveryFee: number }>>('POST', '/api/order/cash-on-delivery', body, who.auth);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('TOTALS_CHANGED');
    const right = await payload(who);
    expect(res.body.data).toMatchObject({ totalAmt: right.totalAmt, subTotalAmt: right.subTotalAmt });
    expect(await orderCount()).toBe(before);
    expect(await stockOf(server, products.treacle)).toBe(100);
    expect((await server.api<Body<unknown[]>>('GET', '/api/cart/get', undefined, who.auth)).body.data).toHaveLength(1);
  });

  it.each([
    ['20 Minutes to 30 Minutes', 100, 10000],
    ['50 Minutes to 1 Hour', 50, 5000],
    ['Between 2 Hours to 2.30 Hours', 0, 0],
  ])('charges the fee of %s (a Rs.290 basket pays Rs.%i)', async (option, feeRupees) => {
    const who = await buyer([[products.rice, 1]]);
    const res = await server.api<Body<Order>>('POST', '/api/order/cash-on-delivery', await payload(who, option), who.auth);
    expect(res.status).toBe(201);
    expect(res.body.data.deliveryFee).toBe(feeRupees);
    expect(res.body.data.totalAmt).toBe(Math.floor((290 + feeRupees) / 10) * 10);
  });

  it('refuses an empty cart, an unknown, another\'s or a disabled address', async () => {
    const who = await buyer([[products.rice, 1]]);
    const body = await payload(who);
    const empty = await quickAccount(server);
    const res = await server.api<Body>('POST', '/api/order/cash-on-delivery', body, empty.auth);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'CART_EMPTY', message: TEXT.cartEmpty });

    const stranger = await buyer([[products.rice, 1]]);
    const theirs = await server.api<Body>('POST', '/api/order/cash-on-delivery', { ...(await payload(stranger)), addressId: who.addressId }, stranger.auth);
    expect(theirs.status).toBe(404);
    expect(theirs.body.code).toBe('ADDRESS_NOT_FOUND');

    await server.api('DELETE', '/api/address/disable', { _id: who.addressId }, who.auth);
    const disabled = await server.api<Body>('POST', '/api/order/cash-on-delivery', body, who.auth);
    expect(disabled.status).toBe(404);
    expect(await stockOf(server, products.rice)).toBeGreaterThan(0);
  });

  it('refuses an address that lies outside the zone', async () => {
    const who = await buyer([[products.rice, 1]]);
    await server.db.knex('addresses').where({ id: who.addressId }).update({ latitude: 6.95, longitude: 79.86 }); // moved by hand, far away
    const res = await server.api<Body>('POST', '/api/order/cash-on-delivery', await payload(who), who.auth);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('OUTSIDE_ZONE');
  });

  it('refuses a product that went out of stock or off sale after it was put in the cart', async () => {
    const scarce = await insertProduct(server, { name: 'Buffalo Curd Pot', price: 650, stock: 3 });
    const names = { name: 'Buffalo Curd Pot', nameSi: 'මී කිරි මුට්ටිය', nameTa: 'எருமைத் தயிர் சட்டி' };
    await server.db.knex('products').where({ id: scarce }).update({ name_si: names.nameSi, name_ta: names.nameTa });
    const who = await buyer([[scarce, 2]]);
    await server.db.knex('product_stock').where({ product_id: scarce }).update({ stock: 1 });
    const res = await server.api<Body<{ productId: string; available: number }>>('POST', '/api/order/cash-on-delivery', await payload(who), who.auth);
    expect(res.status).toBe(409);
    // the names in the three languages go with the refusal, so a Sinhala or Tamil screen names the product
    expect(res.body).toMatchObject({ code: 'OUT_OF_STOCK', message: 'Only 1 of Buffalo Curd Pot left.', data: { productId: scarce, available: 1, ...names } });
    await server.db.knex('product_stock').where({ product_id: scarce }).update({ stock: 3 });
    await server.db.knex('products').where({ id: scarce }).update({ publish: false });
    const off = await server.api<Body>('POST', '/api/order/cash-on-delivery', await payload(who), who.auth);
    expect(off.status).toBe(409);
    expect(off.body).toMatchObject({ code: 'PRODUCT_UNAVAILABLE', data: { productId: scarce, ...names } });
    expect(await stockOf(server, scarce)).toBe(3);
  });

  it('refuses a cart that changed since the checkout screen read it', async () => {
    const who = await buyer([[products.rice, 1]]);
    const body = await payload(who);
    const res = await server.api<Body>('POST', '/api/order/cash-on-delivery', { ...body, list_items: [{ productId: products.rice, quantity: 3 }] }, who.auth);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('CART_CHANGED');
  });

  it('takes no orders in closed hours, and no Vegetable or Meat outside their window', async () => {
    clock.set('2026-11-22T17:45:00Z'); // 23:15 in Colombo
    try {
      const who = await buyer([[products.rice, 1]]);
      const closed = await server.api<Body>('POST', '/api/order/cash-on-delivery', await payload(who), who.auth);
      expect(closed.status).toBe(409);
      expect(closed.body).toMatchObject({ code: 'SHOP_CLOSED', data: { from: '06:30', to: '22:59' } });
    } finally {
      clock.set(OPEN);
    }
    clock.set('2026-11-22T16:00:00Z'); // 21:30 in Colombo: the shop is open, the fresh counter is not
    try {
      const veg = await buyer([[products.carrots, 1]]);
      const fresh = await server.api<Body>('POST', '/api/order/cash-on-delivery', await payload(veg), veg.auth);
      expect(fresh.status).toBe(409);
      expect(fresh.body).toMatchObject({ code: 'FRESH_CLOSED', message: 'Carrot 500g can be ordered only from 06:00 to 21:00.', data: { name: 'Carrot 500g', from: '06:00', to: '21:00' } });
    } finally {
      clock.set(OPEN);
    }
  });

  it('stores a refused location as "Location not available" and still takes the order', async () => {
    const who = await buyer([[products.rice, 1]]);
    const res = await server.api<Body<Order>>('POST', '/api/order/cash-on-delivery', { ...(await payload(who)), location: '' }, who.auth);
    expect(res.status).toBe(201);
    expect(res.body.data.location).toBe('Location not available');
  });

  it('places a retried tap once: same key and body return the first answer; another body is 422', async () => {
    const who = await buyer([[products.rice, 1]]);
    const body = await payload(who);
    const headers = { ...who.auth, 'idempotency-key': 'tap-0001' };
    const first = await server.api<Body<Order>>('POST', '/api/order/cash-on-delivery', body, headers);
    const again = await server.api<Body<Order>>('POST', '/api/order/cash-on-delivery', body, headers);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body.data._id).toBe(first.body.data._id);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(Number((await server.db.knex('orders').where({ user_id: who.id }).count('* as n'))[0]?.n)).toBe(1);
    const other = await server.api<Body>('POST', '/api/order/cash-on-delivery', { ...body, Choose: '20 Minutes to 30 Minutes' }, headers);
    expect(other.status).toBe(422);
    expect(other.body.code).toBe('IDEMPOTENCY_MISMATCH');
  });

  it('places two simultaneous taps with one key once: both answer the same order, its stock taken once', async () => {
    const who = await buyer([[products.rice, 2]]);
    const body = await payload(who);
    const headers = { ...who.auth, 'idempotency-key': 'tap-both' };
    const before = await stockOf(server, products.rice);
    const [a, b] = await Promise.all([1, 2].map(() => server.api<Body<Order>>('POST', '/api/order/cash-on-delivery', body, headers)));
    expect([a!.status, b!.status]).toEqual([201, 201]);
    expect(a!.body.data._id).toBe(b!.body.data._id);
    expect([a!.headers.get('idempotent-replayed'), b!.headers.get('idempotent-replayed')].filter((h) => h === 'true')).toHaveLength(1);
    expect(Number((await server.db.knex('orders').where({ user_id: who.id }).count('* as n'))[0]?.n)).toBe(1);
    expect(await stockOf(server, products.rice)).toBe(before - 2);
  });

  it('places two simultaneous taps without a key once: the second finds the cart gone, its stock taken once', async () => {
    const who = await buyer([[products.rice, 1]]);
    const body = await payload(who);
    const before = await stockOf(server, products.rice);
    const answers = await Promise.all([1, 2].map(() => server.api<Body<Order>>('POST', '/api/order/cash-on-delivery', body, who.auth)));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses[0]).toBe(201);
    expect(statuses[1]).toBeGreaterThanOrEqual(400);
    expect(statuses[1]).toBeLessThan(500);
    expect(answers.find((r) => r.status !== 201)?.body).toMatchObject({ code: expect.stringMatching(/^CART_(EMPTY|CHANGED)$/) });
    expect(Number((await server.db.knex('orders').where({ user_id: who.id }).count('* as n'))[0]?.n)).toBe(1);
    expect(await stockOf(server, products.rice)).toBe(before - 1);
  });

  it('lets a failed try release its key, so the fixed retry goes through', async () => {
    const who = await buyer([[products.rice, 1]]);
    const headers = { ...who.auth, 'idempotency-key': 'tap-0002' };
    const body = await payload(who);
    expect((await server.api('POST', '/api/order/cash-on-delivery', { ...body, totalAmt: 5 }, headers)).status).toBe(409);
    expect((await server.api('POST', '/api/order/cash-on-delivery', body, headers)).status).toBe(201);
  });

  it('answers online checkout clearly: coming soon', async () => {
    const who = await quickAccount(server);
    const res = await server.api<Body>('POST', '/api/order/checkout', {}, who.auth);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'ONLINE_PAYMENT_UNAVAILABLE', message: 'Online payment is coming soon. Please choose Cash on Delivery.' });
  });

  describe('under load', () => {
    it('sells the last unit once when 50 buyers order it at the same moment', async () => {
      const last = await insertProduct(server, { name: 'Hill Valley Cheddar Cheese', price: 1150, stock: 1 });
      const buyers = await Promise.all(Array.from({ length: 50 }, () => buyer([[last, 1]])));
      const bodies = await Promise.all(buyers.map((b) => payload(b)));
      const results = await Promise.all(buyers.map((b, i) => server.api<Body<{ productId: string }>>('POST', '/api/order/cash-on-delivery', bodies[i], b.auth)));
      const statuses = results.map((r) => r.status);
      expect(statuses.filter((s) => s === 201)).toHaveLength(1);
      expect(statuses.filter((s) => s === 409)).toHaveLength(49);
      for (const r of results.filter((x) => x.status === 409)) expect(r.body).toMatchObject({ code: 'OUT_OF_STOCK', data: { productId: last } });
      expect(await stockOf(server, last)).toBe(0);
      expect(Number((await server.db.knex('order_lines').where({ product_id: last }).count('* as n'))[0]?.n)).toBe(1);
    });

    it('keeps every product at or above zero when many buyers order many products at once', async () => {
      const ids = await Promise.all([1, 2, 3].map((i) => insertProduct(server, { name: `Flash Sale Item ${i}`, price: 100 * i, stock: 5 })));
      const buyers = await Promise.all(Array.from({ length: 12 }, (_, i) => buyer([[ids[i % 3]!, 1], [ids[(i + 1) % 3]!, 1]])));
      const bodies = await Promise.all(buyers.map((b) => payload(b)));
      const results = await Promise.all(buyers.map((b, i) => server.api('POST', '/api/order/cash-on-delivery', bodies[i], b.auth)));
      const placedCount = results.filter((r) => r.status === 201).length;
      expect(results.every((r) => r.status === 201 || r.status === 409)).toBe(true);
      const stocks = await Promise.all(ids.map((id) => stockOf(server, id)));
      for (const stock of stocks) expect(stock).toBeGreaterThanOrEqual(0);
      expect(stocks.reduce((a, b) => a + b, 0)).toBe(15 - placedCount * 2); // every placed order took exactly two units
    });

    it('leaves no order, no stock change and the cart as it was when the database fails mid-order', async () => {
      const who = await buyer([[products.rice, 1], [products.dhal, 2]]);
      const before = { rice: await stockOf(server, products.rice), dhal: await stockOf(server, products.dhal), orders: await orderCount() };
      await server.db.knex.raw(`create or replace function kade_test_fail() returns trigger language plpgsql as $$
        begin raise exception 'disk full (simulated)'; end $$`);
      await server.db.knex.raw('create trigger kade_test_fail before insert on order_lines for each row execute function kade_test_fail()');
      try {
        const res = await server.api<Body>('POST', '/api/order/cash-on-delivery', await payload(who), who.auth);
        expect(res.status).toBe(500);
        expect(res.body.message).not.toContain('disk full');
      } finally {
        await server.db.knex.raw('drop trigger kade_test_fail on order_lines');
      }
      expect(await orderCount()).toBe(before.orders);
      expect(await stockOf(server, products.rice)).toBe(before.rice);
      expect(await stockOf(server, products.dhal)).toBe(before.dhal);
      const cart = await server.api<Body<Array<{ quantity: number }>>>('GET', '/api/cart/get', undefined, who.auth);
      expect(cart.body.data.map((i) => i.quantity)).toEqual([1, 2]);
      expect((await server.api('POST', '/api/order/cash-on-delivery', await payload(who), who.auth)).status).toBe(201);
    });
  });

  describe('statuses', () => {
    async function placed(lines: Array<[string, number]> = [[products.treacle, 2]]) {
      const who = await buyer(lines);
      const res = await server.api<Body<Order>>('POST', '/api/order/cash-on-delivery', await payload(who), who.auth);
      expect(res.status).toBe(201);
      return { order: res.body.data, who };
    }
    const move = (orderId: string, order_status: string, who = admin) => server.api<Body<Order | { order_status: string }>>('PUT', '/api/orders/update-status', { orderId, order_status }, who.auth);

    it('follow the shared machine, each step recorded with who and when', async () => {
      const { order } = await placed();
      expect((await move(order._id, 'Shipped')).status).toBe(409);
      const processing = await move(order.orderId, 'Processing'); // by the short number too
      expect(processing.status).toBe(200);
      expect(processing.body.message).toBe('Order status updated successfully!');
      expect((await move(order._id, 'Shipped')).status).toBe(200);
      expect((await move(order._id, 'Delivered')).status).toBe(200);
      const done = await move(order._id, 'Cancelled');
      expect(done.status).toBe(409);
      expect(done.body).toMatchObject({ code: 'STATUS_STEP_NOT_ALLOWED', data: { order_status: 'Delivered' } });
      const events = await server.db.knex('order_events').where({ order_id: order._id }).orderBy('created_at').orderBy('to_status').select('from_status', 'to_status', 'actor_id');
      expect(events.map((e: { to_status: string }) => e.to_status)).toEqual(expect.arrayContaining(['Pending', 'Processing', 'Shipped', 'Delivered']));
      expect(events.filter((e: { actor_id: string }) => e.actor_id === admin.id)).toHaveLength(3);
      expect((await server.db.knex('orders').where({ id: order._id }).first('taken_by')).taken_by).toBe(admin.id);
    });

    it('give stock back on cancelling, once, and take it again when reopened', async () => {
      const before = await stockOf(server, products.treacle);
      const { order } = await placed();
      expect(await stockOf(server, products.treacle)).toBe(before - 2);
      await move(order._id, 'Processing');
      expect((await move(order._id, 'Cancelled')).status).toBe(200);
      expect(await stockOf(server, products.treacle)).toBe(before);
      expect((await move(order._id, 'Cancelled Out Of Service Area')).status).toBe(200);
      expect(await stockOf(server, products.treacle)).toBe(before); // still cancelled: no second refund
      expect((await move(order._id, 'Processing')).status).toBe(200);
      expect(await stockOf(server, products.treacle)).toBe(before - 2);
    });

    it('refuse to reopen a cancelled order whose stock is gone', async () => {
      const scarce = await insertProduct(server, { name: 'Mango Karthacolomban', price: 690, stock: 1 });
      const { order } = await placed([[scarce, 1]]);
      await move(order._id, 'Processing');
      await move(order._id, 'Cancelled');
      await server.db.knex('product_stock').where({ product_id: scarce }).update({ stock: 0 });
      const res = await move(order._id, 'Processing');
      expect(res.status).toBe(409);
      expect(res.body.code).toBe('OUT_OF_STOCK');
      expect((await server.db.knex('orders').where({ id: order._id }).first('status')).status).toBe('Cancelled');
    });

    it('let the first of two counters win; the second is told the current status', async () => {
      const { order } = await placed();
      const second = await quickAccount(server, { role: 'ADMIN', name: 'Counter Two' });
      const results = await Promise.all([move(order._id, 'Processing'), move(order._id, 'Processing', second)]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
      const loser = results.find((r) => r.status === 409)!;
      expect(loser.body).toMatchObject({ code: 'STATUS_STEP_NOT_ALLOWED', data: { order_status: 'Processing' } });
      const winner = results.indexOf(results.find((r) => r.status === 200)!) === 0 ? 'Counter One' : 'Counter Two';
      expect(loser.body.message).toBe(`This order is already Processing: ${winner} moved it to Processing first.`);
      expect((loser.body.data as unknown as { by: string }).by).toBe(winner);
    });

    it("summarise today for the admins' panel: orders per list and the cash still to collect", async () => {
      const summary = () => server.api<Body<{ today: { pending: number; cancelled: number }; todayTotal: number; cashToCollect: number; openCashOrders: number }>>('GET', '/api/order/summary', undefined, admin.auth);
      const before = (await summary()).body.data;
      const { order } = await placed();
      const after = (await summary()).body.data;
      expect(after.today.pending).toBe(before.today.pending + 1);
      expect(after.todayTotal).toBe(before.todayTotal + 1);
      expect(after.cashToCollect).toBe(before.cashToCollect + order.totalAmt);
      expect(after.openCashOrders).toBe(before.openCashOrders + 1);
      await move(order._id, 'Processing');
      await move(order._id, 'Cancelled');
      const cancelled = (await summary()).body.data;
      expect(cancelled.today).toMatchObject({ pending: before.today.pending, cancelled: before.today.cancelled + 1 });
      expect(cancelled.cashToCollect).toBe(before.cashToCollect);
      const { who } = await placed();
      expect((await server.api('GET', '/api/order/summary', undefined, who.auth)).status).toBe(403);
    });

    it('are for admins only; an unknown order is 404', async () => {
      const { order, who } = await placed();
      expect((await move(order._id, 'Processing', who)).status).toBe(403);
      expect((await move('00000000-0000-4000-8000-000000000000', 'Processing')).status).toBe(404);
      expect((await move(order._id, 'Lost')).status).toBe(400);
    });
  });

  describe('lists', () => {
    it('show a shopper their own orders only; scope=all is for admins', async () => {
      const who = await buyer([[products.rice, 1]]);
      await server.api('POST', '/api/order/cash-on-delivery', await payload(who), who.auth);
      const mine = await server.api<Body<Order[]>>('GET', '/api/order/order-list', undefined, who.auth);
      expect(mine.body.data).toHaveLength(1);
      expect(mine.body.totalCount).toBe(1);
      expect((await server.api('GET', '/api/order/order-list?scope=all', undefined, who.auth)).status).toBe(403);
      const all = await server.api<Body<Order[]>>('GET', '/api/order/order-list?scope=all&limit=50', undefined, admin.auth);
      expect(all.body.totalCount).toBeGreaterThan(1);
      expect(all.body.data[0]!.userId).toMatchObject({ name: 'Quick Buyer' });
    });

    it('filter by list (Cancelled holds both cancelled statuses), count per list, and catch up with since', async () => {
      const all = await server.api<Body<Order[]>>('GET', '/api/order/order-list?scope=all&list=cancelled&limit=50', undefined, admin.auth);
      expect(all.body.data.length).toBeGreaterThan(0);
      expect(all.body.data.every((o) => ['Cancelled', 'Cancelled Out Of Service Area'].includes(o.order_status))).toBe(true);
      expect(all.body.counts?.cancelled).toBe(all.body.totalCount);
      expect(Object.keys(all.body.counts ?? {})).toEqual(['pending', 'processing', 'shipped', 'delivered', 'cancelled']);

      clock.set('2026-11-22T06:00:00Z');
      try {
        const who = await buyer([[products.rice, 1]]);
        await server.api('POST', '/api/order/cash-on-delivery', await payload(who), who.auth);
        const later = await quickAccount(server, { role: 'ADMIN' });
        const since = await server.api<Body<Order[]>>('GET', `/api/order/order-list?scope=all&since=${encodeURIComponent('2026-11-22T05:30:00Z')}`, undefined, later.auth);
        expect(since.body.data.map((o) => (o.userId as { _id: string })._id)).toEqual([who.id]);
      } finally {
        clock.set(OPEN);
      }
      const bad = await server.api<Body>('GET', '/api/order/order-list?since=yesterday', undefined, admin.auth);
      expect(bad.status).toBe(400);
      expect(bad.body.field).toBe('since');
    });
  });
});
