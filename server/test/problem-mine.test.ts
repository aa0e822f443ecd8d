// A shopper reads their own problem reports on one order (issue 35), so the order card can say Sent, Approved or
// Declined: over real HTTP on each database, by the order's id or number, newest first, with the store's decision,
// without the store's view of the shopper; another shopper's order reads as no reports, and a signed-out call is 401.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedImages } from './catalogue-fixtures';
import { cashOnDeliveryBody, DB_KINDS, insertProduct, OPEN_NOW, quickAccount, startTestServer, type TestServer } from './helpers';

const INSIDE = { latitude: 6.879, longitude: 79.862 };

interface Answer<T> {
  data: T;
  code?: string;
  field?: string;
}
interface Problem {
  _id: string;
  orderId: string;
  status: string;
  lines: Array<{ productId: string; quantity: number; reason: string; value: number }>;
  decision: null | { approve: boolean; amount: number; refundAs: string | null; note: string | null };
  shopper?: unknown;
}

describe.each(DB_KINDS)('a shopper reads their reports on an order on %s', (kind) => {
  let server: TestServer;
  let photo: string;
  let admin: Awaited<ReturnType<typeof quickAccount>>;

  beforeAll(async () => {
    server = await startTestServer(kind, { env: { ...OPEN_NOW, MIN_ORDER_RUPEES: '0' } });
    [photo] = (await storedImages(server, 1)) as [string];
    admin = await quickAccount(server, { role: 'ADMIN', name: 'Owner' });
  });
  afterAll(async () => {
    await server?.stop();
  });

  /** A shopper's order of 2 tea packets (Rs.250 each), placed and delivered. */
  async function delivered() {
    const tea = await insertProduct(server, { name: 'Tea Leaves 100g', price: 250, stock: 20 });
    const who = await quickAccount(server);
    const address = await server.api<Answer<{ _id: string }>>('POST', '/api/address/create', { address_line: 'Home', city: '1 Lane', state: 'Temple', pincode: '0771231234', mobile: 'Home', ...INSIDE }, who.auth);
    const item = await server.api<Answer<{ _id: string }>>('POST', '/api/cart/create', { productId: tea }, who.auth);
    await server.api('PUT', '/api/cart/update-qty', { _id: item.body.data._id, qty: 2 }, who.auth);
    const placed = await server.api<Answer<{ _id: string; orderId: string }>>('POST', '/api/order/cash-on-delivery', cashOnDeliveryBody([{ productId: tea, pricePaise: 25_000, quantity: 2 }], address.body.data._id), who.auth);
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const staff = await quickAccount(server, { role: 'STAFF' });
    for (const status of ['Processing', 'Shipped', 'Delivered']) {
      const moved = await server.api('PUT', '/api/orders/update-status', { orderId: placed.body.data._id, order_status: status }, staff.auth);
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    }
    return { tea, who, order: placed.body.data };
  }

  const mine = (auth: Record<string, string> | undefined, orderId: string) =>
    server.api<Answer<Problem[]>>('GET', `/api/orders/problems/mine?orderId=${encodeURIComponent(orderId)}`, undefined, auth);

  it('answers the caller\'s reports on the order, newest first, with the decision once made', async () => {
    const { tea, who, order } = await delivered();
    expect((await mine(who.auth, order._id)).body.data).toEqual([]);
    const first = await server.api<Answer<Problem>>('POST', '/api/orders/problems', { orderId: order._id, lines: [{ productId: tea, quantity: 1, reason: 'DAMAGED' }], note: 'Torn packet', photos: [photo] }, who.auth);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const declined = await server.api<Answer<Problem>>('PUT', '/api/orders/problems/decide', { problemId: first.body.data._id, approve: false, note: 'The packet was sealed' }, admin.auth);
    expect(declined.status, JSON.stringify(declined.body)).toBe(200);
    const second = await server.api<Answer<Problem>>('POST', '/api/orders/problems', { orderId: order._id, lines: [{ productId: tea, quantity: 1, reason: 'MISSING' }] }, who.auth);
    expect(second.status, JSON.stringify(second.body)).toBe(201);

    for (const ref of [order._id, order.orderId, order.orderId.toLowerCase()]) {
      const res = await mine(who.auth, ref);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data.map((p) => p._id)).toEqual([second.body.data._id, first.body.data._id]);
    }
    const [open, done] = (await mine(who.auth, order._id)).body.data as [Problem, Problem];
    expect(open).toMatchObject({ status: 'OPEN', decision: null, shopper: null, lines: [{ productId: tea, quantity: 1, reason: 'MISSING', value: 250 }] });
    expect(done).toMatchObject({ status: 'DECLINED', decision: { approve: false, amount: 0, note: 'The packet was sealed' }, shopper: null });
  });

  it('shows nothing of another shopper\'s order, refuses a signed-out call and names a missing order id', async () => {
    const { tea, who, order } = await delivered();
    const sent = await server.api('POST', '/api/orders/problems', { orderId: order._id, lines: [{ productId: tea, quantity: 1, reason: 'MISSING' }] }, who.auth);
    expect(sent.status).toBe(201);
    const stranger = await quickAccount(server);
    const theirs = await mine(stranger.auth, order._id);
    expect(theirs.status).toBe(200);
    expect(theirs.body.data).toEqual([]);
    expect((await mine(stranger.auth, '00000000-0000-4000-8000-000000000000')).body.data).toEqual([]);
    expect((await mine(undefined, order._id)).status).toBe(401);
    const bare = await server.api<Answer<unknown>>('GET', '/api/orders/problems/mine', undefined, who.auth);
    expect(bare.status).toBe(400);
    expect(bare.body.field).toBe('orderId');
  });
});
