// Riders and the cash they carry (issue 20), as the people use it: an admin makes a rider account on the Users
// page; the rider signs in on a 360 px phone, lands on /rider and starts the shift; a clerk gives orders to the
// rider from the order cards and the rider's page shows them live; the rider picks up and delivers one with the
// right amount, one with a short amount and a reason, and brings one back; the shopper sees who brings the order
// and can call them while it is on its way; the clerk sees the flags, marks an order Delivered without a rider,
// and records the rider's hand-in on the day report. Runs in the desktop project (the clerk's screen) and opens
// the phones itself. The server is shared with other tests: everything is found by this run's own names.
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { formatRs, rupeesToPaise, type RiderOrdersWire } from '@kade/shared';
import { decodeEscPos } from '../../desktop/src/printer/escpos-text';
import { COUNTER_PRINT_TEXT } from '../src/features/admin/print/bridge';
import { startCounterWindow, type CounterWindow } from './counter-window';
import { SHELL_USER_AGENT } from './playwright.config';
import { expectAccessible, shot } from './helpers';
import { addAddress, adminSession, call, createProduct, freshMobile, login, newShopper, placeCodOrder, useSession, type Session } from './shopper-api';

test.use({ baseURL: process.env.KADE_URL });
test.describe.configure({ mode: 'serial' });

const RIDER_PASSWORD = 'rider-pass-42';
const run = Date.now() % 100_000;
const riderName = `Nimal Perera ${run}`;
const shopperName = `Kumari Riders${run}`;
const rs = (rupees: number) => formatRs(rupeesToPaise(rupees));

async function phone(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2, userAgent: SHELL_USER_AGENT, baseURL: process.env.KADE_URL });
}

/** An account the admin gave a role to, signed in afterwards (a role change ends the account's sessions). */
async function withRole(request: Parameters<typeof adminSession>[0], name: string, role: 'STAFF'): Promise<Session> {
  const person = await newShopper(request, name);
  const admin = await adminSession(request);
  const found = await call<{ users: Array<{ _id: string; mobile: string }> }>(request, admin.accessToken, 'GET', `/api/users/list?search=${person.mobile}`);
  const id = found.body.data.users.find((u) => u.mobile === person.mobile)?._id;
  expect((await call(request, admin.accessToken, 'PUT', '/api/users/update-role', { _id: id, role })).status).toBe(200);
  return login(request, person.mobile, person.password);
}

/** Narrows an order list to one shopper's orders and waits for the narrowed list (the box waits 300 ms before asking). */
async function searchFor(page: Page, text: string): Promise<void> {
  const narrowed = page.waitForResponse((r) => r.url().includes('/api/order/order-list') && new URL(r.url()).searchParams.get('search') === text);
  await page.getByRole('searchbox', { name: 'Search by status' }).fill(text);
  await narrowed;
}

test.describe('riders and their cash', () => {
  let staff: Session;
  let shopper: Session;
  let riderMobile = '';
  let riderId = '';
  let rider: Session;
  const orders: Array<{ _id: string; orderId: string }> = [];
  let riderPhone: BrowserContext;
  let riderPage: Page;
  let shopperPhone: BrowserContext;
  let handedIn = 0;
  let counterWindow: CounterWindow | undefined;

  test.beforeAll(async ({ request, browser }) => {
    staff = await withRole(request, 'Cash Clerk', 'STAFF');
    const admin = await adminSession(request);
    const productId = await createProduct(request, admin, { name: `Rider Tea ${run}`, price: 240 });
    shopper = await newShopper(request, shopperName);
    const address = await addAddress(request, shopper);
    // Four orders, packed: A delivered in full, B short, C brought back, D delivered by the clerk without a rider.
    for (const quantity of [1, 2, 3, 4]) {
      const order = await placeCodOrder(request, shopper, address, [{ productId, quantity }]);
      const moved = await call(request, staff.accessToken, 'PUT', '/api/orders/update-status', { orderId: order._id, order_status: 'Processing' });
      expect(moved.status, moved.body.message).toBe(200);
      orders.push(order);
    }
    riderPhone = await phone(browser);
    riderPage = await riderPhone.newPage();
    shopperPhone = await phone(browser);
  });

  test.afterAll(async () => {
    await counterWindow?.stop();
    await riderPhone?.close();
    await shopperPhone?.close();
  });

  test('an admin makes a rider account on the Users page', async ({ page, request }, info) => {
    const admin = await adminSession(request);
    await useSession(page, admin);
    await page.goto('/dashboard/sign');
    const form = page.getByRole('region', { name: 'Create account' });
    await form.getByLabel('Name', { exact: true }).fill(riderName);
    riderMobile = freshMobile();
    await form.getByLabel('Mobile number').fill(riderMobile);
    await form.getByLabel('Account for').selectOption({ label: 'Rider (delivery partner)' });
    await form.getByLabel(/^Password/).fill(RIDER_PASSWORD);
    await form.getByRole('button', { name: 'Create account' }).click();
    await expect(form.getByRole('status')).toContainText('Role: Rider.');
    await page.getByLabel('Search by name or mobile').fill(riderMobile);
    await expect(page.getByLabel(`Role of ${riderName}`)).toHaveValue('RIDER');
    await expect(page.getByLabel(`Role of ${riderName}`).locator('option:checked')).toHaveText('Rider');
    await shot(page, info, 'riders-users-page');
    const found = await call<{ users: Array<{ _id: string; mobile: string }> }>(request, admin.accessToken, 'GET', `/api/users/list?search=${riderMobile}`);
    riderId = found.body.data.users.find((u) => u.mobile === riderMobile)!._id;
  });

  test('the rider signs in on a phone, lands on their deliveries and starts the shift', async ({ request }, info) => {
    const page = riderPage;
    await page.goto('/login');
    await page.getByLabel('Mobile number').fill(riderMobile);
    await page.getByLabel('Password', { exact: true }).fill(RIDER_PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/rider$/);
    await expect(page.getByRole('heading', { name: 'My deliveries' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'No deliveries assigned to you' })).toBeVisible();
    const shift = page.getByRole('switch', { name: 'On shift' });
    await expect(shift).toHaveAttribute('aria-checked', 'false');
    await shot(page, info, 'riders-rider-empty');
    await expectAccessible(page, info, 'rider-empty');
    await shift.click();
    await expect(shift).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByText('You are on shift')).toBeVisible();
    // Riders have no dashboard: it sends them back to their deliveries.
    await page.goto('/dashboard/pending');
    await expect(page).toHaveURL(/\/rider$/);
    await expect(page.getByRole('switch', { name: 'On shift' })).toHaveAttribute('aria-checked', 'true');
    rider = await login(request, riderMobile, RIDER_PASSWORD);
    const page2 = await call(request, rider.accessToken, 'GET', '/api/riders');
    expect(page2.status, 'a rider cannot list the riders').toBe(403);
  });

  test("a clerk gives orders to the rider from the order cards; the rider's page shows them live", async ({ page }, info) => {
    await useSession(page, staff);
    await page.goto('/dashboard/processing');
    await searchFor(page, shopperName);
    for (const order of orders.slice(0, 3)) {
      const card = page.getByRole('article', { name: `Order ${order.orderId}` });
      const select = card.getByLabel(`Rider for order ${order.orderId}`);
      await expect(select.locator('option', { hasText: riderName })).toHaveCount(1);
      await select.selectOption(riderId);
      await expect(card.getByText(`Rider: ${riderName}`)).toBeVisible();
      await expect(card.getByRole('link', { name: riderMobile })).toHaveAttribute('href', `tel:${riderMobile}`);
    }
    await shot(page, info, 'riders-assigned-cards');
    await expectAccessible(page, info, 'riders-assigned-cards');
    // The rider's page was open all along: the three orders arrived without a reload.
    await expect(riderPage.getByTestId('rider-order')).toHaveCount(3);
    const first = riderPage.getByRole('article', { name: `Order #${orders[0]!.orderId}` });
    await expect(first.getByText(shopperName).first()).toBeVisible();
    await expect(first.getByRole('link', { name: new RegExp(`^Call ${shopperName}`) })).toHaveAttribute('href', 'tel:0771234567'); // the address's contact number
    await expect(first.getByRole('link', { name: /Open map/ })).toHaveAttribute('href', /^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=/);
    await expect(first.getByText('12 Galle Road, Colombo 6')).toBeVisible();
    await riderPage.evaluate(() => window.scrollTo(0, 0));
    expect(await riderPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await shot(riderPage, info, 'riders-rider-assigned');
    await expectAccessible(riderPage, info, 'rider-assigned');
  });

  test('the rider picks up and delivers with the right amount; the shopper sees who brings it and can call them', async ({ request }, info) => {
    const listed = (await call<RiderOrdersWire>(request, rider.accessToken, 'GET', '/api/rider/orders')).body.data;
    const a = listed.orders.find((o) => o.ref === orders[0]!.orderId)!;
    const card = riderPage.getByRole('article', { name: `Order #${a.ref}` });
    await expect(card.getByTestId('cash-to-collect')).toHaveText(rs(a.total));
    await card.getByRole('button', { name: 'Picked up' }).click();
    await expect(card.getByText('Shipped')).toBeVisible();

    const shopperPage = await shopperPhone.newPage();
    await useSession(shopperPage, shopper);
    await shopperPage.goto('/dashboard/myorders');
    const mine = shopperPage.getByRole('article', { name: `Order ${a.ref}` });
    await expect(mine.getByText('Nimal is bringing your order')).toBeVisible();
    await expect(mine.getByRole('link', { name: 'Call Nimal' })).toHaveAttribute('href', `tel:${riderMobile}`);
    await mine.scrollIntoViewIfNeeded();
    await shot(shopperPage, info, 'riders-shopper-on-the-way');
    await expectAccessible(shopperPage, info, 'shopper-rider-line');

    await card.getByRole('button', { name: `Delivered, cash collected ${rs(a.total)}` }).click();
    await expect(riderPage.getByText('Marked delivered. Thank you!')).toBeVisible();
    const done = riderPage.getByTestId('rider-delivered').filter({ hasText: `#${a.ref}` });
    await expect(done).toContainText(`Collected ${rs(a.total)}`);
    await expect(riderPage.getByTestId('rider-order')).toHaveCount(2);
    // The shopper's card follows live: delivered by Nimal, the number no longer shown.
    await expect(mine.getByText('Delivered by Nimal')).toBeVisible();
    await expect(mine.getByRole('link', { name: 'Call Nimal' })).toHaveCount(0);
    await expect(mine.getByText(/· Paid$/)).toBeVisible();
  });

  test('a short amount needs a reason, and the clerk sees it flagged; a return reaches the clerk live', async ({ page, request }, info) => {
    const listed = (await call<RiderOrdersWire>(request, rider.accessToken, 'GET', '/api/rider/orders')).body.data;
    const b = listed.orders.find((o) => o.ref === orders[1]!.orderId)!;
    const short = b.total - 50;
    const card = riderPage.getByRole('article', { name: `Order #${b.ref}` });
    await card.getByRole('button', { name: 'Picked up' }).click();
    await card.getByRole('button', { name: 'Other amount' }).click();
    const amount = card.getByLabel('Cash collected (Rs.)');
    await expect(amount).toHaveValue(String(b.total));
    await amount.fill(String(short));
    await card.getByRole('button', { name: `Delivered, cash collected ${rs(short)}` }).click();
    await expect(card.getByRole('alert')).toHaveText('Choose a reason (and say what happened for Other).');
    await card.getByRole('radio', { name: 'Short change' }).check();
    await card.getByLabel(/^What happened/).fill('no change for a 5000 note');
    // The open form fits the 360 px phone: nothing sticks out sideways.
    expect(await riderPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await shot(riderPage, info, 'riders-rider-short-amount');
    await expectAccessible(riderPage, info, 'rider-short-amount');
    await card.getByRole('button', { name: `Delivered, cash collected ${rs(short)}` }).click();
    const done = riderPage.getByTestId('rider-delivered').filter({ hasText: `#${b.ref}` });
    await expect(done).toContainText(`Collected ${rs(short)}`);
    await expect(done).toContainText('Short change: no change for a 5000 note');

    // The clerk watches the packed orders while the rider brings order C back.
    await useSession(page, staff);
    await page.goto('/dashboard/processing');
    await searchFor(page, shopperName);
    const c = orders[2]!;
    const cardC = page.getByRole('article', { name: `Order ${c.orderId}` });
    await expect(cardC.getByText(`Rider: ${riderName}`)).toBeVisible();
    const riderCard = riderPage.getByRole('article', { name: `Order #${c.orderId}` });
    await riderCard.getByRole('button', { name: 'Could not deliver' }).click();
    await riderCard.getByRole('radio', { name: 'Customer not at home' }).check();
    await riderCard.getByRole('button', { name: 'Return the order to the store' }).click();
    await expect(riderPage.getByRole('status').filter({ hasText: 'No deliveries assigned to you' })).toBeVisible();
    await expect(cardC.getByTestId('returned-flag')).toHaveText(`Could not be delivered (${riderName}): Customer not at home`);
    await expect(cardC.getByText(`Rider: ${riderName}`)).toHaveCount(0);
    await expect(cardC.getByLabel(`Rider for order ${c.orderId}`)).toHaveValue('');
    await shot(page, info, 'riders-returned-flag');
    await riderPage.evaluate(() => window.scrollTo(0, 0));
    await shot(riderPage, info, 'riders-rider-done');

    await page.goto('/dashboard/delivered');
    await searchFor(page, shopperName);
    const cardB = page.getByRole('article', { name: `Order ${b.ref}` });
    await expect(cardB.getByTestId('cash-flag')).toHaveText(`Collected ${rs(short)} of ${rs(b.total)}: Short change: no change for a 5000 note`);
    await shot(page, info, 'riders-cash-flag');
  });

  test('without a rider, the clerk marks a cash order Delivered with its total', async ({ page, request }, info) => {
    const d = orders[3]!;
    const shipped = await call(request, staff.accessToken, 'PUT', '/api/orders/update-status', { orderId: d._id, order_status: 'Shipped' });
    expect(shipped.status, shipped.body.message).toBe(200);
    const total = (shipped.body.data as { totalAmt: number }).totalAmt;
    await useSession(page, staff);
    await page.goto('/dashboard/shipped');
    await searchFor(page, shopperName);
    const card = page.getByRole('article', { name: `Order ${d.orderId}` });
    await card.getByLabel(`Update Status for order ${d.orderId}`).selectOption('Delivered');
    const step = card.getByRole('group', { name: `Mark delivered: order ${d.orderId}` });
    await expect(step).toBeVisible();
    await shot(page, info, 'riders-staff-deliver');
    await step.getByRole('button', { name: `Delivered, cash collected ${rs(total)}` }).click();
    await expect(card).toHaveCount(0); // it left the Shipped list
    const mine = await call<Array<{ orderId: string; order_status: string; payment_status: string; cashCollected: number | null }>>(request, shopper.accessToken, 'GET', '/api/order/order-list?page=1&limit=10');
    const row = mine.body.data.find((o) => o.orderId === d.orderId)!;
    expect(row).toMatchObject({ order_status: 'Delivered', payment_status: 'Paid', cashCollected: total });
  });

  test("the clerk records the rider's hand-in on the day report", async ({ page, request }, info) => {
    const listed = (await call<RiderOrdersWire>(request, rider.accessToken, 'GET', '/api/rider/orders')).body.data;
    const collected = listed.orders.reduce((sum, o) => sum + (o.cashCollected ?? 0), 0);
    await useSession(page, staff);
    await page.goto('/dashboard/report');
    const row = page.getByRole('article', { name: riderName });
    await expect(row).toBeVisible();
    await expect(row.getByRole('definition').nth(0)).toHaveText('2');
    await expect(row.getByRole('definition').nth(1)).toHaveText(rs(collected));
    await expect(row.getByRole('definition').nth(3)).toHaveText(rs(collected));
    await expect(row.getByText('1 delivery with a different amount')).toBeVisible();
    await expect(row.getByLabel('Amount (Rs.)')).toHaveValue(String(collected));
    await row.scrollIntoViewIfNeeded();
    await shot(page, info, 'riders-report-outstanding');
    handedIn = collected;
    await row.getByLabel('Note (optional)').fill('evening hand-in');
    await row.getByRole('button', { name: 'Record hand-in' }).click();
    await expect(page.getByText(`Hand-in of ${rs(collected)} from ${riderName} recorded.`)).toBeVisible();
    await expect(row.getByRole('definition').nth(2)).toHaveText(rs(collected));
    await expect(row.getByRole('definition').nth(3)).toHaveText('All handed in');
    await expect(row.getByRole('listitem')).toContainText([/received by Cash Clerk · evening hand-in/]);
    await expect(row.getByRole('button', { name: 'Print slip' })).toHaveCount(0); // no counter app here
    await shot(page, info, 'riders-report-handed-in');
    await expectAccessible(page, info, 'riders-report');
  });

  test("inside the counter app, Print slip prints the rider's hand-in on the receipt printer", async ({ page }, info) => {
    counterWindow = await startCounterWindow({ serverUrl: process.env.KADE_URL! });
    const { counter, printer } = counterWindow;
    await counter.settings.save({ autoPrint: false });
    expect((await counter.bridge.signIn(staff.mobile, staff.password)).ok).toBe(true);
    await counterWindow.expose(page);
    await useSession(page, staff);
    await page.goto('/dashboard/report');
    const row = page.getByRole('article', { name: riderName });
    await row.getByRole('button', { name: 'Print slip' }).click();
    await expect(page.getByText(COUNTER_PRINT_TEXT.handInSlipSent)).toBeVisible();
    await expect.poll(() => printer.jobs.length).toBe(1);
    const lines = decodeEscPos(printer.jobs[0]!).lines.map((line) => line.replace(/\s+/g, ' ').trim());
    expect(lines).toContain(`Rider ${riderName}`);
    expect(lines).toContain(`AMOUNT HANDED IN ${rs(handedIn)}`);
    expect(lines).toContain('Received by Cash Clerk');
    await shot(page, info, 'riders-report-slip-printed');
  });
});
