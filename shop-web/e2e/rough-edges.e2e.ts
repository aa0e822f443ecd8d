// The shopper's rough edges of issue 18 (item 6), each walked as a person would at a phone's 390 px and a
// laptop's 1366 px: the home strips' arrows, adding an address from checkout, reloading the payment step, the
// View Cart bar, listing titles, where staff land after logging in, and what a search for 'milk' lists first
// (its SQL is tested on both databases in server/test/search-ranking.test.ts). The last three look the same at any
// width and run on the phone only (ONE_WIDTH).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { computeTotals, formatRs, rupeesToPaise } from '@kade/shared';
import { expectAccessible, ONE_WIDTH, openUrl, scrollUntil, shot } from './helpers';
import { addAddress, adminSession, call, createProduct, newShopper, setCart, SHOP_POSITION, useSession, type Session } from './shopper-api';

test.use({ baseURL: process.env.KADE_URL, geolocation: SHOP_POSITION, permissions: ['geolocation'] });

/** The phone project keeps its 390 px; the desktop one is widened to a common laptop's 1366 px. */
test.beforeEach(async ({ page }, info) => {
  if (info.project.name === 'desktop') await page.setViewportSize({ width: 1366, height: 768 });
});

let admin: Session;
let cheap: string;
let discounted: string;
test.beforeAll(async ({ request }) => {
  admin = await adminSession(request);
  const stamp = Date.now();
  cheap = await createProduct(request, admin, { name: `E2E Edge Tea ${stamp}`, price: 10 });
  discounted = await createProduct(request, admin, { name: `E2E Edge Dhal ${stamp}`, price: 99, discount: 7 });
});

/** A shopper whose cart holds `lines`, signed in on the page. */
async function shopperWithCart(page: Page, request: Parameters<typeof newShopper>[0], name: string, lines: Array<{ productId: string; quantity: number }>) {
  const shopper = await newShopper(request, name);
  await setCart(request, shopper, lines);
  await useSession(page, shopper);
  return shopper;
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}
const overlaps = (a: Box, b: Box): boolean => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Where every piece of text of a strip's cards is drawn now (one box per line of each text). */
async function textBoxes(strip: Locator): Promise<Array<Box & { text: string }>> {
  return strip.evaluate((root) => {
    const boxes: Array<{ x: number; y: number; width: number; height: number; text: string }> = [];
    const walker = document.createTreeWalker(root.querySelector('.strip__row') ?? root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim() ?? '';
      if (!text) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const rect of range.getClientRects()) {
        if (rect.width > 0 && rect.height > 0) boxes.push({ x: rect.x, y: rect.y, width: rect.width, height: rect.height, text });
      }
    }
    return boxes;
  });
}

test('home strips: the round scroll arrows never cover a card name, unit or price, and still scroll', async ({ page }, info) => {
  test.setTimeout(120_000); // every strip of the home page, each drawn as it comes near the screen
  await page.goto('/');
  const strips = page.locator('section.strip');
  await expect(strips.first().locator('.product-card').first()).toBeVisible();
  let checked = 0;
  for (let i = 0; i < (await strips.count()); i += 1) {
    const strip = strips.nth(i);
    const arrows = strip.getByRole('button', { name: /^Scroll .+ (left|right)$/ });
    if ((await arrows.count()) === 0) continue;
    // in the middle of the screen, clear of the sticky header
    await strip.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await expect(strip.locator('.product-card').first()).toBeVisible();
    const texts = await textBoxes(strip);
    expect(texts.length, 'the strip shows card texts').toBeGreaterThan(0);
    for (const arrow of await arrows.all()) {
      const box = await arrow.boundingBox();
      if (!box) throw new Error('an arrow with no box');
      const covered = texts.filter((t) => overlaps(box, t));
      expect(covered.map((t) => t.text), `${await arrow.getAttribute('aria-label')} covers no text`).toEqual([]);
      // round, and nothing lies over it
      expect(await arrow.evaluate((el) => getComputedStyle(el).borderRadius)).toBe('50%');
      const onTop = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest('button')?.getAttribute('aria-label'), { x: box.x + box.width / 2, y: box.y + box.height / 2 });
      expect(onTop).toBe(await arrow.getAttribute('aria-label'));
    }
    checked += 1;
  }
  expect(checked, 'strips with arrows').toBeGreaterThan(2);

  // The arrows still move their strip, and after a move they still cover nothing.
  const veg = strips.filter({ has: page.getByRole('heading', { name: 'Vegetable', exact: true }) });
  await veg.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  const row = veg.locator('.strip__row');
  await veg.getByRole('button', { name: 'Scroll Vegetable right' }).click();
  await expect.poll(() => row.evaluate((el) => el.scrollLeft)).toBeGreaterThan(100);
  // the smooth scroll settles: the row at the same place two frames apart
  const settled = () => row.evaluate((el) => new Promise<boolean>((resolve) => {
    const at = el.scrollLeft;
    requestAnimationFrame(() => requestAnimationFrame(() => resolve(el.scrollLeft === at)));
  }));
  await expect.poll(settled).toBe(true);
  const right = await veg.getByRole('button', { name: 'Scroll Vegetable right' }).boundingBox();
  expect((await textBoxes(veg)).filter((t) => right && overlaps(right, t))).toEqual([]);
  await shot(page, info, 'edges-home-strip-arrows');
  await expectAccessible(page, info, 'edges-home-strip-arrows');
});

test('+ Add address from checkout stays in the shop frame and comes back to the step it left, the new address chosen', async ({ page, request }, info) => {
  await shopperWithCart(page, request, 'Edge Address Adder', [{ productId: cheap, quantity: 3 }]);
  await page.goto('/checkout');
  await expect(page.getByRole('heading', { name: 'Checkout' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continue' })).toBeDisabled();

  async function addThrough(from: RegExp, name: string) {
    await page.getByRole('link', { name: '+ Add address' }).click();
    await expect(page).toHaveURL(/\/checkout\/address\?from=/);
    await expect(page.getByRole('heading', { level: 1, name: 'Add Address' })).toBeVisible();
    // the shop's own frame: its header and search, no dashboard menu and no empty list behind the form
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Dashboard' })).toHaveCount(0);
    await expect(page.getByText('No Data', { exact: true })).toHaveCount(0);
    await page.getByRole('button', { name: 'Detect my location' }).click();
    await expect(page.getByText(/Location confirmed: inside our delivery area/)).toBeVisible();
    await page.getByLabel('Address name').fill(name);
    await page.getByLabel('Address', { exact: true }).fill('7 Marine Drive, Colombo 6');
    await page.getByLabel('Landmark').fill('Next to the pharmacy');
    await page.getByLabel('Mobile number').fill('0771234567');
    await page.getByLabel('Place type').selectOption('Work');
    await shot(page, info, `edges-add-address-${name.toLowerCase()}`);
    await expectAccessible(page, info, 'edges-add-address');
    await page.getByRole('button', { name: 'Save Address' }).click();
    await expect(page).toHaveURL(from);
    await expect(page.getByRole('radio', { name: new RegExp(name) })).toBeChecked();
  }

  await addThrough(/\/checkout$/, 'Office');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/checkout\/payment$/);
  // the payment step is its own file: wait for it to replace the address step before using its '+ Add address'
  await expect(page.getByRole('heading', { name: 'Select a Delivery Option' })).toBeVisible();
  await addThrough(/\/checkout\/payment$/, 'Studio');
  await expect(page.getByRole('radio', { name: /Office/ })).not.toBeChecked();
  await shot(page, info, 'edges-add-address-back-on-payment');

  // Cancel goes back too, with the choice as it was.
  await page.getByRole('link', { name: '+ Add address' }).click();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/checkout\/payment$/);
  await expect(page.getByRole('radio', { name: /Studio/ })).toBeChecked();
});

test('the payment step says why Cash on Delivery is disabled, and a reload keeps the address and option', async ({ page, request }, info) => {
  const shopper = await shopperWithCart(page, request, 'Edge Reloader', [{ productId: cheap, quantity: 5 }]);
  await addAddress(request, shopper, 'Home');
  await addAddress(request, shopper, 'Shop');
  await page.goto('/checkout/payment');
  const pay = page.getByRole('button', { name: 'Cash on Delivery' });
  await expect(pay).toBeDisabled();
  await expect(page.getByRole('status').filter({ hasText: 'before placing the order' })).toHaveText('Please select an address and a delivery option before placing the order.');
  await expect(pay).toHaveAccessibleDescription('Please select an address and a delivery option before placing the order.');
  await pay.scrollIntoViewIfNeeded();
  await shot(page, info, 'edges-payment-nothing-chosen');
  await expectAccessible(page, info, 'edges-payment-nothing-chosen');

  await page.getByRole('radio', { name: /^Shop/ }).check();
  await expect(pay).toBeDisabled();
  await expect(pay).toHaveAccessibleDescription('Please select a delivery option before placing the order.');
  await page.getByRole('radio', { name: /^Between 2 Hours/ }).check();
  await expect(pay).toBeEnabled();
  await expect(page.getByText(/before placing the order/)).toHaveCount(0);

  await page.reload();
  await expect(page.getByRole('radio', { name: /^Shop/ })).toBeChecked();
  await expect(page.getByRole('radio', { name: /^Between 2 Hours/ })).toBeChecked();
  await expect(pay).toBeEnabled();
  await shot(page, info, 'edges-payment-after-reload');

  // Only the address missing: the address's words alone.
  await page.evaluate(() => window.sessionStorage.removeItem('kadeCheckoutAddress'));
  await page.reload();
  await expect(page.getByRole('radio', { name: /^Between 2 Hours/ })).toBeChecked();
  await expect(pay).toBeDisabled();
  await expect(pay).toHaveAccessibleDescription('Please select an address before placing the order.');
});

test('the View Cart bar is never on the cart page, and shows the bill total after every discount', async ({ page, request }, info) => {
  // Rs.99 at 7% off is Rs.93: 6 of them are Rs.558, past the 1.75% basket tier, so every figure differs.
  await shopperWithCart(page, request, 'Edge Bar Watcher', [{ productId: discounted, quantity: 6 }]);
  const totals = computeTotals([{ pricePaise: rupeesToPaise(99), discount: 7, quantity: 6 }], '50 Minutes to 1 Hour');
  expect(new Set([totals.undiscountedPaise, totals.subtotalPaise, totals.grandTotalPaise]).size).toBe(3);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Special - Deal' })).toBeVisible();
  const bar = page.locator('.view-cart-bar');
  if (info.project.name === 'phone') {
    await expect(bar).toBeVisible();
    await expect(bar).toHaveText(new RegExp(`6 items · ${formatRs(totals.grandTotalPaise).replace('.', '\\.')}`));
    await expect(bar).not.toContainText(formatRs(totals.subtotalPaise));
    await expect(bar).not.toContainText(formatRs(totals.undiscountedPaise));
    await bar.getByRole('button', { name: 'View Cart' }).click();
    await expect(page.getByRole('dialog', { name: 'My Cart' }).getByTestId('bill-total')).toHaveText(formatRs(totals.grandTotalPaise));
  } else {
    await expect(bar).toHaveCount(0); // a wide screen has the header's cart button instead
  }
  await shot(page, info, 'edges-view-cart-bar-home');
  await page.goto('/cart');
  await expect(page.getByTestId('bill-total').first()).toHaveText(formatRs(totals.grandTotalPaise));
  await expect(bar).toHaveCount(0);
  await shot(page, info, 'edges-cart-page-no-bar');
  await expectAccessible(page, info, 'edges-cart-page');
});

test("a listing's heading and tab title read as the sub-category's name ('Dhal & Pulses'), not its slug", ONE_WIDTH, async ({ page }, info) => {
  const categories = (await (await page.request.get(`${openUrl()}/api/category/get`)).json()).data as Array<{ _id: string; name: string }>;
  const subs = (await (await page.request.post(`${openUrl()}/api/subcategory/get`)).json()).data as Array<{ _id: string; name: string; category: Array<{ _id: string }> }>;
  const dhal = subs.find((s) => s.name === 'Dhal & Pulses');
  const rice = categories.find((c) => c._id === dhal?.category[0]?._id);
  expect(dhal && rice, 'the demo catalogue has Dhal & Pulses').toBeTruthy();
  await page.goto(`/rice-grains-${rice?._id}/dhal-pulses-${dhal?._id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dhal & Pulses');
  await expect(page).toHaveTitle('Dhal & Pulses');
  await expect(page.locator('.product-card').first()).toBeVisible();
  await shot(page, info, 'edges-listing-title');
  await expectAccessible(page, info, 'edges-listing-title');
});

test('staff and admins who log in land on the Pending orders; a shopper lands on the home page', ONE_WIDTH, async ({ page, request }, info) => {
  const loginAs = async (mobile: string, password: string) => {
    await page.goto('/login');
    await page.getByLabel('Mobile number').fill(mobile);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Login' }).click();
  };
  const logout = async () => {
    await page.evaluate(() => window.localStorage.clear());
    await page.context().clearCookies();
  };

  const shopper = await newShopper(request, 'Edge Plain Shopper');
  await loginAs(shopper.mobile, shopper.password);
  await expect(page).toHaveURL(`${openUrl()}/`);
  await logout();

  const clerk = await newShopper(request, `Edge Clerk ${Date.now() % 100000}`);
  const found = await call<{ users: Array<{ _id: string; mobile: string }> }>(request, admin.accessToken, 'GET', `/api/users/list?search=${clerk.mobile}`);
  const id = found.body.data.users.find((u) => u.mobile === clerk.mobile)?._id;
  expect((await call(request, admin.accessToken, 'PUT', '/api/users/update-role', { _id: id, role: 'STAFF' })).status).toBe(200);
  await loginAs(clerk.mobile, clerk.password);
  await expect(page).toHaveURL(/\/dashboard\/pending$/);
  await expect(page.getByRole('heading', { level: 1, name: /^Orders \(\d+\)$/ })).toBeVisible();
  await logout();

  const dataDir = process.env.KADE_DATA_DIR ?? '';
  const { admin: first } = JSON.parse(readFileSync(path.join(dataDir, 'first-logins.json'), 'utf8')) as { admin: { mobile: string; password: string } };
  await loginAs(first.mobile, first.password);
  await expect(page).toHaveURL(/\/dashboard\/pending$/);
  await expect(page.getByRole('heading', { level: 1, name: /^Orders \(\d+\)$/ })).toBeVisible();
  await shot(page, info, 'edges-admin-after-login');
  await expectAccessible(page, info, 'edges-admin-after-login');
});

test("a search for 'milk' lists the milks of Milk + Other before Milk Chocolate Bar", ONE_WIDTH, async ({ page }, info) => {
  await page.goto('/search?q=milk');
  await expect(page.getByRole('searchbox', { name: 'Search products' })).toHaveValue('milk');
  const cards = page.locator('.product-card');
  await expect(cards.first()).toBeVisible();
  await scrollUntil(page, async () => (await page.getByRole('article', { name: 'Milk Chocolate Bar', exact: true }).count()) > 0);
  const names = await cards.evaluateAll((all) => all.map((card) => card.getAttribute('aria-label') ?? ''));
  const chocolate = names.indexOf('Milk Chocolate Bar');
  for (const milk of ['Full Cream Fresh Milk', 'Low Fat Fresh Milk', 'Full Cream Milk Powder']) {
    expect(names.indexOf(milk), `${milk} is listed`).toBeGreaterThanOrEqual(0);
    expect(names.indexOf(milk), `${milk} before Milk Chocolate Bar`).toBeLessThan(chocolate);
  }
  // the first result is a milk from the milk shelf, not a name that merely starts with the word
  expect(names[0]).not.toBe('Milk Chocolate Bar');
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, info, 'edges-search-milk');
  await expectAccessible(page, info, 'edges-search-milk');
});
