// Issue 36 items 4, 11 and 12, walked as the clerk and the rider use them: the new-order bar never covers the page
// (the side menu ends above it, the page's end scrolls clear of it, beyond two orders it is one line with the count
// until opened, and it lists the orders as the Pending page does, newest first); every status page's collapsed card
// says what the order is worth and when it is due; a paused auto-refresh says Paused; choosing Delivered in a card's
// status box keeps Delivered shown while it asks for the cash; the rider's 'Delivered, cash collected' and
// disabling a customer each ask before anything is sent, and the server decides. At the desktop's 1280 px and,
// where it matters, a 360 px phone (setViewportSize). Desktop project only. The walk counts the orders waiting in the
// bar, so it runs on a server of its own (a copy of the seeded data global-setup made): on the shared one another
// file takes every waiting order or adds its own.
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { deliveryWindow, formatRs, rupeesToPaise, windowAround, type OrderWire, type ShopConfigWire } from '@kade/shared';
import { startServer, stop, type Running } from './global-setup';
import { expectAccessible, shot } from './helpers';
import { SHELL_USER_AGENT } from './playwright.config';
import { apiOn, useSession, type Session } from './shopper-api';

test.describe.configure({ mode: 'serial' });

let server: Running | undefined;
const base = (): string => {
  if (!server) throw new Error('this file starts its own server in beforeAll');
  return server.url;
};
const careDir = (): string => {
  const dir = process.env.KADE_CARE_DATA_DIR;
  if (!dir) throw new Error('KADE_CARE_DATA_DIR is not set: run through the e2e config (global-setup copies it)');
  return dir;
};
const { addAddress, adminSession, call, createProduct, login, newShopper, placeCodOrder } = apiOn({ url: base, dataDir: careDir });
/** Opens a page of this file's server. */
const go = (page: Page, route: string) => page.goto(`${base()}${route}`);

test.beforeAll(async () => {
  test.setTimeout(240_000);
  const hours = windowAround(new Date(), -60, 600);
  server = await startServer(careDir(), { SHOP_HOURS: hours, FRESH_HOURS: hours });
});

test.afterAll(async () => {
  if (server) await stop(server);
});

const run = Date.now() % 100_000;
const shopperName = `Careful Shopper${run}`;
const rs = (rupees: number) => formatRs(rupeesToPaise(rupees));
const OPTION = '50 Minutes to 1 Hour';

const bar = (page: Page) => page.getByRole('alert').filter({ hasText: /waiting to be taken/ });
const card = (page: Page, orderId: string) => page.getByRole('article', { name: `Order ${orderId}` });
const menu = (page: Page) => page.getByRole('navigation', { name: 'Dashboard' });

/** Narrows an order list to this run's shopper and waits for the narrowed list (the box waits 300 ms before asking). */
async function searchFor(page: Page, text: string): Promise<void> {
  const narrowed = page.waitForResponse((r) => r.url().includes('/api/order/order-list') && new URL(r.url()).searchParams.get('search') === text);
  await page.getByRole('searchbox', { name: 'Search by status' }).fill(text);
  await narrowed;
}

/** The element a person's tap at the middle of `target` would reach is `target` itself (or inside it): nothing covers it. */
async function expectUncovered(target: Locator): Promise<void> {
  await target.scrollIntoViewIfNeeded();
  expect(
    await target.evaluate((node) => {
      const box = node.getBoundingClientRect();
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return hit !== null && (hit === node || node.contains(hit));
    }),
  ).toBe(true);
}

/** The top and bottom of an element on screen. */
async function edges(target: Locator): Promise<{ top: number; bottom: number }> {
  const box = await target.boundingBox();
  expect(box).not.toBeNull();
  return { top: box!.y, bottom: box!.y + box!.height };
}

test.describe("the clerk's dashboard and the rider's phone take care (issue 36)", () => {
  let admin: Session;
  let shopper: Session;
  let config: ShopConfigWire;
  const orders: OrderWire[] = [];
  let productId = '';
  let address = '';

  /** Places an order of `quantity` as the shopper's phone would, and keeps it as staff read it. */
  async function place(request: APIRequestContext, quantity: number): Promise<OrderWire> {
    const placed = await placeCodOrder(request, shopper, address, [{ productId, quantity }]);
    const order = (await call<OrderWire>(request, admin.accessToken, 'GET', `/api/order/details?orderId=${placed._id}`)).body.data;
    orders.push(order);
    return order;
  }

  test.beforeAll(async ({ request }) => {
    admin = await adminSession(request);
    config = (await call<ShopConfigWire>(request, null, 'GET', '/api/shop/config')).body.data;
    productId = await createProduct(request, admin, { name: `Care Rice ${run}`, price: 1240 });
    shopper = await newShopper(request, shopperName);
    address = await addAddress(request, shopper);
    // Rs.150 of goodwill credit, used by the first order
    const found = await call<{ users: Array<{ _id: string; mobile: string }> }>(request, admin.accessToken, 'GET', `/api/users/list?search=${shopper.mobile}`);
    const userId = found.body.data.users.find((u) => u.mobile === shopper.mobile)!._id;
    const issued = await call(request, admin.accessToken, 'POST', '/api/credit/issue', { userId, amount: 150, reason: 'A torn bag last week' });
    expect(issued.status, issued.body.message).toBe(201);
    for (const quantity of [2, 1]) await place(request, quantity);
    // 2 x Rs.1,240 less 3.5% is Rs.2,393.20, rounded to Rs.2,390; the credit leaves Rs.2,240 to collect
    expect(orders[0]).toMatchObject({ totalAmt: 2390, creditUsed: 150, cashToCollect: 2240, Choose: OPTION });
    expect(orders[1]).toMatchObject({ totalAmt: 1210, creditUsed: 0, cashToCollect: 1210 });
  });

  /** What a collapsed card says the order is worth and when it is due. */
  async function expectFirstAnswers(page: Page, order: OrderWire): Promise<void> {
    const shown = card(page, order.orderId);
    const worth = (order.creditUsed ?? 0) > 0 ? `${rs(order.totalAmt)} · collect ${rs(order.cashToCollect ?? 0)}` : rs(order.totalAmt);
    await expect(shown.getByTestId('order-amount')).toHaveText(worth);
    await expect(shown.getByTestId('order-window')).toHaveText(`${deliveryWindow(order.Choose, order.createdAt, config.timeZone)} (${order.Choose})`);
    // on the card as it first shows, details closed
    await expect(shown.getByRole('button', { name: 'Show details' })).toHaveAttribute('aria-expanded', 'false');
  }

  test('the new-order bar keeps clear of the page and is one line beyond two orders; the cards say amount and window; Paused says so', async ({ page, request }, info) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await useSession(page, admin);
    await go(page, '/dashboard/pending');
    await expect(page.getByRole('heading', { level: 1, name: 'Orders (2)' })).toBeVisible();
    for (const order of orders) await expectFirstAnswers(page, order);

    // two orders wait: the bar lists both, newest first, with nothing to open
    const ringer = bar(page);
    await expect(ringer.locator('.ringer__title')).toHaveText('2 new orders waiting to be taken');
    await expect(ringer.locator('.ringer__id')).toHaveText([`#${orders[1]!.orderId}`, `#${orders[0]!.orderId}`]);
    await expect(ringer.getByRole('button', { name: /^Show all/ })).toHaveCount(0);
    await expect.poll(async () => (await edges(menu(page))).bottom).toBeLessThanOrEqual((await edges(ringer)).top + 1);
    await shot(page, info, 'care-bar-two-1280');

    // two more: the bar folds to one line with the count, its list closed
    for (const quantity of [1, 1]) await place(request, quantity);
    await expect(page.getByRole('heading', { level: 1, name: 'Orders (4)' })).toBeVisible();
    for (const order of orders.slice(2)) await expectFirstAnswers(page, order);
    await expect(ringer.locator('.ringer__title')).toHaveText('4 new orders waiting to be taken');
    await expect(ringer.getByTestId('ringing-order')).toHaveCount(0);
    const open = ringer.getByRole('button', { name: 'Show all 4' });
    await expect(open).toHaveAttribute('aria-expanded', 'false');
    const line = await edges(ringer);
    expect(line.bottom).toBe(800);
    expect(line.bottom - line.top).toBeLessThan(72);
    // the side menu ends above the bar, and its last link can be tapped
    await expect.poll(async () => (await edges(menu(page))).bottom).toBeLessThanOrEqual(line.top + 1);
    await expectUncovered(menu(page).getByRole('link').last());
    // a column beside the page, not a drawer: no Menu button at this width
    await expect(page.getByRole('button', { name: 'Menu', exact: true })).toBeHidden();
    await shot(page, info, 'care-bar-collapsed-1280');
    await expectAccessible(page, info, 'care-bar-collapsed-1280');

    // paused, the countdown says so; resumed, it counts again
    await page.getByRole('button', { name: 'Pause Auto-Refresh' }).click();
    await expect(page.getByTestId('countdown')).toHaveText('Paused');
    await expect(page.getByRole('button', { name: 'Resume Auto-Refresh' })).toHaveAttribute('aria-pressed', 'true');
    await shot(page, info, 'care-refresh-paused-1280');
    await page.getByRole('button', { name: 'Resume Auto-Refresh' }).click();
    await expect(page.getByTestId('countdown')).toHaveText(/^Page reloads in: \d+s$/);

    // opened, it lists every waiting order, in the Pending page's order: newest first
    await open.click();
    await expect(ringer.getByRole('button', { name: 'Hide' })).toHaveAttribute('aria-expanded', 'true');
    await expect(ringer.getByTestId('ringing-order').first()).toBeVisible();
    // the bar and the list beside it name the same orders in the same order: newest first
    const newestFirst = [...orders].reverse().map((o) => o.orderId);
    await expect(ringer.locator('.ringer__id')).toHaveText(newestFirst.map((id) => `#${id}`));
    await expect(page.getByTestId('order-card')).toHaveText(newestFirst.map((id) => new RegExp(`Order #${id}`)));
    await shot(page, info, 'care-bar-open-1280');
    await expectAccessible(page, info, 'care-bar-open-1280');
    // even open the menu ends above it
    await expect.poll(async () => (await edges(menu(page))).bottom).toBeLessThanOrEqual((await edges(ringer)).top + 1);
    await ringer.getByRole('button', { name: 'Hide' }).click();
    await expect(ringer.getByTestId('ringing-order')).toHaveCount(0);

    // on a 360 px phone: still one line at the foot, the cards still answer, and the page's end scrolls clear of it
    await page.setViewportSize({ width: 360, height: 780 });
    const phoneLine = await edges(ringer);
    expect(phoneLine.bottom).toBe(780);
    expect(phoneLine.bottom - phoneLine.top).toBeLessThan(72);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectFirstAnswers(page, orders[0]!);
    await card(page, orders[0]!.orderId).scrollIntoViewIfNeeded();
    await shot(page, info, 'care-bar-collapsed-360');
    await expectAccessible(page, info, 'care-bar-collapsed-360');
    await expect
      .poll(async () => {
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        return (await edges(page.locator('.list-end'))).bottom;
      })
      .toBeLessThanOrEqual(phoneLine.top + 1);
    // Paused says so at this width too
    await page.getByRole('button', { name: 'Pause Auto-Refresh' }).click();
    await expect(page.getByTestId('countdown')).toHaveText('Paused');
    await page.getByTestId('countdown').scrollIntoViewIfNeeded();
    await shot(page, info, 'care-refresh-paused-360');
    await page.getByRole('button', { name: 'Resume Auto-Refresh' }).click();
    await expect(page.getByTestId('countdown')).toHaveText(/^Page reloads in: \d+s$/);
    // opened on the phone, the bar names the orders as the list does: newest first
    await ringer.getByRole('button', { name: 'Show all 4' }).click();
    await expect(ringer.locator('.ringer__id')).toHaveText(newestFirst.map((id) => `#${id}`));
    await expect(page.getByTestId('order-card')).toHaveText(newestFirst.map((id) => new RegExp(`Order #${id}`)));
    await shot(page, info, 'care-bar-open-360');
    await ringer.getByRole('button', { name: 'Hide' }).click();
    await expect(ringer.getByTestId('ringing-order')).toHaveCount(0);
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    await expectUncovered(menu(page).getByRole('link').last());
    await shot(page, info, 'care-menu-360');
    await page.getByRole('button', { name: 'Close menu' }).click();
  });

  test("the Processing and Cancelled pages' collapsed cards answer the same questions", async ({ page, request }, info) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await useSession(page, admin);
    const moved = await call<OrderWire>(request, admin.accessToken, 'PUT', '/api/orders/update-status', { orderId: orders[1]!._id, order_status: 'Processing' });
    expect(moved.status, moved.body.message).toBe(200);
    const cancelled = await call<OrderWire>(request, shopper.accessToken, 'PUT', '/api/order/cancel', { orderId: orders[2]!._id });
    expect(cancelled.status, cancelled.body.message).toBe(200);
    for (const [list, order] of [['processing', moved.body.data], ['cancelled', cancelled.body.data]] as const) {
      await go(page, `/dashboard/${list}`);
      await searchFor(page, shopperName);
      await expectFirstAnswers(page, order);
      await shot(page, info, `care-cards-${list}`);
      // and on a phone's width
      await page.setViewportSize({ width: 360, height: 780 });
      await expectFirstAnswers(page, order);
      await card(page, order.orderId).scrollIntoViewIfNeeded();
      await shot(page, info, `care-cards-${list}-360`);
      await page.setViewportSize({ width: 1280, height: 800 });
    }
  });

  test("the credit order's receipt page reads as the shopper's bill: the customer, the basket discount and the rounding, and 'Credit −Rs.150.00 · COLLECT'", async ({ page }, info) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await useSession(page, admin);
    const credited = orders[0]!;
    await go(page, `/dashboard/print/${credited.orderId}`);
    const receipt = page.getByRole('article', { name: `Order #${credited.orderId}` });
    const fact = (term: string) => receipt.locator('div').filter({ has: page.locator('dt', { hasText: new RegExp(`^${term.replace(/[()%.]/g, '\\$&')}$`) }) }).locator('dd');
    await expect(fact('Customer')).toHaveText(shopperName);
    await expect(fact('Basket discount (3.5%)')).toHaveText('-Rs.86.80');
    await expect(fact('Rounding')).toHaveText('-Rs.3.20');
    await expect(fact('Total')).toHaveText('Rs.2,390.00');
    await expect(fact('Credit')).toHaveText('\u2212Rs.150.00 \u00b7 COLLECT Rs.2,240.00');
    await expect(receipt.getByText('Cash to collect', { exact: true })).toHaveCount(0);
    await shot(page, info, 'care-receipt-credit');
    await expectAccessible(page, info, 'care-receipt-credit');
    // the same lines on a phone's width, none pushed off the screen
    await page.setViewportSize({ width: 360, height: 780 });
    await expect(fact('Customer')).toHaveText(shopperName);
    await expect(fact('Basket discount (3.5%)')).toHaveText('-Rs.86.80');
    await expect(fact('Rounding')).toHaveText('-Rs.3.20');
    await expect(fact('Credit')).toHaveText('\u2212Rs.150.00 \u00b7 COLLECT Rs.2,240.00');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await fact('Rounding').scrollIntoViewIfNeeded();
    await shot(page, info, 'care-receipt-credit-360');
    // the new-order bar at the foot of the phone covers none of it: the receipt's end scrolls clear of the bar
    await expect(bar(page)).toBeVisible();
    await expect
      .poll(async () => {
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        return (await edges(receipt)).bottom - (await edges(bar(page))).top;
      })
      .toBeLessThanOrEqual(1);
    await shot(page, info, 'care-receipt-credit-end-360');
  });

  /** The order's status as the server has it now. */
  const statusOf = async (request: APIRequestContext, order: OrderWire) => (await call<OrderWire>(request, admin.accessToken, 'GET', `/api/order/details?orderId=${order._id}`)).body.data.order_status;

  test('Delivered from the status box stays shown while it asks for the cash, and Cancel sends nothing', async ({ page, request }, info) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await useSession(page, admin);
    const status = (order: OrderWire) => statusOf(request, order);

    // an order on its way: choosing Delivered keeps the box saying so while the cash is asked for
    const last = orders[3]!;
    for (const step of ['Processing', 'Shipped']) expect((await call(request, admin.accessToken, 'PUT', '/api/orders/update-status', { orderId: last._id, order_status: step })).status).toBe(200);
    await go(page, '/dashboard/shipped');
    await searchFor(page, shopperName);
    await expectFirstAnswers(page, last);
    const box = card(page, last.orderId).getByLabel(`Update Status for order ${last.orderId}`);
    await box.selectOption('Delivered');
    const ask = card(page, last.orderId).getByRole('group', { name: `Mark delivered: order ${last.orderId}` });
    await expect(ask).toBeVisible();
    await expect(box).toHaveValue('Delivered');
    await expect(box.locator('option:checked')).toHaveText('Delivered');
    await shot(page, info, 'care-status-box-delivered');
    await expectAccessible(page, info, 'care-status-box-delivered');
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await expect(ask).toHaveCount(0);
    await expect(box).toHaveValue('');
    expect(await status(last)).toBe('Shipped');
    // on a phone's width the choice stays shown while it asks, too
    await page.setViewportSize({ width: 360, height: 780 });
    await box.selectOption('Delivered');
    await expect(ask).toBeVisible();
    await expect(box).toHaveValue('Delivered');
    await expect(box.locator('option:checked')).toHaveText('Delivered');
    expect(await status(last)).toBe('Shipped');
    await ask.scrollIntoViewIfNeeded();
    await shot(page, info, 'care-status-box-delivered-360');
    await ask.getByRole('button', { name: `Delivered, cash collected ${rs(last.cashToCollect ?? last.totalAmt)}` }).click();
    await expect(card(page, last.orderId)).toHaveCount(0);
    expect(await status(last)).toBe('Delivered');
  });

  test("the rider's 'Delivered, cash collected' asks once more on the phone, and the Delivered page's cards answer too", async ({ page, browser, request }, info) => {
    const status = (order: OrderWire) => statusOf(request, order);
    // the rider: made by the admin, on shift, given the Processing order
    const person = await newShopper(request, `Care Rider ${run}`);
    const found = await call<{ users: Array<{ _id: string; mobile: string }> }>(request, admin.accessToken, 'GET', `/api/users/list?search=${person.mobile}`);
    const riderId = found.body.data.users.find((u) => u.mobile === person.mobile)!._id;
    expect((await call(request, admin.accessToken, 'PUT', '/api/users/update-role', { _id: riderId, role: 'RIDER' })).status).toBe(200);
    const rider = await login(request, person.mobile, person.password, person.name);
    expect((await call(request, rider.accessToken, 'PUT', '/api/rider/shift', { onShift: true })).status).toBe(200);
    const given = orders[1]!;
    const assigned = await call(request, admin.accessToken, 'PUT', '/api/orders/assign', { orderId: given._id, riderId });
    expect(assigned.status, assigned.body.message).toBe(200);

    const phone = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2, userAgent: SHELL_USER_AGENT, baseURL: base() });
    try {
      const riderPage = await phone.newPage();
      await useSession(riderPage, rider);
      await go(riderPage, '/rider');
      const mine = riderPage.getByRole('article', { name: `Order #${given.orderId}` });
      await mine.getByRole('button', { name: 'Picked up' }).click();
      await expect(mine.getByText('Shipped')).toBeVisible();
      const deliver = mine.getByRole('button', { name: `Delivered, cash collected ${rs(1210)}` });
      await deliver.click();
      const confirm = mine.getByRole('group', { name: `Confirm delivery of order #${given.orderId}` });
      await expect(confirm).toContainText(`Delivered to ${shopperName} and ${rs(1210)} collected?`);
      // nothing was sent: the order is still on its way
      expect(await status(given)).toBe('Shipped');
      // 'Not yet' comes first, and the question stands where the big button was
      await expect(confirm.getByRole('button').first()).toHaveText('Not yet');
      expect(await riderPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await confirm.scrollIntoViewIfNeeded();
      await shot(riderPage, info, 'care-rider-confirm-360');
      await expectAccessible(riderPage, info, 'care-rider-confirm-360');
      // at a desktop's width the question stands as well, and still nothing was sent
      await riderPage.setViewportSize({ width: 1280, height: 800 });
      await expect(confirm).toContainText(`Delivered to ${shopperName} and ${rs(1210)} collected?`);
      await expect(confirm.getByRole('button', { name: 'Yes, delivered' })).toBeVisible();
      await confirm.scrollIntoViewIfNeeded();
      await shot(riderPage, info, 'care-rider-confirm-1280');
      expect(await status(given)).toBe('Shipped');
      await riderPage.setViewportSize({ width: 360, height: 740 });
      await confirm.getByRole('button', { name: 'Not yet' }).click();
      await expect(confirm).toHaveCount(0);
      await deliver.click();
      await confirm.getByRole('button', { name: 'Yes, delivered' }).click();
      await expect(riderPage.getByText('Marked delivered. Thank you!')).toBeVisible();
      const delivered = (await call<OrderWire>(request, admin.accessToken, 'GET', `/api/order/details?orderId=${given._id}`)).body.data;
      expect(delivered).toMatchObject({ order_status: 'Delivered', cashCollected: 1210, cashFlagged: false });
    } finally {
      await phone.close();
    }

    // the Delivered page's cards answer too
    await page.setViewportSize({ width: 1280, height: 800 });
    await useSession(page, admin);
    await go(page, '/dashboard/delivered');
    await searchFor(page, shopperName);
    for (const order of [orders[1]!, orders[3]!]) await expectFirstAnswers(page, order);
  });

  test('disabling a customer asks in a dialog naming them; Escape sends nothing, the dialog\'s button does', async ({ page, request }, info) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await useSession(page, admin);
    const customer = `Care Customer ${run}`;
    const customerMobile = `07${String(Date.now() + 17).slice(-8)}`;
    const made = await call(request, admin.accessToken, 'POST', '/api/users/create', { name: customer, mobile: customerMobile, password: 'careful-pass-1' });
    expect(made.status, made.body.message).toBe(201);
    const accountStatus = async () => (await call<{ users: Array<{ mobile: string; status: string }> }>(request, admin.accessToken, 'GET', `/api/users/list?search=${customerMobile}`)).body.data.users[0]?.status;
    await go(page, '/dashboard/sign');
    await page.getByRole('searchbox', { name: 'Search by name or mobile' }).fill(customerMobile);
    const row = page.getByRole('row', { name: new RegExp(customer) });
    await expect(row).toHaveCount(1);
    await row.getByRole('button', { name: `Disable ${customer}` }).click();
    const dialog = page.getByRole('dialog', { name: `Disable ${customer}?` });
    await expect(dialog).toContainText('They are signed out at once and cannot sign in or order until the account is enabled again.');
    await expect(dialog.getByRole('button', { name: 'Keep active' })).toBeFocused();
    await shot(page, info, 'care-disable-dialog-1280');
    await expectAccessible(page, info, 'care-disable-dialog-1280');
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(row.getByRole('cell', { name: 'Active', exact: true })).toBeVisible();
    expect(await accountStatus()).toBe('Active');
    await page.setViewportSize({ width: 360, height: 740 });
    await row.getByRole('button', { name: `Disable ${customer}` }).click();
    await expect(dialog).toBeVisible();
    expect((await dialog.boundingBox())!.width).toBeLessThanOrEqual(360);
    await shot(page, info, 'care-disable-dialog-360');
    await dialog.getByRole('button', { name: `Disable ${customer}` }).click();
    await expect(page.getByText('Account disabled.')).toBeVisible();
    await expect(row.getByRole('cell', { name: 'Disabled', exact: true })).toBeVisible();
    expect(await accountStatus()).toBe('Disabled');
    // enabling again is one tap: nothing is lost by it
    await row.getByRole('button', { name: `Enable ${customer}` }).click();
    await expect(row.getByRole('cell', { name: 'Active', exact: true })).toBeVisible();
    expect(await accountStatus()).toBe('Active');
  });
});
