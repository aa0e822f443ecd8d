// The pages the server sends carry what the first screen needs (shared/src/boot.ts), so a phone renders the
// shop without three requests after the script: over real HTTP, compared with what the API answers.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOT_ELEMENT_ID, HOME_BANNER_SIZES, imageAt, imageSrcSet, type BootWire } from '@kade/shared';
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
    expect(boot?.home).toEqual(home.body.data);
    expect(JSON.stringify(boot?.home)).toContain('Boot Test Samba Rice 5kg');
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
