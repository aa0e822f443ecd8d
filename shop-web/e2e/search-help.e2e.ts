// Issue 36 item 9, search that helps, on a 360 px phone (and again at 1280 px): a text that finds nothing offers the nearest names and their
// shelves (from the server's in-memory index, issue 37 item 2), and Singlish typed in English letters finds its
// product through the seeded search keywords ("parippu": dhal).
import { expect, test } from '@playwright/test';
import { atBothWidths, expectAccessible, shot } from './helpers';

test.use({ baseURL: process.env.KADE_URL, viewport: { width: 360, height: 780 } });
test.describe.configure({ timeout: 120_000 });

test('a search that finds nothing suggests names and shelves, and Singlish finds its product', async ({ page }, info) => {
  await page.goto('/search');
  const input = page.getByRole('searchbox', { name: 'Search products' });

  await input.fill('mangoes chutney');
  await expect(page).toHaveURL(/\/search\?q=mangoes(%20|\+)chutney$/);
  await expect(page.getByText('No Data found')).toBeVisible();
  const names = page.getByRole('navigation', { name: 'Did you mean' });
  const shelves = page.getByRole('navigation', { name: 'Browse these shelves' });
  await expect(names.getByRole('link', { name: /mango/i }).first()).toBeVisible();
  await expect(shelves.getByRole('link', { name: /^Fruit ›/ }).first()).toBeVisible();
  // nothing wider than the phone
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await shot(page, info, 'search-help-suggestions');
  await expectAccessible(page, info, 'search-help-suggestions');

  // a suggested name is a search of its own
  const suggested = (await names.getByRole('link', { name: /mango/i }).first().textContent()) ?? '';
  await names.getByRole('link', { name: suggested }).click();
  await expect(page.getByRole('article', { name: suggested, exact: true })).toBeVisible();

  // a shelf opens its listing
  await page.goto('/search');
  await input.fill('mangoes chutney');
  await shelves.getByRole('link', { name: /^Fruit ›/ }).first().click();
  await expect(page).not.toHaveURL(/\/search/);
  await expect(page.locator('.product-card').first()).toBeVisible();

  // Singlish: "parippu" is the dhal's keyword, in no name
  await page.goto('/search');
  await input.fill('parippu');
  await expect(page).toHaveURL(/\/search\?q=parippu$/);
  await expect(page.getByRole('article', { name: 'Mysore Dhal', exact: true })).toBeVisible();
  await shot(page, info, 'search-help-parippu');

  // the same help at a desktop's width
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/search');
  await input.fill('mangoes chutney');
  await expect(page.getByText('No Data found')).toBeVisible();
  await expect(names.getByRole('link', { name: /mango/i }).first()).toBeVisible();
  await expect(shelves.getByRole('link', { name: /^Fruit ›/ }).first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
  await shot(page, info, 'search-help-suggestions-1280');
  await input.fill('parippu');
  await expect(page.getByRole('article', { name: 'Mysore Dhal', exact: true })).toBeVisible();
});

test("'chiken' puts the chickens above Green Chillies, and 'sini', 'kiri' and 'parippu' find sugar, milk and dhal, at 360 and 1280 px", async ({ page }, info) => {
  const names = page.locator('.product-card__name');
  await atBothWidths(page, info, 'search-help-chiken', async () => {
    await page.goto('/search?q=chiken');
    await expect(names.first()).toHaveText(/chicken/i);
    const shown = await names.allTextContents();
    const chickens = shown.flatMap((name, i) => (/chicken/i.test(name) ? [i] : []));
    expect(chickens.length).toBeGreaterThan(1);
    // every chicken before Green Chillies, wherever (or whether) the chillies come
    const chillies = shown.indexOf('Green Chillies');
    expect(chillies === -1 || Math.max(...chickens) < chillies, shown.join(' | ')).toBe(true);
  });
  for (const [word, product] of [['sini', /sugar/i], ['kiri', /milk/i], ['parippu', /dhal/i]] as const) {
    await atBothWidths(page, info, `search-help-${word}`, async () => {
      await page.goto(`/search?q=${word}`);
      await expect(names.first()).toHaveText(product);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(await page.evaluate(() => window.innerWidth));
    });
  }
});
