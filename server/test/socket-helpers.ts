// Socket.IO clients for the tests: open one, wait for it, wait for (or rule out) an event, and place an
// order over the real API so one arrives.
import { io as connect, type Socket } from 'socket.io-client';
import { computeTotals, paiseToRupees, type DayReport, type RiderCashRow } from '@kade/shared';
import { quickAccount, sessionAuth, type TestServer } from './helpers';

export type Order = { _id: string; orderId: string; order_status: string; userId: { _id: string } };
export const INSIDE = { latitude: 6.879, longitude: 79.862 };

/**
 * How long a test waits for something that must happen (a socket connecting, an event arriving, a state showing):
 * not a speed limit but a guard against a hang, far above what a loaded machine needs, below the test's own
 * timeout (vitest.config.ts) so that the failure names what never came.
 */
export const EVENT_WAIT_MS = 45_000;

/** A socket that never reconnects by itself, with the token (and any headers, such as an Origin) given. */
export function open(url: string, token?: string, headers: Record<string, string> = {}): Socket {
  return connect(url, { transports: ['websocket'], reconnection: false, forceNew: true, ...(token ? { auth: { token } } : {}), extraHeaders: headers });
}

/** Resolves once the socket is connected (at once if it already is: it may connect while a test awaits). */
export function connected(socket: Socket, ms = EVENT_WAIT_MS): Promise<void> {
  if (socket.connected) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`not connected within ${ms} ms`)), ms);
    socket.once('connect', () => {
      clearTimeout(timer);
      resolve();
    });
    socket.once('connect_error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}

/** The next event of this name, or a rejection after `ms`. */
export function next<T>(socket: Socket, event: string, ms = EVENT_WAIT_MS): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${ms} ms`)), ms);
    socket.once(event, (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });
}

/** The next `event` on the socket whose payload passes `test` (earlier ones are let by), or a rejection after `ms`. */
export function nextWhere<T>(socket: Socket, event: string, test: (payload: T) => boolean, ms = EVENT_WAIT_MS): Promise<T> {
  return new Promise((resolve, reject) => {
    const on = (payload: T) => {
      if (!test(payload)) return;
      clearTimeout(timer);
      socket.off(event, on);
      resolve(payload);
    };
    const timer = setTimeout(() => {
      socket.off(event, on);
      reject(new Error(`no matching ${event} within ${ms} ms`));
    }, ms);
    socket.on(event, on);
  });
}

/** Resolves true if the event arrives within `ms`, false if it does not. */
export function arrives(socket: Socket, event: string, ms = 400): Promise<boolean> {
  return next(socket, event, ms).then(() => true, () => false);
}

/** A new shopper tries to place a one-line order with this delivery option: the answer as it came. */
export async function tryOrder(server: TestServer, productId: string, option = '50 Minutes to 1 Hour') {
  const buyer = await readyBuyer(server, productId, option);
  return { res: await buyer.order(), who: buyer.who };
}

/**
 * A new shopper with an address inside the zone and one of `productId` in the cart; `order()` sends the
 * cash-on-delivery order for it with the totals the shop's checkout would send.
 */
export async function readyBuyer(server: TestServer, productId: string, option = '50 Minutes to 1 Hour') {
  const who = await quickAccount(server);
  const address = await server.api<{ data: { _id: string } }>('POST', '/api/address/create', { address_line: 'Home', city: '1 Lane', state: 'Temple', pincode: '0771231234', mobile: 'Home', ...INSIDE }, who.auth);
  await server.api('POST', '/api/cart/create', { productId }, who.auth);
  const row = await server.db.knex('products').where({ id: productId }).first('price_paise', 'discount');
  const totals = computeTotals([{ pricePaise: row.price_paise, discount: Number(row.discount), quantity: 1 }], option);
  const order = () =>
    server.api<{ data: Order & Record<string, unknown>; code?: string; field?: string; message: string }>('POST', '/api/order/cash-on-delivery', {
      list_items: [{ productId, quantity: 1 }],
      addressId: address.body.data._id,
      subTotalAmt: paiseToRupees(totals.subtotalPaise),
      totalAmt: paiseToRupees(totals.grandTotalPaise),
      location: 'Location not available',
      Choose: option,
    }, who.auth);
  return { who, order };
}

export async function placeOrder(server: TestServer, productId: string, option = '50 Minutes to 1 Hour') {
  const { res, who } = await tryOrder(server, productId, option);
  if (res.status !== 201) throw new Error(`order failed: ${JSON.stringify(res.body)}`);
  return { order: res.body.data as Order, who };
}

/**
 * An order placed now by a new shopper, moved to Processing and given to the rider by staff, ready for the rider to
 * deliver: its id and total (rupees).
 */
export async function orderForRider(server: TestServer, productId: string, staffId: string, riderId: string): Promise<{ orderId: string; total: number }> {
  const { order } = await placeOrder(server, productId);
  const staff = await sessionAuth(server, { id: staffId, role: 'STAFF' });
  const packed = await server.api('PUT', '/api/orders/update-status', { orderId: order._id, order_status: 'Processing' }, staff);
  if (packed.status !== 200) throw new Error(`could not pack the order: ${JSON.stringify(packed.body)}`);
  const given = await server.api<{ data: { totalAmt: number } }>('PUT', '/api/orders/assign', { orderId: order._id, riderId }, staff);
  if (given.status !== 200) throw new Error(`could not give the order to the rider: ${JSON.stringify(given.body)}`);
  return { orderId: order._id, total: given.body.data.totalAmt };
}

/** The rider delivers the order with this cash (rupees): the answer as it came. */
export async function deliverAs(server: TestServer, riderId: string, orderId: string, cashCollected: number) {
  return server.api<{ code?: string; message: string; data: { cashCollected: number | null } }>('PUT', '/api/orders/deliver', { orderId, cashCollected }, await sessionAuth(server, { id: riderId, role: 'RIDER' }));
}

/** An order placed now, given to the rider and delivered with its total: that total (rupees). */
export async function deliveredBy(server: TestServer, productId: string, staffId: string, riderId: string): Promise<number> {
  const { orderId, total } = await orderForRider(server, productId, staffId, riderId);
  const done = await deliverAs(server, riderId, orderId, total);
  if (done.status !== 200) throw new Error(`could not deliver the order: ${JSON.stringify(done.body)}`);
  return total;
}

/** One rider's row of a day's report as staff read it (undefined: the rider is not on that day's report). */
export async function riderCashRow(server: TestServer, staffId: string, day: string, riderId: string): Promise<RiderCashRow | undefined> {
  const res = await server.api<{ data: DayReport }>('GET', `/api/orders/report?day=${day}`, undefined, await sessionAuth(server, { id: staffId, role: 'STAFF' }));
  if (res.status !== 200) throw new Error(`the day report answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body.data.riders.find((r) => r.riderId === riderId);
}

/** A socket that keeps its recovery state and reconnects only when told (`connect()` after `drop`). */
export function recoverable(url: string, token: string): Socket {
  return connect(url, { transports: ['websocket'], reconnection: false, forceNew: true, auth: { token } });
}

/**
 * The network under a socket goes away, as a phone's would: resolves once the server has seen it go (and kept
 * its session for recovery), so what the test does next happens while the socket is away.
 */
export async function drop(server: TestServer, socket: Socket): Promise<void> {
  const id = socket.id;
  const nsp = server.realtime.io.of('/');
  const gone = new Promise<void>((resolve) => {
    const server_socket = id ? nsp.sockets.get(id) : undefined;
    if (!server_socket) return resolve();
    server_socket.once('disconnect', () => resolve());
  });
  socket.io.engine.close();
  await gone;
}
