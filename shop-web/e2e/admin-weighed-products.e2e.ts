// An admin sets up a product sold by weight (issue 34) on a phone, 360 px wide, against the real server: 'Sold by:
// Weight' turns the price into a price per kg and the stock into grams and asks for the step, minimum, maximum and
// scale code; a rule that does not hold and a scale code another product has are both told on their field; the
// product list shows the price per kg and the stock as a weight. Phone project only (playwright.config.ts).
import sharp from 'sharp';
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, loginAsAdmin, shot } from './helpers';

test.use({ baseURL: process.env.KADE_URL, viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
test.describe.configure({ mode: 'serial' });

const stamp = [...Date.now().toString(26).slice(-7)].map((digit) => String.fromCharCode(97 + parseInt(digit, 26))).join('');
// Named apart from admin-catalogue.e2e.ts's "Kadetest …" products: the admin search matches near words, and that file counts its own results.
const beans = `Scaletest Loose Beans ${stamp}`;
const copy = `Scaletest Loose Copy ${stamp}`;
// a code above the demo catalogue's (10001 to 6xxxx), new each run
const code = String(70_000 + (Date.now() % 30_000));

async function png(): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  const buffer = await sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 60, g: 160, b: Date.now() % 256 } } }).png().toBuffer();
  return { name: 'beans.png', mimeType: 'image/png', buffer };
}

/** Fills the upload form for a product sold by weight, up to Submit. */
async function fillWeighed(page: Page, name: string, grams: { step: string; min: string; max: string; code: string }): Promise<void> {
  await page.goto('/dashboard/upload-product');
  await expect(page.getByRole('heading', { level: 1, name: 'Upload Product' })).toBeVisible();
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Description').fill('Green beans sold loose, weighed at packing.');
  await page.getByLabel('Upload Image').setInputFiles(await png());
  await expect(page.getByRole('button', { name: 'Remove image 1' })).toBeVisible();
  await page.getByLabel('Select Category').selectOption({ label: 'Vegetable' });
  await page.getByRole('group', { name: 'Sub Category', exact: true }).getByRole('button', { name: 'Up-country Vegetables', exact: true }).click();
  // sold each, the form asks for a price and a stock in units, and no grams
  await expect(page.getByLabel('Price', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Step (g)')).toHaveCount(0);
  await page.getByRole('group', { name: 'Sold by' }).getByLabel('Weight').check();
  await expect(page.getByLabel('Price', { exact: true })).toHaveCount(0);
  await page.getByLabel('Unit').fill('per kg');
  await page.getByLabel('Stock (g)').fill('20000');
  await expect(page.getByLabel('Stock (g)')).toHaveAccessibleDescription('Grams on the shelf: 25000 is 25 kg.');
  await page.getByLabel('Price per kg').fill('640');
  await page.getByLabel('Step (g)').fill(grams.step);
  await page.getByLabel('Minimum (g)').fill(grams.min);
  await page.getByLabel('Maximum (g)').fill(grams.max);
  await page.getByLabel('Scale code (5 digits)').fill(grams.code);
}

test.beforeEach(async ({ page, request }) => {
  await loginAsAdmin(page, request);
});

test('a product sold by weight: per kg, grams, a rule told on its field, then listed at its price per kg', async ({ page }, info) => {
  await fillWeighed(page, beans, { step: '250', min: '300', max: '5000', code });
  await shot(page, info, 'admin-weighed-form');
  await expectAccessible(page, info, 'admin-weighed-form');
  // a minimum that is not a whole number of steps: said on the Minimum field, nothing sent
  await page.getByRole('button', { name: 'Submit' }).click();
  const minimum = page.getByLabel('Minimum (g)');
  await expect(minimum).toHaveAttribute('aria-invalid', 'true');
  await expect(minimum).toHaveAccessibleDescription('minGrams must be a whole number of steps');
  await minimum.fill('250');
  await expect(minimum).toHaveAttribute('aria-invalid', 'false');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Product added.')).toBeVisible();
  // the form is empty again, sold each
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('');
  await expect(page.getByRole('group', { name: 'Sold by' }).getByLabel('Each')).toBeChecked();

  await page.goto('/dashboard/product');
  await page.getByPlaceholder('Search product here ...').fill(beans);
  const card = page.getByRole('list', { name: 'Products' }).getByRole('listitem').filter({ hasText: beans });
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('Rs.640.00 / kg');
  await expect(card).toContainText('In stock: 20 kg');
  await shot(page, info, 'admin-weighed-list');

  // opened again, the form shows how it is sold
  await card.getByRole('button', { name: `Edit ${beans}` }).click();
  const edit = page.getByRole('dialog', { name: 'Upload Product', exact: true });
  await expect(edit.getByRole('group', { name: 'Sold by' }).getByLabel('Weight')).toBeChecked();
  await expect(edit.getByLabel('Price per kg')).toHaveValue('640');
  await expect(edit.getByLabel('Stock (g)')).toHaveValue('20000');
  await expect(edit.getByLabel('Step (g)')).toHaveValue('250');
  await expect(edit.getByLabel('Scale code (5 digits)')).toHaveValue(code);
});

test('a scale code another product has: the server\'s refusal is shown on the Scale code field', async ({ page }, info) => {
  await fillWeighed(page, copy, { step: '250', min: '250', max: '2500', code });
  await page.getByRole('button', { name: 'Submit' }).click();
  const scale = page.getByLabel('Scale code (5 digits)');
  await expect(scale).toHaveAttribute('aria-invalid', 'true');
  await expect(scale).toHaveAccessibleDescription(`scale code ${code} already belongs to ${beans}`);
  await shot(page, info, 'admin-weighed-taken');
  // another code goes through
  await scale.fill(String(Number(code) + 1));
  await expect(scale).toHaveAttribute('aria-invalid', 'false');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Product added.')).toBeVisible();
});

test('bulk upload: drafts sold by weight, a draft whose rule does not hold says so on its own field', async ({ page }, info) => {
  const loose = [`Scaletest Loose Okra ${stamp}`, `Scaletest Loose Leeks ${stamp}`] as const;
  await page.goto('/dashboard/upload-product');
  await page.getByRole('button', { name: 'Upload Multiple Products' }).click();
  const bulk = page.getByRole('dialog', { name: 'Upload Multiple Products', exact: true });
  const files = await Promise.all(loose.map(async (name) => ({ ...(await png()), name: `${name}.png` })));
  await bulk.getByLabel('Upload PNG Images').setInputFiles(files);
  const drafts = bulk.getByRole('region', { name: /^Product \d+:/ });
  await expect(drafts).toHaveCount(2);
  for (const [index, draft] of [drafts.nth(0), drafts.nth(1)].entries()) {
    await draft.getByRole('group', { name: 'Sold by' }).getByLabel('Weight').check();
    await draft.getByLabel('Price per kg').fill('480');
    await draft.getByLabel('Unit').fill('per kg');
    await draft.getByLabel('Stock (g)').fill('10000');
    await draft.getByLabel('Step (g)').fill('250');
    await draft.getByLabel('Minimum (g)').fill('250');
    // the second's maximum is not a whole number of steps
    await draft.getByLabel('Maximum (g)').fill(index === 0 ? '5000' : '5100');
    await draft.getByLabel('Scale code (5 digits)').fill(String(Number(code) + 10 + index));
  }
  await bulk.getByRole('button', { name: 'Submit All Products' }).click();
  await expect(bulk.getByRole('alert')).toHaveText(`Stopped at "${loose[1]}": Maximum must be a whole number of steps. Created before it: ${loose[0]}.`);
  await expect(drafts).toHaveCount(1);
  const maximum = drafts.nth(0).getByLabel('Maximum (g)');
  await expect(maximum).toHaveAttribute('aria-invalid', 'true');
  await expect(maximum).toHaveAccessibleDescription('Maximum must be a whole number of steps.');
  await shot(page, info, 'admin-weighed-bulk');
  await maximum.fill('5000');
  await expect(maximum).toHaveAttribute('aria-invalid', 'false');
  await bulk.getByRole('button', { name: 'Submit All Products' }).click();
  await expect(page.getByText('All products uploaded!')).toBeVisible();

  await page.goto('/dashboard/product');
  await page.getByPlaceholder('Search product here ...').fill(`Scaletest Loose ${stamp}`);
  const cards = page.getByRole('list', { name: 'Products' }).getByRole('listitem');
  for (const name of loose) {
    await expect(cards.filter({ hasText: name })).toContainText('Rs.480.00 / kg');
    await expect(cards.filter({ hasText: name })).toContainText('In stock: 10 kg');
  }
});
