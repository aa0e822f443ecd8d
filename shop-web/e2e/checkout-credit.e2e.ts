// Issue 35's checkout and issue 36's road to the order, as a shopper on a 360 px phone finds them: a promo code
// typed at checkout (its refusals said plainly in English, Sinhala and Tamil; a good one lowering the bill), store
// credit applied by itself with its expiry and a switch that keeps it (the order then uses none), the bill's promo,
// credit and cash lines, no error before anything is done, Online Payment plainly coming soon, Cash on Delivery kept
// at the foot of the screen with the amount, the success page's facts and link, My Orders' card, and pages that
// open at their top (after Order again, after saving an address). Promo codes and credit are made by the admin's API.
import { expect, test, type APIRequestContext } from '@playwright/test';
import { computeTotals, DEFAULT_TIME_ZONE, formatDate, formatRs, paiseToRupees, rupeesToPaise, totalWithPromoPaise, type OrderWire } from '@kade/shared';
import { STORAGE_KEYS } from '../src/lib/ui-constants';
import { atBothWidths, expectAccessible, shot } from './helpers';
import { addAddress, adminSession, call, createProduct, newShopper, placeCashOrder, placeCodOrder, setCart, SHOP_POSITION, useSession, type Session } from './shopper-api';
import { speak, wordsOf } from './substitution-words';

test.use({ baseURL: process.env.KADE_URL, viewport: { width: 360, height: 740 }, geolocation: SHOP_POSITION, permissions: ['geolocation'] });

const STANDARD = '50 Minutes to 1 Hour';

/** Text to match literally inside a regular expression. */
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

let admin: Session;
let made = 0;
/** A promo code made by the admin (a fresh text each time); answers its text. */
async function promo(request: APIRequestContext, fields: { kind?: 'FIXED' | 'PERCENT'; value: number; minBasket?: number; maxUses?: number; expiresAt?: string }): Promise<string> {
  made += 1;
  const code = `E2E${Date.now() % 1_000_000}${made}`;
  const created = await call(request, admin.accessToken, 'POST', '/api/promo-codes', { code, kind: 'FIXED', ...fields });
  expect(created.status, created.body.message).toBe(201);
  return code;
}

/** Store credit for an account, issued by the admin; answers the lot's expiry as the shopper's ledger reads it. */
async function issueCredit(request: APIRequestContext, shopper: Session, amount: number): Promise<string> {
  const users = await call<{ users: Array<{ _id: string; mobile: string }> }>(request, admin.accessToken, 'GET', `/api/users/list?search=${shopper.mobile}`);
  const userId = users.body.data.users.find((u) => u.mobile === shopper.mobile)?._id;
  const issued = await call(request, admin.accessToken, 'POST', '/api/credit/issue', { userId, amount, reason: 'Goodwill' });
  expect(issued.status, issued.body.message).toBe(201);
  const ledger = await call<{ lots: Array<{ expiresAt: string }> }>(request, shopper.accessToken, 'GET', '/api/credit');
  return ledger.body.data.lots[0]!.expiresAt;
}

async function myOrders(request: APIRequestContext, shopper: Session): Promise<OrderWire[]> {
  return (await call<OrderWire[]>(request, shopper.accessToken, 'GET', '/api/order/order-list?limit=10')).body.data;
}

let tea: string;
test.beforeAll(async ({ request }) => {
  admin = await adminSession(request);
  // Rs.230 a packet: 4 of them are Rs.920, a basket past the first discount tier, so every line of the bill differs
  tea = await createProduct(request, admin, { name: `Credit Walk Tea ${Date.now() % 100_000}`, price: 230 });
});

test('a promo lowers the bill, credit applies by itself with its expiry and the switch keeps it; Cash on Delivery stays in view; the success page and My Orders say what was paid', async ({ page, request }, info) => {
  const t = wordsOf('en');
  const shopper = await newShopper(request, 'Credit Walker');
  await addAddress(request, shopper, 'Home');
  const expiresAt = await issueCredit(request, shopper, 150);
  const off = await promo(request, { value: 100, minBasket: 500 });
  await setCart(request, shopper, [{ productId: tea, quantity: 4 }]);
  // the page's clock flows as the real one, and is held still on the success page (below)
  await page.clock.install();
  await speak(page, 'en');
  await useSession(page, shopper);
  await page.goto('/checkout/payment');
  await expect(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible();

  // nothing done yet: no error anywhere, the step to take said plainly beside the disabled action
  const pay = page.getByRole('button', { name: t('checkout.cashOnDelivery') });
  await expect(pay).toBeDisabled();
  await expect(page.getByRole('status').filter({ hasText: t('checkout.selectBoth') })).toBeVisible();
  await expect(page.locator('.checkout__missing--problem')).toHaveCount(0);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.locator('[aria-invalid="true"]')).toHaveCount(0);
  // Online Payment: off, and saying it is coming soon; Cash on Delivery says what it does
  const online = page.getByRole('button', { name: t('checkout.onlinePayment') });
  await expect(online).toBeDisabled();
  await expect(online).toContainText(t('orderFlow.comingSoon'));
  await expect(pay).toContainText(t('orderFlow.codWhat'));
  // the same untouched checkout at both widths: no error, Online Payment off and coming soon, Cash on Delivery saying what it does
  await atBothWidths(page, info, 'checkout-untouched', async () => {
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(page.locator('[aria-invalid="true"]')).toHaveCount(0);
    await expect(page.getByRole('status').filter({ hasText: t('checkout.selectBoth') })).toBeVisible();
    await expect(online).toBeDisabled();
    await expect(online).toContainText(t('orderFlow.comingSoon'));
    await expect(pay).toContainText(t('orderFlow.codWhat'));
    await expect(pay).toBeInViewport({ ratio: 1 });
  });

  // credit applies by itself: the amount this order uses and when it expires
  const totals = computeTotals([{ pricePaise: 23_000, discount: 0, quantity: 4 }], STANDARD);
  expect(totals.basketDiscountPaise, 'a basket with a basket discount').toBeGreaterThan(0);
  const date = formatDate(expiresAt, DEFAULT_TIME_ZONE, 'en');
  await expect(page.getByTestId('credit-applied')).toHaveText(t('promo.creditApplied', { amount: formatRs(15_000), date }));
  await expect(page.getByTestId('bill-credit')).toHaveText(`-${formatRs(15_000)}`);
  await expect(page.getByTestId('bill-cash')).toHaveText(formatRs(totals.grandTotalPaise - 15_000));

  // a good code: its line, and the total after it (applied to the basket after its discount, before the fee)
  await page.getByLabel(t('promo.label')).fill(off.toLowerCase());
  await page.getByRole('button', { name: t('promo.apply'), exact: true }).click();
  await expect(page.getByTestId('promo-applied')).toHaveText(t('promo.applied', { code: off, amount: formatRs(10_000) }));
  const withPromo = totalWithPromoPaise(totals.beforeRoundingPaise, 10_000);
  expect(withPromo).toBeLessThan(totals.grandTotalPaise);
  await expect(page.getByTestId('bill-promo')).toHaveText(`-${formatRs(10_000)}`);
  await expect(page.getByTestId('bill-total')).toHaveText(formatRs(withPromo));
  await expect(page.getByTestId('bill-cash')).toHaveText(formatRs(withPromo - 15_000));
  await expect(page.getByTestId('pay-total')).toHaveText(formatRs(withPromo - 15_000));
  await page.getByTestId('bill-total').scrollIntoViewIfNeeded();
  await shot(page, info, 'checkout-credit-promo-bill');

  // keep the credit for later: no credit line, the whole total to pay
  await page.getByRole('switch', { name: t('promo.keepCredit') }).check();
  await expect(page.getByTestId('credit-applied')).toHaveText(t('promo.creditKept', { amount: formatRs(15_000) }));
  await expect(page.getByTestId('bill-credit')).toHaveCount(0);
  await expect(page.getByTestId('bill-cash')).toHaveText(formatRs(withPromo));

  // Cash on Delivery stays at the foot of the phone's screen, with the amount, wherever the page is scrolled
  await page.getByRole('radio', { name: /^Home/ }).check();
  await page.getByRole('radio', { name: /^50 Minutes to 1 Hour/ }).check();
  await expect(pay).toBeEnabled();
  await expect(page.getByRole('status').filter({ hasText: 'before placing the order' })).toHaveCount(0);
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(pay).toBeInViewport({ ratio: 1 });
  await page.getByRole('heading', { name: t('promo.title') }).scrollIntoViewIfNeeded();
  await expect(pay).toBeInViewport({ ratio: 1 });
  await expect(page.getByTestId('pay-total')).toBeInViewport();
  await expect(page.getByTestId('pay-total')).toHaveText(formatRs(withPromo));
  await shot(page, info, 'checkout-credit-sticky-360');
  await expectAccessible(page, info, 'checkout-credit-sticky-360');
  // on a desktop the bar is the same, at the foot of the column
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(pay).toBeInViewport({ ratio: 1 });
  await shot(page, info, 'checkout-credit-1280');
  await page.setViewportSize({ width: 360, height: 740 });

  // placed: one confirmation, the success page with the order's number, total, window and link
  await pay.click();
  await expect(page).toHaveURL(/\/success$/);
  // the spec's 6-second countdown stands still while the page is read (on a busy machine the reading outlasted it)
  await page.clock.pauseAt(Date.now() + 500);
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  const [order] = await myOrders(request, shopper);
  expect(order).toMatchObject({ promoCode: off, promoDiscount: 100, creditUsed: 0, totalAmt: paiseToRupees(withPromo), cashToCollect: paiseToRupees(withPromo) });
  await expect(page.getByRole('heading', { name: t('result.orderSuccess') })).toBeVisible();
  await expect(page.getByText(t('checkout.placedMessage')).first()).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /^Redirecting in [1-6] seconds\.\.\.$/ })).toBeVisible();
  await expect(page.getByTestId('success-order')).toHaveText(order!.orderId);
  await expect(page.getByTestId('success-total')).toHaveText(formatRs(withPromo));
  await expect(page.getByTestId('success-cash')).toHaveText(formatRs(withPromo));
  await expect(page.getByTestId('success-window')).toHaveText(t('delivery.standard'));
  await shot(page, info, 'checkout-credit-success');
  // the credit was kept: still all there
  expect((await call<{ balance: number }>(request, shopper.accessToken, 'GET', '/api/credit')).body.data.balance).toBe(150);
  // the shopper stays: the countdown stops for good, so the page holds when the clock runs again (and axe, which
  // waits on the page's timers, can scan it)
  await page.getByRole('button', { name: t('result.stay') }).click();
  await page.clock.resume();
  await expect(page.getByRole('status').filter({ hasText: t('result.stayed') })).toBeVisible();
  await expect(page.getByRole('button', { name: t('result.stay') })).toHaveCount(0);
  await expectAccessible(page, info, 'checkout-credit-success');
  await expect(page).toHaveURL(/\/success$/);
  await page.getByRole('link', { name: t('orderFlow.seeOrder', { id: order!.orderId }) }).click();
  const card = page.getByRole('article', { name: t('orders.order', { id: order!.orderId }) });
  await expect(card).toBeInViewport();
  await expect(card.getByTestId('order-promo')).toHaveText(`-${formatRs(10_000)}`);
  await expect(card.getByTestId('order-credit')).toHaveCount(0);
  await expect(card.getByTestId('order-cash')).toHaveText(formatRs(withPromo));

  // the next order uses the credit: the card says how much, and the cash left to pay
  await setCart(request, shopper, [{ productId: tea, quantity: 4 }]);
  await page.goto('/checkout/payment');
  await expect(page.getByTestId('credit-applied')).toHaveText(t('promo.creditApplied', { amount: formatRs(15_000), date }));
  await page.getByRole('radio', { name: /^Home/ }).check();
  await page.getByRole('radio', { name: /^50 Minutes to 1 Hour/ }).check();
  // this one placed at a desktop's width: the success page's facts and link there too
  await page.setViewportSize({ width: 1280, height: 800 });
  await pay.click();
  await expect(page).toHaveURL(/\/success$/);
  await page.clock.pauseAt(Date.now() + 500);
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await expect(page.getByTestId('success-credit')).toHaveText(`-${formatRs(15_000)}`);
  await expect(page.getByTestId('success-cash')).toHaveText(formatRs(totals.grandTotalPaise - 15_000));
  await expect(page.getByTestId('success-window')).toHaveText(t('delivery.standard'));
  const shownId = (await page.getByTestId('success-order').textContent()) ?? '';
  await expect(page.getByRole('link', { name: t('orderFlow.seeOrder', { id: shownId }) })).toBeInViewport();
  await shot(page, info, 'checkout-credit-success-1280');
  await page.clock.resume();
  await page.setViewportSize({ width: 360, height: 740 });
  const [second] = await myOrders(request, shopper);
  expect(shownId).toBe(second!.orderId);
  expect(second).toMatchObject({ creditUsed: 150, cashToCollect: paiseToRupees(totals.grandTotalPaise - 15_000), promoCode: null });
  await page.goto('/dashboard/myorders');
  const secondCard = page.getByRole('article', { name: t('orders.order', { id: second!.orderId }) });
  await expect(secondCard.getByTestId('order-credit')).toHaveText(`-${formatRs(15_000)}`);
  await expect(secondCard.getByTestId('order-cash')).toHaveText(formatRs(totals.grandTotalPaise - 15_000));
  await secondCard.scrollIntoViewIfNeeded();
  await shot(page, info, 'checkout-credit-my-orders');
});

test('a promo code that does not apply says why in English, Sinhala and Tamil: expired, minimum not met, used up, not yours, unknown', async ({ page, request }, info) => {
  const past = new Date(Date.now() - 3_600_000).toISOString();
  const expired = await promo(request, { value: 50, expiresAt: past });
  const minimum = await promo(request, { value: 50, minBasket: 5_000 });
  const once = await promo(request, { value: 50, maxUses: 1 });
  // someone else used the one use
  const other = await newShopper(request, 'Promo Spender');
  const lines = [{ productId: tea, quantity: 1 }];
  await setCart(request, other, lines);
  const used = await placeCashOrder(request, other, { addressId: await addAddress(request, other), lines, promoCode: once });
  expect(used.status, used.body.message).toBe(201);
  // another account's store credit code
  await issueCredit(request, other, 40);
  const theirs = (await call<{ lots: Array<{ code: string }> }>(request, other.accessToken, 'GET', '/api/credit')).body.data.lots[0]!.code;

  const shopper = await newShopper(request, 'Promo Reader');
  await addAddress(request, shopper, 'Home');
  await setCart(request, shopper, [{ productId: tea, quantity: 2 }]);
  const totals = computeTotals([{ pricePaise: 23_000, discount: 0, quantity: 2 }], STANDARD);
  const needed = rupeesToPaise(5_000) - (totals.subtotalPaise - totals.basketDiscountPaise);
  await useSession(page, shopper);
  await page.goto('/');
  for (const language of ['en', 'si', 'ta'] as const) {
    const t = wordsOf(language);
    // the language the shopper chose, kept where the shop keeps it
    await page.evaluate(([key, value]) => window.localStorage.setItem(key, value), [STORAGE_KEYS.language, JSON.stringify(language)] as const);
    await page.goto('/checkout/payment');
    await expect(page.getByRole('heading', { name: t('checkout.title'), level: 1 })).toBeVisible();
    const box = page.getByLabel(t('promo.label'));
    const why = page.getByTestId('promo-refusal');
    // the date as this browser's calendar writes it in the language (Chromium may write a Sinhala date in digits)
    const [before, after] = t('promo.expiredOn', { date: '\u0000' }).split('\u0000') as [string, string];
    const expiredText = new RegExp(`^${escape(before)}.*(${new Date(past).getUTCFullYear()}|${escape(formatDate(past, DEFAULT_TIME_ZONE, language))}).*${escape(after)}$`);
    const cases: Array<[string, string | RegExp]> = [
      [expired, expiredText],
      [minimum, `${t('errors.PROMO_MINIMUM')} ${t('promo.addMore', { amount: formatRs(needed) })}`],
      [once, t('errors.PROMO_USED_UP')],
      [theirs, t('errors.PROMO_NOT_YOURS')],
      [`NOPE${Date.now() % 100_000}`, t('errors.PROMO_UNKNOWN')],
    ];
    for (const [code, reason] of cases) {
      await box.fill(code);
      await page.getByRole('button', { name: t('promo.apply'), exact: true }).click();
      await expect(why).toHaveText(reason);
      await expect(box).toHaveAttribute('aria-invalid', 'true');
      // nothing comes off the bill
      await expect(page.getByTestId('bill-promo')).toHaveCount(0);
      await expect(page.getByTestId('bill-total')).toHaveText(formatRs(totals.grandTotalPaise));
    }
    await box.scrollIntoViewIfNeeded();
    await shot(page, info, `checkout-promo-refused-${language}`);
    if (language !== 'en') await expectAccessible(page, info, `checkout-promo-refused-${language}`);
    const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, screen: window.innerWidth }));
    expect(widths.page).toBeLessThanOrEqual(widths.screen);
  }
});

test('pages open at their top: the cart after Order again, the payment step after saving an address; back keeps the place', async ({ page, request }, info) => {
  const shopper = await newShopper(request, 'Top Opener');
  const addressId = await addAddress(request, shopper, 'Home');
  // four delivered orders make My Orders long enough to scroll
  for (let i = 0; i < 4; i += 1) {
    const order = await placeCodOrder(request, shopper, addressId, [{ productId: tea, quantity: 1 + i }]);
    for (const status of ['Processing', 'Shipped', 'Delivered']) {
      expect((await call(request, admin.accessToken, 'PUT', '/api/orders/update-status', { orderId: order._id, order_status: status })).status).toBe(200);
    }
  }
  await useSession(page, shopper);
  // at a phone's 360 px and a desktop's 1280 px (a short window there, so the pages have somewhere to scroll)
  for (const size of [{ width: 360, height: 740 }, { width: 1280, height: 560 }]) {
    await page.setViewportSize(size);
    await setCart(request, shopper, []);
    await page.goto('/dashboard/myorders');
    const cards = page.getByRole('article');
    await expect(cards).toHaveCount(4);
    // the oldest order's card, far down the list
    const last = cards.last();
    await last.getByRole('button', { name: 'Order again' }).scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(size.width === 360 ? 300 : 100);
    await last.getByRole('button', { name: 'Order again' }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeInViewport();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await shot(page, info, `page-top-after-order-again-${size.width}`);

    // back: My Orders where the browser puts it (not forced to the top by the shop)
    await page.goBack();
    await expect(page).toHaveURL(/\/dashboard\/myorders$/);

    // the payment step, scrolled down to '+ Add address'; the saved address brings it back at its top
    await setCart(request, shopper, [{ productId: tea, quantity: 2 }]);
    await page.goto('/checkout/payment');
    const add = page.getByRole('link', { name: '+ Add address' });
    await page.getByRole('button', { name: 'Cash on Delivery' }).scrollIntoViewIfNeeded();
    await add.scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollBy(0, 200));
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
    await add.click();
    await expect(page).toHaveURL(/\/checkout\/address\?from=/);
    await expect(page.getByRole('heading', { level: 1, name: 'Add Address' })).toBeInViewport();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await page.getByRole('button', { name: 'Detect my location' }).click();
    await expect(page.getByText(/Location confirmed: inside our delivery area/)).toBeVisible();
    await page.getByLabel('Address name').fill(`Studio ${size.width}`);
    await page.getByLabel('Address', { exact: true }).fill('7 Marine Drive, Colombo 6');
    await page.getByLabel('Landmark').fill('Next to the pharmacy');
    await page.getByLabel('Mobile number').fill('0771234567');
    await page.getByLabel('Place type').selectOption('Work');
    await page.getByRole('button', { name: 'Save Address' }).scrollIntoViewIfNeeded();
    await page.getByRole('button', { name: 'Save Address' }).click();
    await expect(page).toHaveURL(/\/checkout\/payment$/);
    await expect(page.getByRole('radio', { name: new RegExp(`Studio ${size.width}`) })).toBeChecked();
    await expect(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeInViewport();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await shot(page, info, `page-top-checkout-after-address-${size.width}`);
  }
});
