// Keeping the terms' promises (issue 35), the server's side so far, over real HTTP on each database: a shopper
// reports problems on their delivered order within the window with a photo; the store approves a refund as store
// credit (once, even when the decision is sent twice at once) or as cash due in 3 working days, or declines;
// credit shows in the account's ledger with its code and expiry; admins issue goodwill credit; promo codes are made,
// listed, deleted and checked against a cart, with a clear reason when one does not apply.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../src/clock';
import { storedImages } from './catalogue-fixtures';
import { deliveredOrder } from './credit-helpers';
import { DB_KINDS, insertProduct, OPEN_NOW, quickAccount, startTestServer, type TestServer } from './helpers';

const HOUR = 3_600_000;

interface Answer<T> {
  data: T;
  code?: string;
  field?: string;
  message: string;
}
interface Problem {
  _id: string;
  orderId: string;
  orderCode: string;
  status: string;
  lines: Array<{ productId: string; quantity: number; reason: string; value: number }>;
  photos: string[];
  decision: null | { approve: boolean; amount: number; refundAs: string | null; note: string | null; cashDueAt: string | null; decidedBy: string | null };
  shopper?: { reports: number; approved: number; declined: number } | null;
}
interface Credit {
  balance: number;
  entries: Array<{ _id: string; kind: string; amount: number; reason: string; orderId: string | null; code: string | null; expiresAt: string | null }>;
  lots: Array<{ _id: string; code: string; remaining: number; expiresAt: string }>;
}

describe.each(DB_KINDS)('problems, credit and promo codes on %s', (kind) => {
  let server: TestServer;
  const clock = fixedClock(new Date());
  let photo: string;
  let admin: Awaited<ReturnType<typeof quickAccount>>;
  let promoCount = 0;

  beforeAll(async () => {
    server = await startTestServer(kind, { clock, env: { ...OPEN_NOW, MIN_ORDER_RUPEES: '0' } });
    [photo] = (await storedImages(server, 1)) as [string];
    admin = await quickAccount(server, { role: 'ADMIN', name: 'Owner' });
  });
  afterAll(async () => {
    await server?.stop();
  });

  const delivered = (statuses?: readonly string[]) => deliveredOrder(server, statuses);

  /** A new sign-in of the same account at the clock's time now (a token from before a jump of the clock has expired). */
  async function again(who: { id: string }, role: 'USER' | 'ADMIN' = 'USER') {
    const { issueTokens } = await import('../src/modules/users/tokens');
    const tokens = await issueTokens(server.db.knex, server.config.jwtSecret, server.clock, { id: who.id, role });
    return { authorization: `Bearer ${tokens.accessToken}` };
  }

  const report = (auth: Record<string, string>, body: Record<string, unknown>) => server.api<Answer<Problem>>('POST', '/api/orders/problems', body, auth);
  const decide = (auth: Record<string, string>, body: Record<string, unknown>) => server.api<Answer<Problem>>('PUT', '/api/orders/problems/decide', body, auth);
  const credit = (auth: Record<string, string>) => server.api<Answer<Credit>>('GET', '/api/credit', undefined, auth);

  it('takes a report of a delivered order from its shopper, with a photo, and values its lines as sold', async () => {
    const { milk, bread, who, order } = await delivered();
    const res = await report(who.auth, { orderId: order._id, lines: [{ productId: milk, quantity: 1, reason: 'EXPIRED' }, { productId: bread, quantity: 3, reason: 'MISSING' }], note: 'The milk smelt sour', photos: [photo] });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({ orderId: order._id, orderCode: order.orderId, status: 'OPEN', decision: null, photos: [photo], shopper: null });
    expect(res.body.data.lines).toEqual(expect.arrayContaining([
      { productId: milk, name: 'Fresh Milk 1L', quantity: 1, reason: 'EXPIRED', value: 320 },
      { productId: bread, name: 'Sandwich Bread', quantity: 3, reason: 'MISSING', value: 540 },
    ]));
    // the rest of the milk can still be reported; more than was delivered cannot, across reports
    const more = await report(who.auth, { orderId: order.orderId, lines: [{ productId: milk, quantity: 2, reason: 'DAMAGED' }], photos: [photo] });
    expect(more.status).toBe(400);
    expect(more.body).toMatchObject({ code: 'VALIDATION', field: 'lines.0.quantity', message: 'quantity must be at most 1 for Fresh Milk 1L.' });
    const bread4 = await report(who.auth, { orderId: order._id, lines: [{ productId: bread, quantity: 1, reason: 'MISSING' }] });
    expect(bread4.body).toMatchObject({ code: 'VALIDATION', message: 'Sandwich Bread: nothing more of it can be reported on this order.' });
  });

  it('refuses a report without proof, on another shopper\'s order, before delivery, after the window, or with a picture never uploaded', async () => {
    const { milk, who, order } = await delivered();
    const noPhoto = await report(who.auth, { orderId: order._id, lines: [{ productId: milk, quantity: 1, reason: 'DAMAGED' }] });
    expect(noPhoto.status).toBe(400);
    expect(noPhoto.body).toMatchObject({ code: 'PROOF_REQUIRED', field: 'photos' });
    // a missing item needs no photo
    expect((await report(who.auth, { orderId: order._id, lines: [{ productId: milk, quantity: 1, reason: 'MISSING' }] })).status).toBe(201);
    const stranger = await quickAccount(server);
    expect((await report(stranger.auth, { orderId: order._id, lines: [{ productId: milk, quantity: 1, reason: 'MISSING' }] })).status).toBe(404);
    expect((await report(admin.auth, { orderId: order._id, lines: [{ productId: milk, quantity: 1, reason: 'MISSING' }] })).status).toBe(404);
    expect((await server.api('POST', '/api/orders/problems', { orderId: order._id, lines: [{ productId: milk, quantity: 1, reason: 'MISSING' }] })).status).toBe(401);
    const onTheWay = await delivered(['Processing', 'Shipped']);
    const early = await report(onTheWay.who.auth, { orderId: onTheWay.order._id, lines: [{ productId: onTheWay.milk, quantity: 1, reason: 'MISSING' }] });
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({ code: 'PROBLEM_WINDOW_CLOSED', data: { order_status: 'Shipped' } });
    const fake = await report(who.auth, { orderId: order._id, lines: [{ productId: milk, quantity: 1, reason: 'DAMAGED' }], photos: ['/files/0123456789abcdef0123456789abcdef-480.webp'] });
    expect(fake.status).toBe(400);
    expect(fake.body.code).toBe('IMAGE_NOT_FOUND');
    for (const hostile of [{ reason: 'ROTTEN' }, { quantity: 0 }, { quantity: 1e12 }, { productId: 'x\u0000' }]) {
      const res = await report(who.auth, { orderId: order._id, lines: [{ productId: milk, quantity: 1, reason: 'MISSING', ...hostile }] });
      expect(res.status, JSON.stringify(hostile)).toBe(400);
    }
    clock.advance(25 * HOUR);
    try {
      const late = await report(await again(who), { orderId: order._id, lines: [{ productId: milk, quantity: 1, reason: 'MISSING' }] });
      expect(late.status).toBe(409);
      expect(late.body).toMatchObject({ code: 'PROBLEM_WINDOW_CLOSED' });
    } finally {
      clock.advance(-25 * HOUR);
    }
  });

  it("takes a shopper's own photo through the report's upload, and nobody's without signing in", async () => {
    const { default: sharp } = await import('sharp');
    const png = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#a04020' } }).png().toBuffer();
    const upload = async (headers: Record<string, string>) => {
      const form = new FormData();
      form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'milk.png');
      return fetch(`${server.url}/api/orders/problems/photo`, { method: 'POST', headers, body: form });
    };
    const { milk, who, order } = await delivered();
    expect((await upload({})).status).toBe(401);
    const sent = await upload(who.auth);
    expect(sent.status).toBe(201);
    const url = ((await sent.json()) as { data: { url: string } }).data.url;
    expect(url).toMatch(/^\/files\/[0-9a-f]{32}-\d+\.webp$/);
    const filed = await report(who.auth, { orderId: order._id, lines: [{ productId: milk, quantity: 1, reason: 'DAMAGED' }], photos: [url] });
    expect(filed.status, JSON.stringify(filed.body)).toBe(201);
    expect(filed.body.data.photos).toEqual([url]);
  });

  it('approves a refund as store credit once, even when the decision is sent twice at once, and shows it in the ledger with its code and 30-day expiry', async () => {
    const { milk, who, order } = await delivered();
    const filed = await report(who.auth, { orderId: order._id, lines: [{ productId: milk, quantity: 2, reason: 'DAMAGED' }], photos: [photo] });
    const open = await server.api<Answer<Problem[]>>('GET', '/api/orders/problems?status=OPEN', undefined, admin.auth);
    expect(open.body.data.find((p) => p._id === filed.body.data._id)?.shopper).toMatchObject({ reports: 0, approved: 0, declined: 0 });
    // shoppers, staff and riders may not read or decide reports
    for (const role of ['USER', 'STAFF', 'RIDER'] as const) {
      const who2 = await quickAccount(server, { role });
      expect((await server.api('GET', '/api/orders/problems', undefined, who2.auth)).status).toBe(403);
      expect((await decide(who2.auth, { problemId: filed.body.data._id, approve: true, amount: 100 })).status).toBe(403);
    }
    const tooMuch = await decide(admin.auth, { problemId: filed.body.data._id, approve: true, amount: 640.01 });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body).toMatchObject({ code: 'VALIDATION', field: 'amount' });
    const [a, b] = await Promise.all([
      decide(admin.auth, { problemId: filed.body.data._id, approve: true, amount: 500, note: 'Sorry about that' }),
      decide(admin.auth, { problemId: filed.body.data._id, approve: true, amount: 500 }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect([a, b].find((r) => r.status === 409)?.body.code).toBe('PROBLEM_DECIDED');
    const decided = [a, b].find((r) => r.status === 200)!.body.data;
    expect(decided).toMatchObject({ status: 'APPROVED', decision: { approve: true, amount: 500, refundAs: 'CREDIT', cashDueAt: null, decidedBy: 'Owner' } });
    const ledger = await credit(who.auth);
    expect(ledger.body.data.balance).toBe(500);
    expect(ledger.body.data.entries).toHaveLength(1);
    const issued = ledger.body.data.entries[0]!;
    expect(issued).toMatchObject({ kind: 'ISSUE', amount: 500, reason: 'refund', orderId: order._id });
    expect(issued.code).toMatch(/^CR-[2-9A-Z]{4}-[2-9A-Z]{4}$/);
    expect(new Date(issued.expiresAt!).getTime() - clock.now().getTime()).toBe(30 * 24 * HOUR);
    // a later decision is refused too, and the credit stays one
    expect((await decide(admin.auth, { problemId: filed.body.data._id, approve: false, note: 'no' })).body.code).toBe('PROBLEM_DECIDED');
    const now = await credit(who.auth);
    expect(now.body.data.balance).toBe(500);
    // the lot the balance is made of, for checkout's "credit applied, expires …"
    expect(now.body.data.lots).toEqual([{ _id: issued._id, code: issued.code, remaining: 500, expiresAt: issued.expiresAt }]);
    // expired credit is not spendable, and its lot is no longer listed
    clock.advance(30 * 24 * HOUR);
    try {
      const later = await credit(await again(who));
      expect(later.body.data.balance).toBe(0);
      expect(later.body.data.lots).toEqual([]);
    } finally {
      clock.advance(-30 * 24 * HOUR);
    }
  });

  it('approves a cash refund due in 3 working days, and declines only with a reason', async () => {
    const { milk, bread, who, order } = await delivered();
    const first = await report(who.auth, { orderId: order._id, lines: [{ productId: milk, quantity: 1, reason: 'WRONG_ITEM' }], photos: [photo] });
    const cash = await decide(admin.auth, { problemId: first.body.data._id, approve: true, amount: 320, refundAs: 'CASH' });
    expect(cash.status).toBe(200);
    expect(cash.body.data.decision).toMatchObject({ refundAs: 'CASH', amount: 320 });
    expect(new Date(cash.body.data.decision!.cashDueAt!).getTime()).toBeGreaterThanOrEqual(clock.now().getTime() + 3 * 24 * HOUR);
    expect((await credit(who.auth)).body.data.balance).toBe(0);
    const second = await report(who.auth, { orderId: order._id, lines: [{ productId: bread, quantity: 1, reason: 'MISSING' }] });
    const bare = await decide(admin.auth, { problemId: second.body.data._id, approve: false });
    expect(bare.status).toBe(400);
    expect(bare.body).toMatchObject({ code: 'VALIDATION', field: 'note' });
    const declined = await decide(admin.auth, { problemId: second.body.data._id, approve: false, note: 'The rider photographed it at the door' });
    expect(declined.body.data).toMatchObject({ status: 'DECLINED', decision: { approve: false, amount: 0, note: 'The rider photographed it at the door' } });
    const history = await server.api<Answer<Problem[]>>('GET', '/api/orders/problems?status=DECLINED', undefined, admin.auth);
    expect(history.body.data.find((p) => p._id === second.body.data._id)?.shopper).toMatchObject({ reports: 1, approved: 1, declined: 0 });
    expect((await decide(admin.auth, { problemId: '00000000-0000-4000-8000-000000000000', approve: false, note: 'x' })).body.code).toBe('PROBLEM_NOT_FOUND');
    // the cash refund paid back: recorded once with when; a declined report or a credit refund is not paid in cash
    const paid = (body: Record<string, unknown>, auth = admin.auth) => server.api<Answer<Problem & { decision: { cashPaidAt: string | null } }>>('PUT', '/api/orders/problems/paid', body, auth);
    expect((await paid({ problemId: first.body.data._id }, who.auth)).status).toBe(403);
    const [p1, p2] = await Promise.all([paid({ problemId: first.body.data._id }), paid({ problemId: first.body.data._id })]);
    expect([p1.status, p2.status]).toEqual([200, 200]);
    expect(p1.body.data.decision.cashPaidAt).toBe(clock.now().toISOString());
    expect(p2.body.data.decision.cashPaidAt).toBe(p1.body.data.decision.cashPaidAt);
    const notCash = await paid({ problemId: second.body.data._id });
    expect(notCash.status).toBe(409);
    expect(notCash.body).toMatchObject({ code: 'PROBLEM_NOT_CASH', data: { status: 'DECLINED' } });
    expect((await paid({ problemId: 'nope' })).body).toMatchObject({ code: 'VALIDATION', field: 'problemId' });
  });

  it('lets admins issue goodwill credit, and nobody else', async () => {
    const who = await quickAccount(server);
    const staff = await quickAccount(server, { role: 'STAFF' });
    expect((await server.api('POST', '/api/credit/issue', { userId: who.id, amount: 100, reason: 'Late delivery' }, staff.auth)).status).toBe(403);
    expect((await server.api('POST', '/api/credit/issue', { userId: who.id, amount: 100, reason: 'Late delivery' }, who.auth)).status).toBe(403);
    const issued = await server.api<Answer<{ kind: string; amount: number; code: string }>>('POST', '/api/credit/issue', { userId: who.id, amount: 150, reason: 'Late delivery' }, admin.auth);
    expect(issued.status).toBe(201);
    expect(issued.body.data).toMatchObject({ kind: 'ISSUE', amount: 150 });
    for (const bad of [{ amount: 0 }, { amount: -5 }, { amount: 1e12 }, { reason: '' }, { reason: 'a\u0000b' }]) {
      expect((await server.api('POST', '/api/credit/issue', { userId: who.id, amount: 150, reason: 'x', ...bad }, admin.auth)).status, JSON.stringify(bad)).toBe(400);
    }
    expect((await credit(who.auth)).body.data.balance).toBe(150);
    // two goodwill credits sent at once are two lots, each with its own code, and the balance is their sum
    const both = await Promise.all([40, 60].map((amount) => server.api<Answer<{ code: string }>>('POST', '/api/credit/issue', { userId: who.id, amount, reason: 'Rain delay' }, admin.auth)));
    expect(both.map((r) => r.status)).toEqual([201, 201]);
    expect(new Set(both.map((r) => r.body.data.code)).size).toBe(2);
    expect((await credit(who.auth)).body.data.balance).toBe(250);
    expect((await server.api('GET', '/api/credit')).status).toBe(401);
  });

  it("makes, lists and deletes promo codes, and checks one against the cart with a clear reason when it does not apply", async () => {
    const code = `SAVE${kind === 'postgres' ? 'P' : 'G'}${++promoCount}`;
    const made = await server.api<Answer<{ _id: string; code: string; kind: string; value: number; minBasket: number; expiresAt: string; uses: number }>>(
      'POST',
      '/api/promo-codes',
      { code: code.toLowerCase(), kind: 'FIXED', value: 150, minBasket: 1000, perCustomer: 1 },
      admin.auth,
    );
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.data).toMatchObject({ code, kind: 'FIXED', value: 150, minBasket: 1000, uses: 0 });
    expect(new Date(made.body.data.expiresAt).getTime() - clock.now().getTime()).toBe(3 * 24 * HOUR);
    expect((await server.api<Answer<unknown>>('POST', '/api/promo-codes', { code, kind: 'PERCENT', value: 10 }, admin.auth)).body.code).toBe('PROMO_CODE_TAKEN');
    expect((await server.api('POST', '/api/promo-codes', { code: 'TENOFF', kind: 'PERCENT', value: 101 }, admin.auth)).status).toBe(400);
    const staff = await quickAccount(server, { role: 'STAFF' });
    expect((await server.api('POST', '/api/promo-codes', { code: 'STAFFS', kind: 'FIXED', value: 10 }, staff.auth)).status).toBe(403);
    expect((await server.api<Answer<Array<{ code: string }>>>('GET', '/api/promo-codes', undefined, admin.auth)).body.data.map((p) => p.code)).toContain(code);

    // a shopper with Rs.900 in the cart: below the Rs.1,000 minimum
    const who = await quickAccount(server);
    const rice = await insertProduct(server, { name: 'Samba Rice 5kg', price: 900, stock: 10 });
    const item = await server.api<Answer<{ _id: string }>>('POST', '/api/cart/create', { productId: rice }, who.auth);
    const check = (typed: string) => server.api<Answer<{ discount: number; basket: number; code: string }>>('POST', '/api/promo-codes/check', { code: typed }, who.auth);
    const low = await check(code);
    expect(low.status).toBe(400);
    expect(low.body).toMatchObject({ code: 'PROMO_MINIMUM', data: { minBasket: 1000 } });
    await server.api('PUT', '/api/cart/update-qty', { _id: item.body.data._id, qty: 2 }, who.auth);
    // Rs.1,800 less its 3.5% basket discount (Rs.63) is Rs.1,737: Rs.150 off
    const ok = await check(` ${code.toLowerCase()} `);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data).toMatchObject({ code, discount: 150, basket: 1737 });
    expect((await check('NOSUCHCODE')).body.code).toBe('PROMO_UNKNOWN');
    // another account's credit code is not this shopper's
    const other = await quickAccount(server);
    const theirs = await server.api<Answer<{ code: string }>>('POST', '/api/credit/issue', { userId: other.id, amount: 50, reason: 'Goodwill' }, admin.auth);
    expect((await check(theirs.body.data.code)).body.code).toBe('PROMO_NOT_YOURS');
    clock.advance(3 * 24 * HOUR);
    try {
      const later = await again(who);
      const expired = await server.api<Answer<unknown>>('POST', '/api/promo-codes/check', { code }, later);
      expect(expired.body.code).toBe('PROMO_EXPIRED');
    } finally {
      clock.advance(-3 * 24 * HOUR);
    }
    // two admins deleting it at once: one deletes, the other is told it is gone
    const removals = await Promise.all([0, 1].map(() => server.api('DELETE', '/api/promo-codes', { _id: made.body.data._id }, admin.auth)));
    expect(removals.map((r) => r.status).sort()).toEqual([200, 404]);
    expect((await server.api('DELETE', '/api/promo-codes', { _id: made.body.data._id }, admin.auth)).status).toBe(404);
    expect((await check(code)).body.code).toBe('PROMO_UNKNOWN');
  });
});
