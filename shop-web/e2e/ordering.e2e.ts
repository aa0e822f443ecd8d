// Busy mode and slot capacity in the browser (issue 19): a shopper's phone sees the shop paused (the notice, Cash on
// Delivery off and why), a paused fastest option that cannot be chosen and the one suggested instead, a full option,
// a refusal at placing when the screen's news was late, and all of it changing live while the checkout is open;
// staff pause and resume from the dashboard's bar, admins see the red banner, and an admin sets a capacity on the
// Store page.
//
// These walks pause the whole shop, so they run on a server of their own (a copy of the seeded data global-setup
// made): no test of another file ever sees the shop paused. Each test still undoes what it changed, in `finally`.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DELIVERY_OPTION_LABELS, windowAround, type OrderingState, type ShopConfigWire } from '@kade/shared';
import { startServer, stop, type Running } from './global-setup';
import { expectAccessible, shot, socketConnected } from './helpers';
import { SHELL_USER_AGENT } from './playwright.config';
import { apiOn, SHOP_POSITION, useSession, type Answer, type Session } from './shopper-api';

const [FASTEST, STANDARD, SCHEDULED] = DELIVERY_OPTION_LABELS;

let server: Running | undefined;
const base = (): string => {
  if (!server) throw new Error('the busy-mode tests start their own server in beforeAll');
  return server.url;
};

test.beforeAll(async () => {
  test.setTimeout(240_000);
  const dataDir = process.env.KADE_ORDERING_DATA_DIR;
  if (!dataDir) throw new Error('KADE_ORDERING_DATA_DIR is not set: run through the e2e config (global-setup copies it)');
  const hours = windowAround(new Date(), -60, 600);
  server = await startServer(dataDir, { SHOP_HOURS: hours, FRESH_HOURS: hours });
});

test.afterAll(async () => {
  if (server) await stop(server);
});

// --- the API, on this file's server -------------------------------------------------------------------------------

const api = apiOn({ url: base, dataDir: () => process.env.KADE_ORDERING_DATA_DIR ?? '' });
const { call, adminSession, staffSession } = api;

let productId: string | undefined;
/** A product in stock that is neither single-quantity nor fresh (bought at any hour), found once. */
async function aProduct(request: APIRequestContext): Promise<string> {
  productId ??= await api.findProduct(request, 'rice', 50);
  return productId;
}

/** A shopper with an address inside the zone and one product in the cart: ready for /checkout/payment. */
async function readyShopper(request: APIRequestContext, name: string): Promise<Session & { addressId: string }> {
  const shopper = await api.newShopper(request, name);
  const addressId = await api.addAddress(request, shopper, `${name} home`, { city: '12 Galle Road' });
  const added = await call(request, shopper.accessToken, 'POST', '/api/cart/create', { productId: await aProduct(request) });
  expect(added.status, added.body.message).toBeLessThan(300);
  return { ...shopper, addressId };
}

/** Places an order over the API with this option, sending back the server's totals as the checkout does. */
async function placeOrder(request: APIRequestContext, shopper: Session & { addressId: string }, option: string): Promise<Answer<unknown>> {
  return api.placeCashOrder(request, shopper, { addressId: shopper.addressId, lines: [{ productId: await aProduct(request), quantity: 1 }], option });
}

async function ordering(request: APIRequestContext): Promise<OrderingState> {
  return (await call<ShopConfigWire>(request, null, 'GET', '/api/shop/config')).body.data.ordering;
}

async function pause(request: APIRequestContext, token: string, scope: 'all' | 'fastest', minutes: number | null): Promise<OrderingState> {
  const answer = await call<OrderingState>(request, token, 'PUT', '/api/shop/pause', { scope, minutes });
  expect(answer.status, answer.body.message).toBe(200);
  return answer.body.data;
}

async function resume(request: APIRequestContext): Promise<void> {
  const answer = await call(request, (await adminSession(request)).accessToken, 'PUT', '/api/shop/resume', {});
  expect(answer.status, answer.body.message).toBe(200);
}

async function setCapacities(request: APIRequestContext, capacities: Partial<Record<string, number | null>>): Promise<void> {
  const answer = await call(request, (await adminSession(request)).accessToken, 'PUT', '/api/shop/capacity', { capacities });
  expect(answer.status, answer.body.message).toBe(200);
}

const NO_LIMITS = { [FASTEST]: null, [STANDARD]: null, [SCHEDULED]: null };

// --- the screens --------------------------------------------------------------------------------------------------

const radio = (page: Page, label: string) => page.getByRole('radio', { name: new RegExp(`^${label.replace(/\./g, '\\.')}`) });
const cod = (page: Page) => page.getByRole('button', { name: 'Cash on Delivery' });
const why = (page: Page) => page.locator('#checkout-missing');
const notice = (page: Page) => page.getByRole('status').filter({ hasText: 'We are not taking orders right now' }).first();

/** Opens the payment step signed in, with the shopper's address chosen, once the live socket is up. */
async function openCheckout(page: Page, shopper: Session): Promise<void> {
  await useSession(page, shopper);
  const connected = socketConnected(page);
  await page.goto(`${base()}/checkout/payment`);
  await expect(page.getByRole('heading', { name: 'Checkout' })).toBeVisible();
  await page.getByRole('group', { name: 'Choose your address' }).getByRole('radio').first().check();
  await connected;
}

// --- the shopper, on a phone --------------------------------------------------------------------------------------

test.describe('the shopper', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2, geolocation: SHOP_POSITION, permissions: ['geolocation'] });

  test('the checkout changes live as staff pause and resume: the notice, why, and Cash on Delivery off', async ({ page, browser, request }, info) => {
    const shopper = await readyShopper(request, 'Paused Shopper');
    const staff = await staffSession(request, `Busy Clerk ${Date.now() % 10_000}`);
    try {
      await openCheckout(page, shopper);
      await radio(page, STANDARD).check();
      await expect(cod(page)).toBeEnabled();
      await expect(notice(page)).toHaveCount(0);

      // Staff pause all ordering for 30 minutes (over the API, as from a counter): the open checkout changes at once.
      const paused = await pause(request, staff.accessToken, 'all', 30);
      expect(paused.open).toBe(false);
      await expect(notice(page)).toContainText('The shop is very busy and has paused new orders.');
      await expect(notice(page)).toContainText(/Expected back at \d{1,2} \w{3} \d{4}, \d{1,2}:\d{2} (am|pm)\./);
      await expect(cod(page)).toBeDisabled();
      await expect(why(page)).toHaveText(/^We are not taking orders right now\. The shop is very busy and has paused new orders\. Expected back at .+\.$/);
      await expect(cod(page)).toHaveAccessibleDescription(/We are not taking orders right now/);
      await page.getByRole('button', { name: 'Cash on Delivery' }).scrollIntoViewIfNeeded();
      await shot(page, info, 'ordering-phone-checkout-paused');
      await expectAccessible(page, info, 'ordering-phone-checkout-paused');

      // The home page of a visitor who is not signed in says the same when it opens.
      const visitor = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, userAgent: SHELL_USER_AGENT });
      try {
        const home = await visitor.newPage();
        await home.goto(`${base()}/`);
        await expect(notice(home)).toContainText('The shop is very busy and has paused new orders.');
        await shot(home, info, 'ordering-phone-home-paused');
        await expectAccessible(home, info, 'ordering-phone-home-paused');
      } finally {
        await visitor.close();
      }

      // Resumed: the notice goes and Cash on Delivery comes back, without a reload.
      await resume(request);
      await expect(notice(page)).toHaveCount(0);
      await expect(cod(page)).toBeEnabled();
      await expect(why(page)).toHaveText('');
    } finally {
      await resume(request);
    }
  });

  test('a paused fastest option cannot be chosen and the next one is suggested; the order goes with it', async ({ page, request }, info) => {
    const shopper = await readyShopper(request, 'Fastest Shopper');
    const boss = await adminSession(request);
    try {
      await openCheckout(page, shopper);
      await radio(page, FASTEST).check();
      await expect(cod(page)).toBeEnabled();

      // Paused while the checkout is open, with the fastest option chosen: it is greyed, says why, and COD says why too.
      await pause(request, boss.accessToken, 'fastest', 15);
      await expect(radio(page, FASTEST)).toBeDisabled();
      await expect(radio(page, FASTEST)).toHaveAccessibleDescription(/^Paused while the shop is busy until .+\. Try 50 Minutes to 1 Hour instead\.$/);
      await expect(cod(page)).toBeDisabled();
      await expect(why(page)).toHaveText(/^20 Minutes to 30 Minutes: Paused while the shop is busy until .+\. Try 50 Minutes to 1 Hour instead\.$/);
      await expect(radio(page, STANDARD)).toBeEnabled();
      await expect(notice(page)).toHaveCount(0);
      await shot(page, info, 'ordering-phone-fastest-paused');
      await expectAccessible(page, info, 'ordering-phone-fastest-paused');

      // The suggestion is one tap; then the order is placed with it.
      await page.getByRole('button', { name: `Choose ${STANDARD}` }).click();
      await expect(radio(page, STANDARD)).toBeChecked();
      await expect(cod(page)).toBeEnabled();
      await cod(page).click();
      await expect(page).toHaveURL(/\/success$/);
      const mine = await call<Array<{ Choose: string }>>(request, shopper.accessToken, 'GET', '/api/order/order-list?limit=5');
      expect(mine.body.data[0]?.Choose).toBe(STANDARD);
    } finally {
      await resume(request);
    }
  });

  test("an option that fills while the checkout is open shows 'Full now' and suggests the next", async ({ page, request }, info) => {
    const shopper = await readyShopper(request, 'Full Shopper');
    const other = await readyShopper(request, 'Other Shopper');
    try {
      // The standard option may hold one more open order than it has now.
      const before = (await ordering(request)).options.find((option) => option.label === STANDARD);
      await setCapacities(request, { [STANDARD]: before!.openOrders + 1 });
      await openCheckout(page, shopper);
      await radio(page, STANDARD).check();
      await expect(cod(page)).toBeEnabled();

      // Another shopper takes the last place: this checkout shows it full at once.
      expect((await placeOrder(request, other, STANDARD)).status).toBe(201);
      await expect(radio(page, STANDARD)).toBeDisabled();
      await expect(radio(page, STANDARD)).toHaveAccessibleDescription(`Full now. Try ${SCHEDULED} instead.`);
      await expect(cod(page)).toBeDisabled();
      await expect(why(page)).toHaveText(`${STANDARD}: Full now. Try ${SCHEDULED} instead.`);
      await shot(page, info, 'ordering-phone-option-full');
      await expectAccessible(page, info, 'ordering-phone-option-full');

      // A capacity of 0 (the admin closing an option outright) reads the same, and the suggestion moves on.
      await setCapacities(request, { [SCHEDULED]: 0 });
      await expect(radio(page, SCHEDULED)).toBeDisabled();
      await expect(radio(page, STANDARD)).toHaveAccessibleDescription(`Full now. Try ${FASTEST} instead.`);
    } finally {
      await setCapacities(request, NO_LIMITS);
    }
  });

  test('a refusal at placing (the screen had not heard of the pause) shows its message and reads the state again', async ({ page, request }, info) => {
    const shopper = await readyShopper(request, 'Late Shopper');
    const boss = await adminSession(request);
    // This phone's socket misses every `shop:ordering` (a connection whose news is late); the rest passes.
    await page.routeWebSocket(/\/socket\.io\//, (ws) => {
      const upstream = ws.connectToServer();
      ws.onMessage((message) => upstream.send(message));
      upstream.onMessage((message) => {
        if (typeof message === 'string' && message.includes('"shop:ordering"')) return;
        ws.send(message);
      });
    });
    try {
      await openCheckout(page, shopper);
      await radio(page, FASTEST).check();
      await pause(request, boss.accessToken, 'fastest', null);
      // Nothing on screen knows yet.
      await expect(cod(page)).toBeEnabled();
      await cod(page).click();
      // The server's message comes as a toast, and the state read again says the same beside Cash on Delivery.
      await expect(page.getByText('20 Minutes to 30 Minutes: Paused while the shop is busy. Try 50 Minutes to 1 Hour instead.', { exact: true })).toHaveCount(2);
      // The state was read again: the option is off now, and nothing was placed.
      await expect(radio(page, FASTEST)).toBeDisabled();
      await expect(cod(page)).toBeDisabled();
      await shot(page, info, 'ordering-phone-refused-at-placing');
      const mine = await call<unknown[]>(request, shopper.accessToken, 'GET', '/api/order/order-list?limit=5');
      expect(mine.body.data).toHaveLength(0);
    } finally {
      await resume(request);
    }
  });
});

// --- staff and admins, at a desk ----------------------------------------------------------------------------------

test.describe('staff and admins', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('a clerk pauses the fastest option and then all ordering from the dashboard, and resumes', async ({ page, browser, request }, info) => {
    const clerk = await staffSession(request, `Pause Clerk ${Date.now() % 10_000}`);
    const boss = await adminSession(request);
    const adminContext = await browser.newContext({ viewport: { width: 1280, height: 800 }, userAgent: SHELL_USER_AGENT });
    try {
      await useSession(page, clerk);
      await page.goto(`${base()}/dashboard/pending`);
      const bar = page.getByRole('banner');
      const pauseButton = bar.getByRole('button', { name: 'Pause orders' });
      await expect(pauseButton).toBeVisible();

      // Only the fastest option, for 15 minutes.
      await pauseButton.click();
      const dialog = page.getByRole('dialog', { name: 'Pause orders' });
      await expect(dialog.getByRole('radio', { name: 'All ordering' })).toBeChecked();
      await dialog.getByRole('radio', { name: `Only the fastest option (${FASTEST})` }).check();
      await dialog.getByRole('radio', { name: '15 minutes' }).check();
      await shot(page, info, 'ordering-pause-dialog');
      await expectAccessible(page, info, 'ordering-pause-dialog');
      const asked = Date.now();
      await dialog.getByRole('button', { name: 'Pause', exact: true }).click();
      await expect(dialog).toBeHidden();
      await expect(bar.getByRole('status').filter({ hasText: `${FASTEST} paused until` })).toContainText(`(by ${clerk.name})`);
      const fastest = await ordering(request);
      expect(fastest.pause?.scope).toBe('fastest');
      expect(Date.parse(fastest.pause!.until!) - asked).toBeGreaterThan(14 * 60_000);
      expect(Date.parse(fastest.pause!.until!) - asked).toBeLessThan(16 * 60_000);
      expect(fastest.open).toBe(true);

      // Resume: back to 'Pause orders', and the server agrees.
      await bar.getByRole('button', { name: 'Resume' }).click();
      await expect(pauseButton).toBeVisible();
      await expect.poll(async () => (await ordering(request)).pause).toBeNull();

      // All ordering, until resumed: an admin's dashboard (another window) shows the red banner on its pages.
      const adminPage = await adminContext.newPage();
      await useSession(adminPage, boss);
      await adminPage.goto(`${base()}/dashboard/category`);
      await expect(adminPage.getByRole('heading', { name: 'Category' }).first()).toBeVisible();
      await expect(adminPage.getByText('Shoppers cannot order now.')).toHaveCount(0);
      await pauseButton.click();
      await dialog.getByRole('radio', { name: 'Until resumed' }).check();
      await dialog.getByRole('button', { name: 'Pause', exact: true }).click();
      await expect(bar.getByRole('status').filter({ hasText: 'All ordering paused until resumed' })).toBeVisible();
      expect((await ordering(request)).reason?.code).toBe('STORE_PAUSED');
      const banner = adminPage.getByRole('alert').filter({ hasText: 'Shoppers cannot order now.' });
      await expect(banner).toContainText('The shop is very busy and has paused new orders. All ordering paused until resumed.');
      await shot(adminPage, info, 'ordering-admin-banner');
      await expectAccessible(adminPage, info, 'ordering-admin-banner');
      await shot(page, info, 'ordering-staff-paused');
      await expectAccessible(page, info, 'ordering-staff-paused');
      // The same bar on a phone-sized counter window: the state and Resume wrap under the name.
      await page.setViewportSize({ width: 390, height: 844 });
      await expect(bar.getByRole('button', { name: 'Resume' })).toBeInViewport();
      await shot(page, info, 'ordering-staff-paused-narrow');
      await page.setViewportSize({ width: 1280, height: 800 });
      // The clerk sees no banner (it is the admins'); the clerk's Resume clears the admin's banner live.
      await expect(page.getByText('Shoppers cannot order now.')).toHaveCount(0);
      await bar.getByRole('button', { name: 'Resume' }).click();
      await expect(banner).toHaveCount(0);
      await expect(pauseButton).toBeVisible();
      await expect(adminPage.getByRole('banner').getByRole('button', { name: 'Pause orders' })).toBeVisible();
    } finally {
      await adminContext.close();
      await resume(request);
    }
  });

  test('an admin sets a capacity on the Store page; the server names a bad one', async ({ page, request }, info) => {
    const boss = await adminSession(request);
    try {
      await useSession(page, boss);
      await page.goto(`${base()}/dashboard/pending`);
      await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Store', exact: true }).click();
      await expect(page).toHaveURL(/\/dashboard\/store$/);
      await expect(page.getByRole('heading', { name: 'Store', exact: true })).toBeVisible();
      const fastest = page.getByRole('textbox', { name: FASTEST });
      await expect(fastest).toHaveValue('');
      await expect(fastest).toHaveAccessibleDescription(/^Open orders now: \d+$/);

      // Not a whole number: the server refuses it and the page says so beside the field.
      await fastest.fill('-2');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(fastest).toBeFocused();
      await expect(fastest).toHaveAccessibleDescription(/Open orders now: \d+ capacity must be a whole number from 0 to \d+/);
      await expect(fastest).toHaveAttribute('aria-invalid', 'true');
      await shot(page, info, 'ordering-store-refused');
      expect((await call<{ capacities: Record<string, number | null> }>(request, boss.accessToken, 'GET', '/api/shop/store')).body.data.capacities[FASTEST] ?? null).toBeNull();

      // A real capacity is saved, and the shop's state has it.
      await fastest.fill('7');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('Capacities saved')).toBeVisible();
      await expect(fastest).toHaveValue('7');
      expect((await call<{ capacities: Record<string, number | null> }>(request, boss.accessToken, 'GET', '/api/shop/store')).body.data.capacities[FASTEST]).toBe(7);
      expect((await ordering(request)).options.find((option) => option.label === FASTEST)?.capacity).toBe(7);
      await shot(page, info, 'ordering-store-saved');
      await expectAccessible(page, info, 'ordering-store-saved');

      // Emptied again: no limit.
      await fastest.fill('');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect.poll(async () => (await ordering(request)).options.find((option) => option.label === FASTEST)?.capacity).toBeNull();
    } finally {
      await setCapacities(request, NO_LIMITS);
    }
  });
});

// --- nobody attending (REQUIRE_COUNTER_ONLINE), last: the file's server starts again with the rule on ---------------

test.describe('nobody attending', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2, geolocation: SHOP_POSITION, permissions: ['geolocation'] });

  // A copy of the seeded data no server has run on (global-setup): no staff screen has ever been seen there, so nobody
  // attends from the start (the walks above had dashboards open on theirs, which counts as attended for a minute).
  const unattendedDir = () => process.env.KADE_UNATTENDED_DATA_DIR ?? '';
  // Its own API shortcuts: the admin's session cached above belongs to the other database.
  const fresh = apiOn({ url: base, dataDir: unattendedDir });

  test.beforeAll(async () => {
    test.setTimeout(240_000);
    if (!unattendedDir()) throw new Error('KADE_UNATTENDED_DATA_DIR is not set: run through the e2e config (global-setup copies it)');
    if (server) await stop(server);
    const hours = windowAround(new Date(), -60, 600);
    server = await startServer(unattendedDir(), { SHOP_HOURS: hours, FRESH_HOURS: hours, REQUIRE_COUNTER_ONLINE: 'true' });
  });

  test('the shop says nobody is at the counter until a staff dashboard opens, and the checkout opens live', async ({ page, browser, request }, info) => {
    test.setTimeout(240_000);
    const shopper = await readyShopper(request, 'Early Shopper');
    const clerk = await fresh.staffSession(request, `Late Clerk ${Date.now() % 10_000}`);
    await expect.poll(async () => (await ordering(request)).reason?.code, { timeout: 90_000, intervals: [2000] }).toBe('STORE_UNATTENDED');
    await openCheckout(page, shopper);
    await radio(page, STANDARD).check();
    await expect(notice(page)).toContainText('Nobody is at the counter to see a new order just now. Please try again in a few minutes.');
    await expect(notice(page)).not.toContainText('Expected back');
    await expect(cod(page)).toBeDisabled();
    await expect(why(page)).toHaveText(/^We are not taking orders right now\. Nobody is at the counter/);
    await shot(page, info, 'ordering-phone-unattended');
    await expectAccessible(page, info, 'ordering-phone-unattended');

    // A clerk opens the dashboard: someone will see the order, and the open checkout takes orders again, by the
    // next minute's re-read at the latest. (The contract promises `shop:ordering` when attendance changes, which would
    // make this instant; the server does not send it for attendance yet.)
    const desk = await browser.newContext({ viewport: { width: 1280, height: 800 }, userAgent: SHELL_USER_AGENT });
    try {
      const dashboard = await desk.newPage();
      await useSession(dashboard, clerk);
      await dashboard.goto(`${base()}/dashboard/pending`);
      await expect(dashboard.getByRole('banner').getByRole('button', { name: 'Pause orders' })).toBeVisible();
      await expect.poll(async () => (await ordering(request)).open).toBe(true);
      await expect(notice(page)).toHaveCount(0, { timeout: 75_000 });
      await expect(cod(page)).toBeEnabled();
    } finally {
      await desk.close();
    }
  });
});
