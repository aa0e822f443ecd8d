// Issue 35 as people use it: a shopper on a 360 px phone (in English, Sinhala and Tamil) reports a damaged item of
// a delivered order with a photo from the phone; the store's admin, on the dashboard's Problems page, sees the
// report (lines, value, note, the photo large, the shopper's history) and approves it as store credit, or declines
// it with a reason; the shopper's order card then says Approved with the amount, or Declined with the reason, and
// the Store credit page shows the balance and the refund's entry. A report someone decided meanwhile is said as
// such and leaves the Open list; an open Problems page shows a new report live. An approved cash refund is due on
// the Problems page and in the day report until someone marks it paid. The Promo codes page makes a code, refuses
// its twin, and deletes it.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { DEFAULT_TIME_ZONE, ENDPOINTS, formatDate, formatRs, localDay, type Language } from '@kade/shared';
import { STORAGE_KEYS } from '../src/lib/ui-constants';
import { expectAccessible, openUrl, shot } from './helpers';
import { addAddress, adminSession, call, createProduct, newShopper, placeCodOrder, useSession, type Session } from './shopper-api';

test.use({ baseURL: process.env.KADE_URL, viewport: { width: 360, height: 780 } });

type Tree = { [key: string]: string | Tree };
const here = path.dirname(fileURLToPath(import.meta.url));

/** A catalogue's words by key, with {{values}} put in. */
function wordsOf(language: Language) {
  const tree = JSON.parse(readFileSync(path.join(here, '..', 'src', 'locales', language, 'shop.json'), 'utf8')) as Tree;
  return (key: string, values: Record<string, string | number> = {}): string => {
    const text = key.split('.').reduce<string | Tree | undefined>((node, part) => (typeof node === 'object' ? node[part] : undefined), tree);
    if (typeof text !== 'string') throw new Error(`no ${key} in the ${language} catalogue`);
    return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
  };
}

/** A small photo as a phone's picker hands it over. */
async function photo(name: string): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  const buffer = await sharp({ create: { width: 48, height: 48, channels: 3, background: { r: 200, g: 60, b: 40 } } }).png().toBuffer();
  return { name, mimeType: 'image/png', buffer };
}

/**
 * The admin's dashboard at its usual desktop size, signed in. `stale`: its live connection never opens, so the page
 * shows only what it read (as a page whose socket dropped would), and a change elsewhere meets it unawares.
 */
async function adminPage(browser: Browser, admin: Session, stale = false): Promise<Page> {
  const context = await browser.newContext({ baseURL: openUrl(), viewport: { width: 1280, height: 800 } });
  if (stale) await context.route('**/socket.io/**', (route) => route.abort());
  const page = await context.newPage();
  await useSession(page, admin);
  return page;
}

/** A shopper's delivered order of `quantity` of a new product at `price`, moved Processing → Shipped → Delivered by the store. */
async function deliveredOrder(request: Parameters<typeof adminSession>[0], admin: Session, name: string, price: number, quantity: number) {
  const productId = await createProduct(request, admin, { name, price, stock: 20 });
  const shopper = await newShopper(request, `Problem Shopper ${name.slice(-5)}`);
  const addressId = await addAddress(request, shopper);
  const order = await placeCodOrder(request, shopper, addressId, [{ productId, quantity }]);
  for (const status of ['Processing', 'Shipped', 'Delivered']) {
    const moved = await call(request, admin.accessToken, 'PUT', '/api/orders/update-status', { orderId: order._id, order_status: status });
    expect(moved.status, moved.body.message).toBe(200);
  }
  return { productId, shopper, order };
}

/** The shopper's phone in `language`, signed in. */
async function shopperPage(page: Page, shopper: Session, language: Language): Promise<void> {
  await page.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [STORAGE_KEYS.language, JSON.stringify(language)] as const);
  await useSession(page, shopper);
}

/** On My Orders: reports `quantity` of `name` as damaged with a note and a photo; the card then says Sent. */
async function reportDamaged(page: Page, language: Language, orderId: string, name: string, quantity: number) {
  const t = wordsOf(language);
  await page.goto('/dashboard/myorders');
  const card = page.getByRole('article', { name: t('orders.order', { id: orderId }) });
  await card.getByRole('button', { name: t('problems.report') }).click();
  const form = card.getByRole('form', { name: t('problems.formTitle') });
  await form.getByRole('checkbox', { name }).check();
  await form.getByRole('combobox', { name: t('problems.quantityOf', { name }) }).selectOption(String(quantity));
  await form.getByRole('combobox', { name: t('problems.reasonOf', { name }) }).selectOption({ label: t('problems.reason.DAMAGED') });
  await form.getByLabel(t('problems.note')).fill('The packet was torn open');
  // a photo is needed for a damaged item: the server says so when none comes
  await form.getByRole('button', { name: t('problems.send') }).click();
  // (English reads the server's own words, the other languages the code's sentence in their catalogue)
  await expect(page.getByText(language === 'en' ? 'Add a photo of the item: it is needed for anything but a missing item.' : t('errors.PROOF_REQUIRED'))).toBeVisible();
  await form.getByLabel(t('problems.addPhoto')).setInputFiles(await photo('torn.png'));
  await expect(form.getByRole('img', { name: t('problems.photoNumber', { number: 1 }) })).toBeVisible();
  await shot(page, test.info(), `problems-${language}-form`);
  await form.getByRole('button', { name: t('problems.send') }).click();
  await expect(form).toHaveCount(0);
  const state = card.getByTestId('problem-state');
  await expect(state).toContainText(t('problems.sent'));
  await expect(state).toContainText(`${name} × ${quantity} (${t('problems.reason.DAMAGED')})`);
  await expectNoOverflow(page);
  return card;
}

/** Nothing wider than the phone's screen. */
async function expectNoOverflow(page: Page): Promise<void> {
  const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, screen: window.innerWidth }));
  expect(widths.page).toBeLessThanOrEqual(widths.screen);
}

for (const language of ['en', 'ta'] as const) {
  test(`a damaged item reported with a photo in ${language} is approved as store credit, and the shopper sees it on the card and in Store credit`, async ({ page, request, browser }, info) => {
    const t = wordsOf(language);
    const admin = await adminSession(request);
    const name = `Problem Biscuits ${language} ${Date.now() % 100_000}`;
    const { shopper, order } = await deliveredOrder(request, admin, name, 240, 3);
    // the admin's Problems page is open before the shopper reports: the report arrives on it live
    const desk = await adminPage(browser, admin);
    await desk.goto('/dashboard/problems');
    await expect(desk.getByRole('tab', { name: 'Open' })).toHaveAttribute('aria-selected', 'true');
    const report = desk.getByRole('article', { name: `Report on order ${order.orderId}` });
    await expect(desk.getByRole('tabpanel', { name: 'Open' })).toBeVisible();
    await expect(report).toHaveCount(0);
    await shopperPage(page, shopper, language);
    const card = await reportDamaged(page, language, order.orderId, name, 2);
    await expectAccessible(page, info, `problems-${language}-sent`);

    await expect(report.getByRole('row', { name: new RegExp(`${name} 2 Damaged`) })).toBeVisible();
    await expect(report.getByTestId('problem-value')).toHaveText(formatRs(48_000));
    await expect(report.getByText('“The packet was torn open”')).toBeVisible();
    await expect(report.getByTestId('shopper-history')).toHaveText('0 earlier reports (0 approved, 0 declined)');
    await expect(report.getByText(shopper.mobile)).toBeVisible();
    await report.getByRole('button', { name: 'Open photo 1' }).click();
    const large = desk.getByRole('dialog', { name: 'Photo' });
    await expect(large.getByRole('img', { name: "The shopper's photo, large" })).toBeVisible();
    await shot(desk, info, `problems-${language}-admin-photo`);
    await large.getByRole('button', { name: 'Close' }).click();
    await expect(large).toHaveCount(0);
    const approve = report.getByRole('group', { name: `Approve report on ${order.orderId}` });
    await expect(approve.getByLabel('Refund (Rs.)')).toHaveValue('480');
    await expect(approve.getByLabel('Refund as')).toHaveValue('CREDIT');
    await shot(desk, info, `problems-${language}-admin-open`);
    await expectAccessible(desk, info, `problems-${language}-admin-open`);
    await approve.getByRole('button', { name: 'Approve' }).click();
    await expect(desk.getByText('Refund approved.')).toBeVisible();
    await expect(report).toHaveCount(0);
    await desk.getByRole('tab', { name: 'Approved' }).click();
    await expect(report.getByTestId('problem-decision')).toContainText(`Approved ${formatRs(48_000)} as store credit`);
    await desk.context().close();

    // the shopper's card says it, and the credit is in the account
    await page.reload();
    await expect(card.getByTestId('problem-state')).toContainText(t('problems.approvedCredit', { amount: formatRs(48_000) }));
    await shot(page, info, `problems-${language}-approved-card`);
    await page.goto('/dashboard/credit');
    await expect(page.getByRole('heading', { name: t('problems.credit.title'), level: 1 })).toBeVisible();
    await expect(page.getByTestId('credit-balance')).toHaveText(formatRs(48_000));
    const entries = page.getByRole('list', { name: t('problems.credit.entries') }).getByRole('listitem');
    await expect(entries).toHaveCount(1);
    await expect(entries.first()).toContainText(t('problems.credit.kind.ISSUE'));
    await expect(entries.first()).toContainText(t('problems.credit.reason.refund'));
    await expect(entries.first()).toContainText(formatRs(48_000));
    const credit = (await call<{ entries: Array<{ code: string; expiresAt: string }> }>(request, shopper.accessToken, 'GET', '/api/credit')).body.data.entries[0]!;
    await expect(entries.first()).toContainText(t('problems.credit.code', { code: credit.code }));
    await expect(entries.first()).toContainText(t('problems.credit.expires', { date: formatDate(credit.expiresAt, DEFAULT_TIME_ZONE, language) }));
    await expectNoOverflow(page);
    await shot(page, info, `problems-${language}-credit`);
    await expectAccessible(page, info, `problems-${language}-credit`);
  });
}

test("a tab shows its own reports even when the tab left is answered after it", async ({ page, request, browser }) => {
  const admin = await adminSession(request);
  const name = `Problem Late Tab ${Date.now() % 100_000}`;
  const { shopper, order } = await deliveredOrder(request, admin, name, 240, 3);
  await shopperPage(page, shopper, 'en');
  await reportDamaged(page, 'en', order.orderId, name, 2);
  // no socket: only the tabs' own reads, in the order this walk holds them
  const desk = await adminPage(browser, admin, true);
  await desk.goto('/dashboard/problems');
  const report = desk.getByRole('article', { name: `Report on order ${order.orderId}` });
  await expect(report).toBeVisible();
  const list = (status: string) => (url: URL) => url.pathname === ENDPOINTS.problems.list.path && url.searchParams.get('status') === status;
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await desk.route(list('OPEN'), async (route) => {
    await held;
    await route.continue();
  });
  await desk.getByRole('tab', { name: 'Declined' }).click();
  await expect(desk.getByRole('tabpanel', { name: 'Declined' })).not.toContainText('Loading');
  // Open's read is held; Approved's is answered; then Open's answer comes, late
  const openAnswered = desk.waitForResponse((response) => list('OPEN')(new URL(response.url())));
  await desk.getByRole('tab', { name: 'Open' }).click();
  const approvedAnswered = desk.waitForResponse((response) => list('APPROVED')(new URL(response.url())));
  await desk.getByRole('tab', { name: 'Approved' }).click();
  await approvedAnswered;
  release();
  await openAnswered;
  // two frames: the late answer has been taken in and drawn if it was going to be
  await desk.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await expect(desk.getByRole('tab', { name: 'Approved' })).toHaveAttribute('aria-selected', 'true');
  await expect(report).toHaveCount(0);
  await desk.context().close();
});

test('a report declined with a reason in Sinhala shows the reason on the card; a report decided meanwhile is said and leaves the list', async ({ page, request, browser }, info) => {
  const t = wordsOf('si');
  const admin = await adminSession(request);
  const name = `Problem Soap si ${Date.now() % 100_000}`;
  const { productId, shopper, order } = await deliveredOrder(request, admin, name, 150, 2);
  await shopperPage(page, shopper, 'si');
  const card = await reportDamaged(page, 'si', order.orderId, name, 1);

  // a page whose live connection is down, so a decision made elsewhere meets it unawares
  const desk = await adminPage(browser, admin, true);
  await desk.goto('/dashboard/problems');
  const report = desk.getByRole('article', { name: `Report on order ${order.orderId}` });
  const decline = report.getByRole('group', { name: `Decline report on ${order.orderId}` });
  // no reason: the server asks for one and nothing is decided
  await decline.getByRole('button', { name: 'Decline' }).click();
  await expect(desk.getByText('note is required to decline: say why')).toBeVisible();
  await decline.getByLabel('Reason to decline').fill('The seal in the photo is not broken');
  await decline.getByRole('button', { name: 'Decline' }).click();
  await expect(desk.getByText('Report declined.')).toBeVisible();
  await expect(report).toHaveCount(0);

  // the rest of the soap, reported (a missing item needs no photo), then decided by someone else behind the page's back
  const second = await call<{ _id: string }>(request, shopper.accessToken, 'POST', '/api/orders/problems', { orderId: order._id, lines: [{ productId, quantity: 1, reason: 'MISSING' }] });
  expect(second.status, second.body.message).toBe(201);
  await desk.reload();
  await expect(report.getByTestId('shopper-history')).toHaveText('1 earlier reports (0 approved, 1 declined)');
  const approve = report.getByRole('group', { name: `Approve report on ${order.orderId}` }).getByRole('button', { name: 'Approve' });
  await expect(approve).toBeVisible();
  const elsewhere = await call(request, admin.accessToken, 'PUT', '/api/orders/problems/decide', { problemId: second.body.data._id, approve: true, amount: 150 });
  expect(elsewhere.status, elsewhere.body.message).toBe(200);
  // the page hears it (problem:changed) and drops the report, or, if the click comes first, says it was decided
  await approve.click({ timeout: 5_000 }).then(
    () => expect(desk.getByText('This report was already approved.')).toBeVisible(),
    () => undefined,
  );
  await expect(report).toHaveCount(0);
  await desk.context().close();

  await page.reload();
  const states = card.getByTestId('problem-state');
  await expect(states).toHaveCount(2);
  await expect(states.filter({ hasText: t('problems.declined', { reason: 'The seal in the photo is not broken' }) })).toHaveCount(1);
  await expect(states.filter({ hasText: t('problems.approvedCredit', { amount: formatRs(15_000) }) })).toHaveCount(1);
  // every unit is reported now: the form says so
  await card.getByRole('button', { name: t('problems.report') }).click();
  await expect(card.getByText(t('problems.nothingLeft'))).toBeVisible();
  await expectNoOverflow(page);
  await shot(page, info, 'problems-si-declined-card');
  await expectAccessible(page, info, 'problems-si-declined-card');
});

test('an approved cash refund is due on the Problems page and in the day report until it is marked paid', async ({ request, browser }, info) => {
  const admin = await adminSession(request);
  const name = `Problem Oil cash ${Date.now() % 100_000}`;
  const { productId, shopper, order } = await deliveredOrder(request, admin, name, 410, 1);
  const filed = await call<{ _id: string }>(request, shopper.accessToken, 'POST', '/api/orders/problems', { orderId: order._id, lines: [{ productId, quantity: 1, reason: 'MISSING' }] });
  expect(filed.status, filed.body.message).toBe(201);
  const decided = await call(request, admin.accessToken, 'PUT', '/api/orders/problems/decide', { problemId: filed.body.data._id, approve: true, amount: 410, refundAs: 'CASH' });
  expect(decided.status, decided.body.message).toBe(200);
  const desk = await adminPage(browser, admin);
  // the day report counts it among the cash refunds to pay back
  await desk.goto('/dashboard/report');
  const section = desk.getByTestId('report-credit');
  await expect(section.getByRole('heading', { name: 'Problems and store credit' })).toBeVisible();
  const due = async () => (await call<{ credit: { cashRefundsDueCount: number } }>(request, admin.accessToken, 'GET', `/api/orders/report?day=${localDay(new Date(), DEFAULT_TIME_ZONE)}`)).body.data.credit.cashRefundsDueCount;
  const before = await due();
  expect(before).toBeGreaterThan(0);
  await expect(section).toContainText(`${before} to pay back now`);
  await shot(desk, info, 'report-credit');

  await desk.goto('/dashboard/problems');
  await desk.getByRole('tab', { name: 'Approved' }).click();
  const report = desk.getByRole('article', { name: `Report on order ${order.orderId}` });
  const cash = report.getByTestId('cash-refund');
  await expect(cash).toContainText('Cash to pay back by');
  await shot(desk, info, 'problems-cash-due');
  await cash.getByRole('button', { name: 'Mark as paid' }).click();
  await expect(desk.getByText('Refund marked as paid.')).toBeVisible();
  await expect(cash).toContainText('Cash paid back');
  await expect(cash.getByRole('button', { name: 'Mark as paid' })).toHaveCount(0);
  await expectAccessible(desk, info, 'problems-cash-paid');
  expect(await due()).toBe(before - 1);
  await desk.goto('/dashboard/report');
  await expect(desk.getByTestId('report-credit')).toContainText(`${before - 1} to pay back now`);
  await desk.context().close();
});

test('the Promo codes page makes a code, refuses the same code again, and deletes it', async ({ request, browser }, info) => {
  const admin = await adminSession(request);
  const desk = await adminPage(browser, admin);
  const code = `SAVE${Date.now() % 1_000_000}`;
  await desk.goto('/dashboard/promo-codes');
  await expect(desk.getByRole('heading', { name: 'Promo codes', level: 1 })).toBeVisible();
  const form = desk.getByRole('region', { name: 'New promo code' });
  // the last day is 3 days from today unless changed
  await expect(form.getByLabel('Last day')).not.toHaveValue('');
  await form.getByLabel('Code').fill(code.toLowerCase());
  await form.getByLabel('Kind').selectOption('PERCENT');
  await form.getByLabel('Percent off').fill('10');
  await form.getByLabel('Minimum basket (Rs.)').fill('1000');
  await form.getByLabel('Uses in all (blank: no limit)').fill('50');
  await form.getByRole('button', { name: 'Create code' }).click();
  await expect(desk.getByText('Promo code created.')).toBeVisible();
  const row = desk.getByRole('row', { name: code, exact: true });
  await expect(row).toContainText('10% off');
  await expect(row).toContainText(formatRs(100_000));
  await expect(row).toContainText('0 of 50');
  const listed = (await call<Array<{ code: string; expiresAt: string; perCustomer: number | null }>>(request, admin.accessToken, 'GET', '/api/promo-codes')).body.data.find((each) => each.code === code);
  expect(listed?.perCustomer).toBe(1);
  // it ends about 3 days on (the end of the third day from today on the shop's clock)
  const daysLeft = (Date.parse(listed!.expiresAt) - Date.now()) / 86_400_000;
  expect(daysLeft).toBeGreaterThan(2.5);
  expect(daysLeft).toBeLessThan(4.1);
  await shot(desk, info, 'promo-codes-created');
  await expectAccessible(desk, info, 'promo-codes-created');

  await form.getByLabel('Code').fill(code);
  await form.getByLabel('Kind').selectOption('FIXED');
  await form.getByLabel('Rupees off').fill('100');
  await form.getByRole('button', { name: 'Create code' }).click();
  await expect(desk.getByText(`A promo code ${code} already exists.`)).toBeVisible();
  await expect(desk.getByRole('row', { name: code, exact: true })).toHaveCount(1);

  await row.getByRole('button', { name: `Delete ${code}` }).click();
  await expect(desk.getByText('Promo code deleted.')).toBeVisible();
  await expect(desk.getByRole('row', { name: code, exact: true })).toHaveCount(0);
  await desk.context().close();
});
