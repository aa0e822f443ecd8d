// Issue 34's whole walk at 360 px, in English, Sinhala and Tamil, against the real server: a shopper buys 750 g of
// carrots with the weight stepper and places the order at its estimate; the clerk takes it and scans the bag's scale
// label for 742 g on the packing screen; the shopper's open order card changes live to 742 g at Rs.356.00 with the
// server's new total, and the order's REVISED bill (the print page, what the counter prints) shows 0.750 kg → 0.742
// kg at Rs.356.00 and that total. Every figure expected is the shared rules' (weighedAmountPaise, checkoutTotals).
import { expect, test, type APIRequestContext } from '@playwright/test';
import { buildScaleLabel, checkoutTotals, formatRs, formatWeight, rupeesToPaise, weighedAmountPaise, type OrderWire, type ShopConfigWire } from '@kade/shared';
import { STORAGE_KEYS } from '../src/lib/ui-constants';
import { openPackingFromList, shot, socketConnected } from './helpers';
import { addAddress, adminSession, call, newShopper, staffSession, useSession, type Session } from './shopper-api';
import { LANGUAGES, PHONE_360, speak, takeOrder, wordsOf } from './substitution-words';

test.use({ baseURL: process.env.KADE_URL, ...PHONE_360 });

const PER_KG = 480;
const STEP = 250;

/** A 5-digit scale code of this file's own (8xxxx): other files draw theirs elsewhere, and a taken one is drawn again. */
let drawn = 0;
const scaleCode = () => `8${String((Date.now() + (drawn += 4211)) % 10_000).padStart(4, '0')}`;

/** Carrots sold by weight, made as an admin makes them: Rs.480 a kg, 250 g steps to 5 kg, with a scale code. */
async function carrots(request: APIRequestContext, admin: Session, name: string) {
  const home = await call<{ strips: Array<{ category: { _id: string; name: string }; products: Array<{ image: string[]; single_quantity: boolean; subCategory: Array<{ _id: string }> }> }> }>(
    request,
    null,
    'GET',
    '/api/product/home',
  );
  // a shelf outside the fresh hours' Vegetable and Meat, so the walk does not depend on the time of day
  const strip = home.body.data.strips.find((s) => !['Vegetable', 'Meat'].includes(s.category.name) && s.products.some((p) => !p.single_quantity && p.subCategory.length > 0));
  const model = strip?.products.find((p) => !p.single_quantity && p.subCategory.length > 0);
  if (!strip || !model) throw new Error('no model product in the demo catalogue');
  for (let attempt = 0; attempt < 5; attempt++) {
    const code = scaleCode();
    const created = await call<{ _id: string }>(request, admin.accessToken, 'POST', '/api/product/create', {
      name,
      image: model.image.slice(0, 1),
      price: PER_KG,
      unit: 'loose',
      stock: 50_000,
      discount: 0,
      description: 'Carrots sold loose by weight, made by the browser tests.',
      category: [strip.category._id],
      subCategory: model.subCategory.map((c) => c._id).slice(0, 1),
      sellBy: 'WEIGHT',
      stepGrams: STEP,
      minGrams: STEP,
      maxGrams: 5000,
      scaleCode: code,
    });
    if (created.body.code === 'SCALE_CODE_TAKEN') continue;
    expect(created.status, created.body.message).toBe(201);
    return { id: created.body.data._id, scaleCode: code };
  }
  throw new Error('no free scale code in five draws');
}

for (const language of LANGUAGES) {
  test(`in ${language}: 750 g of carrots bought, the label scanned at 742 g, and the card and the REVISED bill say Rs.356.00`, async ({ page, browser, request }, info) => {
    const say = wordsOf(language);
    const config = await call<ShopConfigWire>(request, null, 'GET', '/api/shop/config');
    const percent = config.body.data.weightTolerancePercent;
    const admin = await adminSession(request);
    const name = `Journey Carrots ${language}${Date.now() % 100_000}`;
    const product = await carrots(request, admin, name);
    const shopper = await newShopper(request, 'Journey Shopper');
    await addAddress(request, shopper);

    // the shopper, on their phone in their language: Add, then + twice, to 750 g
    await speak(page, language);
    await useSession(page, shopper);
    await page.goto(`/search?q=${encodeURIComponent(name)}`);
    const card = page.locator('.product-card').filter({ hasText: name });
    await card.getByRole('button', { name: say('product.addNamed', { name }) }).click();
    const more = card.getByRole('button', { name: say('weighed.increase', { name }) });
    const stepper = card.getByRole('group', { name: say('weighed.weighOf', { name }) });
    await expect(stepper).toContainText(formatWeight(STEP));
    // the account's cart holds the line before the next tap (a tap while the session was still being restored went to
    // the phone's own cart, which the sign-in merges a moment later)
    const serverQuantity = async () =>
      (await call<Array<{ productId: { _id: string }; quantity: number }>>(request, shopper.accessToken, 'GET', '/api/cart/get')).body.data.find((l) => l.productId._id === product.id)?.quantity;
    await expect.poll(serverQuantity).toBe(1);
    await more.click();
    await expect(stepper).toContainText(formatWeight(2 * STEP));
    await more.click();
    await expect(stepper).toContainText(formatWeight(750));
    await expect(card.getByTestId('weighed-estimate')).toHaveText(say('weighed.estimate', { amount: formatRs(weighedAmountPaise(750, rupeesToPaise(PER_KG))) }));
    // the server's cart holds the three steps before the shopper moves on
    await expect
      .poll(async () => (await call<Array<{ productId: { _id: string }; quantity: number }>>(request, shopper.accessToken, 'GET', '/api/cart/get')).body.data.find((l) => l.productId._id === product.id)?.quantity)
      .toBe(3);

    // checkout: the estimate and the most it can come to, then cash on delivery
    const asked = [{ sellBy: 'WEIGHT' as const, pricePaise: rupeesToPaise(PER_KG), discount: 0, askedGrams: 750 }];
    const atCheckout = checkoutTotals(asked, '50 Minutes to 1 Hour', percent);
    await page.goto('/cart');
    await page.getByRole('button', { name: say('cart.proceed') }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByRole('group', { name: say('checkout.chooseAddress') }).getByRole('radio').first()).toBeChecked();
    await page.getByRole('button', { name: say('checkout.continue') }).click();
    await expect(page).toHaveURL(/\/checkout\/payment$/);
    await page.getByRole('radio', { name: new RegExp(`^${say('delivery.standard').replace(/[.()]/g, '\\$&')}`) }).check();
    await expect(page.getByTestId('bill-total')).toHaveText(
      say('weighed.totalRange', { estimate: formatRs(atCheckout.estimate.grandTotalPaise), atMost: formatRs(atCheckout.atMost?.grandTotalPaise ?? -1) }),
    );
    await page.getByRole('button', { name: say('checkout.cashOnDelivery') }).click();
    await expect(page).toHaveURL(/\/success$/);
    const mine = await call<OrderWire[]>(request, shopper.accessToken, 'GET', '/api/order/order-list?limit=1');
    const order = mine.body.data[0]!;
    expect(order.products[0]).toMatchObject({ productId: product.id, grams: 750, weighedGrams: null });

    // the shopper keeps the order open: 750 g asked, and the 'at most' figure
    const live = socketConnected(page);
    await page.goto('/dashboard/myorders');
    await live;
    const orderCard = page.getByRole('article', { name: say('orders.order', { id: order.orderId }) });
    await expect(orderCard.getByTestId('order-line-weight')).toHaveText(say('weighed.asked', { weight: formatWeight(750) }));
    await expect(orderCard.getByTestId('order-at-most')).toHaveText(say('weighed.atMost', { amount: formatRs(atCheckout.atMost?.grandTotalPaise ?? -1) }));

    // the clerk, on a phone of their own in the same language, takes the order and scans the bag's label: 742 g
    const clerk = await staffSession(request, 'Journey Clerk');
    await takeOrder(request, clerk, order._id);
    const counter = await browser.newContext({ baseURL: process.env.KADE_URL, ...PHONE_360 });
    try {
      const packing = await counter.newPage();
      await packing.addInitScript(([key, value]) => window.localStorage.setItem(key, JSON.stringify(value)), [STORAGE_KEYS.language, language] as const);
      await useSession(packing, clerk);
      await packing.goto('/dashboard/processing');
      await openPackingFromList(packing, order.orderId);
      const row = packing.getByTestId('pack-line').filter({ has: packing.getByRole('heading', { name }) });
      await expect(row.getByTestId('pack-line-state')).toHaveText(say('packWeight.stateToWeigh'));
      await packing.getByRole('heading', { level: 1 }).click();
      await packing.keyboard.type(buildScaleLabel(product.scaleCode, 742));
      await packing.keyboard.press('Enter');
      await expect(packing.getByTestId('scan-notice')).toHaveText(say('packWeight.labelSaved', { name, weight: formatWeight(742) }));
      await expect(row.getByTestId('pack-line-state')).toHaveText(say('packWeight.stateWeighed', { weight: formatWeight(742), amount: 'Rs.356' }));
      await shot(packing, info, `weighed-journey-packed-${language}`);

      // the server charged 742 g at Rs.480 a kg: Rs.356.16, Rs.356.00 on every screen
      const after = await call<OrderWire>(request, shopper.accessToken, 'GET', `/api/order/details?orderId=${order._id}`);
      const packed = after.body.data;
      expect(packed.products[0]).toMatchObject({ weighedGrams: 742, chargedGrams: 742, lineTotal: 356 });
      expect(packed.maxTotalAmt).toBeNull();

      // the shopper's open card changed by itself
      await expect(orderCard.getByTestId('order-line-weight')).toHaveText(say('weighed.askedWeighed', { asked: formatWeight(750), weighed: formatWeight(742) }));
      await expect(orderCard.getByRole('listitem').filter({ hasText: name })).toContainText('Rs.356.00');
      await expect(orderCard.getByTestId('order-total')).toHaveText(formatRs(rupeesToPaise(packed.totalAmt)));
      await expect(orderCard.getByTestId('order-at-most')).toHaveCount(0);
      await shot(page, info, `weighed-journey-card-${language}`);

      // the REVISED bill as the counter prints it
      await packing.goto(`/dashboard/print/${order.orderId}`);
      const bill = packing.getByRole('article', { name: `Order #${order.orderId}` });
      await expect(bill.getByText('REVISED BILL (revision 1)')).toBeVisible();
      const line = bill.getByRole('row').filter({ hasText: name });
      await expect(line.getByRole('cell').nth(1)).toHaveText('0.750 kg → 0.742 kg');
      await expect(line.getByRole('cell').nth(2)).toHaveText('Rs.356.00');
      await expect(bill).toContainText(`New total${formatRs(rupeesToPaise(packed.totalAmt))}`);
      // on the phone too the bill keeps to its paper: the amount is not pushed out of it
      const paper = await bill.boundingBox();
      const amount = await line.getByRole('cell').nth(2).boundingBox();
      expect(paper && amount && amount.x + amount.width <= paper.x + paper.width).toBe(true);
      await shot(packing, info, `weighed-journey-bill-${language}`);
    } finally {
      await counter.close();
    }
  });
}
