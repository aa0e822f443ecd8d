// Issue 21, the names: a shopper reading Tamil or Sinhala sees the shop's categories, sub-categories and products
// named in that language (the seeded catalogue's names; English where one has none), finds products by typing in
// that script (a prefix, a typo), and the admin names a product in both and sees the names beside the English.
import { expect, test, type Page } from '@playwright/test';
import { LANGUAGE_NAMES, type Language, type ProductWire } from '@kade/shared';
import { STORAGE_KEYS } from '../src/lib/ui-constants';
import { expectAccessible, loginAsAdmin, openUrl, shot } from './helpers';
import { adminSession, call, createProduct } from './shopper-api';

test.use({ baseURL: process.env.KADE_URL });
// Each walk covers four screens with two axe scans: on a loaded 2-core machine that took up to 66 s.
test.describe.configure({ timeout: 150_000 });

/** The shop opens in `language`, as a shopper who chose it on this phone. */
async function readIn(page: Page, language: Language): Promise<void> {
  await page.addInitScript(
    ([key, value]) => {
      window.localStorage.setItem(key, value);
    },
    [STORAGE_KEYS.language, JSON.stringify(language)] as const,
  );
}

/** Types into the header's search and waits for the results page. */
async function searchFor(page: Page, text: string): Promise<void> {
  await page.goto(`/search?q=${encodeURIComponent(text)}`);
}

const cardNamed = (page: Page, name: string) => page.getByRole('article', { name, exact: true });

const WALKS: Array<{ language: Language; vegetable: string; rice: string; coconutOil: string; prefix: string; typo: [string, string]; sheet: string }> = [
  { language: 'ta', vegetable: 'மரக்கறிகள்', rice: 'அரிசி & தானியங்கள்', coconutOil: 'தேங்காய் எண்ணெய்', prefix: 'தேங்கா', typo: ['தக்காலி', 'தக்காளி'], sheet: 'தக்காளி' },
  { language: 'si', vegetable: 'එළවළු', rice: 'සහල් සහ ධාන්\u200Dය', coconutOil: 'පොල් තෙල්', prefix: 'පොල් තෙ', typo: ['තක්කලි', 'තක්කාලි'], sheet: 'තක්කාලි' },
];

for (const walk of WALKS) {
  test(`a shopper reading ${LANGUAGE_NAMES[walk.language]} sees the catalogue's names in it and finds products by typing in it`, async ({ page }, info) => {
    await readIn(page, walk.language);
    await page.goto('/');
    // Located by their places, not their headings: the headings are in the shopper's language too.
    const tiles = page.locator('.category-grid');
    await expect(tiles.getByText(walk.vegetable, { exact: true })).toBeVisible();
    await expect(tiles.getByText(walk.rice, { exact: true })).toBeVisible();
    // Brands keep their own (English) names.
    await expect(page.locator('.brands').getByText('Kade Select', { exact: true })).toBeVisible();
    await shot(page, info, `names-${walk.language}-home`);
    await expectAccessible(page, info, `names-${walk.language}-home`);

    // A listing: its title and its sub-categories in the language.
    await tiles.getByRole('link', { name: new RegExp(`^${walk.rice}`) }).click();
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(/[A-Za-z]{3}/);
    await expect(page.locator('.listing__subs')).not.toContainText('Samba Rice');
    await expect(page.locator('.listing__subs')).toContainText(walk.language === 'ta' ? 'சம்பா அரிசி' : 'සම්බා සහල්');
    await shot(page, info, `names-${walk.language}-listing`);

    // A prefix in the script finds the product; its card is named in the language.
    await searchFor(page, walk.prefix);
    await expect(cardNamed(page, walk.coconutOil)).toBeVisible();
    await shot(page, info, `names-${walk.language}-search`);
    await expectAccessible(page, info, `names-${walk.language}-search`);

    // One letter wrong still finds it; its sheet and its Add control name it in the language.
    await searchFor(page, walk.typo[0]);
    const card = cardNamed(page, walk.typo[1]);
    await expect(card).toBeVisible();
    await card.getByRole('link').first().click();
    await expect(page.getByRole('dialog').getByRole('heading', { level: 2, name: walk.sheet })).toBeVisible();
    await expect(page).toHaveTitle(walk.sheet);
    await shot(page, info, `names-${walk.language}-sheet`);
  });
}

test('a product without a Tamil name shows its English one to a Tamil reader', async ({ page, request }) => {
  const admin = await adminSession(request);
  const name = `E2E Plain Biscuit ${Date.now()}`;
  await createProduct(request, admin, { name, price: 20 });
  await readIn(page, 'ta');
  await searchFor(page, name);
  await expect(cardNamed(page, name)).toBeVisible();
});

test('an admin names a product in Sinhala and Tamil; the dashboard shows them beside the English, a Tamil reader sees the Tamil', async ({ page, request, browser }, info) => {
  const admin = await adminSession(request);
  const stamp = Date.now();
  const name = `E2E Named Rice ${info.project.name} ${stamp}`;
  // Tamil and Sinhala names of this run's own (the digits make them so; other runs name other products alike).
  const nameTa = `பெயரிட்ட அரிசி ${stamp}`;
  const nameSi = `නම් කළ සහල් ${stamp}`;
  const id = await createProduct(request, admin, { name, price: 300 });
  await loginAsAdmin(page, request);
  await page.goto('/dashboard/product');
  await page.getByPlaceholder('Search product here ...').fill(name);
  const card = page.getByRole('list', { name: 'Products' }).getByRole('listitem').filter({ hasText: name });
  await card.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = page.getByRole('dialog', { name: 'Upload Product', exact: true });
  const others = edit.getByRole('group', { name: 'Name in Sinhala and Tamil (optional)' });
  await others.getByLabel('Sinhala').fill(nameSi);
  await others.getByLabel('Tamil').fill(nameTa);
  await shot(page, info, 'names-admin-edit');
  await expectAccessible(page, info, 'names-admin-edit');
  await edit.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Product updated.')).toBeVisible();
  await expect(card).toContainText(nameSi);
  await expect(card).toContainText(nameTa);
  await expect(card.getByText(nameTa)).toHaveAttribute('lang', 'ta');
  await shot(page, info, 'names-admin-list');

  const saved = await call<ProductWire>(request, null, 'POST', '/api/product/get-product-details', { productId: id });
  expect(saved.body.data).toMatchObject({ name, nameSi, nameTa });

  // A shopper reading Tamil, in a window of their own, finds it by the new name.
  const shopper = await browser.newPage({ baseURL: openUrl() });
  await readIn(shopper, 'ta');
  await searchFor(shopper, nameTa);
  await expect(cardNamed(shopper, nameTa)).toBeVisible();
  await shopper.close();

  // Emptying a box takes that name away again.
  await card.getByRole('button', { name: `Edit ${name}` }).click();
  await others.getByLabel('Tamil').fill('');
  await edit.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Product updated.').first()).toBeVisible();
  await expect(card).not.toContainText(nameTa);
  await expect(card).toContainText(nameSi);
});
