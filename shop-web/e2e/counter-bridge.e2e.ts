// The receipt of an order in the dashboard: the 72 mm print page in an ordinary browser, and inside the
// counter app (its bridge present) 'Print Order Details' going to the thermal printer with the printer's
// state shown. The bridge here is the real counter logic (desktop's createCounter: settings, durable print
// queue, ESC/POS receipt bytes, TCP transport), run in the test's Node process and exposed to the page as the
// preload exposes it in Electron; the printer is a loopback TCP server that records the bytes.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { addressLines, computeTotals, formatRs, paiseToRupees, rupeesToPaise, type OrderWire } from '@kade/shared';
import { createCounter, decodeEscPos, RecordingPrinter, type Counter } from '@kade/desktop/testing';
import { COUNTER_PRINT_TEXT } from '../src/features/admin/print/bridge';
import { exposeCounter } from './counter-window';
import { expectAccessible, loginAsAdmin, openUrl, shot } from './helpers';

test.use({ baseURL: process.env.KADE_URL });

const INSIDE = { latitude: 6.879, longitude: 79.862 };

/** A shopper who places one cash-on-delivery order of two products over the API; the order as the server answers. */
async function placeOrder(request: APIRequestContext, tag: string): Promise<OrderWire> {
  const mobile = `07${String(Date.now() % 10_000_000).padStart(7, '0')}${tag.length % 10}`;
  const password = 'e2e-password-42';
  const register = await request.post(`${openUrl()}/api/user/register`, { data: { name: `Receipt ${tag}`, mobile, password, confirmPassword: password } });
  expect(register.status(), await register.text()).toBe(201);
  const login = await request.post(`${openUrl()}/api/user/login`, { data: { mobile, password } });
  const headers = { authorization: `Bearer ${((await login.json()) as { data: { accesstoken: string } }).data.accesstoken}` };
  const address = await request.post(`${openUrl()}/api/address/create`, {
    headers,
    data: { address_line: `${tag} home`, city: '21 Galle Road, Wellawatte', state: 'Near the kovil', pincode: mobile, mobile: 'Home', ...INSIDE },
  });
  expect(address.status(), await address.text()).toBe(201);
  const addressId = ((await address.json()) as { data: { _id: string } }).data._id;
  const found = await request.post(`${openUrl()}/api/product/search-product`, { data: { search: 'rice', page: 1, limit: 20 } });
  // products sold by the unit: the demo's loose rice is sold by weight (its price is per kg, its stock grams)
  const products = ((await found.json()) as { data: Array<{ _id: string; price: number; discount: number; stock: number; single_quantity?: boolean; sellBy?: string }> }).data
    .filter((p) => p.stock >= 10 && p.price > 0 && !p.single_quantity && p.sellBy !== 'WEIGHT')
    .slice(0, 2);
  expect(products.length, 'two products in stock').toBe(2);
  for (const product of products) {
    const added = await request.post(`${openUrl()}/api/cart/create`, { headers, data: { productId: product._id } });
    expect(added.status(), await added.text()).toBeLessThan(300);
  }
  const totals = computeTotals(products.map((p) => ({ pricePaise: rupeesToPaise(p.price), discount: p.discount, quantity: 1 })), '50 Minutes to 1 Hour');
  const placed = await request.post(`${openUrl()}/api/order/cash-on-delivery`, {
    headers,
    data: {
      list_items: products.map((p) => ({ productId: p._id, quantity: 1 })),
      addressId,
      subTotalAmt: paiseToRupees(totals.subtotalPaise),
      totalAmt: paiseToRupees(totals.grandTotalPaise),
      location: `${INSIDE.latitude}, ${INSIDE.longitude}`,
      Choose: '50 Minutes to 1 Hour',
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  return ((await placed.json()) as { data: OrderWire }).data;
}

test.describe('the receipt of an order', () => {
  let order: OrderWire;

  test.beforeAll(async ({ request }, info) => {
    order = await placeOrder(request, info.project.name);
  });

  test('an admin opens the 72 mm print page in an ordinary browser and prints it', async ({ page, request }, info) => {
    await loginAsAdmin(page, request);
    await page.addInitScript(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => {
        (window as unknown as { printed: number }).printed += 1;
      };
    });
    await page.goto(`/dashboard/print/${order.orderId}`);
    const receipt = page.getByRole('article', { name: `Order #${order.orderId}` });
    await expect(receipt).toBeVisible();
    await expect(receipt.getByRole('heading', { level: 1 })).toHaveText(`Order #${order.orderId}`);
    const text = await receipt.innerText();
    expect(text).toContain(order.orderId);
    expect(text).toMatch(/Status\s+Pending/);
    for (const line of order.products) {
      const row = receipt.getByRole('row').filter({ hasText: line.product_details.name });
      await expect(row).toContainText(formatRs(rupeesToPaise(line.product_details.price)));
    }
    expect(text).toMatch(new RegExp(`Total\\s+${formatRs(rupeesToPaise(order.totalAmt)).replace(/[.]/g, '\\.')}`));
    expect(text).toMatch(/Payment method\s+Cash on Delivery/);
    expect(text).toMatch(/Payment status\s+Not Paid/);
    for (const line of addressLines(order.delivery_address as Record<string, string>)) expect(text).toContain(line);
    // no counter app here: the browser's print, and no thermal-printer controls
    await expect(page.getByRole('button', { name: 'Print Order Details' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Test print' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Print', exact: true }).click();
    expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);

    // the printed page: 72 mm wide and as long as the receipt (thermal paper is a roll)
    const pageSizes = () =>
      page.evaluate(() =>
        [...document.styleSheets].flatMap((sheet) => [...sheet.cssRules]).filter((rule): rule is CSSPageRule => rule instanceof CSSPageRule).map((rule) => rule.style.getPropertyValue('size')),
      );
    const sizes = await pageSizes();
    expect(sizes).toHaveLength(1);
    const [, length] = /^72mm (\d+)mm$/.exec(sizes[0] ?? '') ?? [];
    const receiptHeightMm = await receipt.evaluate((element) => (element.getBoundingClientRect().height * 25.4) / 96);
    expect(Number(length)).toBeGreaterThanOrEqual(Math.ceil(receiptHeightMm));
    expect(Number(length)).toBeLessThanOrEqual(Math.ceil(receiptHeightMm) + 5);
    await shot(page, info, 'print-page');
    await expectAccessible(page, info, 'print-page');

    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('navigation', { name: 'Receipt actions' })).toBeHidden();
    const width = await receipt.evaluate((element) => element.getBoundingClientRect().width);
    expect(Math.round(width)).toBe(272); // 72 mm at 96 px per inch
    await shot(page, info, 'print-page-as-printed');
    await page.emulateMedia({ media: 'screen' });

    await page.getByRole('link', { name: 'Back to orders' }).click();
    await expect(page).toHaveURL(/\/dashboard\/pending$/);
    await expect.poll(pageSizes).toEqual([]); // the receipt's page size goes with it
    await page.goto('/dashboard/print/NOSUCH');
    await expect(page.getByRole('alert').filter({ hasText: 'There is no order' })).toHaveText('There is no order NOSUCH.');

  });

  test.describe('inside the counter app', () => {
    let dir: string;
    let printer: RecordingPrinter;
    let counter: Counter;

    test.beforeEach(async () => {
      dir = mkdtempSync(path.join(os.tmpdir(), 'kade-e2e-counter-'));
      printer = await new RecordingPrinter().start();
      counter = await createCounter({ userDataDir: dir, playSound: () => undefined, env: { KADE_PRINTER: printer.address, KADE_SERVER_URL: openUrl() } });
      // the counter prints an order by its id, loading it with its own session: it signs in as the staff would
      const { admin } = JSON.parse(readFileSync(path.join(process.env.KADE_DATA_DIR ?? '', 'first-logins.json'), 'utf8')) as { admin: { mobile: string; password: string } };
      await counter.settings.save({ autoPrint: false });
      const signedIn = await counter.bridge.signIn(admin.mobile, admin.password);
      expect(signedIn, JSON.stringify(signedIn)).toEqual({ ok: true, data: { connected: true } });
    });
    test.afterEach(async () => {
      await counter.stop();
      await printer.stop();
      rmSync(dir, { recursive: true, force: true });
    });

    const printed = () => printer.jobs.map((bytes) => decodeEscPos(bytes));

    test("'Print Order Details' goes to the thermal printer, and the printer's state shows", async ({ page, request }, info) => {
      await loginAsAdmin(page, request);
      await exposeCounter(page, counter);
      await page.goto(`/dashboard/print/${order.orderId}`);
      await expect(page.getByRole('article', { name: `Order #${order.orderId}` })).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: 'Printer connected' })).toBeVisible();

      await page.getByRole('button', { name: 'Print Order Details' }).click();
      await expect(page.getByText(COUNTER_PRINT_TEXT.sent)).toBeVisible();
      await expect.poll(() => printer.jobs.length).toBe(1);
      const ticket = printed()[0]!;
      expect(ticket.lines[0]).toBe(`#${order.orderId}`);
      const body = ticket.lines.join('\n');
      for (const line of order.products) expect(body).toContain(line.product_details.name.slice(0, 30));
      expect(body).toMatch(new RegExp(`TOTAL\\s+${formatRs(rupeesToPaise(order.totalAmt)).replace(/[.]/g, '\\.')}`));
      expect(body).toContain('Payment status: Not Paid');
      expect(ticket.qrCodes).toEqual([order.orderId]);
      expect(ticket.cuts).toBe(1);
      expect(ticket.invert).toBe(false);
      await shot(page, info, 'print-page-counter');
      await expectAccessible(page, info, 'print-page-counter');

      // printed already: asking again is an explicit reprint, marked so
      await page.mouse.move(0, 700); // a toast waits while the pointer rests on it
      await expect(page.getByText(COUNTER_PRINT_TEXT.sent)).toBeHidden();
      await page.getByRole('button', { name: 'Print Order Details' }).click();
      await expect(page.getByText(COUNTER_PRINT_TEXT.reprintSent)).toBeVisible();
      await expect.poll(() => printer.jobs.length).toBe(2);
      expect(printed()[1]!.lines.join('\n')).toContain('REPRINT');

      await page.mouse.move(0, 700);
      await expect(page.getByText(COUNTER_PRINT_TEXT.reprintSent)).toBeHidden();
      await page.getByRole('button', { name: 'Test print' }).click();
      await expect(page.getByText(COUNTER_PRINT_TEXT.testSent)).toBeVisible();
      await expect.poll(() => printer.jobs.length).toBe(3);
      expect(printed()[2]!.lines.join('\n')).toContain('if you can read this');

      // the printer is switched off: the dashboard says so, and a receipt waits for it instead of failing
      await printer.stop();
      await page.mouse.move(0, 700);
      await expect(page.getByText(COUNTER_PRINT_TEXT.testSent)).toBeHidden();
      await page.getByRole('button', { name: 'Test print' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Printer offline' })).toBeVisible();
      await shot(page, info, 'print-page-printer-offline');
    });
  });
});

test.describe("the counter app's settings page", () => {
  const desktopDir = fileURLToPath(new URL('../../desktop/', import.meta.url));
  let dir: string;
  let printer: RecordingPrinter;
  let counter: Counter;

  test.beforeAll(() => {
    // the page as the app ships it: desktop/dist/settings.html with its script inlined
    const built = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: desktopDir, encoding: 'utf8' });
    expect(built.status, built.stderr).toBe(0);
  });
  test.beforeEach(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'kade-e2e-settings-'));
    printer = await new RecordingPrinter().start();
    counter = await createCounter({ userDataDir: dir, playSound: () => undefined });
  });
  test.afterEach(async () => {
    await counter.stop();
    await printer.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  test('a clerk sets the server and the printer on first run, with a test print', async ({ page }, info) => {
    await exposeCounter(page, counter);
    await page.goto(pathToFileURL(path.join(desktopDir, 'dist', 'settings.html')).href);
    await expect(page.getByRole('heading', { level: 1, name: 'Counter settings' })).toBeVisible();
    await expect(page.getByLabel('Server address')).toHaveValue('http://127.0.0.1:3000'); // the first-run defaults
    await expect(page.getByLabel('Copies of each receipt')).toHaveValue('1');
    await shot(page, info, 'counter-settings');
    await expectAccessible(page, info, 'counter-settings');

    await page.getByLabel('Server address').fill('the shop computer');
    await page.getByLabel('Printer', { exact: true }).fill('back room');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByRole('status')).toHaveText('Please correct the highlighted settings.');
    await expect(page.getByLabel('Server address')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('serverUrl must be the shop server address, such as http://192.168.1.10:3000')).toBeVisible();
    await expect(page.getByText(/^printer must be a device path/)).toBeVisible();
    await shot(page, info, 'counter-settings-errors');
    await expectAccessible(page, info, 'counter-settings-errors');

    await page.getByLabel('Server address').fill('http://192.168.1.10:3000');
    await page.getByLabel('Printer', { exact: true }).fill(printer.address);
    await page.getByLabel('Copies of each receipt').fill('2');
    await page.getByLabel('Start full screen').check();
    await page.getByRole('button', { name: 'Test print' }).click();
    await expect(page.getByRole('status')).toHaveText('Test page sent to the printer.');
    await expect.poll(() => printer.jobs.length).toBe(1);
    expect(decodeEscPos(printer.jobs[0]!).lines.join('\n')).toContain('if you can read this');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByRole('status')).toHaveText('Settings saved.');
    await expect(page.getByLabel('Server address')).toHaveAttribute('aria-invalid', 'false');
    const saved = JSON.parse(readFileSync(path.join(dir, 'settings.json'), 'utf8')) as Record<string, unknown>;
    expect(saved).toMatchObject({ serverUrl: 'http://192.168.1.10:3000', printer: printer.address, copies: 2, fullScreen: true });

    await page.getByLabel('Staff mobile number').fill('12');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Please enter a valid 10-digit mobile number.')).toBeVisible();
    await shot(page, info, 'counter-settings-saved');
  });
});

