// The packing screen (issue 33) at a phone's 360 px, in English, Sinhala and Tamil: a clerk opens Pack on a taken
// order's card, ticks a line by a simulated USB scanner (the code typed on the page, then Enter), a code of another
// product is refused with its name, a line is marked short with how many were found, and the order shows its
// revised total. Products, the order and the clerk are made over the API for each language.
// Then the substitute picker on a short line: the server's suggestions (its shelf's products in stock) shown with
// price and stock; a demo product not dearer proposed under SIMILAR is kept at once and the total revised; a dearer
// one under ASK waits for the shopper, whose answer over HTTP shows on the open page without a reload; and the
// picker's refusals (too few left, a line another packer already gave one) said in the clerk's language; a line whose
// shopper wants no substitute offers no picker.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { discountedPricePaise, formatRs, localName, paiseToRupees, rupeesToPaise, type OrderWire, type SubstitutionPreference, type SubstituteWire } from '@kade/shared';
import { STORAGE_KEYS } from '../src/lib/ui-constants';
import type englishCatalogue from '../src/locales/en/shop.json';
import { expectAccessible, loginAsAdmin, openPackingFromList, shot, socketConnected } from './helpers';
import { addAddress, adminSession, call, createProduct, newShopper, placeCashOrder, placeCodOrder, setCart, staffSession, useSession, type Session } from './shopper-api';

test.use({ baseURL: process.env.KADE_URL, viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });

type Catalogue = typeof englishCatalogue;
const LANGUAGES = ['en', 'si', 'ta'] as const;
const catalogue = (language: (typeof LANGUAGES)[number]): Catalogue =>
  JSON.parse(readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'src', 'locales', language, 'shop.json'), 'utf8')) as Catalogue;
/** A catalogue's text with its {{values}} put in. */
const fill = (text: string, values: Record<string, string | number>) => text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key]));

/** The 13-digit code of twelve digits and their check digit (weights 1, 3 from the left), worked out here on its own. */
function ean(first12: string): string {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(first12[i]) * (i % 2 === 0 ? 1 : 3);
  return `${first12}${(10 - (sum % 10)) % 10}`;
}
/** A fresh code for each product of each run (the time keeps runs on one database apart). */
let made = 0;
const freshCode = () => ean(`2${String(Date.now() % 1e9).padStart(9, '0')}${String((made += 1) % 100).padStart(2, '0')}`);

const NAMES = {
  milk: { en: 'Pack Test Milk', si: 'ඇසුරුම් පරීක්ෂණ කිරි', ta: 'பொதி சோதனை பால்' },
  bread: { en: 'Pack Test Bread', si: 'ඇසුරුම් පරීක්ෂණ පාන්', ta: 'பொதி சோதனை ரொட்டி' },
  tea: { en: 'Pack Test Tea', si: 'ඇසුරුම් පරීක්ෂණ තේ', ta: 'பொதி சோதனை தேநீர்' },
} as const;

for (const language of LANGUAGES) {
  test(`a clerk packs a taken order by scanner and marks a line short (${language})`, async ({ page, request }, info) => {
    const words = catalogue(language).packing;
    const admin = await adminSession(request);
    const tag = `${language}-${Date.now() % 100000}`;
    const product = async (key: keyof typeof NAMES, price: number) => {
      const id = await createProduct(request, admin, { name: `${NAMES[key].en} ${tag}`, price });
      const code = freshCode();
      const named = await call<{ barcode: string | null }>(request, admin.accessToken, 'PUT', '/api/product/update-product-details', {
        _id: id,
        nameSi: `${NAMES[key].si} ${tag}`,
        nameTa: `${NAMES[key].ta} ${tag}`,
        barcode: code,
      });
      expect(named.status, named.body.message).toBe(200);
      expect(named.body.data.barcode).toBe(code);
      return { id, code, name: `${NAMES[key][language]} ${tag}` };
    };
    const milk = await product('milk', 320);
    const bread = await product('bread', 180);
    const tea = await product('tea', 650); // not in the order

    const shopper = await newShopper(request, 'Packing Shopper');
    const addressId = await addAddress(request, shopper);
    const placed = await placeCodOrder(request, shopper, addressId, [
      { productId: milk.id, quantity: 1 },
      { productId: bread.id, quantity: 2 },
    ]);
    const clerk = await staffSession(request, 'Packing Clerk');
    const taken = await call<OrderWire>(request, clerk.accessToken, 'PUT', '/api/orders/update-status', { orderId: placed._id, order_status: 'Processing' });
    expect(taken.status, taken.body.message).toBe(200);

    await useSession(page, clerk);
    await page.addInitScript(([key, value]) => window.localStorage.setItem(key, JSON.stringify(value)), [STORAGE_KEYS.language, language] as const);
    const live = socketConnected(page);
    await page.goto('/dashboard/processing');
    await openPackingFromList(page, placed.orderId);
    await expect(page.getByRole('heading', { level: 1, name: fill(words.titleFor, { ref: placed.orderId }) })).toBeVisible();
    const lineOf = (name: string) => page.getByTestId('pack-line').filter({ has: page.getByRole('heading', { name }) });
    await expect(lineOf(milk.name).getByTestId('pack-line-state')).toHaveText(words.stateToFind);

    // the scanner types the milk's code on the page, then Enter: the line (quantity 1) is found
    await page.getByRole('heading', { level: 1 }).click();
    await page.keyboard.type(milk.code);
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('scan-notice')).toHaveText(fill(words.scanFoundAll, { name: milk.name }));
    await expect(lineOf(milk.name).getByTestId('pack-line-state')).toHaveText(words.stateFound);

    // the tea's code is another product's: refused, naming it
    await page.keyboard.type(tea.code);
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('scan-notice')).toHaveText(fill(words.scanNotInOrder, { name: tea.name }));
    await expect(page.getByRole('alert').filter({ hasText: tea.name })).toBeVisible();

    // a code typed by hand in the code box with a wrong check digit is said so; a right code no product has, too
    const wrongCheck = `${milk.code.slice(0, 12)}${(Number(milk.code[12]) + 1) % 10}`;
    await page.getByLabel(words.codeLabel).fill(wrongCheck);
    await page.getByLabel(words.codeLabel).press('Enter');
    await expect(page.getByTestId('scan-notice')).toHaveText(fill(words.scanCheckDigit, { code: wrongCheck }));
    await expect(page.getByLabel(words.codeLabel)).toHaveValue('');
    const nobody = freshCode();
    await page.getByRole('heading', { level: 1 }).click();
    await page.keyboard.type(nobody);
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('scan-notice')).toHaveText(fill(words.scanUnknown, { code: nobody }));

    // one of the two breads was found: marked short
    await lineOf(bread.name).getByRole('button', { name: `${words.short}: ${bread.name}` }).click();
    await lineOf(bread.name).getByLabel(fill(words.howManyFound, { quantity: 2 })).fill('1');
    await lineOf(bread.name).getByRole('button', { name: words.saveShort }).click();
    await expect(lineOf(bread.name).getByTestId('pack-line-state')).toHaveText(fill(words.stateShort, { found: 1, quantity: 2 }));

    // the server's revised order, and the page showing its total beside the one it was placed with
    const revised = await call<OrderWire>(request, clerk.accessToken, 'GET', `/api/order/details?orderId=${placed._id}`);
    expect(revised.body.data.revision).toBeGreaterThan(0);
    expect(revised.body.data.totalAmt).toBeLessThan(revised.body.data.originalTotalAmt ?? 0);
    expect(revised.body.data.products.map((line) => [line.productId, line.found])).toEqual([
      [milk.id, 1],
      [bread.id, 1],
    ]);
    await expect(page.getByTestId('pack-total')).toHaveText(fill(words.revisedTotal, { from: money(revised.body.data.originalTotalAmt ?? 0), to: money(revised.body.data.totalAmt) }));
    await expect(lineOf(bread.name).getByRole('button', { name: `${words.chooseSubstitute}: ${bread.name}` })).toBeVisible();
    await shot(page, info, `packing-${language}`);
    await expectAccessible(page, info, `packing-${language}`);

    // another packer finds the second bread: the open page hears the revision and shows the line found
    await live;
    const other = await call<OrderWire>(request, admin.accessToken, 'PUT', '/api/orders/pack', { orderId: placed._id, lines: [{ productId: bread.id, found: 2 }] });
    expect(other.status, other.body.message).toBe(200);
    await expect(lineOf(bread.name).getByTestId('pack-line-state')).toHaveText(words.stateFound);
  });
}

for (const language of LANGUAGES) {
  test(`the admin gives a product a barcode: a wrong check digit is said as it is typed, a UPC-A is kept as 13 digits (${language})`, async ({ page, request }) => {
    const words = catalogue(language).barcode;
    const admin = await adminSession(request);
    const name = `Barcode Form Jam ${language} ${Date.now() % 100000}`;
    const id = await createProduct(request, admin, { name, price: 410 });
    const code = ean(`0${String(Date.now() % 1e9).padStart(9, '0')}${String((made += 1) % 100).padStart(2, '0')}`); // a UPC-A as 13 digits
    const upc = code.slice(1);
    const wrong = `${upc.slice(0, 11)}${(Number(upc[11]) + 1) % 10}`;

    await loginAsAdmin(page, request);
    await page.addInitScript(([key, value]) => window.localStorage.setItem(key, JSON.stringify(value)), [STORAGE_KEYS.language, language] as const);
    await page.goto('/dashboard/product');
    await page.getByPlaceholder('Search product here ...').fill(name);
    await page.getByRole('button', { name: `Edit ${name}` }).click();
    const edit = page.getByRole('dialog', { name: 'Upload Product', exact: true });
    const field = edit.getByLabel(words.label);
    await expect(field).toHaveValue('');
    await field.fill(wrong);
    await expect(edit.getByRole('alert')).toHaveText(words.checkDigit);
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await field.fill('12345');
    await expect(edit.getByRole('alert')).toHaveText(words.shape);
    await field.fill(upc);
    await expect(edit.getByRole('alert')).toHaveCount(0);
    await expect(edit.getByText(words.hint)).toBeVisible();
    await edit.getByRole('button', { name: 'Submit' }).click();
    await expect(edit).toHaveCount(0);
    const saved = await call<Array<{ _id: string; barcode: string | null }>>(request, admin.accessToken, 'POST', '/api/product/get', { search: name });
    expect(saved.body.data.find((p) => p._id === id)?.barcode).toBe(code);
  });
}

// ---- the substitute picker ----

const SUB_NAMES = {
  similar: { en: 'Swap Test Biscuit', si: 'ආදේශ පරීක්ෂණ බිස්කට්', ta: 'மாற்று சோதனை பிஸ்கட்' },
  ask: { en: 'Swap Test Jam', si: 'ආදේශ පරීක්ෂණ ජෑම්', ta: 'மாற்று சோதனை ஜாம்' },
  none: { en: 'Swap Test Honey', si: 'ආදේශ පරීක්ෂණ මී පැණි', ta: 'மாற்று சோதனை தேன்' },
  raced: { en: 'Swap Test Butter', si: 'ආදේශ පරීක්ෂණ බටර්', ta: 'மாற்று சோதனை வெண்ணெய்' },
  scarce: { en: 'Swap Test Cracker', si: 'ආදේශ පරීක්ෂණ ක්‍රැකර්', ta: 'மாற்று சோதனை கிராக்கர்' },
  elsewhere: { en: 'Swap Test Soap', si: 'ආදේශ පරීක්ෂණ සබන්', ta: 'மாற்று சோதனை சோப்பு' },
} as const;
type Language = (typeof LANGUAGES)[number];
const money = (rupees: number) => formatRs(rupeesToPaise(rupees));

interface HomeRow {
  _id: string;
  price: number;
  discount: number;
  stock: number;
  publish: boolean;
  single_quantity: boolean;
  /** EACH or WEIGHT (issue 34): a weighed product's price is per kg and its stock grams. */
  sellBy: string;
  subCategory: Array<{ _id: string; name: string }>;
}

/**
 * A demo product with stock to spare and its own shelf: the sub-category that names what it is (every demo product
 * is also on the catch-all 'All Products', and some on 'All Fruits' or a brand's). The test's short lines are put on
 * that shelf alone, so their suggestions are its products. Its unit price after its discount, in whole rupees.
 */
async function demoSubstitute(request: APIRequestContext): Promise<{ id: string; unit: number; shelf: string }> {
  const home = await call<{ strips: Array<{ products: HomeRow[] }> }>(request, null, 'GET', '/api/product/home');
  const unit = (p: HomeRow) => paiseToRupees(discountedPricePaise(rupeesToPaise(p.price), p.discount));
  const shelfOf = (p: HomeRow) => p.subCategory.find((c) => !c.name.startsWith('All '))?._id;
  const found = home.body.data.strips
    .flatMap((s) => s.products)
    // sold by the unit: the demo's loose vegetables and fruit, first on the home page, are sold by weight (issue 34)
    .find((p) => p.publish && !p.single_quantity && p.sellBy !== 'WEIGHT' && p.stock >= 30 && unit(p) >= 60 && Number.isInteger(unit(p)) && shelfOf(p) !== undefined);
  expect(found, 'a demo product in stock on a shelf of its kind').toBeTruthy();
  return { id: found!._id, unit: unit(found!), shelf: shelfOf(found!)! };
}

/**
 * A shelf (sub-category) other than `shelf`. createProduct puts a product on the first shelf of the home page's first
 * strip, which can be the demo substitute's own once other tests' products have changed what the strips show first.
 */
async function anotherShelf(request: APIRequestContext, shelf: string): Promise<string> {
  const subs = await call<Array<{ _id: string; name: string }>>(request, null, 'POST', '/api/subcategory/get');
  const other = subs.body.data.find((sub) => sub._id !== shelf && !sub.name.startsWith('All '));
  expect(other, 'a shelf other than the demo product\'s').toBeTruthy();
  return other!._id;
}

/** A product of the test's own, named in the three languages, on `shelf` alone when given (else createProduct's). */
async function namedProduct(request: APIRequestContext, admin: Session, names: Record<Language, string>, tag: string, language: Language, price: number, more: { stock?: number; shelf?: string } = {}) {
  const id = await createProduct(request, admin, { name: `${names.en} ${tag}`, price, ...(more.stock === undefined ? {} : { stock: more.stock }) });
  const named = await call(request, admin.accessToken, 'PUT', '/api/product/update-product-details', {
    _id: id,
    nameSi: `${names.si} ${tag}`,
    nameTa: `${names.ta} ${tag}`,
    ...(more.shelf ? { subCategory: [more.shelf] } : {}),
  });
  expect(named.status, named.body.message).toBe(200);
  return { id, name: `${names[language]} ${tag}` };
}

/**
 * A fresh shopper's order of `lines`, each with its own choice for a short line (sent in the cash-on-delivery
 * payload), taken by a fresh clerk: answers the order, the clerk and the shopper.
 */
async function orderWithChoices(request: APIRequestContext, lines: Array<{ productId: string; quantity: number; substitution: SubstitutionPreference }>) {
  const shopper = await newShopper(request, 'Swap Shopper');
  const addressId = await addAddress(request, shopper);
  await setCart(request, shopper, lines.map(({ productId, quantity }) => ({ productId, quantity })));
  const placed = await placeCashOrder<OrderWire>(request, shopper, { addressId, lines });
  expect(placed.status, placed.body.message).toBe(201);
  expect(placed.body.data.products.map((line) => line.substitution)).toEqual(lines.map((line) => line.substitution));
  const clerk = await staffSession(request, 'Swap Clerk');
  const taken = await call<OrderWire>(request, clerk.accessToken, 'PUT', '/api/orders/update-status', { orderId: placed.body.data._id, order_status: 'Processing' });
  expect(taken.status, taken.body.message).toBe(200);
  return { order: placed.body.data, clerk, shopper };
}

/** The clerk's packing page of the order in the language, opened from the order's card; answers when its socket is up. */
async function openPacking(page: Page, clerk: Session, language: Language, order: OrderWire) {
  await useSession(page, clerk);
  await page.addInitScript(([key, value]) => window.localStorage.setItem(key, JSON.stringify(value)), [STORAGE_KEYS.language, language] as const);
  const live = socketConnected(page);
  await page.goto('/dashboard/processing');
  await openPackingFromList(page, order.orderId);
  await expect(page.getByRole('heading', { level: 1, name: fill(catalogue(language).packing.titleFor, { ref: order.orderId }) })).toBeVisible();
  return live;
}

const lineOn = (page: Page, name: string) => page.getByTestId('pack-line').filter({ has: page.getByRole('heading', { name, exact: true }) });

/** The order as the server has it now (the clerk reads it). */
async function serverOrder(request: APIRequestContext, clerk: Session, id: string): Promise<OrderWire> {
  const read = await call<OrderWire>(request, clerk.accessToken, 'GET', `/api/order/details?orderId=${id}`);
  expect(read.status, read.body.message).toBe(200);
  return read.body.data;
}

/** The server's suggestions for a line, as the picker reads them. */
async function suggestions(request: APIRequestContext, clerk: Session, orderId: string, productId: string): Promise<SubstituteWire[]> {
  const read = await call<SubstituteWire[]>(request, clerk.accessToken, 'GET', `/api/orders/substitutes?orderId=${orderId}&productId=${productId}`);
  expect(read.status, read.body.message).toBe(200);
  return read.body.data;
}

/** Picks the suggestion `id` in a line's open picker (its place in the server's list) and sets how many. */
async function pick(page: Page, line: string, list: SubstituteWire[], id: string, quantity: number, language: Language) {
  const words = catalogue(language).packing;
  const at = list.findIndex((item) => item._id === id);
  expect(at, 'the substitute is among the suggestions').toBeGreaterThanOrEqual(0);
  const group = lineOn(page, line).getByRole('group', { name: fill(words.substitutesFor, { name: line }) });
  await group.getByRole('listitem').nth(at).getByRole('radio').check();
  await lineOn(page, line).getByLabel(words.substituteQuantity).fill(String(quantity));
}

for (const language of LANGUAGES) {
  test(`a clerk proposes a substitute for a short line: kept at once under SIMILAR, or waiting until the shopper's answer shows live (${language})`, async ({ page, request }, info) => {
    const words = catalogue(language).packing;
    const admin = await adminSession(request);
    const tag = `${language}-${Date.now() % 100000}`;
    const demo = await demoSubstitute(request);
    // on the demo product's shelf: SIMILAR at its price (kept at once), ASK a rupee cheaper (the shopper is asked)
    const similar = await namedProduct(request, admin, SUB_NAMES.similar, tag, language, demo.unit, { shelf: demo.shelf });
    const ask = await namedProduct(request, admin, SUB_NAMES.ask, tag, language, demo.unit - 1, { shelf: demo.shelf });
    // at the same price, in stock, but on another shelf: never suggested
    const elsewhere = await namedProduct(request, admin, SUB_NAMES.elsewhere, tag, language, demo.unit, { shelf: await anotherShelf(request, demo.shelf) });
    const { order, clerk, shopper } = await orderWithChoices(request, [
      { productId: similar.id, quantity: 2, substitution: 'SIMILAR' },
      { productId: ask.id, quantity: 2, substitution: 'ASK' },
    ]);
    const live = await openPacking(page, clerk, language, order);

    // both lines marked short on the screen: one of the two biscuits found, none of the jams
    for (const [line, found] of [
      [similar.name, 1],
      [ask.name, 0],
    ] as const) {
      await lineOn(page, line).getByRole('button', { name: `${words.short}: ${line}` }).click();
      await lineOn(page, line).getByLabel(fill(words.howManyFound, { quantity: 2 })).fill(String(found));
      await lineOn(page, line).getByRole('button', { name: words.saveShort }).click();
      await expect(lineOn(page, line).getByTestId('pack-line-state')).toHaveText(fill(words.stateShort, { found, quantity: 2 }));
    }
    const short = await serverOrder(request, clerk, order._id);

    // the biscuit's picker: the server's suggestions, in its order, each with its price and stock; the demo product among them
    await lineOn(page, similar.name).getByRole('button', { name: `${words.chooseSubstitute}: ${similar.name}` }).click();
    const offered = await suggestions(request, clerk, order._id, similar.id);
    expect(offered.length).toBeGreaterThan(0);
    expect(offered.every((item) => item.stock > 0 && item._id !== similar.id)).toBe(true);
    expect(offered.map((item) => item._id)).not.toContain(elsewhere.id);
    const group = lineOn(page, similar.name).getByRole('group', { name: fill(words.substitutesFor, { name: similar.name }) });
    await expect(group.locator('.substitutes__name')).toHaveText(offered.map((item) => localName(item, language)));
    const substitute = offered.find((item) => item._id === demo.id);
    expect(substitute, 'the demo product is suggested').toBeTruthy();
    const substituteName = localName(substitute!, language);
    const demoItem = group.getByRole('listitem').nth(offered.indexOf(substitute!));
    await expect(demoItem).toContainText(money(substitute!.price));
    await expect(demoItem).toContainText(fill(words.inStock, { count: substitute!.stock }));

    // not dearer, under SIMILAR: kept at once, the total revised
    await pick(page, similar.name, offered, demo.id, 1, language);
    await lineOn(page, similar.name).getByRole('button', { name: words.propose }).click();
    await expect(lineOn(page, similar.name).getByTestId('pack-line-proposal')).toHaveText(fill(words.proposal.AUTO_ACCEPTED, { name: substituteName, quantity: 1 }));
    await expect(group).toHaveCount(0);
    const kept = await serverOrder(request, clerk, order._id);
    expect(kept.proposals?.find((p) => p.productId === similar.id)?.status).toBe('AUTO_ACCEPTED');
    expect(kept.totalAmt).toBeGreaterThan(short.totalAmt);
    expect(kept.totalAmt).toBeLessThan(kept.originalTotalAmt ?? 0);
    await expect(page.getByTestId('pack-total')).toHaveText(fill(words.revisedTotal, { from: money(kept.originalTotalAmt ?? 0), to: money(kept.totalAmt) }));

    // dearer, under ASK: waits for the shopper; nothing charged yet
    await lineOn(page, ask.name).getByRole('button', { name: `${words.chooseSubstitute}: ${ask.name}` }).click();
    await pick(page, ask.name, await suggestions(request, clerk, order._id, ask.id), demo.id, 2, language);
    await lineOn(page, ask.name).getByRole('button', { name: words.propose }).click();
    await expect(lineOn(page, ask.name).getByTestId('pack-line-proposal')).toHaveText(fill(words.proposal.PENDING, { name: substituteName, quantity: 2 }));
    await expect(lineOn(page, ask.name).getByRole('button', { name: `${words.chooseSubstitute}: ${ask.name}` })).toHaveCount(0);
    const waiting = await serverOrder(request, clerk, order._id);
    expect(waiting.totalAmt).toBe(kept.totalAmt);
    const proposal = waiting.proposals?.find((p) => p.productId === ask.id && p.status === 'PENDING');
    expect(proposal, 'the proposal waits for the shopper').toBeTruthy();
    await shot(page, info, `packing-substitute-${language}`);
    await expectAccessible(page, info, `packing-substitute-${language}`);

    // the shopper accepts over HTTP: the open page (not reloaded) shows it accepted and the new total
    await live;
    await page.evaluate(() => Object.assign(window, { kadeSamePage: true }));
    const answered = await call<OrderWire>(request, shopper.accessToken, 'PUT', '/api/orders/substitutions/answer', { orderId: order._id, proposalId: proposal!._id, accept: true });
    expect(answered.status, answered.body.message).toBe(200);
    await expect(lineOn(page, ask.name).getByTestId('pack-line-proposal')).toHaveText(fill(words.proposal.ACCEPTED, { name: substituteName, quantity: 2 }));
    const accepted = await serverOrder(request, clerk, order._id);
    expect(accepted.totalAmt).toBeGreaterThan(kept.totalAmt);
    await expect(page.getByTestId('pack-total')).toHaveText(
      accepted.totalAmt === accepted.originalTotalAmt ? fill(words.total, { amount: money(accepted.totalAmt) }) : fill(words.revisedTotal, { from: money(accepted.originalTotalAmt ?? 0), to: money(accepted.totalAmt) }),
    );
    expect(await page.evaluate(() => (window as unknown as { kadeSamePage?: boolean }).kadeSamePage)).toBe(true);
  });
}

for (const language of LANGUAGES) {
  test(`the substitute picker's refusals are said in the clerk's language: too few left, already given one; none offered where none is wanted (${language})`, async ({ page, request }) => {
    const words = catalogue(language).packing;
    const admin = await adminSession(request);
    const tag = `${language}-${Date.now() % 100000}`;
    const demo = await demoSubstitute(request);
    const similar = await namedProduct(request, admin, SUB_NAMES.similar, tag, language, demo.unit, { shelf: demo.shelf });
    const none = await namedProduct(request, admin, SUB_NAMES.none, tag, language, demo.unit, { shelf: demo.shelf });
    const raced = await namedProduct(request, admin, SUB_NAMES.raced, tag, language, demo.unit, { shelf: demo.shelf });
    // one left on the shelf, at the short line's very price: first among its suggestions
    const scarce = await namedProduct(request, admin, SUB_NAMES.scarce, tag, language, demo.unit, { stock: 1, shelf: demo.shelf });
    const { order, clerk } = await orderWithChoices(request, [
      { productId: similar.id, quantity: 2, substitution: 'SIMILAR' },
      { productId: none.id, quantity: 1, substitution: 'NONE' },
      { productId: raced.id, quantity: 1, substitution: 'SIMILAR' },
    ]);
    // another packer found none of any of them
    const packed = await call<OrderWire>(request, admin.accessToken, 'PUT', '/api/orders/pack', {
      orderId: order._id,
      lines: [
        { productId: similar.id, found: 0 },
        { productId: none.id, found: 0 },
        { productId: raced.id, found: 0 },
      ],
    });
    expect(packed.status, packed.body.message).toBe(200);
    const live = await openPacking(page, clerk, language, order);

    // two of the one left: refused, naming it and how many are left; the list read again
    await lineOn(page, similar.name).getByRole('button', { name: `${words.chooseSubstitute}: ${similar.name}` }).click();
    await pick(page, similar.name, await suggestions(request, clerk, order._id, similar.id), scarce.id, 2, language);
    await lineOn(page, similar.name).getByRole('button', { name: words.propose }).click();
    await expect(lineOn(page, similar.name).getByRole('alert')).toHaveText(fill(words.refusedFewLeft, { name: scarce.name, count: 1 }));
    await expect(lineOn(page, similar.name).getByTestId('pack-line-proposal')).toHaveCount(0);
    await expect(lineOn(page, similar.name).getByRole('button', { name: words.propose })).toBeDisabled();

    // the shopper wants no substitute for the honey: the line is short but offers no picker (the server refuses one)
    await expect(lineOn(page, none.name).getByTestId('pack-line-state')).toHaveText(fill(words.stateShort, { found: 0, quantity: 1 }));
    await expect(lineOn(page, none.name).getByRole('button', { name: `${words.chooseSubstitute}: ${none.name}` })).toHaveCount(0);
    const unwanted = await call(request, clerk.accessToken, 'POST', '/api/orders/substitutions', { orderId: order._id, productId: none.id, substituteId: demo.id, quantity: 1 });
    expect(unwanted.body.code).toBe('SUBSTITUTION_NOT_WANTED');
    await expect(lineOn(page, none.name).getByTestId('pack-line-proposal')).toHaveCount(0);

    // the butter's picker is open when another packer gives it the demo product: the page shows theirs, and the
    // clerk's own proposal is refused, naming the line
    await lineOn(page, raced.name).getByRole('button', { name: `${words.chooseSubstitute}: ${raced.name}` }).click();
    const offered = await suggestions(request, clerk, order._id, raced.id);
    await pick(page, raced.name, offered, demo.id, 1, language);
    await live;
    const theirs = await call(request, admin.accessToken, 'POST', '/api/orders/substitutions', { orderId: order._id, productId: raced.id, substituteId: demo.id, quantity: 1 });
    expect(theirs.status, theirs.body.message).toBe(201);
    const demoName = localName(offered.find((item) => item._id === demo.id)!, language);
    await expect(lineOn(page, raced.name).getByTestId('pack-line-proposal')).toHaveText(fill(words.proposal.AUTO_ACCEPTED, { name: demoName, quantity: 1 }));
    await lineOn(page, raced.name).getByRole('button', { name: words.propose }).click();
    await expect(lineOn(page, raced.name).getByRole('alert')).toHaveText(fill(words.refusedHasProposal, { name: raced.name }));
    const after = await serverOrder(request, clerk, order._id);
    expect((after.proposals ?? []).filter((p) => p.productId === raced.id)).toHaveLength(1);
  });
}
