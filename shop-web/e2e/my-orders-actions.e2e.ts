// What a shopper does with their orders in My Orders, as a person would: cancel one before the shop starts packing
// it (a second step to confirm; the order then Cancelled and its stock back; an order being packed has no Cancel,
// and one the shop starts packing while the page is open loses it at once, live), and order a delivered one again.
import { expect, test } from '@playwright/test';
import { expectAccessible, shot } from './helpers';
import { addAddress, adminSession, call, createProduct, newShopper, placeCodOrder, useSession } from './shopper-api';

test.use({ baseURL: process.env.KADE_URL });

test('a shopper cancels a Pending order from My Orders; a Processing one cannot be, and one moved on live loses its button', async ({ page, request }, info) => {
  const admin = await adminSession(request);
  const productId = await createProduct(request, admin, { name: `Cancel Test Dhal ${Date.now() % 100_000}`, price: 300, stock: 10 });
  const stock = async () => (await call<{ stock: number }>(request, null, 'POST', '/api/product/get-product-details', { productId })).body.data.stock;
  const shopper = await newShopper(request, 'Cancelling Shopper');
  const addressId = await addAddress(request, shopper);
  const packed = await placeCodOrder(request, shopper, addressId, [{ productId, quantity: 1 }]);
  expect((await call(request, admin.accessToken, 'PUT', '/api/orders/update-status', { orderId: packed._id, order_status: 'Processing' })).status).toBe(200);
  const pending = await placeCodOrder(request, shopper, addressId, [{ productId, quantity: 2 }]);
  expect(await stock()).toBe(7);

  await useSession(page, shopper);
  await page.goto('/dashboard/myorders');
  const card = (orderId: string) => page.getByRole('article', { name: `Order ${orderId}` });
  await expect(card(pending.orderId)).toBeVisible();
  await expect(card(packed.orderId).getByRole('button', { name: 'Cancel order' })).toHaveCount(0);

  // the first press only asks; 'Keep my order' changes nothing
  await card(pending.orderId).getByRole('button', { name: 'Cancel order' }).click();
  const question = card(pending.orderId).getByRole('group', { name: `Cancel order ${pending.orderId}? The shop has not started packing it yet.` });
  await expect(question).toBeVisible();
  await shot(page, info, 'my-orders-cancel-confirm');
  await expectAccessible(page, info, 'my-orders-cancel-confirm');
  await question.getByRole('button', { name: 'Keep my order' }).click();
  await expect(question).toHaveCount(0);
  expect(await stock()).toBe(7);

  await card(pending.orderId).getByRole('button', { name: 'Cancel order' }).click();
  await question.getByRole('button', { name: 'Yes, cancel it' }).click();
  await expect(page.getByText('Your order is cancelled.')).toBeVisible();
  await expect(card(pending.orderId).locator('.status-badge')).toHaveText('Cancelled');
  await expect(card(pending.orderId).getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
  expect(await stock()).toBe(9);
  await shot(page, info, 'my-orders-cancelled');

  // the shop starts packing an order while the shopper looks at it: its Cancel goes at once
  const another = await placeCodOrder(request, shopper, addressId, [{ productId, quantity: 1 }]);
  await page.reload();
  await expect(card(another.orderId).getByRole('button', { name: 'Cancel order' })).toBeVisible();
  expect((await call(request, admin.accessToken, 'PUT', '/api/orders/update-status', { orderId: another._id, order_status: 'Processing' })).status).toBe(200);
  await expect(card(another.orderId).locator('.status-badge')).toHaveText('Processing');
  await expect(card(another.orderId).getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
});

test("'Order again' on a delivered order fills the cart with what can be had today and says what could not", async ({ page, request }, info) => {
  const admin = await adminSession(request);
  const tag = Date.now() % 100_000;
  const kept = await createProduct(request, admin, { name: `Again Rice ${tag}`, price: 250, stock: 40 });
  const scarce = await createProduct(request, admin, { name: `Again Ghee ${tag}`, price: 900, stock: 40 });
  const shopper = await newShopper(request, 'Returning Shopper');
  const addressId = await addAddress(request, shopper);
  const order = await placeCodOrder(request, shopper, addressId, [{ productId: kept, quantity: 2 }, { productId: scarce, quantity: 3 }]);
  for (const status of ['Processing', 'Shipped', 'Delivered']) {
    expect((await call(request, admin.accessToken, 'PUT', '/api/orders/update-status', { orderId: order._id, order_status: status })).status).toBe(200);
  }
  // since then the ghee is down to one jar
  expect((await call(request, admin.accessToken, 'PATCH', '/api/product/update', { _id: scarce, stock: 1 })).status).toBe(200);

  await useSession(page, shopper);
  await page.goto('/dashboard/myorders');
  const card = page.getByRole('article', { name: `Order ${order.orderId}` });
  await expect(card.locator('.status-badge')).toHaveText('Delivered');
  await expect(card.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
  await card.getByRole('button', { name: 'Order again' }).click();
  await expect(page.getByText(`2 items added to your cart. Only 1 of Again Ghee ${tag} (you ordered 3).`)).toBeVisible();
  await expect(page).toHaveURL(/\/cart$/);
  const cart = (await call<Array<{ productId: { _id: string }; quantity: number }>>(request, shopper.accessToken, 'GET', '/api/cart/get')).body.data;
  expect(Object.fromEntries(cart.map((line) => [line.productId._id, line.quantity]))).toEqual({ [kept]: 2, [scarce]: 1 });
  await shot(page, info, 'order-again-cart');
});
