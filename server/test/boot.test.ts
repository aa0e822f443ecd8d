// The pages the server sends carry what the first screen needs (shared/src/boot.ts), so a phone renders the
// shop without three requests after the script: over real HTTP, compared with what the API answers.
import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BOOT_ELEMENT_ID,
  FIRST_SCREEN_CARDS,
  HOME_BANNER_SIZES,
  homeBannerImage,
  imageAt,
  imageSrcSet,
  listingPath,
  PRODUCT_CARD_SIZES,
  type BootWire,
  type CardProductWire,
  type CategoryWire,
  type HomeWire,
  type ProductWire,
  type SubCategoryWire,
} from '@kade/shared';
import { firstPaintHtml } from '../src/http/first-paint';
import { BANNER_KEY } from '../src/modules/shop/banner';
import { DB_KINDS, insertProduct, startTestServer, type TestServer, OPEN_NOW } from './helpers';

const INDEX = '<!doctype html><html lang="en"><head><title>Kade shop</title></head><body><div id="root"></div></body></html>';
const HOSTILE = 'Snacks</script><script>alert(1)</script><!--';

/** The boot data in a page, or undefined when it has none. */
function bootOf(html: string): BootWire | undefined {
  const match = new RegExp(`<script type="application/json" id="${BOOT_ELEMENT_ID}">([^<]*)</script>`).exec(html);
  return match ? (JSON.parse(match[1] as string) as BootWire) : undefined;
}

/** A product as its card draws it (what the boot data keeps of each). */
const card = (p: ProductWire | HomeWire['deals'][number]): CardProductWire => ({ _id: p._id, name: p.name, nameSi: p.nameSi, nameTa: p.nameTa, image: p.image, unit: p.unit, stock: p.stock, totalStock: p.totalStock, price: p.price, discount: p.discount, single_quantity: p.single_quantity, category: p.category.map((c) => ({ _id: c._id, name: c.name })) });

/** The image preloads in a page's head, as written. */
function imagePreloads(html: string): string[] {
  return [...html.slice(0, html.indexOf('</head>')).matchAll(/<link rel="preload" as="image"[^>]*>/g)].map((m) => m[0]);
}

/** The preload a product card's picture needs to be used by the card: its 480 px file, its candidates and the card's sizes. */
function cardPreload(product: CardProductWire): string {
  const url = product.image[0];
  return `<link rel="preload" as="image" fetchpriority="high" href="${imageAt(url, 480)}" imagesrcset="${imageSrcSet(url)}" imagesizes="${PRODUCT_CARD_SIZES}">`;
}

/**
 * The first cards a first paint draws in `root`: FIRST_SCREEN_CARDS of them, in `items`' order, each picture as its
 * card asks for it (escaped), an empty box for a product without one. Answers each card's <img>, or null.
 */
function expectFirstCards(root: string, items: ReadonlyArray<{ image: readonly string[] }>): Array<string | null> {
  const cards = [...root.matchAll(/<article class="product-card"><div class="product-card__link"><div class="product-card__media">(<img [^>]*>)?<\/div>/g)].map((m) => m[1] ?? null);
  expect(cards).toHaveLength(FIRST_SCREEN_CARDS);
  const escaped = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  cards.forEach((drawn, i) => {
    const url = items[i]?.image[0];
    if (!url) return expect(drawn).toBeNull();
    const srcset = imageSrcSet(url);
    return expect(drawn).toBe(`<img src="${escaped(imageAt(url, 480))}"${srcset ? ` srcset="${srcset}" sizes="${PRODUCT_CARD_SIZES}"` : ''} alt="" width="240" height="240" fetchpriority="high">`);
  });
  return cards;
}

describe.each(DB_KINDS)('boot data in the pages on %s', (kind) => {
  let server: TestServer;
  let dist: string;

  beforeAll(async () => {
    dist = mkdtempSync(path.join(os.tmpdir(), 'kade-boot-'));
    writeFileSync(path.join(dist, 'index.html'), INDEX);
    server = await startTestServer(kind, { env: { WEB_DIST_DIR: dist, ...OPEN_NOW } });
    await insertProduct(server, { name: 'Boot Test Samba Rice 5kg', price: 1450, stock: 20, categories: [HOSTILE], subCategories: ['Rice'] });
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(dist, { recursive: true, force: true });
  });

  it('writes the settings, the category lists and the home shelves into the home page, as the API answers them', async () => {
    const page = await fetch(`${server.url}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.headers.get('cache-control')).toBe('no-cache');
    const html = await page.text();
    expect(html).toContain('<title>Kade shop</title>');
    expect(html.indexOf(BOOT_ELEMENT_ID)).toBeLessThan(html.indexOf('</head>'));
    const boot = bootOf(html);
    const [config, categories, subCategories, home] = await Promise.all([
      server.api<{ data: unknown }>('GET', '/api/shop/config'),
      server.api<{ data: unknown }>('GET', '/api/category/get'),
      server.api<{ data: unknown }>('POST', '/api/subcategory/get'),
      server.api<{ data: unknown }>('GET', '/api/product/home'),
    ]);
    expect({ ...boot?.config, serverTime: 'now' }).toEqual({ ...(config.body.data as object), serverTime: 'now' });
    expect(boot?.categories).toEqual(categories.body.data);
    expect(boot?.subCategories).toEqual(subCategories.body.data);
    // the shelves as the API answers them, each product cut to what its card draws
    const answered = home.body.data as HomeWire;
    expect(answered.strips.length).toBeGreaterThan(0);
    expect(boot?.home).toEqual({ deals: answered.deals.map(card), strips: answered.strips.map((strip) => ({ category: strip.category, products: strip.products.map(card) })) });
    const rice = boot?.home?.strips.flatMap((strip) => strip.products).find((p) => p.name === 'Boot Test Samba Rice 5kg');
    expect(rice).toMatchObject({ price: 1450, stock: 20 });
    expect(rice?.category.map((c) => c.name)).toContain(HOSTILE);
    expect(Object.keys(rice ?? {})).not.toContain('description');
    expect(Object.keys(rice ?? {})).not.toContain('subCategory');
  });

  it('keeps a name that looks like HTML inside the JSON: it cannot end the element or open a script', async () => {
    const html = await (await fetch(`${server.url}/`)).text();
    expect(html).not.toContain('</script><script>alert(1)');
    expect(html).not.toContain('<!--');
    expect(bootOf(html)?.categories?.map((c) => c.name)).toContain(HOSTILE);
  });

  it('gives other shop pages the settings and lists but not the home shelves, and the dashboard nothing', async () => {
    const search = bootOf(await (await fetch(`${server.url}/search?q=rice`)).text());
    expect(search?.config?.name).toBeTruthy();
    expect(search?.categories?.length).toBeGreaterThan(0);
    expect(search?.home).toBeUndefined();
    const dashboard = await (await fetch(`${server.url}/dashboard/pending`)).text();
    expect(dashboard).toContain('<title>Kade shop</title>');
    expect(bootOf(dashboard)).toBeUndefined();
  });

  it('tells the app shell apart by the user agent, as the config call does', async () => {
    const token = server.config.appShell.uaToken;
    const inside = bootOf(await (await fetch(`${server.url}/`, { headers: { 'user-agent': `Mozilla/5.0 (Linux) ${token}/1.0` } })).text());
    const outside = bootOf(await (await fetch(`${server.url}/`, { headers: { 'user-agent': 'Mozilla/5.0 (Linux)' } })).text());
    expect(inside?.config?.insideShell).toBe(true);
    expect(outside?.config?.insideShell).toBe(false);
  });

  it('has the browser fetch the home banner from the head, as the banner image asks for it, and only on the home page', async () => {
    const banner = `/files/${'b'.repeat(32)}-480.webp`;
    await server.db.knex('app_meta').insert({ key: BANNER_KEY, value: JSON.stringify({ url: banner }) }).onConflict('key').merge();
    const html = await (await fetch(`${server.url}/`)).text();
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain(`<link rel="preload" as="image" fetchpriority="high" href="${imageAt(banner, 1024)}" imagesrcset="${imageSrcSet(banner)}" imagesizes="${HOME_BANNER_SIZES}">`);
    expect(bootOf(html)?.config?.banner?.url).toBe(banner);
    expect(await (await fetch(`${server.url}/search?q=rice`)).text()).not.toContain(imageAt(banner, 1024));
    // a built page names its style sheet and scripts: the picture goes after the sheet and before every script
    const built = INDEX.replace('</head>', '<link rel="stylesheet" href="/assets/index-A.css"><script type="module" src="/assets/index-B.js"></script><link rel="modulepreload" href="/assets/c-C.js"></head>');
    writeFileSync(path.join(dist, 'index.html'), built);
    utimesSync(path.join(dist, 'index.html'), new Date(Date.now() + 60_000), new Date(Date.now() + 60_000));
    try {
      const page = await (await fetch(`${server.url}/`)).text();
      const at = (text: string) => page.indexOf(text);
      expect(at('rel="preload" as="image"')).toBeGreaterThan(at('rel="stylesheet"'));
      expect(at('rel="preload" as="image"')).toBeLessThan(at('<script type="module"'));
      expect(page.match(/rel="preload" as="image"/g)).toHaveLength(1);
    } finally {
      writeFileSync(path.join(dist, 'index.html'), INDEX);
      utimesSync(path.join(dist, 'index.html'), new Date(Date.now() + 120_000), new Date(Date.now() + 120_000));
    }
  });

  it("draws the home's header frame and banner inside #root with the page, hidden from screen readers, for the shopper only", async () => {
    const banner = `/files/${'c'.repeat(32)}-480.webp`;
    await server.db.knex('app_meta').insert({ key: BANNER_KEY, value: JSON.stringify({ url: banner }) }).onConflict('key').merge();
    const rootOf = (html: string) => html.slice(html.indexOf('<div id="root">'), html.indexOf('</body>'));
    const shell = { 'user-agent': `Mozilla/5.0 (Linux) ${server.config.appShell.uaToken}/1.0` };
    const root = rootOf(await (await fetch(`${server.url}/`, { headers: shell })).text());
    expect(root).toMatch(/^<div id="root"><div class="frame first-paint" aria-hidden="true">/);
    // the same picture the home page asks for, so the browser fetches it once
    expect(root).toContain(`<img class="home__banner" src="${imageAt(banner, 1024)}" srcset="${imageSrcSet(banner)}" sizes="${HOME_BANNER_SIZES}" alt=""`);
    expect(root).toContain(`<span class="header__logo">${server.config.shop.name}</span>`);
    // other pages, and a visitor the app-shell gate turns away, get the empty root the script fills
    expect(rootOf(await (await fetch(`${server.url}/about`, { headers: shell })).text())).toBe('<div id="root"></div>');
    const gated = await startTestServer(kind, { env: { WEB_DIST_DIR: dist, APP_SHELL_ONLY: 'true' } });
    try {
      await gated.db.knex('app_meta').insert({ key: BANNER_KEY, value: JSON.stringify({ url: banner }) }).onConflict('key').merge();
      expect(rootOf(await (await fetch(`${gated.url}/`, { headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64)' } })).text())).toBe('<div id="root"></div>');
      expect(rootOf(await (await fetch(`${gated.url}/`, { headers: shell })).text())).toContain('first-paint');
    } finally {
      await gated.stop();
    }
  });

  it("escapes the shop's name in the first paint", () => {
    const html = firstPaintHtml({ shopName: HOSTILE, page: 'home', banner: homeBannerImage('/files/x.webp') });
    expect(html).not.toContain('<script>');
    expect(html).toContain('Snacks&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;!--');
  });

  it("names the first screen's scripts in the head: the page's own (home, a listing, search) and the catalogue of the phone's language, only the build's own files", async () => {
    const preloads = (html: string) => [...html.slice(0, html.indexOf('</head>')).matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);
    // before the build has written the list: nothing named, the page still goes out
    expect(preloads(await (await fetch(`${server.url}/`)).text())).toEqual([]);
    const first = {
      home: ['/assets/home-page-AAAA.js', '/assets/product-card-BBBB.js', '/files/not-a-script.webp', '/assets/"><script>x</script>.js'],
      listing: ['/assets/listing-page-LLLL.js', '/assets/product-card-BBBB.js', '/assets/listing-page-LLLL.css', '/assets/"><b>.css'],
      search: ['/assets/search-page-SSSS.js'],
      languages: { en: ['/assets/shop-EN.js'], si: ['/assets/shop-SI.js'], ta: ['/assets/shop-TA.js'] },
    };
    // a build writes the list beside a new index.html: the server reads both again when index.html changes
    let builds = 0;
    const build = (list: string | undefined) => {
      if (list === undefined) rmSync(path.join(dist, 'first-modules.json'));
      else writeFileSync(path.join(dist, 'first-modules.json'), list);
      builds += 1;
      const later = new Date(Date.now() + builds * 1000);
      utimesSync(path.join(dist, 'index.html'), later, later);
    };
    build(JSON.stringify(first));
    const home = await (await fetch(`${server.url}/`, { headers: { 'accept-language': 'ta-LK,ta;q=0.9,en;q=0.8' } })).text();
    expect(preloads(home)).toEqual(['/assets/home-page-AAAA.js', '/assets/product-card-BBBB.js', '/assets/shop-TA.js']);
    expect(bootOf(home)?.home).toBeDefined();
    // the search page and a listing name their own; another page only the catalogue; a phone asking for no
    // language of the shop gets English
    expect(preloads(await (await fetch(`${server.url}/search?q=rice`, { headers: { 'accept-language': 'si' } })).text())).toEqual(['/assets/search-page-SSSS.js', '/assets/shop-SI.js']);
    const subs = (await server.api<{ data: SubCategoryWire[] }>('POST', '/api/subcategory/get')).body.data;
    const rice = subs.find((sub) => sub.name === 'Rice');
    const category = (await server.api<{ data: CategoryWire[] }>('GET', '/api/category/get')).body.data.find((c) => c.name === HOSTILE);
    if (!rice || !category) throw new Error('the test product has no listing');
    const listingPage = await (await fetch(`${server.url}${listingPath(category, rice)}`)).text();
    expect(preloads(listingPage)).toEqual(['/assets/listing-page-LLLL.js', '/assets/product-card-BBBB.js', '/assets/shop-EN.js']);
    // and the listing chunk's style sheet, fetched (as the app's loader will ask for it) but not applied
    const sheets = [...listingPage.slice(0, listingPage.indexOf('</head>')).matchAll(/<link rel="preload" as="style"[^>]*>/g)].map((m) => m[0]);
    expect(sheets).toEqual(['<link rel="preload" as="style" crossorigin href="/assets/listing-page-LLLL.css">']);
    expect(preloads(await (await fetch(`${server.url}/about`)).text())).toEqual(['/assets/shop-EN.js']);
    // a path of two parts that names no sub-category is not a listing
    expect(preloads(await (await fetch(`${server.url}/${listingPath(category, rice).split('/')[1]}/no-such-shelf-0`)).text())).toEqual(['/assets/shop-EN.js']);
    expect(preloads(await (await fetch(`${server.url}/`, { headers: { 'accept-language': 'fr-FR' } })).text())).toContain('/assets/shop-EN.js');
    expect(preloads(await (await fetch(`${server.url}/dashboard/pending`)).text())).toEqual([]);
    // a broken list is ignored, not a failed page
    build('{ not json');
    const after = await fetch(`${server.url}/`);
    expect(after.status).toBe(200);
    expect(preloads(await after.text())).toEqual([]);
    // the next build's list is read, and a build without one names nothing again
    build(JSON.stringify({ home: ['/assets/home-page-CCCC.js'] }));
    expect(preloads(await (await fetch(`${server.url}/`)).text())).toEqual(['/assets/home-page-CCCC.js']);
    build(undefined);
    expect(preloads(await (await fetch(`${server.url}/`)).text())).toEqual([]);
  });

  it("writes a listing's first page into that listing, and has the browser fetch its first cards' pictures from the head as the cards ask for them", async () => {
    // a shelf of 10 (a page of 8 and more), each product with an uploaded picture
    for (let i = 0; i < 10; i += 1) {
      const id = await insertProduct(server, { name: `Boot Shelf Lentils ${i}`, price: 300 + i, stock: 5, categories: ['Boot Shelf'], subCategories: ['Boot Sub'] });
      await server.db.knex('products').where({ id }).update({ images: JSON.stringify([`/files/${String(i).repeat(32)}-480.webp`]) });
    }
    const category = (await server.api<{ data: CategoryWire[] }>('GET', '/api/category/get')).body.data.find((c) => c.name === 'Boot Shelf');
    const sub = (await server.api<{ data: SubCategoryWire[] }>('POST', '/api/subcategory/get')).body.data.find((c) => c.name === 'Boot Sub');
    if (!category || !sub) throw new Error('the test shelf is missing');
    const html = await (await fetch(`${server.url}${listingPath(category, sub)}`)).text();
    const listing = bootOf(html)?.listing;
    const first = await server.api<{ data: ProductWire[]; hasMore: boolean; nextCursor: string | null }>('POST', '/api/product/get-pruduct-by-category-and-subcategory', { categoryId: category._id, subCategoryId: sub._id, page: 1, limit: 8 });
    // the API's first page (in the page's own shuffled order), each product cut to its card, and where the next starts
    expect(listing).toMatchObject({ categoryId: category._id, subCategoryId: sub._id, hasMore: true, nextCursor: first.body.nextCursor });
    expect(first.body.nextCursor).toBeTruthy();
    const byId = (a: { _id: string }, b: { _id: string }) => a._id.localeCompare(b._id);
    expect([...(listing?.items ?? [])].sort(byId)).toEqual(first.body.data.map(card).sort(byId));
    expect(Object.keys(listing?.items[0] ?? {})).not.toContain('description');
    // the first screen's cards' pictures, in the order the page draws them, as each card's <img> asks for them
    expect(imagePreloads(html)).toEqual((listing?.items ?? []).slice(0, FIRST_SCREEN_CARDS).map(cardPreload));
    expect(imagePreloads(html)).toHaveLength(FIRST_SCREEN_CARDS);
    // the page before any script: pictures after the style sheet are fine, but the JSON stays in the head
    expect(html.indexOf(BOOT_ELEMENT_ID)).toBeLessThan(html.indexOf('</head>'));
    // a path whose first part names no category the shop has: no listing, no pictures
    const stray = await (await fetch(`${server.url}/nothing-${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}/${listingPath(category, sub).split('/')[2]}`)).text();
    expect(bootOf(stray)?.listing).toBeUndefined();
    expect(imagePreloads(stray)).toEqual([]);
    // other pages carry no listing
    expect(bootOf(await (await fetch(`${server.url}/`)).text())?.listing).toBeUndefined();
  });

  it("draws a listing's first paint inside #root: the header frame, its sub-categories' pictures with the open one marked, and its first cards' pictures as the cards ask for them", async () => {
    const rootOf = (html: string) => html.slice(html.indexOf('<div id="root">'), html.indexOf('</body>'));
    const ids: string[] = [];
    for (let i = 0; i < 6; i += 1) {
      ids.push(await insertProduct(server, { name: `Paint Shelf Jaggery ${i}`, price: 200 + i, stock: 5, categories: ['Paint Shelf'], subCategories: [i < 5 ? 'Paint Sub A' : 'Paint Sub B'] }));
    }
    // pictures for all but one, and one whose stored address would end an attribute if written as it is
    for (const [i, id] of ids.entries()) {
      const image = i === 0 ? [] : i === 1 ? ['/files/x"><script>alert(1)</script>.webp'] : [`/files/${String(i).repeat(32)}-480.webp`];
      await server.db.knex('products').where({ id }).update({ images: JSON.stringify(image) });
    }
    const category = (await server.api<{ data: CategoryWire[] }>('GET', '/api/category/get')).body.data.find((c) => c.name === 'Paint Shelf');
    const subs = (await server.api<{ data: SubCategoryWire[] }>('POST', '/api/subcategory/get')).body.data;
    const [a, b] = [subs.find((c) => c.name === 'Paint Sub A'), subs.find((c) => c.name === 'Paint Sub B')];
    if (!category || !a || !b) throw new Error('the test shelf is missing');
    // both sub-categories under the category (as the admin's form links them), B with a picture of its own
    await server.db.knex('sub_category_categories').insert([a, b].map((sub) => ({ sub_category_id: sub._id, category_id: category._id })));
    await server.db.knex('sub_categories').where({ id: b._id }).update({ image: `/files/${'e'.repeat(32)}-480.webp` });
    // the lists are kept in memory and dropped by the change's notice: read until the page has both
    const pageOf = async () => (await fetch(`${server.url}${listingPath(category, a)}`)).text();
    const underCategory = (html: string) => (bootOf(html)?.subCategories ?? []).filter((sub) => sub.category.some((c) => c._id === category._id));
    await expect.poll(async () => underCategory(await pageOf()).map((sub) => sub.image)).toContain(`/files/${'e'.repeat(32)}-480.webp`);
    const html = await pageOf();
    const root = rootOf(html);
    expect(root).toMatch(/^<div id="root"><div class="frame first-paint" aria-hidden="true"><header class="header">/);
    expect(root).toContain(`<span class="header__logo">${server.config.shop.name}</span>`);
    // the category's sub-categories in the order the boot data lists them (the app's), the open one marked
    const listed = underCategory(html);
    expect(listed.map((sub) => sub.name)).toEqual(['Paint Sub A', 'Paint Sub B']);
    const drawnSubs = [...root.matchAll(/<span class="listing__sub( active)?"><img src="([^"]*)"/g)].map((m) => ({ active: Boolean(m[1]), src: m[2] }));
    expect(drawnSubs).toEqual(listed.map((sub) => ({ active: sub._id === a._id, src: imageAt(sub.image, 160) })));
    expect(drawnSubs.filter((sub) => sub.active)).toHaveLength(1);
    expect(drawnSubs[1]?.src).toBe(`/files/${'e'.repeat(32)}-160.webp`);
    // the first cards in the page's own order: each picture as its card asks for it (and the head preloads it);
    // a product without a picture keeps its box
    const items = bootOf(html)?.listing?.items ?? [];
    expect(items).toHaveLength(5);
    expectFirstCards(root, items);
    expect(root).not.toContain('<script>alert(1)');
    // no word but the shop's name, and nothing that takes focus
    expect(root.replace(/<[^>]*>/g, '').replace(/&nbsp;/g, '')).toBe(server.config.shop.name);
    expect(root).not.toMatch(/<a |<input|tabindex|<button(?![^>]*disabled)/);
    // a listing of a category the shop lacks gets the empty root the script fills
    expect(rootOf(await (await fetch(`${server.url}/nothing-${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}/${listingPath(category, a).split('/')[2]}`)).text())).toBe('<div id="root"></div>');
  });

  it("draws a search's first paint inside #root: the open search box with the shopper's text (escaped), and the first results' pictures as the cards ask for them", async () => {
    const rootOf = (html: string) => html.slice(html.indexOf('<div id="root">'), html.indexOf('</body>'));
    for (let i = 0; i < 5; i += 1) {
      const id = await insertProduct(server, { name: `Paintsearch Kurakkan Flour ${i}`, price: 250 + i, stock: 5, categories: ['Paint Shelf'], subCategories: ['Paint Sub A'] });
      await server.db.knex('products').where({ id }).update({ images: JSON.stringify(i === 2 ? [] : [`/files/${String(i + 5).repeat(32)}-480.webp`]) });
    }
    const html = await (await fetch(`${server.url}/search?q=${encodeURIComponent('paintsearch kurakkan')}`)).text();
    const root = rootOf(html);
    expect(root).toMatch(/^<div id="root"><div class="frame first-paint" aria-hidden="true"><header class="header"><div class="header__search"><span class="search-bar search-bar--active">/);
    expect(root).toContain('<span class="search-bar__input search-bar__typed">paintsearch kurakkan</span>');
    // no top row on a search (the app hides it there), and no word but the shopper's own
    expect(root).not.toContain('header__logo');
    expect(root.replace(/<[^>]*>/g, '').replace(/&nbsp;/g, '')).toBe('paintsearch kurakkan');
    const items = bootOf(html)?.search?.items ?? [];
    expect(items).toHaveLength(5);
    const cards = expectFirstCards(root, items);
    expect(cards.filter((drawn) => drawn === null).length).toBe(items.slice(0, FIRST_SCREEN_CARDS).filter((item) => !item.image[0]).length);
    // the shopper's text cannot open an element in the page
    const hostile = rootOf(await (await fetch(`${server.url}/search?q=${encodeURIComponent(HOSTILE)}`)).text());
    expect(hostile).not.toContain('<script>alert(1)');
    expect(hostile).toContain(`<span class="search-bar__input search-bar__typed">${HOSTILE.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')}</span>`);
    // the search page with no text, and the shop's other pages, get the empty root the script fills
    expect(rootOf(await (await fetch(`${server.url}/search`)).text())).toBe('<div id="root"></div>');
    expect(rootOf(await (await fetch(`${server.url}/about`)).text())).toBe('<div id="root"></div>');
  });

  it("writes the search page's first results for its text into it, with its first cards' pictures preloaded; none without a text", async () => {
    for (let i = 0; i < 3; i += 1) {
      const id = await insertProduct(server, { name: `Bootsearch Kithul Treacle ${i}`, price: 500 + i, stock: 5, categories: ['Boot Shelf'], subCategories: ['Boot Sub'] });
      await server.db.knex('products').where({ id }).update({ images: JSON.stringify([`/files/${'ab'.repeat(15)}0${i}-480.webp`]) });
    }
    const html = await (await fetch(`${server.url}/search?q=${encodeURIComponent(' bootsearch kithul ')}`)).text();
    const search = bootOf(html)?.search;
    const api = await server.api<{ data: ProductWire[]; totalPage: number; totalCount: number; totalCountExact: boolean }>('POST', '/api/product/search-product', { search: 'bootsearch kithul', page: 1 });
    expect(api.body.data).toHaveLength(3);
    expect(search).toEqual({ query: 'bootsearch kithul', items: api.body.data.map(card), totalPage: api.body.totalPage, totalCount: api.body.totalCount, totalCountExact: api.body.totalCountExact });
    expect(imagePreloads(html)).toEqual(api.body.data.map(card).slice(0, FIRST_SCREEN_CARDS).map(cardPreload));
    // no text: the page's hint, nothing searched
    const empty = await (await fetch(`${server.url}/search`)).text();
    expect(bootOf(empty)?.search).toBeUndefined();
    expect(imagePreloads(empty)).toEqual([]);
    expect(bootOf(await (await fetch(`${server.url}/search?q=%20`)).text())?.search).toBeUndefined();
    // the shopper's text goes back into the page only inside the boot JSON, where it cannot end the element
    const hostile = await (await fetch(`${server.url}/search?q=${encodeURIComponent(HOSTILE)}`)).text();
    expect(hostile).not.toContain('</script><script>alert(1)');
    expect(hostile).not.toContain('<!--');
    expect(bootOf(hostile)?.search?.query).toBe(HOSTILE);
  });

  it("gives the app-shell gate's visitor no products on a listing or a search", async () => {
    const gated = await startTestServer(kind, { env: { WEB_DIST_DIR: dist, APP_SHELL_ONLY: 'true' } });
    try {
      const shell = { 'user-agent': `Mozilla/5.0 (Linux) ${gated.config.appShell.uaToken}/1.0` };
      const browser = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64)' };
      await insertProduct(gated, { name: 'Gate Test Red Rice 1kg', price: 400, stock: 5, categories: ['Gate Shelf'], subCategories: ['Gate Sub'] });
      const category = (await gated.api<{ data: CategoryWire[] }>('GET', '/api/category/get')).body.data.find((c) => c.name === 'Gate Shelf');
      const sub = (await gated.api<{ data: SubCategoryWire[] }>('POST', '/api/subcategory/get')).body.data.find((c) => c.name === 'Gate Sub');
      if (!category || !sub) throw new Error('the test shelf is missing');
      const path = listingPath(category, sub);
      expect(bootOf(await (await fetch(`${gated.url}${path}`, { headers: shell })).text())?.listing?.items.length).toBeGreaterThan(0);
      const turnedAway = await (await fetch(`${gated.url}${path}`, { headers: browser })).text();
      expect(bootOf(turnedAway)?.listing).toBeUndefined();
      expect(imagePreloads(turnedAway)).toEqual([]);
      expect(turnedAway).not.toContain('first-paint');
      expect(bootOf(await (await fetch(`${gated.url}/search?q=red+rice`, { headers: shell })).text())?.search?.items.length).toBeGreaterThan(0);
      const turnedAwaySearch = await (await fetch(`${gated.url}/search?q=red+rice`, { headers: browser })).text();
      expect(bootOf(turnedAwaySearch)?.search).toBeUndefined();
      expect(turnedAwaySearch).not.toContain('first-paint');
    } finally {
      await gated.stop();
    }
  });

  it('compresses the page when the browser takes gzip', async () => {
    const zipped = await fetch(`${server.url}/`, { headers: { 'accept-encoding': 'gzip' } });
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    expect(zipped.headers.get('vary')).toContain('Accept-Encoding');
    expect(bootOf(await zipped.text())?.home).toBeDefined(); // fetch decodes it
    const plain = await fetch(`${server.url}/`, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(bootOf(await plain.text())?.home).toBeDefined();
  });
});
