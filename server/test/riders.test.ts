// Riders and cash on delivery that reconciles (issue 20), over real HTTP and real sockets on a real database:
// assigning (one rider when two staff race), the rider's own list and live 'rider:orders', picking up, delivering
// with the cash (a double tap records it once, another amount needs a reason and is flagged), 'Could not deliver',
// a store with no riders closing the loop through update-status, what a shopper sees of their rider, and the day
// report's cash per rider with hand-ins until nothing is outstanding.
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clockTime, deliveryOptionByLabel, formatRs, localDay, rupeesToPaise, SOCKET_EVENTS, type DayReport, type RiderCashRow, type RiderOrdersWire, type RiderWire } from '@kade/shared';
import { fixedClock } from '../src/clock';
import { DB_KINDS, insertProduct, quickAccount, sessionAuth, startTestServer, type TestServer, OPEN_NOW } from './helpers';
import { arrives, connected, deliveredBy as deliverOrder, next, nextWhere, open, placeOrder, riderCashRow } from './socket-helpers';

type Account = Awaited<ReturnType<typeof quickAccount>>;
type OrderBody = {
  code?: string;
  field?: string;
  message: string;
  data: {
    _id: string;
    orderId: string;
    order_status: string;
    payment_status: string;
    totalAmt: number;
    rider: { id?: string; name?: string; firstName?: string; mobile: string | null } | null;
    cashCollected: number | null;
    cashFlagged: boolean;
    cashNote: string | null;
    returnedReason: string | null;
    returnedAt: string | null;
    returnedBy: string | null;
  };
};


describe.each(DB_KINDS)('riders on %s', (kind) => {
  let server: TestServer;
  let product: string;
  let staff: Account;
  let staff2: Account;
  let admin: Account;
  let rider: Account;
  let rider2: Account;
  let disabledRider: Account;
  const sockets: Socket[] = [];

  const put = (path: string, body: unknown, who: Account) => server.api<OrderBody>('PUT', path, body, who.auth);
  /** A placed order moved on to Processing by staff (ready to give to a rider). */
  const packedOrder = async () => {
    const placed = await placeOrder(server, product);
    const moved = await put('/api/orders/update-status', { orderId: placed.order._id, order_status: 'Processing' }, staff);
    expect(moved.status).toBe(200);
    return placed;
  };
  const assigned = async (to: Account = rider) => {
    const placed = await packedOrder();
    const res = await put('/api/orders/assign', { orderId: placed.order._id, riderId: to.id }, staff);
    expect(res.status).toBe(200);
    return { ...placed, total: res.body.data.totalAmt };
  };
  const report = async () => (await server.api<{ data: DayReport }>('GET', `/api/orders/report?day=${localDay(new Date(), server.config.shop.timeZone)}`, undefined, admin.auth)).body.data;
  const riderRow = async (who: Account): Promise<RiderCashRow | undefined> => (await report()).riders.find((r) => r.riderId === who.id);

  beforeAll(async () => {
    server = await startTestServer(kind, { env: { ...OPEN_NOW } });
    product = await insertProduct(server, { name: 'Samba Rice 5kg', price: 1450, stock: 500 });
    staff = await quickAccount(server, { role: 'STAFF', name: 'Counter One' });
    staff2 = await quickAccount(server, { role: 'STAFF', name: 'Counter Two' });
    admin = await quickAccount(server, { role: 'ADMIN', name: 'Store Admin' });
    rider = await quickAccount(server, { role: 'RIDER', name: 'Nimal Perera' });
    rider2 = await quickAccount(server, { role: 'RIDER', name: 'Kamal Silva' });
    disabledRider = await quickAccount(server, { role: 'RIDER', name: 'Gone Rider' });
    await server.db.knex('users').where({ id: disabledRider.id }).update({ status: 'Disabled' });
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await server?.stop();
  });

  it('lists active riders for staff, on shift first, with their open orders; a rider sets their own shift, told live to staff', async () => {
    const counter = open(server.url, staff.accessToken);
    const otherRider = open(server.url, rider.accessToken);
    const shopper = open(server.url, (await quickAccount(server)).accessToken);
    sockets.push(counter, otherRider, shopper);
    await Promise.all([connected(counter), connected(otherRider), connected(shopper)]);
    const heard = next<{ riderId: string; onShift: boolean }>(counter, SOCKET_EVENTS.riderShift);
    const riderHears = arrives(otherRider, SOCKET_EVENTS.riderShift, 600);
    const shopperHears = arrives(shopper, SOCKET_EVENTS.riderShift, 600);
    const shift = await server.api<{ data: { onShift: boolean } }>('PUT', '/api/rider/shift', { onShift: true }, rider2.auth);
    expect(shift).toMatchObject({ status: 200, body: { data: { onShift: true } } });
    expect(await heard).toEqual({ riderId: rider2.id, onShift: true });
    // staff only: other riders and shoppers are not told who is on shift
    expect([await riderHears, await shopperHears]).toEqual([false, false]);
    const bad = await server.api<{ field: string; code: string }>('PUT', '/api/rider/shift', { onShift: 'yes' }, rider2.auth);
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('onShift');
    const res = await server.api<{ data: RiderWire[] }>('GET', '/api/riders', undefined, staff.auth);
    expect(res.status).toBe(200);
    const names = res.body.data.map((r) => r.name);
    expect(names).toContain('Nimal Perera');
    expect(names).not.toContain('Gone Rider');
    expect(res.body.data[0]).toMatchObject({ id: rider2.id, name: 'Kamal Silva', onShift: true, openOrders: 0 });
    expect((await server.api('GET', '/api/riders', undefined, rider.auth)).status).toBe(403);
    expect((await server.api('GET', '/api/riders', undefined, (await quickAccount(server)).auth)).status).toBe(403);
    expect((await server.api('PUT', '/api/rider/shift', { onShift: true }, staff.auth)).status).toBe(403);
    const off = next<{ riderId: string; onShift: boolean }>(counter, SOCKET_EVENTS.riderShift);
    await server.api('PUT', '/api/rider/shift', { onShift: false }, rider2.auth);
    expect(await off).toEqual({ riderId: rider2.id, onShift: false });
  });

  it('assigns a Processing order to a rider, whose page updates live; reassigning and unassigning are events', async () => {
    const riderSocket = open(server.url, rider.accessToken);
    const rider2Socket = open(server.url, rider2.accessToken);
    sockets.push(riderSocket, rider2Socket);
    await Promise.all([connected(riderSocket), connected(rider2Socket)]);
    const { order } = await packedOrder();

    const heard = next<{ orderId: string }>(riderSocket, SOCKET_EVENTS.riderOrders);
    const res = await put('/api/orders/assign', { orderId: order.orderId, riderId: rider.id }, staff);
    expect(res.status).toBe(200);
    expect(res.body.data.rider).toEqual({ id: rider.id, name: 'Nimal Perera', mobile: rider.mobile });
    expect(await heard).toEqual({ orderId: order._id });
    const mine = await server.api<{ data: RiderOrdersWire }>('GET', '/api/rider/orders', undefined, rider.auth);
    const row = mine.body.data.orders.find((o) => o.id === order._id);
    expect(row).toMatchObject({ ref: order.orderId, status: 'Processing', customerName: 'Quick Buyer', address: { text: '1 Lane', landmark: 'Temple' }, cashToCollect: res.body.data.totalAmt, pickedUpAt: null });
    // the saved address's point (the order itself was placed with no location)
    expect(row?.location).toEqual({ lat: 6.879, lng: 79.862 });
    expect(row?.mapUrl).toBe('https://www.google.com/maps/search/?api=1&query=6.879%2C79.862');
    expect(row?.deliveryOption.name).toBe('50 Minutes to 1 Hour');
    expect(row?.deliveryOption.promise).toMatch(/^by \d\d:\d\d$/);
    // when it runs out, for the page to say in the rider's language: the option's promise after the order was placed
    const placedAt = (await server.db.knex('orders').where({ id: order._id }).first('created_at')).created_at;
    expect(Date.parse(row!.deliveryOption.dueAt!) - new Date(placedAt).getTime()).toBe(deliveryOptionByLabel('50 Minutes to 1 Hour')!.promiseMinutes * 60_000);
    expect(row?.deliveryOption.promise).toBe(`by ${clockTime(row!.deliveryOption.dueAt!, server.config.shop.timeZone)}`);

    // reassigning: the old rider and the new one both hear it; the order's events say from whom to whom
    const oldHears = next(riderSocket, SOCKET_EVENTS.riderOrders);
    const newHears = next(rider2Socket, SOCKET_EVENTS.riderOrders);
    const again = await put('/api/orders/assign', { orderId: order._id, riderId: rider2.id }, staff);
    expect(again.body.data.rider).toMatchObject({ id: rider2.id });
    await Promise.all([oldHears, newHears]);
    const gone = await server.api<{ data: RiderOrdersWire }>('GET', '/api/rider/orders', undefined, rider.auth);
    expect(gone.body.data.orders.some((o) => o.id === order._id)).toBe(false);
    const unassign = await put('/api/orders/assign', { orderId: order._id, riderId: null }, staff);
    expect(unassign.body.data.rider).toBeNull();
    const events = await server.db.knex('order_events').where({ order_id: order._id }).whereNotNull('kind').orderBy('created_at').select('kind', 'details');
    expect(events.map((e: { kind: string }) => e.kind)).toEqual(['assigned', 'reassigned', 'unassigned']);
    const details = events.map((e: { details: unknown }) => (typeof e.details === 'string' ? JSON.parse(e.details) : e.details));
    expect(details[1]).toEqual({ from: rider.id, to: rider2.id, by: staff.id });
  });

  it('refuses to assign a Pending or Delivered order, an unknown or disabled rider, or a non-rider', async () => {
    const { order } = await placeOrder(server, product);
    const pending = await put('/api/orders/assign', { orderId: order._id, riderId: rider.id }, staff);
    expect(pending.status).toBe(409);
    expect(pending.body.code).toBe('ORDER_NOT_ASSIGNABLE');
    await put('/api/orders/update-status', { orderId: order._id, order_status: 'Processing' }, staff);
    for (const riderId of [disabledRider.id, staff.id, '7f1d1b7e-4a5c-4a8e-9a59-2b1f3e4d5c6a']) {
      const res = await put('/api/orders/assign', { orderId: order._id, riderId }, staff);
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('RIDER_NOT_FOUND');
    }
    const hostile = await put('/api/orders/assign', { orderId: order._id, riderId: 'x\u0000' }, staff);
    expect(hostile.status).toBe(400);
    expect(hostile.body.field).toBe('riderId');
    const missing = await put('/api/orders/assign', { orderId: order._id }, staff);
    expect(missing.status).toBe(400);
    expect(missing.body.message).toMatch(/rider id is required/);
    expect((await put('/api/orders/assign', { orderId: 'NOPE', riderId: rider.id }, staff)).status).toBe(404);
  });

  it('leaves one rider when two staff assign one order at once, with events that agree', async () => {
    const { order } = await packedOrder();
    const [a, b] = await Promise.all([
      put('/api/orders/assign', { orderId: order._id, riderId: rider.id }, staff),
      put('/api/orders/assign', { orderId: order._id, riderId: rider2.id }, staff2),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const row = await server.db.knex('orders').where({ id: order._id }).first('rider_id');
    expect([rider.id, rider2.id]).toContain(row.rider_id);
    // One 'assigned' and one 'reassigned' that agree with each other and with the row, read from their details, not
    // their times: two moves in the same millisecond carry the same time.
    const events = (await server.db.knex('order_events').where({ order_id: order._id }).whereNotNull('kind').select('kind', 'details')) as Array<{ kind: string; details: unknown }>;
    expect(events.map((e) => e.kind).sort()).toEqual(['assigned', 'reassigned']);
    const detailsOf = (kind: string) => {
      const raw = events.find((e) => e.kind === kind)!.details;
      return (typeof raw === 'string' ? JSON.parse(raw) : raw) as { from?: string; to?: string; riderId?: string };
    };
    const moved = detailsOf('reassigned');
    expect(moved.to).toBe(row.rider_id);
    expect(moved.from).not.toBe(row.rider_id);
    expect([rider.id, rider2.id]).toContain(moved.from);
  });

  it("lets a rider act only on their own orders: another's is 404, staff and shoppers cannot pick up", async () => {
    const { order } = await assigned(rider);
    for (const [path, body] of [
      ['/api/orders/pickup', { orderId: order._id }],
      ['/api/orders/deliver', { orderId: order._id, cashCollected: 1 }],
      ['/api/orders/return', { orderId: order._id, reason: 'x' }],
    ] as const) {
      const res = await put(path, body, rider2);
      expect(res.status, path).toBe(404);
      expect(res.body.code).toBe('ORDER_NOT_FOUND');
    }
    expect((await put('/api/orders/pickup', { orderId: order._id }, staff)).status).toBe(403);
    const shopper = await quickAccount(server);
    expect((await put('/api/orders/deliver', { orderId: order._id, cashCollected: 1 }, shopper)).status).toBe(403);
    expect((await server.api('PUT', '/api/orders/pickup', { orderId: order._id })).status).toBe(401);
    // a rider reads only their own list, never the staff's order lists or details of others
    expect((await server.api('GET', '/api/order/details?orderId=' + order._id, undefined, rider2.auth)).status).toBe(404);
    expect((await server.api('GET', '/api/order/order-list?scope=all', undefined, rider.auth)).status).toBe(403);
    expect((await server.api('GET', '/api/orders/report?day=2026-11-20', undefined, rider.auth)).status).toBe(403);
    expect((await server.api('POST', '/api/cash/hand-ins', { riderId: rider.id, amount: 1 }, rider.auth)).status).toBe(403);
  });

  it('picks up (Processing becomes Shipped, once) and delivers with the total: Paid, recorded once on a double tap', async () => {
    const { order, total } = await assigned(rider);
    const up = await put('/api/orders/pickup', { orderId: order._id }, rider);
    expect(up.status).toBe(200);
    expect(up.body.data.order_status).toBe('Shipped');
    const twice = await put('/api/orders/pickup', { orderId: order.orderId }, rider);
    expect(twice.status).toBe(200);
    expect(await server.db.knex('order_events').where({ order_id: order._id, to_status: 'Shipped' }).count('* as n').first()).toMatchObject({ n: expect.anything() });
    const shippedEvents = await server.db.knex('order_events').where({ order_id: order._id, to_status: 'Shipped' }).select('id');
    expect(shippedEvents).toHaveLength(1);

    const taps = await Promise.all([1, 2, 3].map(() => put('/api/orders/deliver', { orderId: order._id, cashCollected: total }, rider)));
    expect(taps.map((t) => t.status)).toEqual([200, 200, 200]);
    expect(taps.filter((t) => t.body.message === 'Delivered.')).toHaveLength(1);
    for (const t of taps) expect(t.body.data).toMatchObject({ order_status: 'Delivered', payment_status: 'Paid', cashCollected: total, cashFlagged: false });
    const delivered = await server.db.knex('order_events').where({ order_id: order._id, to_status: 'Delivered' }).select('id');
    expect(delivered).toHaveLength(1);
    const row = await server.db.knex('orders').where({ id: order._id }).first('cash_collected_by', 'cash_collected_at', 'delivered_at');
    expect(row.cash_collected_by).toBe(rider.id);
    expect(row.cash_collected_at).not.toBeNull();
    expect(row.delivered_at).not.toBeNull();
    const other = await put('/api/orders/deliver', { orderId: order._id, cashCollected: total - 10 }, rider);
    expect(other.status).toBe(409);
    expect(other.body.code).toBe('ALREADY_DELIVERED');
    const mine = await server.api<{ data: RiderOrdersWire }>('GET', '/api/rider/orders', undefined, rider.auth);
    expect(mine.body.data.orders.find((o) => o.id === order._id)).toMatchObject({ status: 'Delivered', cashCollected: total, cashToCollect: 0 });
  });

  it('needs a reason for a different amount, flags it to staff live, and refuses hostile amounts by field', async () => {
    const counter = open(server.url, staff.accessToken);
    sockets.push(counter);
    await connected(counter);
    const { order, total } = await assigned(rider);
    const short = total - 50;
    const noReason = await put('/api/orders/deliver', { orderId: order._id, cashCollected: short }, rider);
    expect(noReason.status).toBe(400);
    expect(noReason.body).toMatchObject({ code: 'REASON_REQUIRED', field: 'reason' });
    for (const [body, field] of [
      [{ orderId: order._id, cashCollected: -1 }, 'cashCollected'],
      [{ orderId: order._id, cashCollected: 1e15 }, 'cashCollected'],
      [{ orderId: order._id, cashCollected: 'lots' }, 'cashCollected'],
      [{ orderId: order._id, cashCollected: 1.234 }, 'cashCollected'],
      [{ orderId: order._id, cashCollected: short, reason: 'short\u0007change' }, 'reason'],
      [{ orderId: order._id, cashCollected: short, reason: 'x'.repeat(301) }, 'reason'],
      [{ orderId: 'a\u0000', cashCollected: short }, 'orderId'],
    ] as const) {
      const res = await put('/api/orders/deliver', body, rider);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body.field).toBe(field);
    }
    const flagged = next<{ orderId: string }>(counter, SOCKET_EVENTS.orderCashFlagged);
    const res = await put('/api/orders/deliver', { orderId: order._id, cashCollected: short, reason: 'Customer was Rs.50 short' }, rider);
    expect(res.status).toBe(200);
    expect(await flagged).toEqual({ orderId: order._id });
    const staffView = await server.api<OrderBody>('GET', `/api/order/details?orderId=${order._id}`, undefined, staff.auth);
    expect(staffView.body.data).toMatchObject({ cashCollected: short, cashFlagged: true, cashNote: 'Customer was Rs.50 short', payment_status: 'Paid' });
  });

  it("settles a Delivered and a 'Could not deliver' sent at once: one wins and the order agrees with it", async () => {
    const { order, total } = await assigned(rider);
    const [delivered, returned] = await Promise.all([
      put('/api/orders/deliver', { orderId: order._id, cashCollected: total }, rider),
      put('/api/orders/return', { orderId: order._id, reason: 'Gate locked' }, rider),
    ]);
    const row = await server.db.knex('orders').where({ id: order._id }).first('status', 'rider_id', 'payment_status', 'cash_collected_paise', 'returned_reason');
    if (delivered.status === 200) {
      // the return came second: it finds the order delivered (409), or no longer theirs
      expect([404, 409]).toContain(returned.status);
      expect(row).toMatchObject({ status: 'Delivered', rider_id: rider.id, payment_status: 'Paid', returned_reason: null });
    } else {
      expect(returned.status).toBe(200);
      expect(delivered.status).toBe(404);
      expect(row).toMatchObject({ status: 'Processing', rider_id: null, cash_collected_paise: null, returned_reason: 'Gate locked' });
    }
  });

  it("brings an order back with 'Could not deliver': Processing, no rider, the reason recorded, staff told live", async () => {
    const counter = open(server.url, staff.accessToken);
    const riderSocket = open(server.url, rider.accessToken);
    sockets.push(counter, riderSocket);
    await Promise.all([connected(counter), connected(riderSocket)]);
    const { order, who } = await assigned(rider);
    await put('/api/orders/pickup', { orderId: order._id }, rider);
    expect((await put('/api/orders/return', { orderId: order._id, reason: '   ' }, rider)).body.field).toBe('reason');
    const staffHears = nextWhere<{ to: string; order: OrderBody['data'] }>(counter, SOCKET_EVENTS.orderStatus, (e) => e.order._id === order._id && e.to === 'Processing');
    const returned = next<{ orderId: string; reason: string; rider: { id: string; name: string } }>(counter, SOCKET_EVENTS.orderReturned);
    const riderHears = next(riderSocket, SOCKET_EVENTS.riderOrders);
    const res = await put('/api/orders/return', { orderId: order._id, reason: 'Nobody at home, phone off' }, rider);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ order_status: 'Processing', rider: null });
    expect(await returned).toEqual({ orderId: order._id, reason: 'Nobody at home, phone off', rider: { id: rider.id, name: 'Nimal Perera' } });
    await riderHears;
    const event = await server.db.knex('order_events').where({ order_id: order._id, kind: 'returned' }).first('note', 'from_status', 'to_status');
    expect(event).toMatchObject({ note: 'Nobody at home, phone off', from_status: 'Shipped', to_status: 'Processing' });
    // no longer theirs
    expect((await put('/api/orders/pickup', { orderId: order._id }, rider)).status).toBe(404);

    // The reason stays on the order as staff read it, live and on every later read (a reload of the card)...
    const returnedAt = (await server.db.knex('orders').where({ id: order._id }).first('returned_at')).returned_at;
    const kept = { returnedReason: 'Nobody at home, phone off', returnedBy: 'Nimal Perera', returnedAt: new Date(returnedAt).toISOString() };
    expect((await staffHears).order).toMatchObject(kept);
    expect(res.body.data).toMatchObject(kept);
    const details = await server.api<OrderBody>('GET', `/api/order/details?orderId=${order._id}`, undefined, staff.auth);
    expect(details.body.data).toMatchObject(kept);
    const list = await server.api<{ data: OrderBody['data'][] }>('GET', `/api/order/order-list?scope=all&list=processing&search=${order.orderId}`, undefined, staff.auth);
    expect(list.body.data.find((o) => o._id === order._id)).toMatchObject(kept);
    // ...never as its shopper reads it
    const shopperView = await server.api<OrderBody>('GET', `/api/order/details?orderId=${order._id}`, undefined, who.auth);
    expect(shopperView.body.data).toMatchObject({ returnedReason: null, returnedAt: null, returnedBy: null });
    // Unassigning keeps it; given to a rider again, the order is out once more and the flag is gone.
    expect((await put('/api/orders/assign', { orderId: order._id, riderId: null }, staff)).body.data).toMatchObject(kept);
    const again = await put('/api/orders/assign', { orderId: order._id, riderId: rider2.id }, staff);
    expect(again.body.data).toMatchObject({ returnedReason: null, returnedAt: null, returnedBy: null });
    expect((await server.api<OrderBody>('GET', `/api/order/details?orderId=${order._id}`, undefined, staff.auth)).body.data.returnedReason).toBeNull();
  });

  it('ends the flag of an order brought back when staff close it instead (cancelled here): its journey is over', async () => {
    const { order } = await assigned(rider);
    expect((await put('/api/orders/return', { orderId: order._id, reason: 'Address not found' }, rider)).body.data).toMatchObject({ returnedReason: 'Address not found' });
    const closed = await put('/api/orders/update-status', { orderId: order._id, order_status: 'Cancelled' }, staff);
    expect(closed.status).toBe(200);
    expect(closed.body.data).toMatchObject({ order_status: 'Cancelled', returnedReason: null, returnedAt: null, returnedBy: null });
    expect(await server.db.knex('orders').where({ id: order._id }).first('returned_reason', 'returned_at', 'returned_by')).toEqual({ returned_reason: null, returned_at: null, returned_by: null });
  });

  it('closes the loop without riders: staff moving a cash order to Delivered record it Paid, another amount with a reason', async () => {
    const one = await packedOrder();
    await put('/api/orders/update-status', { orderId: one.order._id, order_status: 'Shipped' }, staff);
    const done = await put('/api/orders/update-status', { orderId: one.order._id, order_status: 'Delivered' }, staff);
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({ order_status: 'Delivered', payment_status: 'Paid', cashCollected: done.body.data.totalAmt, cashFlagged: false });
    const shopperView = await server.api<OrderBody>('GET', `/api/order/details?orderId=${one.order._id}`, undefined, one.who.auth);
    expect(shopperView.body.data.payment_status).toBe('Paid');

    const two = await packedOrder();
    await put('/api/orders/update-status', { orderId: two.order._id, order_status: 'Shipped' }, staff);
    const noReason = await put('/api/orders/update-status', { orderId: two.order._id, order_status: 'Delivered', cashCollected: 10 }, staff);
    expect(noReason.status).toBe(400);
    expect(noReason.body).toMatchObject({ code: 'REASON_REQUIRED', field: 'reason' });
    expect((await server.db.knex('orders').where({ id: two.order._id }).first('status')).status).toBe('Shipped');
    const withReason = await put('/api/orders/update-status', { orderId: two.order._id, order_status: 'Delivered', cashCollected: 10, reason: 'Refused the rice' }, staff);
    expect(withReason.body.data).toMatchObject({ payment_status: 'Paid', cashCollected: 10, cashFlagged: true, cashNote: 'Refused the rice' });
    // staff may also deliver through the rider call (orders.update), on any open order
    const three = await packedOrder();
    const staffDeliver = await put('/api/orders/deliver', { orderId: three.order._id, cashCollected: (await server.api<OrderBody>('GET', `/api/order/details?orderId=${three.order._id}`, undefined, staff.auth)).body.data.totalAmt }, staff);
    expect(staffDeliver.body.data).toMatchObject({ order_status: 'Delivered', payment_status: 'Paid' });
  });

  it("shows a shopper their rider's first name from Shipped on, and the number only while the order is open", async () => {
    const { order, who, total } = await assigned(rider);
    const mine = async () => {
      const details = await server.api<OrderBody>('GET', `/api/order/details?orderId=${order._id}`, undefined, who.auth);
      const list = await server.api<{ data: OrderBody['data'][] }>('GET', '/api/order/order-list', undefined, who.auth);
      const listed = list.body.data.find((o) => o._id === order._id);
      expect(listed?.rider).toEqual(details.body.data.rider);
      expect(details.body.data.cashFlagged).toBe(false);
      return details.body.data.rider;
    };
    expect(await mine()).toBeNull(); // Processing: not yet
    const shopperSocket = open(server.url, who.accessToken);
    sockets.push(shopperSocket);
    await connected(shopperSocket);
    const heard = next<{ order: OrderBody['data'] }>(shopperSocket, SOCKET_EVENTS.orderStatus);
    await put('/api/orders/pickup', { orderId: order._id }, rider);
    expect((await heard).order.rider).toEqual({ firstName: 'Nimal', mobile: rider.mobile });
    expect(await mine()).toEqual({ firstName: 'Nimal', mobile: rider.mobile });
    await put('/api/orders/deliver', { orderId: order._id, cashCollected: total }, rider);
    expect(await mine()).toEqual({ firstName: 'Nimal', mobile: null });
  });

  it("keeps a rider's room to themself: another rider hears nothing of an order not theirs, nor the shop's order feed", async () => {
    const other = open(server.url, rider2.accessToken);
    sockets.push(other);
    await connected(other);
    const silent = arrives(other, SOCKET_EVENTS.riderOrders, 600);
    const noFeed = arrives(other, SOCKET_EVENTS.orderNew, 600);
    const noStatus = arrives(other, SOCKET_EVENTS.orderStatus, 600);
    await assigned(rider);
    expect([await silent, await noFeed, await noStatus]).toEqual([false, false, false]);
  });

  it('refuses hostile hand-ins and cash amounts on update-status with a 400 naming the field', async () => {
    for (const [body, field] of [
      [{ riderId: rider.id, amount: 10, note: 'bag\u0000' }, 'note'],
      [{ riderId: rider.id, amount: '10' + 'x' }, 'amount'],
      [{ riderId: rider.id, amount: 2 ** 53 }, 'amount'],
      [{ riderId: 42, amount: 10 }, 'riderId'],
      [{ amount: 10 }, 'riderId'],
    ] as const) {
      const res = await server.api<{ field: string }>('POST', '/api/cash/hand-ins', body, staff.auth);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.field).toBe(field);
    }
    const { order } = await packedOrder();
    const res = await put('/api/orders/update-status', { orderId: order._id, order_status: 'Shipped', cashCollected: 'all of it' }, staff);
    expect(res.status).toBe(400);
    expect(res.body.field).toBe('cashCollected');
  });

  it("reports each rider's cash, takes hand-ins within the rule, and shows the outstanding until it is 0", async () => {
    const cashRider = await quickAccount(server, { role: 'RIDER', name: 'Cash Rider' });
    const a = await assigned(cashRider);
    const b = await assigned(cashRider);
    await put('/api/orders/deliver', { orderId: a.order._id, cashCollected: a.total }, cashRider);
    await put('/api/orders/deliver', { orderId: b.order._id, cashCollected: b.total - 20, reason: 'Rs.20 short' }, cashRider);
    const collected = a.total + b.total - 20;
    expect(await riderRow(cashRider)).toMatchObject({ name: 'Cash Rider', deliveries: 2, collected, handedIn: 0, outstanding: collected, flagged: 1, handIns: [] });

    for (const [amount, code] of [
      [0, 'VALIDATION'],
      [-5, 'VALIDATION'],
      [collected + 0.01, 'AMOUNT_INVALID'],
    ] as const) {
      const res = await server.api<{ code: string; field: string }>('POST', '/api/cash/hand-ins', { riderId: cashRider.id, amount }, staff.auth);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ field: 'amount' });
      if (code === 'AMOUNT_INVALID') expect(res.body.code).toBe('AMOUNT_INVALID');
    }
    expect((await server.api('POST', '/api/cash/hand-ins', { riderId: staff.id, amount: 10 }, staff.auth)).status).toBe(404);

    // another staff screen hears the hand-in (its report of the day reads the cash again); the rider's own socket does not
    const otherCounter = open(server.url, staff2.accessToken);
    const riderSocket = open(server.url, cashRider.accessToken);
    sockets.push(otherCounter, riderSocket);
    await Promise.all([connected(otherCounter), connected(riderSocket)]);
    const told = next<{ riderId: string; day: string; handInId: string }>(otherCounter, SOCKET_EVENTS.cashHandIn);
    const riderTold = arrives(riderSocket, SOCKET_EVENTS.cashHandIn, 600);
    const first = await server.api<{ data: RiderCashRow }>('POST', '/api/cash/hand-ins', { riderId: cashRider.id, amount: 100, note: 'first run' }, staff.auth);
    expect(first.status).toBe(201);
    expect(await told).toEqual({ riderId: cashRider.id, day: localDay(new Date(), server.config.shop.timeZone), handInId: first.body.data.handIns[0]!.id });
    expect(await riderTold).toBe(false);
    expect(first.body.data).toMatchObject({ riderId: cashRider.id, handedIn: 100, outstanding: collected - 100 });
    expect(first.body.data.handIns[0]).toMatchObject({ amount: 100, receivedBy: 'Counter One', note: 'first run' });
    // two hand-ins of the rest at once: the balance row's lock checks them one after the other, together exactly the rest
    const rest = collected - 100;
    const both = await Promise.all([1, 2].map(() => server.api<{ data: RiderCashRow }>('POST', '/api/cash/hand-ins', { riderId: cashRider.id, amount: rest / 2 }, admin.auth)));
    expect(both.map((r) => r.status)).toEqual([201, 201]);
    const row = await riderRow(cashRider);
    expect(row).toMatchObject({ collected, handedIn: collected, outstanding: 0 });
    expect(row?.handIns).toHaveLength(3);

    const csv = await server.api<string>('GET', `/api/orders/report.csv?day=${localDay(new Date(), server.config.shop.timeZone)}`, undefined, admin.auth);
    expect(csv.body).toContain('Rider,Deliveries,Brought forward (Rs.),Collected (Rs.),Handed in (Rs.),Outstanding (Rs.),Flagged');
    expect(csv.body).toContain(`Cash Rider,2,0,${collected},${collected},0,1`);
    expect(csv.body).toMatch(/Cash Rider,[^,]+,100,Counter One,first run/);
  });
});

// Outstanding cash is the rider's running balance: cash collected one evening and handed in the next morning is
// owed at the end of the first day and settled on the second (never negative), on a shop clock that crosses midnight.
describe.each(DB_KINDS)("a rider's cash across two days on %s", (kind) => {
  const DAY1 = '2026-11-24';
  const DAY2 = '2026-11-25';
  /** A time on a day's shop clock (Asia/Colombo, +05:30). */
  const at = (time: string, day: string) => new Date(`${day}T${time}:00+05:30`);
  const clock = fixedClock(at('18:30', DAY1));
  let server: TestServer;
  let product: string;
  let staffId = '';
  const riders = { evening: '', settled: '' };

  const riderRow = (day: string, riderId: string) => riderCashRow(server, staffId, day, riderId);
  /** An order placed now, packed, given to the rider and delivered with its total: that total (rupees). */
  const deliveredBy = (riderId: string) => deliverOrder(server, product, staffId, riderId);
  const handIn = async (riderId: string, amount: number) =>
    server.api<{ code?: string; message: string; data: RiderCashRow }>('POST', '/api/cash/hand-ins', { riderId, amount }, await sessionAuth(server, { id: staffId, role: 'STAFF' }));

  beforeAll(async () => {
    server = await startTestServer(kind, { clock, env: { SHOP_HOURS: '00:00-23:59', FRESH_HOURS: '00:00-23:59', TIME_ZONE: 'Asia/Colombo' } });
    product = await insertProduct(server, { name: 'Kithul Treacle 750ml', price: 1250, stock: 100 });
    staffId = (await quickAccount(server, { role: 'STAFF', name: 'Night Clerk' })).id;
    riders.evening = (await quickAccount(server, { role: 'RIDER', name: 'Evening Rider' })).id;
    riders.settled = (await quickAccount(server, { role: 'RIDER', name: 'Settled Rider' })).id;
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("owes the evening's cash at the end of that day and settles it the next morning, never negative", async () => {
    // Day one, evening: two deliveries and Rs.100 handed in before closing; another rider hands in all they took.
    const first = await deliveredBy(riders.evening);
    clock.set(at('19:10', DAY1));
    const second = await deliveredBy(riders.evening);
    const settled = await deliveredBy(riders.settled);
    clock.set(at('21:00', DAY1));
    expect((await handIn(riders.evening, 100)).status).toBe(201);
    expect((await handIn(riders.settled, settled)).status).toBe(201);
    const held = first + second - 100;
    expect(await riderRow(DAY1, riders.evening)).toMatchObject({ deliveries: 2, broughtForward: 0, collected: first + second, handedIn: 100, outstanding: held });

    // Day two, morning: before anything happens the rider still holds last night's cash; the settled one is not listed.
    clock.set(at('09:00', DAY2));
    expect(await riderRow(DAY2, riders.evening)).toMatchObject({ deliveries: 0, broughtForward: held, collected: 0, handedIn: 0, outstanding: held, handIns: [] });
    expect(await riderRow(DAY2, riders.settled)).toBeUndefined();
    // a hand-in is weighed against all the rider holds, which the refusal names
    const tooMuch = await handIn(riders.evening, held + 0.01);
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.code).toBe('AMOUNT_INVALID');
    expect(tooMuch.body.message).toContain(`the rider holds ${formatRs(rupeesToPaise(held))}`);
    const morning = await handIn(riders.evening, held);
    expect(morning.status).toBe(201);
    expect(morning.body.data).toMatchObject({ broughtForward: held, collected: 0, handedIn: held, outstanding: 0 });
    expect(await riderRow(DAY2, riders.evening)).toMatchObject({ broughtForward: held, handedIn: held, outstanding: 0 });
    // the first day still reads as it closed: what the rider held at its end
    expect(await riderRow(DAY1, riders.evening)).toMatchObject({ broughtForward: 0, collected: first + second, handedIn: 100, outstanding: held });

    // A delivery later on day two is owed on its own.
    clock.set(at('11:00', DAY2));
    const third = await deliveredBy(riders.evening);
    expect(await riderRow(DAY2, riders.evening)).toMatchObject({ deliveries: 1, broughtForward: held, collected: third, handedIn: held, outstanding: third });
    const csv = await server.api<string>('GET', `/api/orders/report.csv?day=${DAY2}`, undefined, await sessionAuth(server, { id: staffId, role: 'STAFF' }));
    expect(csv.body).toContain('Rider,Deliveries,Brought forward (Rs.),Collected (Rs.),Handed in (Rs.),Outstanding (Rs.),Flagged');
    expect(csv.body).toContain(`Evening Rider,1,${held},${third},${held},${third},0`);
  });
});
