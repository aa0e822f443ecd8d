// The packing screen (issue 33) at a phone's 360 px, in English, Sinhala and Tamil: a clerk opens Pack on a taken
// order's card, ticks a line by a simulated USB scanner (the code typed on the page, then Enter), a code of another
// product is refused with its name, a line is marked short with how many were found, and the order shows its
// revised total. Products, the order and the clerk are made over the API for each language.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { formatRs, rupeesToPaise, type OrderWire } from '@kade/shared';
import { STORAGE_KEYS } from '../src/lib/ui-constants';
import type englishCatalogue from '../src/locales/en/shop.json';
import { expectAccessible, loginAsAdmin, shot, socketConnected } from './helpers';
import { addAddress, adminSession, call, createProduct, newShopper, placeCodOrder, staffSession, useSession } from './shopper-api';

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
    await page.getByRole('link', { name: `Pack order #${placed.orderId}` }).click();
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
    const money = (rupees: number) => formatRs(rupeesToPaise(rupees));
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
