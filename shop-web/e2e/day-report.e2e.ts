// The day's report as a counter clerk (STAFF) uses it: opens /dashboard/report, sees today's figures (an order
// this test placed and delivered among them) and the orders-per-hour chart, downloads the CSV and reads it, and,
// inside the counter app (the real counter logic with its bridge on the page and a recording TCP printer),
// prints the day summary. The server is shared with the other tests, so the checks are on this test's own
// product and on the page agreeing with the server's report, not on whole-day totals.
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { formatReportDay, formatRs, localDay, rupeesToPaise, type DayReport, type OrderWire } from '@kade/shared';
import { decodeEscPos } from '@kade/desktop/testing';
import { COUNTER_PRINT_TEXT } from '../src/features/admin/print/bridge';
import { startCounterWindow, type CounterWindow } from './counter-window';
import { expectAccessible, openUrl, shot } from './helpers';
import { addAddress, adminSession, call, createProduct, freshMobile, login, newShopper, placeCodOrder, useSession, type Session } from './shopper-api';

test.use({ baseURL: process.env.KADE_URL });

const STAFF_PASSWORD = 'report-clerk-42';

test.describe("the day's report", () => {
  let staff: Session;
  let productName: string;
  let shortName: string;
  let curdOrder: { orderId: string; totalAmt: number; revisedAmt: number };
  let day: string;
  let counterWindow: CounterWindow | undefined;

  test.beforeAll(async ({ request }, info) => {
    const admin = await adminSession(request);
    // A clerk made as an admin makes one: created, then given the STAFF role.
    const mobile = freshMobile();
    const made = await call<{ user: { _id: string } }>(request, admin.accessToken, 'POST', '/api/users/create', { name: `Report Clerk ${info.project.name}`, mobile, password: STAFF_PASSWORD });
    expect(made.status, made.body.message).toBeLessThan(300);
    expect((await call(request, admin.accessToken, 'PUT', '/api/users/update-role', { _id: made.body.data.user._id, role: 'STAFF' })).status).toBe(200);
    staff = await login(request, mobile, STAFF_PASSWORD);
    // Today's order of a product only this test sells (named like a spreadsheet formula), 40 of them, delivered.
    productName = `=Report Tea ${info.project.name} ${Date.now() % 100_000}`;
    const productId = await createProduct(request, admin, { name: productName, price: 12 });
    const shopper = await newShopper(request, 'Report Buyer');
    const order = await placeCodOrder(request, shopper, await addAddress(request, shopper), [{ productId, quantity: 40 }]);
    for (const status of ['Processing', 'Shipped', 'Delivered']) {
      const moved = await call(request, staff.accessToken, 'PUT', '/api/orders/update-status', { orderId: order._id, order_status: status });
      expect(moved.status, moved.body.message).toBe(200);
    }
    // Packing (issue 33): two orders of a product only this test sells, each found short (placed first: a short
    // line takes the product out of stock).
    shortName = `Report Curd ${info.project.name} ${Date.now() % 100_000}`;
    const curd = await createProduct(request, admin, { name: shortName, price: 50, stock: 20 });
    const curdBuyer = await newShopper(request, 'Curd Buyer');
    const curdAddress = await addAddress(request, curdBuyer);
    const curdOrders = [await placeCodOrder(request, curdBuyer, curdAddress, [{ productId: curd, quantity: 3 }]), await placeCodOrder(request, curdBuyer, curdAddress, [{ productId: curd, quantity: 2 }])];
    for (const curdOrder of curdOrders) {
      expect((await call(request, staff.accessToken, 'PUT', '/api/orders/update-status', { orderId: curdOrder._id, order_status: 'Processing' })).status).toBe(200);
      const packed = await call<{ revision: number }>(request, staff.accessToken, 'PUT', '/api/orders/pack', { orderId: curdOrder._id, lines: [{ productId: curd, found: 1 }] });
      expect(packed.status, packed.body.message).toBe(200);
      expect(packed.body.data.revision).toBe(1);
    }
    const first = (await call<OrderWire>(request, staff.accessToken, 'GET', `/api/order/details?orderId=${curdOrders[0]!._id}`)).body.data;
    curdOrder = { orderId: first.orderId, totalAmt: first.originalTotalAmt!, revisedAmt: first.totalAmt };
    const config = await call<{ timeZone: string }>(request, null, 'GET', '/api/shop/config');
    day = localDay(new Date(), config.body.data.timeZone);
  });

  test.afterAll(async () => {
    await counterWindow?.stop();
  });

  test('a clerk opens the report: the figures, the chart, the CSV', async ({ page, request }, info) => {
    const chartChunks: string[] = [];
    page.on('request', (r) => {
      if (/\/assets\/hours-chart-[^/]*\.js$/.test(new URL(r.url()).pathname)) chartChunks.push(r.url());
    });
    await useSession(page, staff);
    await page.goto('/dashboard/pending');
    await expect(page.getByRole('heading', { name: /Orders/ }).first()).toBeVisible();
    expect(chartChunks, 'the chart library is not loaded before the report').toEqual([]);

    await page.goto('/dashboard/report');
    await expect(page.getByRole('heading', { name: 'Day report' })).toBeVisible();
    await expect(page.getByLabel('Day')).toHaveValue(day);
    await expect(page.getByText(`Orders placed on ${formatReportDay(day)} (today, so far)`)).toBeVisible();

    const items = page.getByRole('region', { name: 'Items sold', exact: true });
    const row = items.getByRole('row', { name: new RegExp(productName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) });
    await expect(row).toBeVisible();
    await expect(row.getByRole('cell')).toHaveText(['1 pc', '40', '—', formatRs(rupeesToPaise(480))]); // no kilos: sold by the unit

    // The page shows the server's figures (read now: other tests place orders on this server too).
    const report = (await call<DayReport>(request, staff.accessToken, 'GET', `/api/orders/report?day=${day}`)).body.data;
    const delivered = report.byStatus.find((s) => s.status === 'Delivered')!.count;
    expect(delivered).toBeGreaterThanOrEqual(1);
    await expect(page.getByRole('region', { name: 'Orders by status', exact: true }).getByRole('row', { name: /^Delivered/ }).getByRole('cell')).toHaveText(/^\d+$/);
    await expect(page.getByRole('region', { name: 'Delivery times', exact: true }).getByRole('row', { name: /^50 Minutes to 1 Hour/ }).getByRole('cell').first()).toHaveText('60 min');

    const chart = page.getByRole('img', { name: /^Orders per hour: / });
    await expect(chart).toBeVisible();
    await expect(chart).toHaveAttribute('aria-label', /\d+ from \d\d:00 to \d\d:00/);
    // Chart.js drew bars on the canvas: some pixels are the brand green.
    await expect.poll(() => chart.evaluate((canvas: HTMLCanvasElement) => {
      const context = canvas.getContext('2d');
      if (!context || canvas.width === 0) return 0;
      const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
      let green = 0;
      for (let i = 0; i < data.length; i += 4) if (data[i] === 0x0f && data[i + 1] === 0x7a && data[i + 2] === 0x3d) green += 1;
      return green;
    })).toBeGreaterThan(50);
    expect(chartChunks.length, 'the chart library is its own chunk, loaded by the report').toBeGreaterThan(0);
    await shot(page, info, 'day-report');
    await expectAccessible(page, info, 'day-report');

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`kade-report-${day}.csv`);
    const csv = readFileSync((await download.path())!, 'utf8');
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe(`Day report,${day}`);
    // the formula-like name is neutralised with a leading apostrophe; the figures are the page's
    expect(lines).toContain(`'${productName},1 pc,40,0.000,480`); // no kilos: sold by the unit
    expect(lines).toContainEqual(expect.stringMatching(/^Delivered,\d+$/));
    expect(lines.filter((line) => /^\d\d:00-\d\d:00,\d+$/.test(line))).toHaveLength(24);
  });

  test('packing: the fill rate, the substitutions and the products most often short, in English and in Sinhala', async ({ page, request }, info) => {
    await useSession(page, staff);
    await page.goto('/dashboard/report');
    const packing = page.getByRole('region', { name: 'Packing', exact: true });
    await expect(packing).toBeVisible();
    const short = packing.getByRole('region', { name: 'Most often short (top 5)' });
    await expect(short.getByRole('row', { name: new RegExp(shortName) }).getByRole('cell')).toHaveText(['2']);
    // the page shows the server's figures (read now: other tests share this server)
    const figures = (await call<DayReport>(request, staff.accessToken, 'GET', `/api/orders/report?day=${day}`)).body.data.packing!;
    expect(figures.packedOrders).toBeGreaterThanOrEqual(2);
    expect(figures.shortProducts).toContainEqual({ name: shortName, timesShort: 2 });
    const tile = (name: string) => packing.getByRole('term').filter({ hasText: new RegExp(`^${name}$`) }).locator('xpath=following-sibling::dd[1]');
    await expect(tile('Fill rate')).toHaveText(`${figures.fillRate}%`);
    await expect(packing.getByText(`${figures.linesFound} of ${figures.linesOrdered} lines found in ${figures.packedOrders} packed orders`)).toBeVisible();
    await expect(tile('Substitutes accepted')).toHaveText(String(figures.substitutions.accepted));
    await expect(packing.getByText('including those kept without asking')).toBeVisible();
    await expect(tile('Substitutes declined')).toHaveText(String(figures.substitutions.declined));
    await expect(tile(/Substitutes expired.*/.source)).toHaveText(String(figures.substitutions.expired));
    await expect(short.getByRole('row')).toHaveCount(figures.shortProducts.length + 1);
    await packing.scrollIntoViewIfNeeded();
    await shot(page, info, 'day-report-packing');
    await expectAccessible(page, info, 'day-report-packing');

    // in Sinhala, as chosen on this device
    await page.evaluate(() => window.localStorage.setItem('kadeLanguage', JSON.stringify('si')));
    await page.reload();
    const sinhala = page.getByRole('region', { name: 'ඇසුරුම් කිරීම', exact: true });
    await expect(sinhala.getByText('සම්පූර්ණ කිරීමේ අනුපාතය')).toBeVisible();
    await expect(sinhala.getByRole('region', { name: 'බොහෝ විට අඩු වූ භාණ්ඩ (ඉහළම 5)' }).getByRole('row', { name: new RegExp(shortName) })).toBeVisible();
    await shot(page, info, 'day-report-packing-si');

    // the order's print page is the REVISED bill the counter prints: Ordered → Sent, what was removed, both totals
    await page.evaluate(() => window.localStorage.removeItem('kadeLanguage'));
    await page.goto(`/dashboard/print/${curdOrder.orderId}`);
    const bill = page.getByRole('article', { name: `Order #${curdOrder.orderId}` });
    await expect(bill.getByText('REVISED BILL (revision 1)')).toBeVisible();
    const line = bill.getByRole('row').filter({ hasText: shortName });
    await expect(line.getByRole('cell').nth(1)).toHaveText('3 → 1');
    await expect(line).toContainText(`Removed 2: -${formatRs(rupeesToPaise(100))}`);
    const text = await bill.innerText();
    expect(text).toMatch(new RegExp(`Original total\\s+${formatRs(rupeesToPaise(curdOrder.totalAmt)).replace(/[.]/g, '\\.')}`));
    expect(text).toMatch(new RegExp(`New total\\s+${formatRs(rupeesToPaise(curdOrder.revisedAmt)).replace(/[.]/g, '\\.')}`));
    await shot(page, info, 'day-report-revised-bill');
  });

  test('an earlier quiet day says so; a bad day in the address falls back to today', async ({ page }, info) => {
    await useSession(page, staff);
    await page.goto('/dashboard/report?day=2001-01-01');
    await expect(page.getByRole('status').filter({ hasText: 'No orders were placed on this day.' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Print day summary' })).toHaveCount(0); // no counter here
    await shot(page, info, 'day-report-empty');
    await page.goto('/dashboard/report?day=2026-02-30');
    await expect(page.getByLabel('Day')).toHaveValue(day);
  });

  test('inside the counter app, Print day summary prints the day on the thermal printer', async ({ page }, info) => {
    counterWindow = await startCounterWindow({ serverUrl: openUrl() });
    const { counter, printer } = counterWindow;
    await counter.settings.save({ autoPrint: false });
    expect((await counter.bridge.signIn(staff.mobile, STAFF_PASSWORD)).ok).toBe(true);
    await counterWindow.expose(page);
    await useSession(page, staff);
    await page.goto('/dashboard/report');
    await expect(page.getByRole('region', { name: 'Items sold', exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Print day summary' }).click();
    await expect(page.getByText(COUNTER_PRINT_TEXT.daySummarySent)).toBeVisible();
    await expect.poll(() => printer.jobs.length).toBe(1);
    const lines = decodeEscPos(printer.jobs[0]!).lines.map((line) => line.replace(/\s+/g, ' ').trim());
    expect(lines[0]).toBe(`Z ${formatReportDay(day)}`);
    expect(lines).toContain('DAY SUMMARY');
    expect(lines).toContain(`${productName} (1 pc)`);
    expect(lines).toContain(`x 40 ${formatRs(rupeesToPaise(480))}`);
    expect(lines.some((line) => /^CASH COLLECTED \(\d+ delivered\) Rs\.[\d,]+\.\d\d$/.test(line))).toBe(true);
    await shot(page, info, 'day-report-printed');
  });
});
