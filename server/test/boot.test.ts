// The pages the server sends carry what the first screen needs (shared/src/boot.ts), so a phone renders the
// shop without three requests after the script: over real HTTP, compared with what the API answers.
import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOT_ELEMENT_ID, HOME_BANNER_SIZES, homeBannerImage, imageAt, imageSrcSet, listingPath, type BootWire, type CategoryWire, type HomeWire, type SubCategoryWire } from '@kade/shared';
import { firstPaintHtml } from '../src/http/first-paint';
import { BANNER_KEY } from '../src/seed/run';
import { DB_KINDS, insertProduct, startTestServer, type TestServer } from './helpers';

const INDEX = '<!doctype html><html lang="en"><head><title>Kade shop</title></head><body><div id="root"></div></body></html>';
const HOSTILE = 'Snacks</script><script>alert(1)</script><!--';

/** The boot data in a page, or undefined when it has none. */
function bootOf(html: string): BootWire | undefined {
  const match = new RegExp(`<script type="application/json" id="${BOOT_ELEMENT_ID}">([^<]*)</script>`).exec(html);
  return match ? (JSON.parse(match[1] as string) as BootWire) : undefined;
}

describe.each(DB_KINDS)('boot data in the pages on %s', (kind) => {
  let server: TestServer;
  let dist: string;

  beforeAll(async () => {
    dist = mkdtempSync(path.join(os.tmpdir(), 'kade-boot-'));
    writeFileSync(path.join(dist, 'index.html'), INDEX);
    server = await startTestServer(kind, { env: { WEB_DIST_DIR: dist, SHOP_HOURS: '00:00-23:59', FRESH_HOURS: '00:00-23:59' } });
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
    const card = (p: HomeWire['deals'][number]) => ({ _id: p._id, name: p.name, nameSi: p.nameSi, nameTa: p.nameTa, image: p.image, unit: p.unit, stock: p.stock, totalStock: p.totalStock, price: p.price, discount: p.discount, single_quantity: p.single_quantity, category: p.category.map((c) => ({ _id: c._id, name: c.name })) });
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
    expect(await (await fetch(`${server.url}/search?q=rice`)).text()).not.toContain('rel="preload" as="image"');
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
    expect(rootOf(await (await fetch(`${server.url}/search?q=rice`, { headers: shell })).text())).toBe('<div id="root"></div>');
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
    const html = firstPaintHtml({ shopName: HOSTILE, banner: homeBannerImage('/files/x.webp') });
    expect(html).not.toContain('<script>');
    expect(html).toContain('Snacks&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;!--');
  });

  it("names the first screen's scripts in the head: the page's own (home, a listing, search) and the catalogue of the phone's language, only the build's own files", async () => {
    const preloads = (html: string) => [...html.slice(0, html.indexOf('</head>')).matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);
    // before the build has written the list: nothing named, the page still goes out
    expect(preloads(await (await fetch(`${server.url}/`)).text())).toEqual([]);
    const first = {
      home: ['/assets/home-page-AAAA.js', '/assets/product-card-BBBB.js', '/files/not-a-script.webp', '/assets/"><script>x</script>.js'],
      listing: ['/assets/listing-page-LLLL.js', '/assets/product-card-BBBB.js'],
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
    expect(preloads(await (await fetch(`${server.url}${listingPath(category, rice)}`)).text())).toEqual(['/assets/listing-page-LLLL.js', '/assets/product-card-BBBB.js', '/assets/shop-EN.js']);
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
