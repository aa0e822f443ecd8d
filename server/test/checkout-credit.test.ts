// Placing an order with a promo code and store credit (issue 35), over real HTTP on each database: the order's
// totals with a promo (the total after it, before credit, rounded down as every total is), each refusal of a code
// naming promoCode, credit spent soonest-expiring first and never twice (the ledger's guard refuses a lot taken
// below zero, even by two redemptions at once), a promo's uses counted exactly when shoppers order at once, a
// cancelled order giving back its credit with its lots' expiry and its promo use, the rider and the day report
// expecting the cash to collect (total less credit), and expired credit never applied.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeTotals, localDay, reviseTotals, paiseToRupees, promoDiscountPaise, rupeesToPaise, totalWithPromoPaise, type DayReport, type OrderWire } from '@kade/shared';
import { fixedClock } from '../src/clock';
import { DB_KINDS, insertProduct, OPEN_NOW, quickAccount, startTestServer, type TestServer } from './helpers';

const OPTION = '50 Minutes to 1 Hour';
const INSIDE = { latitude: 6.879, longitude: 79.862 };
const DAY = 24 * 3_600_000;

interface Answer<T> {
  data: T;
  code?: string;
  field?: string;
  message: string;
}
type Account = Awaited<ReturnType<typeof quickAccount>>;
interface Credit {
  balance: number;
  entries: Array<{ kind: string; amount: number; orderId: string | null; code: string | null; expiresAt: string | null }>;
  lots: Array<{ remaining: number; expiresAt: string }>;
}

describe.each(DB_KINDS)('checkout with promo codes and store credit on %s', (kind) => {
  let server: TestServer;
  const clock = fixedClock(new Date());
  let admin: Account;
  let staff: Account;
  let product: string;
  let codes = 0;

  beforeAll(async () => {
    server = await startTestServer(kind, { clock, env: { ...OPEN_NOW, MIN_ORDER_RUPEES: '0' } });
    admin = await quickAccount(server, { role: 'ADMIN', name: 'Owner' });
    staff = await quickAccount(server, { role: 'STAFF', name: 'Counter' });
    product = await insertProduct(server, { name: 'Basmati Rice 5kg', price: 2_345, stock: 500 });
  });
  afterAll(async () => {
    await server?.stop();
  });

  /** A new shopper with an address and `quantity` of the rice in the cart. */
  async function shopperWithCart(quantity = 1) {
    const who = await quickAccount(server);
    const address = await server.api<Answer<{ _id: string }>>('POST', '/api/address/create', { address_line: 'Home', city: '2 Lane', state: 'Temple', pincode: '0771231234', mobile: 'Home', ...INSIDE }, who.auth);
    await fill(who, quantity);
    return { who, addressId: address.body.data._id, quantity };
  }
  async function fill(who: Account, quantity: number) {
    const item = await server.api<Answer<{ _id: string }>>('POST', '/api/cart/create', { productId: product }, who.auth);
    expect(item.status, JSON.stringify(item.body)).toBeLessThan(300);
    if (quantity > 1) await server.api('PUT', '/api/cart/update-qty', { _id: item.body.data._id, qty: quantity }, who.auth);
  }

  /** The cart's totals by the shared rules, and the total with a promo of `promo` (a rule) applied. */
  function expected(quantity: number, promo?: { kind: 'FIXED' | 'PERCENT'; value: number }) {
    const totals = computeTotals([{ pricePaise: 234_500, discount: 0, quantity }], OPTION);
    const base = totals.subtotalPaise - totals.basketDiscountPaise;
    const off = promo ? promoDiscountPaise(promo.kind === 'FIXED' ? { kind: 'FIXED', value: rupeesToPaise(promo.value) } : promo, base) : 0;
    return { totals, off, total: totalWithPromoPaise(totals.beforeRoundingPaise, off) };
  }

  function place(cart: { who: Account; addressId: string; quantity: number }, extra: Record<string, unknown>, totalPaise: number) {
    const totals = computeTotals([{ pricePaise: 234_500, discount: 0, quantity: cart.quantity }], OPTION);
    return server.api<Answer<OrderWire>>('POST', '/api/order/cash-on-delivery', {
      list_items: [{ productId: product, quantity: cart.quantity }],
      addressId: cart.addressId,
      subTotalAmt: paiseToRupees(totals.subtotalPaise),
      totalAmt: paiseToRupees(totalPaise),
      location: 'Location not available',
      Choose: OPTION,
      ...extra,
    }, cart.who.auth);
  }

  async function promo(body: Record<string, unknown>): Promise<string> {
    codes += 1;
    const code = `SAVE${kind.slice(0, 2).toUpperCase()}${codes}`;
    const made = await server.api<Answer<{ code: string }>>('POST', '/api/promo-codes', { code, ...body }, admin.auth);
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    return code;
  }
  async function issue(who: Account, amount: number): Promise<void> {
    const issued = await server.api('POST', '/api/credit/issue', { userId: who.id, amount, reason: 'Goodwill' }, admin.auth);
    expect(issued.status, JSON.stringify(issued.body)).toBe(201);
  }
  const credit = async (who: Account) => (await server.api<Answer<Credit>>('GET', '/api/credit', undefined, who.auth)).body.data;
  const uses = async (code: string) => Number((await server.db.knex('promo_uses as u').join('promo_codes as p', 'p.id', 'u.promo_id').where('p.code', code).whereNull('u.released_at').count('* as n').first())?.n ?? 0);

  it('places an order with a fixed promo: the total after it, its code and discount kept, and the cash to collect', async () => {
    const code = await promo({ kind: 'FIXED', value: 150, minBasket: 1_000 });
    const cart = await shopperWithCart(2);
    const want = expected(2, { kind: 'FIXED', value: 150 });
    expect(want.off).toBe(15_000);
    const placed = await place(cart, { promoCode: code.toLowerCase() }, want.total);
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    expect(placed.body.data).toMatchObject({ promoCode: code, promoDiscount: 150, creditUsed: 0, totalAmt: paiseToRupees(want.total), cashToCollect: paiseToRupees(want.total) });
    const row = await server.db.knex('orders').where({ id: placed.body.data._id }).first('promo_code', 'promo_discount_paise', 'credit_used_paise', 'total_paise');
    expect(row).toEqual({ promo_code: code, promo_discount_paise: 15_000, credit_used_paise: 0, total_paise: want.total });
    expect(await uses(code)).toBe(1);
  });

  it('takes a percent promo off the basket after its discount, and refuses the total before the promo with the server\'s', async () => {
    const code = await promo({ kind: 'PERCENT', value: 12.5 });
    const cart = await shopperWithCart(3);
    const want = expected(3, { kind: 'PERCENT', value: 12.5 });
    expect(want.off).toBeGreaterThan(0);
    const stale = await place(cart, { promoCode: code }, want.totals.grandTotalPaise);
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ code: 'TOTALS_CHANGED', data: { totalAmt: paiseToRupees(want.total), promoDiscount: paiseToRupees(want.off) } });
    expect(await uses(code)).toBe(0);
    const placed = await place(cart, { promoCode: code }, want.total);
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    expect(placed.body.data).toMatchObject({ promoDiscount: paiseToRupees(want.off), totalAmt: paiseToRupees(want.total) });
  });

  it('refuses each code that does not apply with a 400 naming promoCode, and writes nothing', async () => {
    const cart = await shopperWithCart(1);
    const want = expected(1);
    const refused = async (promoCode: string, codeWanted: string) => {
      const res = await place(cart, { promoCode }, want.total);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body).toMatchObject({ code: codeWanted, field: 'promoCode' });
    };
    await refused('NOSUCHCODE', 'PROMO_UNKNOWN');
    const minimum = await promo({ kind: 'FIXED', value: 100, minBasket: 5_000 });
    await refused(minimum, 'PROMO_MINIMUM');
    const once = await promo({ kind: 'FIXED', value: 100, maxUses: 1 });
    const first = await shopperWithCart(1);
    expect((await place(first, { promoCode: once }, expected(1, { kind: 'FIXED', value: 100 }).total)).status).toBe(201);
    await refused(once, 'PROMO_USED_UP');
    const mine = await promo({ kind: 'FIXED', value: 100, perCustomer: 1 });
    expect((await place(cart, { promoCode: mine }, expected(1, { kind: 'FIXED', value: 100 }).total)).status).toBe(201);
    await fill(cart.who, 1);
    await refused(mine, 'PROMO_USED_UP');
    const soon = await promo({ kind: 'FIXED', value: 100, expiresAt: new Date(clock.now().getTime() + 60_000).toISOString() });
    clock.advance(60_000);
    await refused(soon, 'PROMO_EXPIRED');
    // another account's credit code is not yours
    const other = await quickAccount(server);
    await issue(other, 50);
    const otherCode = (await credit(other)).entries[0]?.code as string;
    await refused(otherCode, 'PROMO_NOT_YOURS');
    // nothing was written by a refusal: the cart keeps its line and no order took the codes
    expect(Number((await server.db.knex('cart_items').where({ user_id: cart.who.id }).count('* as n').first())?.n)).toBe(1);
    expect(await uses(minimum)).toBe(0);
    expect(await uses(soon)).toBe(0);
  });

  it('spends credit by itself, the soonest-expiring lot first, up to the total; none when the shopper keeps it', async () => {
    const cart = await shopperWithCart(1);
    const want = expected(1);
    await issue(cart.who, 300);
    clock.advance(1_000);
    await issue(cart.who, 5_000);
    const kept = await place(cart, { useCredit: false }, want.total);
    expect(kept.status, JSON.stringify(kept.body)).toBe(201);
    expect(kept.body.data).toMatchObject({ creditUsed: 0, cashToCollect: paiseToRupees(want.total) });
    await fill(cart.who, 1);
    const placed = await place(cart, {}, want.total);
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    expect(placed.body.data).toMatchObject({ creditUsed: paiseToRupees(want.total), cashToCollect: 0, totalAmt: paiseToRupees(want.total) });
    const ledger = await credit(cart.who);
    const redeems = ledger.entries.filter((e) => e.kind === 'REDEEM' && e.orderId === placed.body.data._id);
    // the Rs.300 lot (expiring first) is spent whole, the rest from the later one
    expect(redeems.map((e) => e.amount).sort((a, b) => a - b)).toEqual([-paiseToRupees(want.total - 30_000), -300].sort((a, b) => a - b));
    expect(ledger.balance).toBe(paiseToRupees(530_000 - want.total));
    // what checkout reads to say it: one lot left, the later one, with what the order left of it
    expect(ledger.lots.map((lot) => lot.remaining)).toEqual([paiseToRupees(530_000 - want.total)]);
  });

  it('never spends one lot twice: two redemptions at once of the same lot, one is refused by the ledger\'s guard', async () => {
    const who = await quickAccount(server);
    await issue(who, 150);
    const lot = (await server.db.knex('credit_entries').where({ user_id: who.id, kind: 'ISSUE' }).first('id')).id as string;
    const knex = server.db.knex;
    const redeem = (trx: typeof knex) => trx('credit_entries').insert({ user_id: who.id, kind: 'REDEEM', amount_paise: -10_000, lot_id: lot, reason: 'test' });
    if (kind === 'postgres') {
      // the first holds the lot's lock; the second waits on it (seen in pg_stat_activity), then finds too little left
      const first = await knex.transaction();
      await redeem(first);
      const second = knex.transaction(async (trx) => {
        await redeem(trx);
      });
      const outcome = second.then(() => 'written', (error: Error) => error.message);
      for (;;) {
        const waiting = await knex.raw("select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and query like 'insert into \"credit_entries\"%'");
        if ((waiting.rows[0] as { n: number }).n > 0) break;
        await new Promise((resolve) => setImmediate(resolve));
      }
      await first.commit();
      expect(await outcome).toMatch(/kade_credit_overdrawn/);
    } else {
      const outcomes = await Promise.allSettled([knex.transaction((trx) => redeem(trx)), knex.transaction((trx) => redeem(trx))]);
      expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
      expect(String((outcomes.find((o) => o.status === 'rejected') as PromiseRejectedResult).reason)).toMatch(/kade_credit_overdrawn/);
    }
    expect((await credit(who)).balance).toBe(50);
  });

  it('two phones of one shopper placing at once spend the credit at most once', async () => {
    const cart = await shopperWithCart(1);
    await issue(cart.who, 2_000);
    const want = expected(1);
    const both = await Promise.all([place(cart, {}, want.total), place(cart, {}, want.total)]);
    const placed = both.filter((res) => res.status === 201);
    expect(placed.length).toBeGreaterThanOrEqual(1);
    for (const res of both) expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
    const spent = placed.reduce((sum, res) => sum + rupeesToPaise(res.body.data.creditUsed ?? 0), 0);
    expect(spent).toBeLessThanOrEqual(200_000);
    const ledger = await credit(cart.who);
    expect(ledger.balance).toBe(paiseToRupees(200_000 - spent));
    expect(ledger.balance).toBeGreaterThanOrEqual(0);
  });

  it('counts a promo\'s uses exactly when shoppers order at once: of three for a code used once, one is placed', async () => {
    const code = await promo({ kind: 'FIXED', value: 100, maxUses: 1 });
    const carts = await Promise.all([shopperWithCart(1), shopperWithCart(1), shopperWithCart(1)]);
    const total = expected(1, { kind: 'FIXED', value: 100 }).total;
    const answers = await Promise.all(carts.map((cart) => place(cart, { promoCode: code }, total)));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 400, 400]);
    for (const a of answers.filter((x) => x.status === 400)) expect(a.body).toMatchObject({ code: 'PROMO_USED_UP', field: 'promoCode' });
    expect(await uses(code)).toBe(1);
  });

  it('cancelling gives back the credit to its lots with their expiry, and frees the promo use, once', async () => {
    const code = await promo({ kind: 'FIXED', value: 100, maxUses: 1 });
    const cart = await shopperWithCart(1);
    await issue(cart.who, 400);
    const before = await credit(cart.who);
    const want = expected(1, { kind: 'FIXED', value: 100 });
    const placed = await place(cart, { promoCode: code }, want.total);
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    expect(placed.body.data).toMatchObject({ creditUsed: 400, cashToCollect: paiseToRupees(want.total - 40_000) });
    expect((await credit(cart.who)).balance).toBe(0);
    const cancelled = await server.api('PUT', '/api/order/cancel', { orderId: placed.body.data._id }, cart.who.auth);
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const after = await credit(cart.who);
    expect(after.balance).toBe(400);
    const restore = after.entries.filter((e) => e.kind === 'RESTORE');
    expect(restore).toHaveLength(1);
    expect(restore[0]).toMatchObject({ amount: 400, orderId: placed.body.data._id });
    // the lot keeps its own expiry
    const lot = await server.db.knex('credit_entries').where({ 'credit_entries.user_id': cart.who.id, 'credit_entries.kind': 'RESTORE' }).join('credit_entries as i', 'i.id', 'credit_entries.lot_id').first('i.expires_at');
    expect(new Date(lot.expires_at).toISOString()).toBe(before.entries[0]?.expiresAt);
    expect(await uses(code)).toBe(0);
    // cancelled again: nothing more given back
    expect((await server.api('PUT', '/api/order/cancel', { orderId: placed.body.data._id }, cart.who.auth)).status).toBe(200);
    expect((await credit(cart.who)).balance).toBe(400);
    // the freed use lets another shopper use the code
    const next = await shopperWithCart(1);
    expect((await place(next, { promoCode: code }, want.total)).status).toBe(201);
  });

  it('a staff cancel gives the credit back too', async () => {
    const cart = await shopperWithCart(1);
    await issue(cart.who, 250);
    const placed = await place(cart, {}, expected(1).total);
    expect(placed.body.data.creditUsed).toBe(250);
    for (const status of ['Processing', 'Cancelled']) {
      const moved = await server.api('PUT', '/api/orders/update-status', { orderId: placed.body.data._id, order_status: status }, staff.auth);
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    }
    expect((await credit(cart.who)).balance).toBe(250);
  });

  it('the rider, the deliver call, the day report and the hand-in expect the cash to collect: the total less credit', async () => {
    const rider = await quickAccount(server, { role: 'RIDER', name: 'Rider' });
    const due: number[] = [];
    for (const amount of [300, 1_000]) {
      const cart = await shopperWithCart(1);
      await issue(cart.who, amount);
      const placed = await place(cart, {}, expected(1).total);
      expect(placed.status, JSON.stringify(placed.body)).toBe(201);
      const order = placed.body.data;
      expect(order.cashToCollect).toBe(paiseToRupees(expected(1).total - rupeesToPaise(amount)));
      expect((await server.api('PUT', '/api/orders/update-status', { orderId: order._id, order_status: 'Processing' }, staff.auth)).status).toBe(200);
      expect((await server.api('PUT', '/api/orders/assign', { orderId: order._id, riderId: rider.id }, staff.auth)).status).toBe(200);
      const mine = await server.api<Answer<{ orders?: Array<{ id: string; cashToCollect: number }> } & Record<string, unknown>>>('GET', '/api/rider/orders', undefined, rider.auth);
      const card = JSON.stringify(mine.body.data);
      expect(card).toContain(`"cashToCollect":${order.cashToCollect}`);
      // the total itself is now a short collection: it needs a reason
      const wrong = await server.api<Answer<unknown>>('PUT', '/api/orders/deliver', { orderId: order._id, cashCollected: order.totalAmt }, rider.auth);
      expect(wrong.status).toBe(400);
      expect(wrong.body).toMatchObject({ code: 'REASON_REQUIRED', field: 'reason' });
      const delivered = await server.api<Answer<OrderWire>>('PUT', '/api/orders/deliver', { orderId: order._id, cashCollected: order.cashToCollect }, rider.auth);
      expect(delivered.status, JSON.stringify(delivered.body)).toBe(200);
      expect(delivered.body.data.cashFlagged).toBe(false);
      due.push(rupeesToPaise(order.cashToCollect ?? -1));
    }
    const sum = due.reduce((a, b) => a + b, 0);
    const report = await server.api<Answer<DayReport>>('GET', `/api/orders/report?day=${localDay(clock.now(), server.config.shop.timeZone)}`, undefined, staff.auth);
    expect(report.status).toBe(200);
    expect(report.body.data.cashExpected).toBe(paiseToRupees(sum));
    const row = report.body.data.riders.find((r) => r.riderId === rider.id);
    expect(row).toMatchObject({ collected: paiseToRupees(sum), outstanding: paiseToRupees(sum) });
    const over = await server.api<Answer<unknown>>('POST', '/api/cash/hand-ins', { riderId: rider.id, amount: paiseToRupees(sum + 100) }, staff.auth);
    expect(over.body).toMatchObject({ code: 'AMOUNT_INVALID', field: 'amount' });
    const handed = await server.api('POST', '/api/cash/hand-ins', { riderId: rider.id, amount: paiseToRupees(sum) }, staff.auth);
    expect(handed.status, JSON.stringify(handed.body)).toBe(201);
  });

  it('a packing revision keeps the promo: a fixed amount up to the new basket, a percent of the new basket', async () => {
    for (const rule of [{ kind: 'FIXED', value: 150 }, { kind: 'PERCENT', value: 10 }] as const) {
      const code = await promo(rule);
      const cart = await shopperWithCart(3);
      const want = expected(3, rule);
      const placed = await place(cart, { promoCode: code }, want.total);
      expect(placed.status, JSON.stringify(placed.body)).toBe(201);
      const orderId = placed.body.data._id;
      expect((await server.api('PUT', '/api/orders/update-status', { orderId, order_status: 'Processing' }, staff.auth)).status).toBe(200);
      const packed = await server.api<Answer<OrderWire>>('PUT', '/api/orders/pack', { orderId, lines: [{ productId: product, found: 1 }] }, staff.auth);
      expect(packed.status, JSON.stringify(packed.body)).toBe(200);
      // the checkout's promise (its basket rate and fee) kept, on one of three found
      const revised = reviseTotals([{ pricePaise: 234_500, discount: 0, quantity: 1 }], { optionLabel: OPTION, basketDiscountRate: want.totals.basketDiscountRate, deliveryFeePaise: want.totals.deliveryFeePaise });
      const off = promoDiscountPaise(rule.kind === 'FIXED' ? { kind: 'FIXED', value: rupeesToPaise(rule.value) } : rule, revised.subtotalPaise - revised.basketDiscountPaise);
      expect(off).toBeGreaterThan(0);
      expect(packed.body.data).toMatchObject({ promoCode: code, promoDiscount: paiseToRupees(off), totalAmt: paiseToRupees(totalWithPromoPaise(revised.beforeRoundingPaise, off)), originalTotalAmt: paiseToRupees(want.total) });
      // a line packed short empties its product's stock: the shelf is filled again for the next shopper
      await server.db.knex('product_stock').where({ product_id: product }).update({ stock: 500 });
    }
  });

  it('packing that lowers the total below the credit used gives the difference back, and the rider collects nothing', async () => {
    const cart = await shopperWithCart(3);
    await issue(cart.who, 6_000);
    const placed = await place(cart, {}, expected(3).total);
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const orderId = placed.body.data._id;
    expect(placed.body.data.creditUsed).toBe(6_000);
    expect((await server.api('PUT', '/api/orders/update-status', { orderId, order_status: 'Processing' }, staff.auth)).status).toBe(200);
    const packed = await server.api<Answer<OrderWire>>('PUT', '/api/orders/pack', { orderId, lines: [{ productId: product, found: 1 }] }, staff.auth);
    expect(packed.status, JSON.stringify(packed.body)).toBe(200);
    const total = packed.body.data.totalAmt;
    expect(total).toBeLessThan(6_000);
    expect(packed.body.data).toMatchObject({ creditUsed: total, cashToCollect: 0 });
    const ledger = await credit(cart.who);
    expect(ledger.balance).toBe(paiseToRupees(rupeesToPaise(6_000) - rupeesToPaise(total)));
    expect(ledger.entries.filter((e) => e.kind === 'RESTORE')).toEqual([expect.objectContaining({ orderId, amount: paiseToRupees(rupeesToPaise(6_000) - rupeesToPaise(total)) })]);
    // cancelled after that: the rest comes back, never more than the order used
    expect((await server.api('PUT', '/api/orders/update-status', { orderId, order_status: 'Cancelled' }, staff.auth)).status).toBe(200);
    expect((await credit(cart.who)).balance).toBe(6_000);
    await server.db.knex('product_stock').where({ product_id: product }).update({ stock: 500 });
  });

  it('reopening a cancelled order spends its credit again, as far as the shopper still has it, and takes its promo use back', async () => {
    const code = await promo({ kind: 'FIXED', value: 100 });
    const cart = await shopperWithCart(1);
    await issue(cart.who, 500);
    const want = expected(1, { kind: 'FIXED', value: 100 });
    const placed = await place(cart, { promoCode: code }, want.total);
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const orderId = placed.body.data._id;
    for (const to of ['Processing', 'Cancelled']) expect((await server.api('PUT', '/api/orders/update-status', { orderId, order_status: to }, staff.auth)).status).toBe(200);
    expect((await credit(cart.who)).balance).toBe(500);
    expect(await uses(code)).toBe(0);
    const status = (to: string) => server.api<Answer<OrderWire>>('PUT', '/api/orders/update-status', { orderId, order_status: to }, staff.auth);
    const reopened = await status('Processing');
    expect(reopened.status, JSON.stringify(reopened.body)).toBe(200);
    expect(reopened.body.data).toMatchObject({ promoCode: code, creditUsed: 500, cashToCollect: paiseToRupees(want.total - 50_000) });
    expect((await credit(cart.who)).balance).toBe(0);
    expect(await uses(code)).toBe(1);
    // cancelled again, and meanwhile the shopper spends the credit on another order: reopened, the rider collects it all
    expect((await status('Cancelled')).status).toBe(200);
    await fill(cart.who, 1);
    const other = await place(cart, {}, expected(1).total);
    expect(other.status, JSON.stringify(other.body)).toBe(201);
    expect(other.body.data.creditUsed).toBe(500);
    const again = await status('Processing');
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.data).toMatchObject({ creditUsed: 0, cashToCollect: again.body.data.totalAmt });
    expect((await credit(cart.who)).balance).toBe(0);
  });

  it('never applies expired credit (the clock moved past its 30 days)', async () => {
    const cart = await shopperWithCart(1);
    await issue(cart.who, 500);
    clock.advance(31 * DAY);
    const { issueTokens } = await import('../src/modules/users/tokens');
    const tokens = await issueTokens(server.db.knex, server.config.jwtSecret, server.clock, { id: cart.who.id, role: 'USER' });
    const fresh = { ...cart, who: { ...cart.who, auth: { authorization: `Bearer ${tokens.accessToken}` } } };
    const placed = await place(fresh, {}, expected(1).total);
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    expect(placed.body.data).toMatchObject({ creditUsed: 0, cashToCollect: placed.body.data.totalAmt });
  });
});
