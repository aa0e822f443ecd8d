// Issue 36, item 10: the admin's catalogue screens at a real catalogue's size, walked as an admin at a desk (1280 px)
// and on a phone (360 px, setViewportSize): the product list draws one page of cards, not the catalogue, sorted as
// chosen and paged with Next; each card says its stock and whether shoppers see it; the delete question names the
// product and 'Unpublish instead' hides it; a form's problem stands beside its field; the sub-category chips and the
// variation's product picker show the chosen category's own; the variation page lists every variation and edits one.
// Desktop project only (playwright.config.ts): the phone width is checked in the same walk.
import { expect, test, type Locator, type Page } from '@playwright/test';
import type { AdminProductWire, SubCategoryWire } from '@kade/shared';
import { expectAccessible, loginAsAdmin, shot } from './helpers';
import { adminSession, call, createProduct } from './shopper-api';

test.use({ baseURL: process.env.KADE_URL });
// One long walk over two widths with five axe scans: on a loaded 2-core machine a dashboard page took 10 s to draw.
test.describe.configure({ timeout: 300_000 });

/** Cards on the page are the Products list's headings (each card has one; the variation rows inside have none). */
const productsList = (page: Page): Locator => page.getByRole('list', { name: 'Products' });
const cardHeadings = (page: Page): Locator => productsList(page).getByRole('heading', { level: 2 });
const cardOf = (page: Page, name: string): Locator => productsList(page).getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2, name }) });
const dialog = (page: Page, name: string): Locator => page.getByRole('dialog', { name, exact: true });

/** The card prices shown, in rupees (a weighed product's is per kg; the server sorts the same stored figure). */
async function shownPrices(page: Page): Promise<number[]> {
  const texts = await productsList(page).locator('.cat-card__price').allTextContents();
  return texts.map((text) => Number(/Rs\.([\d,]+\.\d\d)/.exec(text)?.[1]?.replace(/,/g, '')));
}

const nonDecreasing = (values: number[]) => values.every((value, i) => i === 0 || value >= (values[i - 1] ?? value));

/** The document's height and width as drawn. */
const pageSize = (page: Page) => page.evaluate(() => ({ height: document.documentElement.scrollHeight, width: document.documentElement.scrollWidth }));

test('the admin pages, sorts, reads stock and state, unpublishes instead of deleting, and edits variations found by category', async ({ page, request }, info) => {
  const admin = await adminSession(request);
  const stamp = Date.now().toString(36);
  const names = { out: `Scalewalk Amla ${stamp}`, hidden: `Scalewalk Bael ${stamp}`, parent: `Scalewalk Cashew ${stamp}` };
  const outId = await createProduct(request, admin, { name: names.out, price: 7, stock: 0 });
  const hiddenId = await createProduct(request, admin, { name: names.hidden, price: 9, stock: 12 });
  const parentId = await createProduct(request, admin, { name: names.parent, price: 8, stock: 3 });
  expect((await call(request, admin.accessToken, 'PATCH', '/api/product/update', { _id: hiddenId, publish: false })).status).toBe(200);
  const parent = (await call<AdminProductWire[]>(request, admin.accessToken, 'POST', '/api/product/get', { search: names.parent, limit: 5 })).body.data.find((p) => p._id === parentId);
  expect(parent, 'the product just made').toBeTruthy();
  const variationName = `${names.parent} small`;
  const made = await call(request, admin.accessToken, 'POST', '/api/variation/create', {
    product: parentId,
    name: variationName,
    image: parent!.image,
    unit: '250g',
    stock: 4,
    price: 30,
    description: 'A quarter of the same.',
  });
  expect(made.status, made.body.message).toBe(201);
  const everything = await call<AdminProductWire[]>(request, admin.accessToken, 'POST', '/api/product/get', { page: 1, limit: 24 });
  expect(everything.body.totalCount as number, 'the demo catalogue is more than one page').toBeGreaterThan(48);

  await loginAsAdmin(page, request);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/dashboard/product');
  await expect(page.getByRole('heading', { level: 1, name: 'Product' })).toBeVisible();

  // One page of 24 cards, however many products there are; the page stays a few screens tall (it was 23,000 px).
  await expect(cardHeadings(page)).toHaveCount(24);
  await expect(page.getByText(/^\d[\d,]* products$/)).toBeVisible();
  const pager = page.getByRole('navigation', { name: 'Pages' });
  await expect(pager.getByText(/^Page 1 of \d+$/)).toBeVisible();
  await expect(pager.getByRole('button', { name: 'Previous' })).toBeDisabled();
  const desk = await pageSize(page);
  // six cards a row at this width: four rows of cards and the controls, with room for variation rows under cards
  expect(desk.height).toBeLessThan(5000);
  await shot(page, info, 'admin-scale-products');
  await expectAccessible(page, info, 'admin-scale-products');

  // Sorted by price, cheapest first, and on to page 2, which carries on from where page 1 ended.
  await page.getByLabel('Sort by').selectOption({ label: 'Price (lowest first)' });
  await expect(pager.getByText(/^Page 1 of \d+$/)).toBeVisible();
  await expect(cardHeadings(page)).toHaveCount(24);
  await expect.poll(async () => nonDecreasing(await shownPrices(page))).toBe(true);
  const firstPage = await shownPrices(page);
  await pager.getByRole('button', { name: 'Next' }).click();
  await expect(pager.getByText(/^Page 2 of \d+$/)).toBeVisible();
  await expect(cardHeadings(page)).toHaveCount(24);
  const secondPage = await shownPrices(page);
  expect(nonDecreasing(secondPage)).toBe(true);
  expect(secondPage[0]).toBeGreaterThanOrEqual(firstPage.at(-1) ?? 0);
  await expect(pager.getByRole('button', { name: 'Previous' })).toBeEnabled();
  await shot(page, info, 'admin-scale-products-page-2');

  // Each card says its stock and whether shoppers see it.
  await page.getByPlaceholder('Search product here ...').fill(`Scalewalk ${stamp}`);
  await expect(cardHeadings(page)).toHaveCount(3);
  await expect(cardOf(page, names.out)).toContainText('Out of stock');
  await expect(cardOf(page, names.out)).toContainText('Published');
  await expect(cardOf(page, names.hidden)).toContainText('Stock: 12');
  await expect(cardOf(page, names.hidden)).toContainText('Not published: hidden from shoppers');
  await expect(cardOf(page, names.parent)).toContainText('Stock: 3');
  await shot(page, info, 'admin-scale-stock-and-state');

  // The delete question names the product, keeps the spec's sentence, and 'Unpublish instead' keeps it, hidden.
  await cardOf(page, names.out).getByRole('button', { name: `Delete ${names.out}` }).click();
  const confirm = dialog(page, 'Permanent Delete');
  await expect(confirm).toContainText(`“${names.out}” will be deleted for good`);
  await expect(confirm).toContainText('Are you sure want to delete permanent ?');
  await shot(page, info, 'admin-scale-delete');
  await expectAccessible(page, info, 'admin-scale-delete');
  await confirm.getByRole('button', { name: 'Unpublish instead' }).click();
  await expect(page.getByText(`“${names.out}” is no longer shown to shoppers.`)).toBeVisible();
  await expect(confirm).toHaveCount(0);
  await expect(cardOf(page, names.out)).toContainText('Not published: hidden from shoppers');
  const kept = await call<AdminProductWire[]>(request, admin.accessToken, 'POST', '/api/product/get', { search: names.out, limit: 5 });
  expect(kept.body.data.find((p) => p._id === outId)?.publish).toBe(false);
  const shopperSees = await call<Array<{ _id: string }>>(request, null, 'POST', '/api/product/search-product', { search: names.out });
  expect(shopperSees.body.data.some((p) => p._id === outId)).toBe(false);
  // One already hidden is only offered the delete, which removes it.
  await cardOf(page, names.hidden).getByRole('button', { name: `Delete ${names.hidden}` }).click();
  await expect(confirm).toContainText('It is already hidden from shoppers.');
  await expect(confirm.getByRole('button', { name: 'Unpublish instead' })).toHaveCount(0);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Product deleted.')).toBeVisible();
  await expect(cardHeadings(page)).toHaveCount(2);

  // A problem stands beside its field: Unit emptied is said under Unit, which takes the focus.
  await cardOf(page, names.parent).getByRole('button', { name: `Edit ${names.parent}` }).click();
  const edit = dialog(page, 'Upload Product');
  await expect(edit.getByLabel('Name', { exact: true })).toHaveValue(names.parent);
  await edit.getByLabel('Unit').fill('');
  await edit.getByRole('button', { name: 'Submit' }).click();
  await expect(edit.getByRole('alert')).toHaveText('unit is required');
  await expect(edit.getByLabel('Unit')).toHaveAttribute('aria-invalid', 'true');
  await expect(edit.getByLabel('Unit')).toHaveAccessibleDescription('unit is required');
  await expect(edit.getByLabel('Unit')).toBeFocused();
  await expect(edit.getByLabel('Price')).not.toHaveAttribute('aria-invalid', 'true');

  // The sub-category chips show the chosen category's own (and those already chosen), narrowed by a search box.
  const subCategories = (await call<SubCategoryWire[]>(request, null, 'POST', '/api/subcategory/get')).body.data;
  const chosenCategory = parent!.category[0]!;
  const own = subCategories.filter((s) => s.category.some((c) => c._id === chosenCategory._id) || parent!.subCategory.some((mine) => mine._id === s._id));
  const other = subCategories.find((s) => !own.includes(s));
  expect(other, 'a sub-category of another category').toBeTruthy();
  const subGroup = edit.getByRole('group', { name: 'Sub Category', exact: true });
  await expect(subGroup).toContainText('Showing the sub-categories of the chosen categories.');
  await expect(subGroup.getByRole('button')).toHaveCount(own.length);
  await expect(subGroup.getByRole('button', { name: other!.name, exact: true })).toHaveCount(0);
  await shot(page, info, 'admin-scale-field-problem');
  await expectAccessible(page, info, 'admin-scale-field-problem');
  await page.keyboard.press('Escape');
  await expect(edit).toHaveCount(0);

  // The variation page: the product picker filtered by a category offers that category's products only (each option
  // one of its products), and the product just made, of another category, is not found by its name until the filter
  // is let go.
  const vegetable = (await call<Array<{ _id: string; name: string }>>(request, null, 'GET', '/api/category/get')).body.data.find((c) => c.name === 'Vegetable');
  expect(vegetable, 'the demo catalogue has Vegetable').toBeTruthy();
  expect(parent!.category.some((c) => c._id === vegetable!._id)).toBe(false);
  await page.goto('/dashboard/variation');
  await expect(page.getByRole('heading', { level: 1, name: 'Upload Product Variation' })).toBeVisible();
  const productBox = page.getByLabel('Product', { exact: true });
  const everyVegetable = await call<AdminProductWire[]>(request, admin.accessToken, 'POST', '/api/product/get', { category: vegetable!._id, limit: 10_000 });
  const vegetableIds = new Set(everyVegetable.body.data.map((p) => p._id));
  const offered = async () => (await productBox.locator('option').evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value))).filter(Boolean);
  // unfiltered, the first 50 by name are of every category
  await expect.poll(async () => (await offered()).some((id) => !vegetableIds.has(id))).toBe(true);
  await page.getByLabel('Filter by category').selectOption({ label: 'Vegetable' });
  await expect.poll(async () => {
    const ids = await offered();
    return ids.length > 0 && ids.every((id) => vegetableIds.has(id));
  }).toBe(true);
  await page.getByLabel('Find a product').fill(names.parent);
  await expect(page.getByText('No product matches.')).toBeVisible();
  await expect(productBox.locator('option')).toHaveCount(1);
  await page.getByLabel('Filter by category').selectOption({ label: 'All categories' });
  await page.getByLabel('Find a product').fill(names.parent);
  await expect(productBox.locator('option', { hasText: names.parent })).toHaveCount(1);
  await productBox.selectOption({ label: `${names.parent} (1 pc)` });
  await expect(page.getByRole('list', { name: 'Variations of this product' }).getByRole('listitem')).toHaveCount(1);

  // Every variation, found by name, edited from the list.
  const all = page.getByRole('region', { name: 'All variations' });
  await all.getByPlaceholder('Find a variation').fill(variationName);
  const row = all.getByRole('listitem').filter({ hasText: variationName });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Rs.30.00');
  await shot(page, info, 'admin-scale-variations');
  await expectAccessible(page, info, 'admin-scale-variations');
  await row.getByRole('button', { name: `Edit variation ${variationName}` }).click();
  const editVariation = dialog(page, 'Upload Product Variation');
  await expect(editVariation.getByLabel('Product', { exact: true })).toHaveValue(parentId);
  await editVariation.getByLabel('Price').fill('28');
  await editVariation.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Variation updated.')).toBeVisible();
  await expect(editVariation).toHaveCount(0);
  await expect(row).toContainText('Rs.28.00');

  // Search keywords typed in the product form (issue 36 item 9): saved, shown again, and a shopper's search finds the
  // product by the word, which is in no name.
  const word = `kadekw${stamp}`;
  await page.goto('/dashboard/product');
  await page.getByPlaceholder('Search product here ...').fill(names.parent);
  await expect(cardOf(page, names.parent)).toHaveCount(1);
  await cardOf(page, names.parent).getByRole('button', { name: `Edit ${names.parent}` }).click();
  const keywordsEdit = dialog(page, 'Upload Product');
  await keywordsEdit.getByLabel('Search keywords (comma separated)').fill(`${word}, cashew nuts`);
  await shot(page, info, 'admin-scale-keywords-1280');
  await keywordsEdit.getByRole('button', { name: 'Submit' }).click();
  await expect(keywordsEdit).toHaveCount(0);
  const saved = await call<AdminProductWire[]>(request, admin.accessToken, 'POST', '/api/product/get', { search: names.parent, limit: 5 });
  expect(saved.body.data.find((p) => p._id === parentId)?.keywords).toEqual([word, 'cashew nuts']);
  await expect
    .poll(async () => (await call<Array<{ _id: string }>>(request, null, 'POST', '/api/product/search-product', { search: word })).body.data[0]?._id)
    .toBe(parentId);
  await page.goto(`/search?q=${word}`);
  await expect(page.getByRole('article', { name: names.parent })).toBeVisible();
  await shot(page, info, 'admin-scale-keywords-found-1280');

  // At 360 px: still one page of cards, no sideways scroll, the pager in reach.
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto('/dashboard/product');
  await expect(cardHeadings(page)).toHaveCount(24);
  const phone = await pageSize(page);
  expect(phone.width).toBeLessThanOrEqual(360);
  // two cards a row: twelve rows, each about a card's height
  expect(phone.height).toBeLessThan(12_000);
  await shot(page, info, 'admin-scale-products-360');
  await pager.getByRole('button', { name: 'Next' }).scrollIntoViewIfNeeded();
  await shot(page, info, 'admin-scale-pager-360');
  await pager.getByRole('button', { name: 'Next' }).click();
  await expect(pager.getByText(/^Page 2 of \d+$/)).toBeVisible();
  await page.goto('/dashboard/variation');
  await expect(page.getByLabel('Filter by category')).toBeVisible();
  expect((await pageSize(page)).width).toBeLessThanOrEqual(360);
  await shot(page, info, 'admin-scale-variations-360');

  // At 360 px too: a card's stock and state, the delete question naming the product, a problem beside its field, and
  // the keywords in the form.
  await page.goto('/dashboard/product');
  await page.getByPlaceholder('Search product here ...').fill(`Scalewalk ${stamp}`);
  await expect(cardHeadings(page)).toHaveCount(2);
  await expect(cardOf(page, names.out)).toContainText('Out of stock');
  await expect(cardOf(page, names.out)).toContainText('Not published: hidden from shoppers');
  await expect(cardOf(page, names.parent)).toContainText('Stock: 3');
  await expect(cardOf(page, names.parent)).toContainText('Published');
  await shot(page, info, 'admin-scale-stock-and-state-360');
  await cardOf(page, names.parent).getByRole('button', { name: `Delete ${names.parent}` }).click();
  await expect(confirm).toContainText(`“${names.parent}” and its one variation will be deleted for good`);
  await expect(confirm).toContainText('Are you sure want to delete permanent ?');
  await expect(confirm.getByRole('button', { name: 'Unpublish instead' })).toBeVisible();
  expect((await confirm.boundingBox())!.width).toBeLessThanOrEqual(360);
  await shot(page, info, 'admin-scale-delete-360');
  await page.keyboard.press('Escape');
  await expect(confirm).toHaveCount(0);
  await cardOf(page, names.parent).getByRole('button', { name: `Edit ${names.parent}` }).click();
  await expect(edit.getByLabel('Search keywords (comma separated)')).toHaveValue(`${word}, cashew nuts`);
  await edit.getByLabel('Unit').fill('');
  await edit.getByRole('button', { name: 'Submit' }).click();
  await expect(edit.getByRole('alert')).toHaveText('unit is required');
  await expect(edit.getByLabel('Unit')).toHaveAttribute('aria-invalid', 'true');
  await expect(edit.getByLabel('Unit')).toBeFocused();
  await expect(edit.getByLabel('Unit')).toBeInViewport();
  await shot(page, info, 'admin-scale-field-problem-360');
  await page.keyboard.press('Escape');
  await expect(edit).toHaveCount(0);
});
