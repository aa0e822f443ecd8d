// The packing screen's weighed lines (issue 34) at a phone's 360 px, in English, Sinhala and Tamil: a clerk opens a
// taken order with carrots sold by weight, types the grams the scale shows and saves them, then scans the bag's
// scale label (its 13 digits typed on the page as a USB scanner types them, then Enter); the line shows the weight
// and the amount the server charged. A label with a bad check digit is refused with the message, and so is a label
// for another product (the server's refusal); a weight over the tolerance waits for the shopper. The products (made
// through the admin product API with sellBy WEIGHT), the order and the clerk are made over the API for each language.
// Then the rider's card at 360 px: the weighed line sent, its weight and amount, beside the revised cash to collect;
// and the order's print page (the bill as the counter prints it) for a weight over the tolerance.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { buildScaleLabel, formatRs, formatWeight, rupeesToPaise, weighedAmountPaise, type OrderWire } from '@kade/shared';
import { STORAGE_KEYS } from '../src/lib/ui-constants';
import type englishCatalogue from '../src/locales/en/shop.json';
import { expectAccessible, loginAsAdmin, openPackingFromList, shot } from './helpers';
import { addAddress, adminSession, call, login, newShopper, PASSWORD, placeCodOrder, staffSession, useSession, type Session } from './shopper-api';

test.use({ baseURL: process.env.KADE_URL, viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });

type Catalogue = typeof englishCatalogue;
const LANGUAGES = ['en', 'si', 'ta'] as const;
const catalogue = (language: (typeof LANGUAGES)[number]): Catalogue =>
  JSON.parse(readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'src', 'locales', language, 'shop.json'), 'utf8')) as Catalogue;
const fill = (text: string, values: Record<string, string | number>) => text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key]));
/** Text as a regular expression that matches it literally. */
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A weighed line's amount as the clerk reads it: whole rupees, 'Rs.356'. */
const wholeRupees = (rupees: number) => formatRs(rupeesToPaise(rupees)).replace(/\.00$/, '');

const NAMES = {
  carrots: { en: 'Weigh Test Carrots', si: 'කිරුම් පරීක්ෂණ කැරට්', ta: 'நிறுவை சோதனை கரட்' },
  beans: { en: 'Weigh Test Beans', si: 'කිරුම් පරීක්ෂණ බෝංචි', ta: 'நிறுவை சோதனை பீன்ஸ்' },
} as const;

/** A fresh 5-digit scale code for each product of each run (9xxxx: the demo catalogue's codes are not there). */
let made = 0;
const freshScaleCode = () => `9${String((Date.now() + (made += 7919)) % 10000).padStart(4, '0')}`;

/**
 * A product sold by weight made as an admin makes one (POST /api/product/create, sellBy WEIGHT): Rs.`price` per kg,
 * 250 g steps from 250 g to 5 kg, 100 kg in stock (grams), its own scale code, on a demo product's shelf; named in
 * the three languages. A scale code another product took already is tried again with another.
 */
async function weighedProduct(request: APIRequestContext, admin: Session, key: keyof typeof NAMES, tag: string, price: number) {
  const home = await call<{ strips: Array<{ category: { _id: string; name: string }; products: Array<{ image: string[]; subCategory: Array<{ _id: string }> }> }> }>(request, null, 'GET', '/api/product/home');
  const strip = home.body.data.strips.find((s) => s.products.some((p) => p.subCategory.length > 0));
  const model = strip?.products.find((p) => p.subCategory.length > 0);
  if (!strip || !model) throw new Error('no model product in the demo catalogue');
  for (let attempt = 0; attempt < 5; attempt++) {
    const scaleCode = freshScaleCode();
    const created = await call<{ _id: string; scaleCode: string | null; sellBy: string }>(request, admin.accessToken, 'POST', '/api/product/create', {
      name: `${NAMES[key].en} ${tag}`,
      image: model.image.slice(0, 1),
      price,
      unit: 'loose',
      stock: 100_000,
      discount: 0,
      description: 'A product sold by weight, made by the browser tests.',
      category: [strip.category._id],
      subCategory: model.subCategory.map((c) => c._id).slice(0, 1),
      sellBy: 'WEIGHT',
      stepGrams: 250,
      minGrams: 250,
      maxGrams: 5000,
      scaleCode,
    });
    if (created.body.code === 'SCALE_CODE_TAKEN') continue;
    expect(created.status, created.body.message).toBeLessThan(300);
    const id = created.body.data._id;
    const named = await call(request, admin.accessToken, 'PUT', '/api/product/update-product-details', { _id: id, nameSi: `${NAMES[key].si} ${tag}`, nameTa: `${NAMES[key].ta} ${tag}` });
    expect(named.status, named.body.message).toBe(200);
    return { id, scaleCode, names: { en: `${NAMES[key].en} ${tag}`, si: `${NAMES[key].si} ${tag}`, ta: `${NAMES[key].ta} ${tag}` } };
  }
  throw new Error('no free scale code in five tries');
}

for (const language of LANGUAGES) {
  test(`a clerk weighs a line by typed grams and by its scanned scale label; bad labels are refused (${language})`, async ({ page, request }, info) => {
    const words = catalogue(language);
    const weigh = words.packWeight;
    const admin = await adminSession(request);
    const tag = `${language}-${Date.now() % 100000}`;
    const carrots = await weighedProduct(request, admin, 'carrots', tag, 480);
    const beans = await weighedProduct(request, admin, 'beans', tag, 300); // not in the order: its label is another product's

    // 750 g of carrots: three steps of 250 g
    const shopper = await newShopper(request, 'Weighing Shopper');
    const addressId = await addAddress(request, shopper);
    const placed = await placeCodOrder(request, shopper, addressId, [{ productId: carrots.id, quantity: 3 }]);
    const clerk = await staffSession(request, 'Weighing Clerk');
    const taken = await call<OrderWire>(request, clerk.accessToken, 'PUT', '/api/orders/update-status', { orderId: placed._id, order_status: 'Processing' });
    expect(taken.status, taken.body.message).toBe(200);
    const line = () => call<OrderWire>(request, clerk.accessToken, 'GET', `/api/order/details?orderId=${placed._id}`).then((answer) => answer.body.data.products[0]!);
    expect(await line()).toMatchObject({ sellBy: 'WEIGHT', grams: 750, weighedGrams: null });

    await useSession(page, clerk);
    await page.addInitScript(([key, value]) => window.localStorage.setItem(key, JSON.stringify(value)), [STORAGE_KEYS.language, language] as const);
    await page.goto('/dashboard/processing');
    await openPackingFromList(page, placed.orderId);
    await expect(page.getByRole('heading', { level: 1, name: fill(words.packing.titleFor, { ref: placed.orderId }) })).toBeVisible();
    const name = carrots.names[language];
    const row = page.getByTestId('pack-line').filter({ has: page.getByRole('heading', { name }) });
    await expect(row.getByTestId('pack-line-asked')).toHaveText(fill(weigh.asked, { weight: formatWeight(750) }));
    await expect(row.getByTestId('pack-line-state')).toHaveText(weigh.stateToWeigh);
    // a weighed line is weighed, not counted: no Found or Short
    await expect(row.getByRole('button', { name: `${words.packing.short}: ${name}` })).toHaveCount(0);

    // the scale shows 742 g: typed and saved, the line shows the weight and the server's amount (Rs.356.16 -> Rs.356)
    await row.getByLabel(weigh.gramsLabel).fill('742');
    await row.getByRole('button', { name: `${weigh.save}: ${name}` }).click();
    await expect(row.getByTestId('pack-line-state')).toHaveText(fill(weigh.stateWeighed, { weight: formatWeight(742), amount: 'Rs.356' }));
    expect(await line()).toMatchObject({ weighedGrams: 742, chargedGrams: 742, lineTotal: 356 });
    await shot(page, info, `packing-weighed-typed-${language}`);

    // the bag's scale label, scanned: 760 g, the line weighed again from the label
    const label = buildScaleLabel(carrots.scaleCode, 760);
    await page.getByRole('heading', { level: 1 }).click();
    await page.keyboard.type(label);
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('scan-notice')).toHaveText(fill(weigh.labelSaved, { name, weight: formatWeight(760) }));
    const amount = weighedAmountPaise(760, 48_000) / 100; // Rs.364.80 -> Rs.365
    await expect(row.getByTestId('pack-line-state')).toHaveText(fill(weigh.stateWeighed, { weight: formatWeight(760), amount: wholeRupees(amount) }));
    expect(await line()).toMatchObject({ weighedGrams: 760, chargedGrams: 760, lineTotal: amount });

    // the same label with a bad check digit: refused with the message, nothing sent
    const badCheck = `${label.slice(0, 12)}${(Number(label[12]) + 1) % 10}`;
    await page.keyboard.type(badCheck);
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('scan-notice')).toHaveText(words.errors.SCALE_LABEL_INVALID);
    await expect(page.getByRole('alert').filter({ hasText: words.errors.SCALE_LABEL_INVALID })).toBeVisible();
    // a right label of another product (the beans): the server refuses it for this line (400 SCALE_LABEL_OTHER_PRODUCT),
    // and the page says so: in English the server's own words (naming the line), else the catalogue's sentence
    const otherLabel = buildScaleLabel(beans.scaleCode, 500);
    const refusal = await call(request, clerk.accessToken, 'PUT', '/api/orders/pack', { orderId: placed._id, lines: [{ productId: carrots.id, scaleLabel: otherLabel }] });
    expect([refusal.status, refusal.body.code]).toEqual([400, 'SCALE_LABEL_OTHER_PRODUCT']);
    await page.keyboard.type(otherLabel);
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('scan-notice')).toHaveText(language === 'en' ? refusal.body.message : words.errors.SCALE_LABEL_OTHER_PRODUCT);
    await expect(page.getByTestId('scan-notice')).toHaveAttribute('role', 'alert');
    await expect(row.getByTestId('pack-line-state')).toHaveText(fill(weigh.stateWeighed, { weight: formatWeight(760), amount: wholeRupees(amount) }));
    expect(await line()).toMatchObject({ weighedGrams: 760 });
    await shot(page, info, `packing-weighed-refused-${language}`);
    await expectAccessible(page, info, `packing-weighed-${language}`);

    // 900 g is over the 10% tolerance (825 g): charged at the cap while the shopper is asked
    await row.getByLabel(weigh.gramsLabel).fill('900');
    await row.getByRole('button', { name: `${weigh.save}: ${name}` }).click();
    await expect(row.getByTestId('pack-line-heavier')).toHaveText(fill(weigh.waitingShopper, { weight: formatWeight(900) }));
    const heavy = await line();
    expect(heavy).toMatchObject({ weighedGrams: 900, chargedGrams: 825, lineTotal: 396 });
    await expect(row.getByTestId('pack-line-state')).toHaveText(fill(weigh.stateWeighed, { weight: formatWeight(900), amount: 'Rs.396' }));
  });
}

for (const language of ['en', 'ta'] as const) {
  test(`the rider's card shows a weighed line by its weight and amount, and the revised cash (${language})`, async ({ page, request }, info) => {
    const words = catalogue(language);
    const admin = await adminSession(request);
    const tag = `rider-${language}-${Date.now() % 100000}`;
    const carrots = await weighedProduct(request, admin, 'carrots', tag, 480);
    const shopper = await newShopper(request, 'Weighed Rider Shopper');
    const placed = await placeCodOrder(request, shopper, await addAddress(request, shopper), [{ productId: carrots.id, quantity: 3 }]);
    const clerk = await staffSession(request, 'Weighing Clerk');
    expect((await call(request, clerk.accessToken, 'PUT', '/api/orders/update-status', { orderId: placed._id, order_status: 'Processing' })).status).toBe(200);
    const packed = await call<OrderWire>(request, clerk.accessToken, 'PUT', '/api/orders/pack', { orderId: placed._id, lines: [{ productId: carrots.id, weighedGrams: 742 }] });
    expect(packed.status, packed.body.message).toBe(200);
    expect(packed.body.data.products[0]).toMatchObject({ weighedGrams: 742, lineTotal: 356 });

    // a rider account the admin made, given the order
    const person = await newShopper(request, 'Weighed Rider');
    const found = await call<{ users: Array<{ _id: string; mobile: string }> }>(request, admin.accessToken, 'GET', `/api/users/list?search=${person.mobile}`);
    const riderId = found.body.data.users.find((u) => u.mobile === person.mobile)?._id;
    expect((await call(request, admin.accessToken, 'PUT', '/api/users/update-role', { _id: riderId, role: 'RIDER' })).status).toBe(200);
    const rider = await login(request, person.mobile, PASSWORD);
    const given = await call<OrderWire>(request, clerk.accessToken, 'PUT', '/api/orders/assign', { orderId: placed._id, riderId });
    expect(given.status, given.body.message).toBe(200);

    await useSession(page, rider);
    await page.addInitScript(([key, value]) => window.localStorage.setItem(key, JSON.stringify(value)), [STORAGE_KEYS.language, language] as const);
    await page.goto('/rider');
    const card = page.getByRole('article', { name: fill(words.rider.order, { ref: placed.orderId }) });
    const weighed = card.getByRole('region', { name: words.packWeight.riderTitle });
    await expect(weighed).toHaveText(new RegExp(escape(fill(words.packWeight.riderLine, { name: carrots.names[language], weight: formatWeight(742), amount: formatRs(35_600) }))));
    await expect(card.getByTestId('cash-to-collect')).toHaveText(formatRs(rupeesToPaise(packed.body.data.totalAmt)));
    // 742 g at Rs.356 against the Rs.360 asked: the total, rounded down to Rs.10, is as placed, so nothing is struck through
    expect(packed.body.data.totalAmt).toBe(packed.body.data.originalTotalAmt);
    await expect(card.getByTestId('cash-was')).toHaveCount(0);
    await card.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await shot(page, info, `rider-weighed-${language}`);
    await expectAccessible(page, info, `rider-weighed-${language}`);
  });
}

test('the print page of a weighed order packed over the tolerance: asked -> charged kilos, the weight on the scale, the amount charged', async ({ page, request }) => {
  const admin = await adminSession(request);
  const carrots = await weighedProduct(request, admin, 'carrots', `print-${Date.now() % 100000}`, 480);
  const shopper = await newShopper(request, 'Weighed Print Shopper');
  const placed = await placeCodOrder(request, shopper, await addAddress(request, shopper), [{ productId: carrots.id, quantity: 3 }]);
  expect((await call(request, admin.accessToken, 'PUT', '/api/orders/update-status', { orderId: placed._id, order_status: 'Processing' })).status).toBe(200);
  // 900 g on the scale for 750 g asked: charged at the 825 g cap while the shopper has not accepted more
  const packed = await call<OrderWire>(request, admin.accessToken, 'PUT', '/api/orders/pack', { orderId: placed._id, lines: [{ productId: carrots.id, weighedGrams: 900 }] });
  expect(packed.status, packed.body.message).toBe(200);
  expect(packed.body.data.products[0]).toMatchObject({ weighedGrams: 900, chargedGrams: 825, lineTotal: 396 });

  await loginAsAdmin(page, request);
  await page.goto(`/dashboard/print/${placed.orderId}`);
  const bill = page.getByRole('article', { name: `Order #${placed.orderId}` });
  await expect(bill.getByText('REVISED BILL (revision 1)')).toBeVisible();
  const line = bill.getByRole('row').filter({ hasText: carrots.names.en });
  await expect(line.getByRole('cell')).toHaveText([new RegExp(`^${escape(carrots.names.en)}Rs\\.480\\.00/kgweighed 0\\.900 kg, charged 0\\.825 kg$`), '0.750 kg → 0.825 kg', 'Rs.396.00']);
  await expect(bill).toContainText(`New total${formatRs(rupeesToPaise(packed.body.data.totalAmt))}`);
});
