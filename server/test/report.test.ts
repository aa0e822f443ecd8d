// The day's report (GET /api/orders/report and report.csv) over real HTTP, checked against orders this test
// places and moves minute by minute on a fixed clock: placed at known shop times, moved Pending to Delivered after
// known minutes, so every count, sum, average, p90, missed promise and hour bucket is known exactly.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeTotals, paiseToRupees, type DayReport, type OrderStatus } from '@kade/shared';
import { fixedClock } from '../src/clock';
import { DB_KINDS, insertProduct, quickAccount, sessionAuth, startTestServer, type TestServer } from './helpers';

type Body<T = unknown> = { success: boolean; code?: string; field?: string; message: string; data: T };

const DAY = '2026-11-22';
/** A time on a day's shop clock (Asia/Colombo, +05:30). */
const at = (time: string, day = DAY) => new Date(`${day}T${time}:00+05:30`);
const plus = (date: Date, minutes: number) => new Date(date.getTime() + minutes * 60_000);
const EXPRESS = '20 Minutes to 30 Minutes';
const STANDARD = '50 Minutes to 1 Hour';
const SCHEDULED = 'Between 2 Hours to 2.30 Hours';

describe.each(DB_KINDS)("the day's report on %s", (kind) => {
  let server: TestServer;
  const clock = fixedClock(at('08:00'));
  let staffId: string;
  /** The clerk's session as of the shop clock now (access tokens last 15 minutes, and the clock jumps hours). */
  const staffAuth = () => sessionAuth(server, { id: staffId, role: 'STAFF' });
  let products: Record<'rice' | 'dhal' | 'treacle' | 'soap', string>;
  /** The total (rupees) of each order the test placed, by its name in the test. */
  const totals: Record<string, number> = {};
  const codes: Record<string, string> = {};

  /** Places an order at a shop time with these lines, as a shopper does over the API. */
  async function place(name: string, when: Date, option: string, lines: Array<[string, number]>): Promise<string> {
    clock.set(when);
    const who = await quickAccount(server);
    const address = await server.api<Body<{ _id: string }>>('POST', '/api/address/create', { address_line: 'Home', city: '5 Station Road', state: 'Near the school', pincode: '0771112222', mobile: 'Home', latitude: 6.879, longitude: 79.862 }, who.auth);
    for (const [productId, quantity] of lines) {
      const item = await server.api<Body<{ _id: string }>>('POST', '/api/cart/create', { productId }, who.auth);
      if (quantity > 1) await server.api('PUT', '/api/cart/update-qty', { _id: item.body.data._id, qty: quantity }, who.auth);
    }
    const rows = await server.db.knex('products').whereIn('id', lines.map(([id]) => id)).select('id', 'price_paise', 'discount');
    const sums = computeTotals(lines.map(([id, quantity]) => {
      const row = rows.find((r: { id: string }) => r.id === id);
      return { pricePaise: row.price_paise, discount: Number(row.discount), quantity };
    }), option);
    const res = await server.api<Body<{ _id: string; orderId: string; totalAmt: number }>>('POST', '/api/order/cash-on-delivery', {
      list_items: lines.map(([productId, quantity]) => ({ productId, quantity })),
      addressId: address.body.data._id,
      subTotalAmt: paiseToRupees(sums.subtotalPaise),
      totalAmt: paiseToRupees(sums.grandTotalPaise),
      location: 'Location not available',
      Choose: option,
    }, who.auth);
    if (res.status !== 201) throw new Error(`order ${name} failed: ${JSON.stringify(res.body)}`);
    totals[name] = res.body.data.totalAmt;
    codes[name] = res.body.data.orderId;
    return res.body.data._id;
  }

  /** Moves an order through statuses, each `minutes` after it was placed on the shop clock. */
  async function move(id: string, placedAt: Date, steps: Array<[OrderStatus, number]>): Promise<void> {
    for (const [status, minutes] of steps) {
      clock.set(plus(placedAt, minutes));
      const res = await server.api('PUT', '/api/orders/update-status', { orderId: id, order_status: status }, await staffAuth());
      if (res.status !== 200) throw new Error(`moving to ${status} failed: ${JSON.stringify(res.body)}`);
    }
  }
  const deliverAfter = (minutes: number): Array<[OrderStatus, number]> => [['Processing', 1], ['Shipped', 2], ['Delivered', minutes]];

  const report = async (day: string, auth?: Record<string, string>) => server.api<Body<DayReport>>('GET', `/api/orders/report?day=${day}`, undefined, auth ?? (await staffAuth()));

  beforeAll(async () => {
    server = await startTestServer(kind, { clock, env: { SHOP_HOURS: '00:00-23:59', FRESH_HOURS: '00:00-23:59' } });
    staffId = (await quickAccount(server, { role: 'STAFF', name: 'Counter Clerk' })).id;
    products = {
      rice: await insertProduct(server, { name: 'Samba Rice 1kg', price: 290, stock: 1000, unit: '1kg' }),
      dhal: await insertProduct(server, { name: 'Mysore Dhal 500g', price: 210, discount: 5, stock: 1000, unit: '500g' }), // Rs.200 after 5%
      treacle: await insertProduct(server, { name: 'Kithul Treacle', price: 690, stock: 1000, unit: '750ml' }),
      soap: await insertProduct(server, { name: 'Sunlight Soap', price: 95, stock: 1000 }),
    };
    // The day before, a minute before its end, and the day after, at its first minute: neither is this day's.
    await place('before', at('23:58', '2026-11-21'), STANDARD, [[products.soap, 1]]);
    await place('after', at('00:00', '2026-11-23'), STANDARD, [[products.soap, 1]]);
    // The day itself, minute by minute.
    const I = await place('I', at('00:00'), STANDARD, [[products.rice, 2]]);
    await move(I, at('00:00'), deliverAfter(50));
    const A = await place('A', at('09:00'), EXPRESS, [[products.rice, 1], [products.dhal, 1]]);
    await move(A, at('09:00'), deliverAfter(25));
    const B = await place('B', at('09:10'), EXPRESS, [[products.treacle, 1]]);
    await move(B, at('09:10'), deliverAfter(31)); // a minute past the 30 promised
    const C = await place('C', at('10:05'), STANDARD, [[products.rice, 3]]);
    await move(C, at('10:05'), deliverAfter(45));
    const D = await place('D', at('10:20'), STANDARD, [[products.dhal, 2]]);
    await move(D, at('10:20'), deliverAfter(60)); // exactly the promise: kept
    const E = await place('E', at('10:40'), STANDARD, [[products.rice, 1]]);
    await move(E, at('10:40'), deliverAfter(75));
    const G = await place('G', at('11:15'), STANDARD, [[products.soap, 5]]);
    await move(G, at('11:15'), [['Processing', 2], ['Cancelled', 5]]);
    const K = await place('K', at('12:00'), SCHEDULED, [[products.treacle, 4]]);
    await move(K, at('12:00'), [['Processing', 3], ['Cancelled Out Of Service Area', 10]]);
    const F = await place('F', at('14:00'), SCHEDULED, [[products.dhal, 1]]);
    await move(F, at('14:00'), [['Processing', 5]]); // still open at 17:00: 180 minutes, past the 150 promised
    const J = await place('J', at('16:30'), EXPRESS, [[products.treacle, 1]]);
    await move(J, at('16:30'), [['Processing', 1], ['Shipped', 2]]); // open exactly 30 minutes at 17:00: not missed yet
    clock.set(at('17:00'));
  }, 240_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('counts the orders placed that day in the shop zone, by status', async () => {
    const res = await report(DAY);
    expect(res.status).toBe(200);
    const data = res.body.data;
    expect(data).toMatchObject({ day: DAY, timeZone: 'Asia/Colombo', future: false, totalOrders: 10, generatedAt: at('17:00').toISOString() });
    expect(data.byStatus).toEqual([
      { status: 'Pending', count: 0 },
      { status: 'Processing', count: 1 },
      { status: 'Shipped', count: 1 },
      { status: 'Delivered', count: 6 },
      { status: 'Cancelled', count: 1 },
      { status: 'Cancelled Out Of Service Area', count: 1 },
      { status: '10 Minutes delay traffic conditions', count: 0 },
    ]);
  });

  it('lists the items sold by quantity, leaving out cancelled orders', async () => {
    const { items } = (await report(DAY)).body.data;
    expect(items).toEqual([
      { name: 'Samba Rice 1kg', unit: '1kg', quantity: 7, kilos: 0, amount: 2030 },
      { name: 'Mysore Dhal 500g', unit: '500g', quantity: 4, kilos: 0, amount: 800 },
      { name: 'Kithul Treacle', unit: '750ml', quantity: 2, kilos: 0, amount: 1380 },
    ]);
  });

  it('sums the cash of the delivered orders and the value of the cancelled ones', async () => {
    const data = (await report(DAY)).body.data;
    const sum = (names: string[]) => Math.round(names.reduce((total, name) => total + totals[name]!, 0) * 100) / 100;
    expect(data.deliveredOrders).toBe(6);
    expect(data.cashCollected).toBe(sum(['I', 'A', 'B', 'C', 'D', 'E']));
    expect(data.cashExpected).toBe(sum(['I', 'A', 'B', 'C', 'D', 'E']));
    expect(data.cancelledOrders).toBe(2);
    expect(data.valueCancelled).toBe(sum(['G', 'K']));
    expect(data.valueCancelled).toBeGreaterThan(0);
  });

  it('shows the cash recorded, not the order totals, with the totals beside it: a short collection changes the headline and the CSV', async () => {
    // A day of its own: two cash orders delivered by staff, one with its total, one Rs.50 short with a reason.
    const placedAt = at('10:00', '2026-11-16');
    const full = await place('full', placedAt, STANDARD, [[products.rice, 1]]);
    await move(full, placedAt, deliverAfter(40));
    const short = await place('short', placedAt, STANDARD, [[products.treacle, 1]]);
    await move(short, placedAt, [['Processing', 1], ['Shipped', 2]]);
    clock.set(plus(placedAt, 45));
    const delivered = await server.api<Body>('PUT', '/api/orders/update-status', { orderId: short, order_status: 'Delivered', cashCollected: totals.short! - 50, reason: 'Short change' }, await staffAuth());
    expect(delivered.status).toBe(200);
    clock.set(at('17:00'));
    const expected = Math.round((totals.full! + totals.short!) * 100) / 100;
    const recorded = Math.round((expected - 50) * 100) / 100;
    expect((await report('2026-11-16')).body.data).toMatchObject({ deliveredOrders: 2, cashCollected: recorded, cashExpected: expected });
    const csv = await server.api<string>('GET', '/api/orders/report.csv?day=2026-11-16', undefined, await staffAuth());
    const rows = csv.body.split('\r\n');
    expect(rows).toContain(`Cash collected (Rs.),${recorded}`);
    expect(rows).toContain(`Cash expected (Rs.),${expected}`);
    expect(rows.indexOf(`Cash expected (Rs.),${expected}`)).toBe(rows.indexOf(`Cash collected (Rs.),${recorded}`) + 1);
  });

  it('gives the average and p90 from Pending to Delivered per option, and the orders that missed the promise', async () => {
    const data = (await report(DAY)).body.data;
    expect(data.deliveryTimes).toEqual([
      { option: EXPRESS, code: 'express', promiseMinutes: 30, delivered: 2, averageMinutes: 28, p90Minutes: 31, missed: 1 },
      { option: STANDARD, code: 'standard', promiseMinutes: 60, delivered: 4, averageMinutes: 57.5, p90Minutes: 75, missed: 1 },
      { option: SCHEDULED, code: 'scheduled', promiseMinutes: 150, delivered: 0, averageMinutes: null, p90Minutes: null, missed: 1 },
    ]);
    expect(data.missedPromises).toEqual([
      { orderId: codes.F, option: SCHEDULED, promiseMinutes: 150, minutes: 180, status: 'Processing', delivered: false },
      { orderId: codes.E, option: STANDARD, promiseMinutes: 60, minutes: 75, status: 'Delivered', delivered: true },
      { orderId: codes.B, option: EXPRESS, promiseMinutes: 30, minutes: 31, status: 'Delivered', delivered: true },
    ]);
  });

  it('puts each order in the hour of the shop clock it was placed in', async () => {
    const { ordersPerHour } = (await report(DAY)).body.data;
    const expected = Array.from({ length: 24 }, () => 0);
    for (const hour of [0, 9, 9, 10, 10, 10, 11, 12, 14, 16]) expected[hour]! += 1;
    expect(ordersPerHour).toEqual(expected);
  });

  it('answers the neighbouring days with their own orders only', async () => {
    const before = (await report('2026-11-21')).body.data;
    expect(before.totalOrders).toBe(1);
    expect(before.ordersPerHour[23]).toBe(1);
    const after = (await report('2026-11-23')).body.data; // tomorrow: not begun yet on the shop clock
    expect(after).toMatchObject({ future: true, totalOrders: 0, items: [], cashCollected: 0, cashExpected: 0, missedPromises: [] });
    expect(after.ordersPerHour).toEqual(Array.from({ length: 24 }, () => 0));
  });

  it('answers a day still to come with an empty report, not an error', async () => {
    const res = await report('2099-01-01');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ day: '2099-01-01', future: true, totalOrders: 0 });
    expect(res.body.data.byStatus.every((s) => s.count === 0)).toBe(true);
  });

  it.each([
    ['', 'day'],
    ['?day=', 'day'],
    ['?day=2026-02-30', 'day'],
    ['?day=22-11-2026', 'day'],
    ['?day=2026-11-22&day=2026-11-23', 'day'],
    ["?day=2026-11-22'%20or%201=1--", 'day'],
    ['?day=%00', 'day'],
  ])('answers 400 naming the field for %s', async (query, field) => {
    for (const path of ['/api/orders/report', '/api/orders/report.csv']) {
      const res = await server.api<Body>('GET', `${path}${query}`, undefined, await staffAuth());
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION', field });
      expect(res.body.message).toMatch(/^day /);
    }
  });

  it('is for staff and admins: a shopper is refused, the anonymous asked to log in', async () => {
    const shopper = await quickAccount(server);
    expect((await report(DAY, shopper.auth)).status).toBe(403);
    expect((await server.api('GET', `/api/orders/report.csv?day=${DAY}`)).status).toBe(401);
    const admin = await quickAccount(server, { role: 'ADMIN' });
    expect((await report(DAY, admin.auth)).status).toBe(200);
  });

  it('downloads as a CSV file with the same figures, every text cell safe to open in a spreadsheet', async () => {
    // A product named like a formula, with a comma and quotes, sold on a day of its own.
    const formula = await insertProduct(server, { name: '=HYPERLINK("http://evil.example","Click"), free', price: 100, stock: 10, unit: '@1 pc' });
    const placedAt = at('12:00', '2026-11-20');
    const Z = await place('Z', placedAt, EXPRESS, [[formula, 1]]);
    await move(Z, placedAt, deliverAfter(20));
    clock.set(at('17:00'));
    const response = await fetch(`${server.url}/api/orders/report.csv?day=2026-11-20`, { headers: await staffAuth() });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="kade-report-2026-11-20.csv"');
    const csv = await response.text();
    const rows = csv.split('\r\n');
    expect(rows[0]).toBe('Day report,2026-11-20');
    expect(rows).toContain('Orders,1');
    expect(rows).toContain(`Cash collected (Rs.),${totals.Z}`);
    expect(rows).toContain('"\'=HYPERLINK(""http://evil.example"",""Click""), free",\'@1 pc,1,0.000,100');
    expect(rows).toContain(`${EXPRESS},30,1,20,20,0`);
    expect(rows).toContain('12:00-13:00,1');
    expect(csv.endsWith('\r\n')).toBe(true);
    // the same day's JSON says the same
    const json = (await report('2026-11-20')).body.data;
    expect(json.items).toEqual([{ name: '=HYPERLINK("http://evil.example","Click"), free', unit: '@1 pc', quantity: 1, kilos: 0, amount: 100 }]);
  });

  it('downloads every cell whose first visible character could start a formula escaped: full-width forms, invisible characters first, a tab', async () => {
    // Names as they might be pasted into the catalogue (written straight to the table, as an import would). The byte
    // order mark comes second: PGlite's driver drops one that starts a value it reads (PostgreSQL's keeps it).
    const names = ['\uFF1Dcmd|calc', '\uFF0B94 1', '\uFF0D1', '\uFF20SUM(A1)', '\u200B=1+1', '\u200B\uFEFF+1', '\u202E-1', '\u2060\uFF1D1', '\t=1', '\u200B\t=1'];
    const lines: Array<[string, number]> = [];
    for (const name of names) lines.push([await insertProduct(server, { name, price: 100, stock: 10, unit: '\u200B@1 pc' }), 1]);
    const placedAt = at('11:00', '2026-11-17');
    await place('formulas', placedAt, STANDARD, lines);
    clock.set(at('17:00'));
    const response = await fetch(`${server.url}/api/orders/report.csv?day=2026-11-17`, { headers: await staffAuth() });
    expect(response.status).toBe(200);
    const rows = (await response.text()).split('\r\n');
    for (const name of names) expect(rows, JSON.stringify(name)).toContain(`'${name},'\u200B@1 pc,1,0.000,100`);
  });

  it('lists at most the top 20 items, most sold first, ties by name', async () => {
    const placedAt = at('13:00', '2026-11-19');
    const many: Array<[string, number]> = [];
    for (let i = 1; i <= 22; i++) many.push([await insertProduct(server, { name: `Item ${String(i).padStart(2, '0')}`, price: 10, stock: 10 }), i === 22 ? 3 : 1]);
    await place('many', placedAt, SCHEDULED, many);
    clock.set(at('17:00'));
    const { items } = (await report('2026-11-19')).body.data;
    expect(items).toHaveLength(20);
    expect(items.map((i) => i.name)).toEqual(['Item 22', ...Array.from({ length: 19 }, (_, i) => `Item ${String(i + 1).padStart(2, '0')}`)]);
  });
});
