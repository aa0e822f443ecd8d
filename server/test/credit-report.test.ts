// The day report's problems, credit and promo figures (issue 35), over real HTTP on each database, with the clock as
// a parameter: a lot issued on day 0 is owed at that day's end and expires 30 days on (the sweep writes its EXPIRE
// entry); on day 30 three reports are made (one approved as credit, one declined, one approved as cash), the credit
// is spent on an order with a promo code and goodwill is issued; the report adds each up, the liability is what
// is left of the lots not expired, and a cash refund stops being due once marked paid. Staff hear every report
// made, decided and paid on their socket.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeTotals, dayReportCsv, localDay, paiseToRupees, promoDiscountPaise, SOCKET_EVENTS, totalWithPromoPaise, type DayReport, type OrderWire, type ProblemChangedEventWire } from '@kade/shared';
import { fixedClock } from '../src/clock';
import { storedImages } from './catalogue-fixtures';
import { deliveredOrder } from './credit-helpers';
import { DB_KINDS, OPEN_NOW, quickAccount, startTestServer, type TestServer } from './helpers';
import { connected, nextWhere, open } from './socket-helpers';

const OPTION = '50 Minutes to 1 Hour';
const DAY = 24 * 3_600_000;

interface Answer<T> {
  data: T;
  code?: string;
}

describe.each(DB_KINDS)('the day report of problems, credit and promo codes on %s', (kind) => {
  let server: TestServer;
  const clock = fixedClock(new Date());

  beforeAll(async () => {
    server = await startTestServer(kind, { clock, env: { ...OPEN_NOW, MIN_ORDER_RUPEES: '0' } });
  });
  afterAll(async () => {
    await server?.stop();
  });

  const reportOf = async (day: string, auth: Record<string, string>) => {
    const answer = await server.api<Answer<DayReport>>('GET', `/api/orders/report?day=${day}`, undefined, auth);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data;
  };

  it('counts the reports and decisions, the credit issued, redeemed, expired and owed, the promo discounts and the cash refunds due', async () => {
    const zone = server.config.shop.timeZone;
    const [photo] = (await storedImages(server, 1)) as [string];
    // day 0: a goodwill lot of Rs.70, owed at the day's end
    const day0 = localDay(clock.now(), zone);
    const early = await quickAccount(server);
    const admin0 = await quickAccount(server, { role: 'ADMIN', name: 'Owner' });
    expect((await server.api('POST', '/api/credit/issue', { userId: early.id, amount: 70, reason: 'Goodwill' }, admin0.auth)).status).toBe(201);
    expect((await reportOf(day0, admin0.auth)).credit).toMatchObject({ creditIssued: 70, creditOutstanding: 70, creditExpired: 0 });

    // day 30: the lot has run out; the sweep writes its EXPIRE entry, once
    clock.advance(30 * DAY + 3_600_000);
    expect(await server.expireCredit()).toBe(1);
    expect(await server.expireCredit()).toBe(0);
    const day = localDay(clock.now(), zone);
    const admin = await quickAccount(server, { role: 'ADMIN', name: 'Owner' });
    const socket = open(server.url, admin.accessToken);
    try {
      await connected(socket);
      const heard = (problemId: string, status: string) =>
        nextWhere<ProblemChangedEventWire>(socket, SOCKET_EVENTS.problemChanged, (e) => e.problemId === problemId && e.status === status);
      const { milk, bread, who, order } = await deliveredOrder(server);
      const report = async (line: { productId: string; quantity: number; reason: string }, photos: string[]) => {
        const made = await server.api<Answer<{ _id: string }>>('POST', '/api/orders/problems', { orderId: order._id, lines: [line], photos }, who.auth);
        expect(made.status, JSON.stringify(made.body)).toBe(201);
        return made.body.data._id;
      };
      const decide = async (body: Record<string, unknown>) => {
        const decided = await server.api('PUT', '/api/orders/problems/decide', body, admin.auth);
        expect(decided.status, JSON.stringify(decided.body)).toBe(200);
      };
      // each report made and decided reaches the store's screens live
      const opened = nextWhere<ProblemChangedEventWire>(socket, SOCKET_EVENTS.problemChanged, (e) => e.status === 'OPEN');
      const damaged = await report({ productId: milk, quantity: 2, reason: 'DAMAGED' }, [photo]);
      expect((await opened).problemId).toBe(damaged);
      const approved = heard(damaged, 'APPROVED');
      await decide({ problemId: damaged, approve: true, amount: 300 });
      await approved;
      const missing = await report({ productId: bread, quantity: 1, reason: 'MISSING' }, []);
      await decide({ problemId: missing, approve: false, note: 'It was in the bag at the door' });
      const wrong = await report({ productId: bread, quantity: 1, reason: 'WRONG_ITEM' }, [photo]);
      await decide({ problemId: wrong, approve: true, amount: 100, refundAs: 'CASH' });

      // the Rs.300 credit spent on the next order, with a Rs.50 promo code
      const promo = await server.api('POST', '/api/promo-codes', { code: `FIFTY${kind.slice(0, 2).toUpperCase()}`, kind: 'FIXED', value: 50 }, admin.auth);
      expect(promo.status, JSON.stringify(promo.body)).toBe(201);
      await server.api('POST', '/api/cart/create', { productId: bread }, who.auth);
      const totals = computeTotals([{ pricePaise: 18_000, discount: 0, quantity: 1 }], OPTION);
      const off = promoDiscountPaise({ kind: 'FIXED', value: 5_000 }, totals.subtotalPaise - totals.basketDiscountPaise);
      const addressId = ((await server.api<Answer<Array<{ _id: string }>>>('GET', '/api/address/get', undefined, who.auth)).body.data[0] as { _id: string })._id;
      const placed = await server.api<Answer<OrderWire>>('POST', '/api/order/cash-on-delivery', {
        list_items: [{ productId: bread, quantity: 1 }],
        addressId,
        subTotalAmt: paiseToRupees(totals.subtotalPaise),
        totalAmt: paiseToRupees(totalWithPromoPaise(totals.beforeRoundingPaise, off)),
        location: 'Location not available',
        Choose: OPTION,
        promoCode: `fifty${kind.slice(0, 2)}`,
      }, who.auth);
      expect(placed.status, JSON.stringify(placed.body)).toBe(201);
      const spent = placed.body.data.creditUsed ?? 0;
      expect(spent).toBeGreaterThan(0);
      expect(placed.body.data.promoDiscount).toBe(50);
      // goodwill for another shopper
      const other = await quickAccount(server);
      expect((await server.api('POST', '/api/credit/issue', { userId: other.id, amount: 150, reason: 'Late rider' }, admin.auth)).status).toBe(201);

      const figures = (await reportOf(day, admin.auth)).credit;
      expect(figures).toEqual({
        problemsReported: 3,
        problemsApproved: 2,
        problemsDeclined: 1,
        creditIssued: 450,
        creditRedeemed: spent,
        creditExpired: 70,
        creditOutstanding: paiseToRupees(30_000 - Math.round(spent * 100) + 15_000),
        promoOrders: 1,
        promoDiscounts: 50,
        cashRefundsDue: 100,
        cashRefundsDueCount: 1,
      });
      // the order cancelled: its credit is owed again, and its promo no longer counts
      const cancelled = await server.api('PUT', '/api/order/cancel', { orderId: placed.body.data._id }, who.auth);
      expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
      const paid = heard(wrong, 'APPROVED');
      expect((await server.api('PUT', '/api/orders/problems/paid', { problemId: wrong }, admin.auth)).status).toBe(200);
      await paid;
      const after = await reportOf(day, admin.auth);
      expect(after.credit).toMatchObject({ creditRedeemed: 0, creditOutstanding: 450, promoOrders: 0, promoDiscounts: 0, cashRefundsDue: 0, cashRefundsDueCount: 0 });
      expect(dayReportCsv(after)).toContain('Credit outstanding (Rs.),450');
      // a day with nothing of it reads zeros, and the liability at its end
      expect((await reportOf(localDay(new Date(clock.now().getTime() - 10 * DAY), zone), admin.auth)).credit).toMatchObject({ problemsReported: 0, creditIssued: 0, creditOutstanding: 70 });
    } finally {
      socket.close();
    }
  });
});
