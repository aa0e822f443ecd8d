// What the tests of issue 35 share: a shopper's order placed and delivered over HTTP, to report problems on.
import { expect } from 'vitest';
import { cashOnDeliveryBody, insertProduct, quickAccount, type TestServer } from './helpers';

const INSIDE = { latitude: 6.879, longitude: 79.862 };

interface Answer<T> {
  data: T;
}

/** A new shopper's order of 2 milk (Rs.320) and 3 bread (Rs.180), placed, and moved by staff through `statuses`. */
export async function deliveredOrder(server: TestServer, statuses: readonly string[] = ['Processing', 'Shipped', 'Delivered']) {
  const milk = await insertProduct(server, { name: 'Fresh Milk 1L', price: 320, stock: 50 });
  const bread = await insertProduct(server, { name: 'Sandwich Bread', price: 180, stock: 50 });
  const who = await quickAccount(server);
  const address = await server.api<Answer<{ _id: string }>>('POST', '/api/address/create', { address_line: 'Home', city: '1 Lane', state: 'Temple', pincode: '0771231234', mobile: 'Home', ...INSIDE }, who.auth);
  for (const [id, qty] of [[milk, 2], [bread, 3]] as const) {
    const item = await server.api<Answer<{ _id: string }>>('POST', '/api/cart/create', { productId: id }, who.auth);
    await server.api('PUT', '/api/cart/update-qty', { _id: item.body.data._id, qty }, who.auth);
  }
  const body = cashOnDeliveryBody([{ productId: milk, pricePaise: 32_000, quantity: 2 }, { productId: bread, pricePaise: 18_000, quantity: 3 }], address.body.data._id);
  const placed = await server.api<Answer<{ _id: string; orderId: string }>>('POST', '/api/order/cash-on-delivery', body, who.auth);
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  const order = placed.body.data;
  const staff = await quickAccount(server, { role: 'STAFF' });
  for (const status of statuses) {
    const moved = await server.api('PUT', '/api/orders/update-status', { orderId: order._id, order_status: status }, staff.auth);
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
  }
  return { milk, bread, who, order };
}
