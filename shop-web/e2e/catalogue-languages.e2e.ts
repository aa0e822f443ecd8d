// Issue 36, items 5 and 6: a shopper reading Sinhala or Tamil on a 360 px phone reads the whole seeded catalogue in
// their language. The walk opens every shelf (each seeded product's own sub-category listing) and checks every seeded
// product's card: its name (brands kept), unit and discount badge have no English word left, and its name breaks
// between words only (the rendered lines are measured letter by letter with Range.getClientRects). On the way it
// opens the sheet of every product with rows under its description, and one more per category, and reads the title,
// the unit, the variations and the rows' labels and values. The delivery banner says this server's SHOP_HOURS, which
// are not the default ones. Products other test files make are not the seed's and are not judged here.
import { expect, test, type Page } from '@playwright/test';
import { DEFAULT_SHOP_HOURS, ENDPOINTS, LANGUAGE_NAMES, slugify, type CategoryWire, type Language, type ShopConfigWire, type SubCategoryWire } from '@kade/shared';
import { SEED_BRANDS, SEED_PRODUCTS, type SeedProduct } from '@kade/server/testing';
import { bannerTexts, STORAGE_KEYS } from '../src/lib/ui-constants';
import { expectAccessible, shot } from './helpers';
import { call } from './shopper-api';

test.use({ baseURL: process.env.KADE_URL, viewport: { width: 360, height: 740 } });
// Two walks of some 60 shelves and 45 sheets each: on a loaded 2-core machine a walk may take a few minutes.
test.describe.configure({ timeout: 600_000 });

/** Codes the trade writes the same in every language: tea and cinnamon grades, degrees Celsius, the rupee sign. */
const CODES = ['BOPF', 'OP', 'Alba', 'C', 'Rs'];

/** The English words left in a text once the brands and the codes are taken out (none, in Sinhala or Tamil). */
function englishLeft(text: string): string[] {
  let rest = text;
  for (const brand of SEED_BRANDS) rest = rest.split(brand).join(' ');
  return (rest.match(/[A-Za-z]+/g) ?? []).filter((word) => !CODES.includes(word));
}

/** The product a card or a link is for: the English name's slug and the id at the end of `/product/{slug}-{id}`. */
function seededBySlug(): Map<string, SeedProduct> {
  return new Map(SEED_PRODUCTS.map((p) => [slugify(p.name), p]));
}
const PRODUCT_HREF = /^\/product\/(.+)-([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

/** A seeded product's own shelf: its sub-category past 'All Products' and 'All Fruits', not its brand. */
function shelfOf(product: SeedProduct): string {
  const own = product.subCategories.filter((s) => s !== 'All Products' && s !== 'All Fruits' && !(SEED_BRANDS as readonly string[]).includes(s));
  return own[0] ?? '';
}

async function readIn(page: Page, language: Language): Promise<void> {
  await page.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [STORAGE_KEYS.language, JSON.stringify(language)] as const);
}

interface CardReport {
  href: string;
  name: string;
  unit: string;
  off: string | null;
  /** The name cut where a line ended inside a word ('abc|def'), or a letter drawn on two lines. */
  badBreaks: string[];
  lines: number;
}

/** What every card on the page shows, and where its name's lines end (measured on the rendered text). */
function readCards(page: Page): Promise<CardReport[]> {
  return page.evaluate(() => {
    const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
    return [...document.querySelectorAll<HTMLElement>('.product-card')].map((card) => {
      const nameEl = card.querySelector<HTMLElement>('.product-card__name');
      const text = nameEl?.textContent ?? '';
      const node = nameEl?.firstChild;
      const badBreaks: string[] = [];
      let lines = 0;
      if (node && node.nodeType === Node.TEXT_NODE) {
        const range = document.createRange();
        const pieces = [...segmenter.segment(text)];
        let lastTop: number | null = null;
        for (let i = 0; i < pieces.length; i += 1) {
          const piece = pieces[i] as Intl.SegmentData;
          range.setStart(node, piece.index);
          range.setEnd(node, piece.index + piece.segment.length);
          const rects = [...range.getClientRects()].filter((r) => r.width > 0);
          if (rects.length === 0) continue;
          if (new Set(rects.map((r) => Math.round(r.top))).size > 1) badBreaks.push(`${text} (letter "${piece.segment}" on two lines)`);
          const top = rects[0]?.top ?? 0;
          if (lastTop === null || top > lastTop + 2) {
            lines += 1;
            const before = pieces[i - 1]?.segment ?? ' ';
            if (lastTop !== null && !/[\s\-–/]/.test(before)) badBreaks.push(`${text.slice(0, piece.index)}|${text.slice(piece.index)}`);
          }
          lastTop = top;
        }
      }
      return {
        href: card.querySelector('a.product-card__link')?.getAttribute('href') ?? '',
        name: text,
        unit: card.querySelector('.product-card__unit')?.textContent ?? '',
        off: card.querySelector('.price__off')?.textContent ?? null,
        badBreaks,
        lines,
      };
    });
  });
}

/** Every shelf's listing address, by the shelf's (sub-category's) English name, from the catalogue's own lists. */
async function shelves(request: Parameters<typeof call>[0]): Promise<Map<string, string>> {
  const categories = (await call<CategoryWire[]>(request, null, 'GET', ENDPOINTS.categories.list.path)).body.data;
  const subs = (await call<SubCategoryWire[]>(request, null, 'POST', ENDPOINTS.subCategories.list.path, {})).body.data;
  const byId = new Map(categories.map((c) => [c._id, c]));
  const paths = new Map<string, string>();
  for (const sub of subs) {
    const category = byId.get(sub.category[0]?._id ?? '');
    if (category && !paths.has(sub.name)) paths.set(sub.name, `/${slugify(category.name)}-${category._id}/${slugify(sub.name)}-${sub._id}`);
  }
  return paths;
}

for (const language of ['ta', 'si'] as const) {
  test(`a shopper reading ${LANGUAGE_NAMES[language]} at 360 px reads every seeded product's name, unit, badge and sheet rows in it`, async ({ page, request }, info) => {
    const config = (await call<ShopConfigWire>(request, null, 'GET', ENDPOINTS.shop.config.path)).body.data;
    const listings = await shelves(request);
    const bySlug = seededBySlug();
    await readIn(page, language);

    // The banner: this server opens around the present (not the default hours), and the banner says so.
    expect(config.shopHours).not.toBe(DEFAULT_SHOP_HOURS);
    await page.goto('/');
    const texts = bannerTexts(config.shopHours);
    const bannerPattern = new RegExp(`^(${texts.map((t) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})$`);
    await expect(page.getByTestId('delivery-banner')).toHaveText(bannerPattern);
    expect(texts.join(' ')).not.toContain('6.30AM - 11.00PM');

    // The category tiles: every name in the language.
    // the seeded categories' tiles (other walks make categories of their own on this shared server)
    const seededCategories = new Set(SEED_PRODUCTS.flatMap((p) => p.categories).map((name) => slugify(name)));
    const seededTileNames = async () =>
      (await page.locator('.category-tile__name').evaluateAll((els) => els.map((el) => [el.closest('a')?.getAttribute('href') ?? '', el.textContent ?? ''])))
        .filter(([href = '']) => seededCategories.has((href.split('/')[1] ?? '').replace(/-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, '')))
        .map(([, name = '']) => name);
    const tileNames = await seededTileNames();
    expect(tileNames.length).toBeGreaterThan(15);
    expect(tileNames.filter((name) => englishLeft(name).length > 0)).toEqual([]);
    await shot(page, info, `languages-${language}-home`);
    // the same home at a desktop's width: the banner's hours and every tile in the language
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(page.getByTestId('delivery-banner')).toHaveText(bannerPattern);
    expect((await seededTileNames()).filter((name) => englishLeft(name).length > 0)).toEqual([]);
    await shot(page, info, `languages-${language}-home-1280`);
    await page.setViewportSize({ width: 360, height: 740 });

    // The sheets to open on the way: every product with rows under its description, and the first of each category's.
    const firstOfCategory = new Map<string, SeedProduct>();
    for (const product of SEED_PRODUCTS) {
      const category = product.categories.find((c) => c !== 'All Product' && c !== 'Buy Brand') ?? '';
      if (!firstOfCategory.has(category)) firstOfCategory.set(category, product);
    }
    const sheets = new Set([...SEED_PRODUCTS.filter((p) => Object.keys(p.more_details).length > 0), ...firstOfCategory.values()]);
    const labels = new Set<string>();

    // Every shelf, every seeded card on it: the first shelf of a category opened by its address, the others by the
    // side panel's links and the sheets by tapping their cards, as a shopper moves (and without reloading the app).
    const seen = new Map<string, CardReport>();
    const problems: string[] = [];
    const byShelf = new Map<string, SeedProduct[]>();
    for (const product of SEED_PRODUCTS) byShelf.set(shelfOf(product), [...(byShelf.get(shelfOf(product)) ?? []), product]);
    let category = '';
    for (const [shelf, products] of byShelf) {
      const listing = listings.get(shelf);
      expect(listing, shelf).toBeDefined();
      const categoryPart = (listing ?? '').split('/')[1] ?? '';
      if (categoryPart !== category) await page.goto(listing ?? '/');
      else await page.locator(`.listing__subs a[href="${listing}"]`).click();
      category = categoryPart;
      await expect(page).toHaveURL((url) => url.pathname === listing);
      const wanted = new Set(products.map((p) => slugify(p.name)));
      const shown = async () => {
        const cards = await readCards(page);
        return cards.filter((c) => wanted.has(PRODUCT_HREF.exec(c.href)?.[1] ?? ''));
      };
      // The first page holds 8 cards; the next come as the shelf scrolls: each look scrolls to the end while some are missing.
      let cards: CardReport[] = [];
      await expect
        .poll(async () => {
          cards = await shown();
          if (cards.length < wanted.size) await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
          return cards.length;
        }, { message: `${shelf}: every seeded card` })
        .toBe(wanted.size);
      for (const card of cards) {
        const product = bySlug.get(PRODUCT_HREF.exec(card.href)?.[1] ?? '');
        if (!product) continue;
        seen.set(product.name, card);
        if (card.name === product.name || englishLeft(card.name).length > 0) problems.push(`name of ${product.name}: "${card.name}"`);
        if (englishLeft(card.unit).length > 0) problems.push(`unit of ${product.name}: "${card.unit}"`);
        if (card.off !== null && englishLeft(card.off).length > 0) problems.push(`badge of ${product.name}: "${card.off}"`);
        if (product.discount > 0 && card.off === null) problems.push(`no badge on ${product.name}`);
        problems.push(...card.badBreaks.map((cut) => `${product.name} breaks inside a word: ${cut}`));
      }
      if (shelf === 'Local Vegetables' || shelf === 'Deal') await shot(page, info, `languages-${language}-${slugify(shelf)}`);

      for (const product of products.filter((p) => sheets.has(p))) {
        const card = seen.get(product.name);
        await page.locator(`a.product-card__link[href="${card?.href ?? ''}"]`).click();
        const sheet = page.getByRole('dialog');
        await expect(sheet.getByRole('heading', { level: 2 })).toHaveText(card?.name ?? '');
        await expect(sheet.locator('.sheet__detail')).toHaveCount(Object.keys(product.more_details).length);
        const read = await sheet.evaluate((el) => ({
          unit: el.querySelector('.sheet__unit')?.textContent ?? '',
          off: el.querySelector('.sheet__buy .price__off')?.textContent ?? '',
          rows: [...el.querySelectorAll('.sheet__detail')].map((row) => [row.querySelector('dt')?.textContent ?? '', row.querySelector('dd')?.textContent ?? '']),
          // its own variations (the in-stock neighbours an out-of-stock sheet offers are other products, some made by other walks)
          variations: [...el.querySelectorAll('.choose__text')].filter((v) => !v.closest('.in-stock')).map((v) => v.textContent ?? ''),
        }));
        const texts: Array<[string, string]> = [['unit', read.unit], ['badge', read.off], ...read.variations.map((v): [string, string] => ['variation', v])];
        for (const [dt = '', dd = ''] of read.rows) texts.push(['row label', dt], ['row value', dd]);
        for (const [what, text] of texts) if (englishLeft(text).length > 0) problems.push(`${what} on the sheet of ${product.name}: "${text}"`);
        for (const [dt = ''] of read.rows) labels.add(dt);
        if (product.name === 'Gotukola' || product.name === 'Full Cream Fresh Milk') await shot(page, info, `languages-${language}-sheet-${slugify(product.name)}`);
        if (product.name === 'Gotukola') await expectAccessible(page, info, `languages-${language}-sheet`);
        await page.keyboard.press('Escape');
        await expect(sheet).toBeHidden();
      }
    }
    expect(problems).toEqual([]);
    expect([...seen.keys()].sort()).toEqual(SEED_PRODUCTS.map((p) => p.name).sort());
    // A name that takes two lines is measured too: the walk is not only of one-line names.
    expect([...seen.values()].filter((c) => c.lines > 1).length).toBeGreaterThan(20);
    await expectAccessible(page, info, `languages-${language}-listing`);
    // Every label the seed's rows use was read (Origin, Shelf life, Storage, ...), each in the language.
    expect(labels.size).toBe(new Set(SEED_PRODUCTS.flatMap((p) => Object.keys(p.more_details))).size);

    // At a desktop's 1280 px: a shelf's seeded cards in the language with no name broken inside a word (measured as
    // above), and a sheet's unit and rows in the language.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(listings.get('Local Vegetables') ?? '/');
    const wantedWide = new Set((byShelf.get('Local Vegetables') ?? []).map((p) => slugify(p.name)));
    expect(wantedWide.size).toBeGreaterThan(5);
    let wide: CardReport[] = [];
    await expect
      .poll(async () => {
        wide = (await readCards(page)).filter((c) => wantedWide.has(PRODUCT_HREF.exec(c.href)?.[1] ?? ''));
        if (wide.length < wantedWide.size) await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        return wide.length;
      }, { message: 'Local Vegetables at 1280 px: every seeded card' })
      .toBe(wantedWide.size);
    const wideProblems = wide.flatMap((c) => [
      ...c.badBreaks.map((cut) => `breaks inside a word at 1280 px: ${cut}`),
      ...(englishLeft(c.name).length > 0 ? [`name at 1280 px: "${c.name}"`] : []),
      ...(englishLeft(c.unit).length > 0 ? [`unit at 1280 px: "${c.unit}"`] : []),
    ]);
    expect(wideProblems).toEqual([]);
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, info, `languages-${language}-local-vegetables-1280`);
    const gotukola = seen.get('Gotukola');
    await page.goto(gotukola?.href ?? '/');
    const wideSheet = page.getByRole('dialog');
    await expect(wideSheet.getByRole('heading', { level: 2 })).toHaveText(gotukola?.name ?? '');
    await expect(wideSheet.locator('.sheet__detail')).toHaveCount(2);
    const wideRows = await wideSheet.locator('.sheet__detail dt, .sheet__detail dd, .sheet__unit').allTextContents();
    expect(wideRows.filter((text) => englishLeft(text).length > 0)).toEqual([]);
    await shot(page, info, `languages-${language}-sheet-gotukola-1280`);
  });
}
