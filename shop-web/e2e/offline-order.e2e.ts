// Issue 37 item 5, the rest: a signed-in shopper's cart and an order with no network. The shopper goes offline, still
// sees their cart (after a reload too), steps and removes lines, places the order, which waits on the phone with its
// Idempotency-Key; back online the cart changes go first, then the order, placed exactly once, and the shopper is
// told. Phone only (the desktop project skips this file); 1280 px is checked inside the walk.
import { expect, test, type Page } from '@playwright/test';
import type { OrderWire } from '@kade/shared';
import { accountControl, shot } from './helpers';
import { addAddress, adminSession, call, createProduct, newShopper, setCart, SHOP_POSITION, useSession, type Session } from './shopper-api';

test.use({ baseURL: process.env.KADE_URL, geolocation: SHOP_POSITION, permissions: ['geolocation'] });

// the notice under the header (a toast may say "You're offline" too)
const offlineNotice = (page: Page) => page.locator('.offline-notice-slot').filter({ hasText: "You're offline" });
const cartLine = (page: Page, name: string) => page.locator('.cart-line').filter({ hasText: name });

async function myOrders(request: Parameters<typeof call>[0], shopper: Session): Promise<OrderWire[]> {
  const answer = await call<OrderWire[]>(request, shopper.accessToken, 'GET', '/api/order/order-list?limit=50');
  expect(answer.status).toBe(200);
  return answer.body.data;
}

test('an order placed offline waits with its key, and is placed once with the offline cart changes when the network is back', async ({ page, context, request }, info) => {
  const admin = await adminSession(request);
  const stamp = Date.now();
  const tea = `E2E Outbox Tea ${stamp}`;
  const dhal = `E2E Outbox Dhal ${stamp}`;
  const teaId = await createProduct(request, admin, { name: tea, price: 120, stock: 50 });
  const dhalId = await createProduct(request, admin, { name: dhal, price: 250, stock: 50 });
  const shopper = await newShopper(request, 'Patchy Network');
  await addAddress(request, shopper, 'Home');
  await setCart(request, shopper, [
    { productId: teaId, quantity: 2 },
    { productId: dhalId, quantity: 1 },
  ]);
  await useSession(page, shopper);

  // online: the checkout's steps are seen once (their code and the addresses are then kept on the phone)
  await page.goto('/checkout');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/checkout\/payment$/);
  await expect(page.getByRole('heading', { name: 'Shipment of 3 items' })).toBeVisible();
  await page.goto('/cart');
  await expect(cartLine(page, tea)).toBeVisible();
  await expect(cartLine(page, dhal)).toBeVisible();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

  // the network goes: the cart still shows, and the notice says changes are kept
  await context.setOffline(true);
  await expect(offlineNotice(page)).toBeVisible();
  await expect(offlineNotice(page)).toContainText('Changes to your cart are kept on this phone');
  await page.getByRole('button', { name: `One more ${tea}` }).click();
  await expect(cartLine(page, tea).locator('.stepper__count')).toHaveText('3');
  await page.getByRole('button', { name: `Remove ${dhal}` }).click();
  await expect(cartLine(page, dhal)).toHaveCount(0);

  // opened again with no network: the shopper and the cart as they left it
  await page.reload();
  await expect(page.getByRole('heading', { name: 'My Cart' })).toBeVisible();
  await expect(cartLine(page, tea).locator('.stepper__count')).toHaveText('3');
  await expect(cartLine(page, dhal)).toHaveCount(0);
  await expect(offlineNotice(page)).toBeVisible();
  await shot(page, info, 'offline-cart');
  // the server's cart is untouched so far
  const serverCart = await call<Array<{ quantity: number; productId: { _id: string } }>>(request, shopper.accessToken, 'GET', '/api/cart/get');
  expect(serverCart.body.data.map((line) => [line.productId._id, line.quantity]).sort()).toEqual([
    [dhalId, 1],
    [teaId, 2],
  ].sort());

  // checkout offline: the order waits
  await page.getByRole('button', { name: 'Proceed' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Shipment of 3 items' })).toBeVisible();
  await page.getByRole('group', { name: 'Choose your address' }).getByRole('radio').first().check();
  await page.getByRole('radio', { name: /^50 Minutes to 1 Hour/ }).check();
  await page.getByRole('button', { name: 'Cash on Delivery' }).click();
  await expect(page).toHaveURL(/\/success$/);
  await expect(page.getByRole('heading', { name: 'Waiting to send your order' })).toBeVisible();
  await expect(page.getByRole('main').getByText("Your order will be sent when you're back online.")).toBeVisible();
  await expect(offlineNotice(page)).toContainText("An order is waiting: it will be sent when you're back online.");
  const kept = await page.evaluate(() => JSON.parse(localStorage.getItem('kadeOutbox') ?? 'null') as { key: string; body: { list_items: Array<{ productId: string; quantity: number }> } } | null);
  expect(kept?.key).toMatch(/^[0-9a-f]{32}$/);
  expect(kept?.body.list_items.map((item) => [item.productId, item.quantity])).toEqual([[teaId, 3]]);
  await shot(page, info, 'offline-order-waiting');
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page.getByRole('heading', { name: 'Waiting to send your order' })).toBeVisible();
  await shot(page, info, 'offline-order-waiting-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await myOrders(request, shopper)).toHaveLength(0);

  // the network is back: the cart changes, then the order, sent once; the shopper is told and sees the order
  const placing = page.waitForRequest((r) => r.url().endsWith('/api/order/cash-on-delivery'));
  await context.setOffline(false);
  expect((await placing).headers()['idempotency-key']).toBe(kept?.key);
  await expect(page.getByText("Your order was sent now that you're back online.")).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Order Successfully' })).toBeVisible();
  const orders = await myOrders(request, shopper);
  expect(orders).toHaveLength(1);
  await expect(page.getByTestId('success-order')).toHaveText(orders[0]!.orderId);
  expect(orders[0]!.products.map((line) => [line.product_details.name, line.quantity])).toEqual([[tea, 3]]);
  await expect(offlineNotice(page)).toHaveCount(0);
  await shot(page, info, 'offline-order-placed');
  expect(await page.evaluate(() => localStorage.getItem('kadeOutbox'))).toBeNull();
  expect(await page.evaluate(() => localStorage.getItem('kadeCartEdits'))).toBeNull();

  // the network flickers again: nothing is sent twice
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page.getByRole('heading', { name: 'Order Successfully' })).toBeVisible();
  await shot(page, info, 'offline-order-placed-1280');
  await expect(page).toHaveURL(/\/dashboard\/myorders$/, { timeout: 30_000 });
  await expect(page.getByRole('article', { name: `Order ${orders[0]!.orderId}` })).toBeVisible();
  expect(await myOrders(request, shopper)).toHaveLength(1);
});

test('a logout made offline is sent when the network is back: the session ends on the server and its cookies go', async ({ page, context, request }) => {
  const shopper = await newShopper(request, 'Offline Leaver');
  // signed in through the login page, so the browser holds the session's cookies as well as its tokens
  await page.goto('/login');
  await page.getByLabel('Mobile number').fill(shopper.mobile);
  await page.getByLabel('Password').fill(shopper.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/$/);
  const token = await page.evaluate(() => window.localStorage.getItem('accesstoken'));
  expect(token).toBeTruthy();
  const sessionCookies = async () => (await context.cookies()).filter((cookie) => ['accessToken', 'refreshToken'].includes(cookie.name) && cookie.value !== '');
  expect(await sessionCookies()).toHaveLength(2);
  const details = async () => (await call(request, token, 'GET', '/api/user/user-details')).status;
  // the account page seen once online (its code is then kept on the phone)
  await accountControl(page).click();
  await expect(page.getByRole('button', { name: 'Log Out' })).toBeVisible();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

  // no network: the phone signs out at once, but the server could not be told
  await context.setOffline(true);
  await expect(offlineNotice(page)).toBeVisible();
  await page.getByRole('button', { name: 'Log Out' }).click();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
  expect(await details()).toBe(200);
  expect(await sessionCookies()).toHaveLength(2);

  // the network is back: the logout goes, the session ends and its cookies are cleared; a reload stays signed out
  await context.setOffline(false);
  await expect.poll(details).toBe(401);
  await expect.poll(async () => (await sessionCookies()).length).toBe(0);
  await page.reload();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
  expect(await page.evaluate(() => window.localStorage.getItem('kadeLogoutWaiting'))).toBeNull();
});
