// Other sites cannot act for a shopper: a browser lets any page post a form (urlencoded, multipart or
// text/plain) to the shop with the shopper's cookies, without asking. Calls that change something take JSON
// (which only our own pages can send) or nothing, and answer 415 to anything else, before the route runs.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_COOKIE, REFRESH_COOKIE } from '../src/http/auth';
import { createAccount, DB_KINDS, insertProduct, rawRequest, startTestServer, type TestServer } from './helpers';

type Envelope = { success: boolean; error: boolean; code?: string; message: string; field?: string; data?: unknown };

describe.each(DB_KINDS)('request bodies on %s', (kind) => {
  let server: TestServer;
  let shopper: Awaited<ReturnType<typeof createAccount>>;
  let admin: Awaited<ReturnType<typeof createAccount>>;
  let cookie: string;
  let productId: string;

  beforeAll(async () => {
    server = await startTestServer(kind);
    shopper = await createAccount(server);
    admin = await createAccount(server, { role: 'ADMIN' });
    cookie = `${ACCESS_COOKIE}=${shopper.accessToken}`; // cookie auth, as a browser sends it to any site's form post
    productId = await insertProduct(server, { name: 'Samba Rice 1kg', price: 290, stock: 20 });
  });
  afterAll(async () => {
    await server?.stop();
  });

  const cartRows = async () => (await server.db.knex('cart_items').where({ user_id: shopper.id }).select('product_id', 'quantity')) as Array<{ product_id: string; quantity: number }>;

  function expect415(res: { status: number; body: unknown }) {
    expect(res.status).toBe(415);
    expect(res.body).toMatchObject({
      success: false,
      error: true,
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: 'Send the request body as JSON (Content-Type: application/json).',
      field: 'content-type',
    } satisfies Partial<Envelope>);
  }

  it.each([
    ['a form (application/x-www-form-urlencoded)', 'application/x-www-form-urlencoded', () => `productId=${productId}`],
    ['text/plain holding JSON', 'text/plain', () => JSON.stringify({ productId })],
    ['text/plain with a charset', 'text/plain; charset=utf-8', () => JSON.stringify({ productId })],
    ['multipart/form-data', 'multipart/form-data; boundary=x', () => `--x\r\nContent-Disposition: form-data; name="productId"\r\n\r\n${productId}\r\n--x--\r\n`],
    ['application/xml', 'application/xml', () => `<productId>${productId}</productId>`],
  ])('refuses %s with the shopper\'s cookie: 415, and no cart line', async (_name, contentType, body) => {
    const res = await rawRequest(server, { method: 'POST', path: '/api/cart/create', headers: { cookie, 'content-type': contentType }, body: body() });
    expect415(res);
    expect(await cartRows()).toEqual([]);
  });

  it('refuses body bytes sent with no content type, declared or chunked, yet takes a call with no body at all', async () => {
    const body = JSON.stringify({ productId });
    expect415(await rawRequest(server, { method: 'POST', path: '/api/cart/create', headers: { cookie, 'content-length': String(Buffer.byteLength(body)) }, body }));
    expect415(await rawRequest(server, { method: 'POST', path: '/api/cart/create', headers: { cookie, 'transfer-encoding': 'chunked' }, body }));
    expect(await cartRows()).toEqual([]);

    // refresh-token takes no body: as the web app sends it (fetch(), Content-Length: 0) ...
    const session = await createAccount(server);
    const viaFetch = await server.api<Envelope & { data: { refreshToken: string } }>('POST', '/api/user/refresh-token', undefined, { cookie: `${REFRESH_COOKIE}=${session.refreshToken}` });
    expect(viaFetch.status).toBe(200);
    // ... and as node's http.request sends it (no length, an empty chunked body)
    const viaNode = await rawRequest(server, { method: 'POST', path: '/api/user/refresh-token', headers: { cookie: `${REFRESH_COOKIE}=${viaFetch.body.data.refreshToken}` } });
    expect(viaNode.status).toBe(200);
  });

  it('refuses a form on PUT and DELETE too, and leaves the line as it was', async () => {
    const added = await server.api<Envelope & { data: { _id: string } }>('POST', '/api/cart/create', { productId }, { cookie });
    expect(added.status).toBe(200);
    const itemId = added.body.data._id;
    const form = { cookie, 'content-type': 'application/x-www-form-urlencoded' };
    expect415(await rawRequest(server, { method: 'PUT', path: '/api/cart/update-qty', headers: form, body: `_id=${itemId}&qty=5` }));
    expect415(await rawRequest(server, { method: 'DELETE', path: '/api/cart/delete-cart-item', headers: form, body: `_id=${itemId}` }));
    expect(await cartRows()).toEqual([{ product_id: productId, quantity: 1 }]);
    await server.db.knex('cart_items').where({ user_id: shopper.id }).del();
  });

  it('takes JSON with the cookie, in any spelling of the type, and not the same body as text/plain', async () => {
    const body = JSON.stringify({ productId });
    expect415(await rawRequest(server, { method: 'POST', path: '/api/cart/create', headers: { cookie, 'content-type': 'text/plain' }, body }));
    expect(await cartRows()).toEqual([]);
    for (const contentType of ['application/json', 'application/json; charset=utf-8', 'Application/JSON']) {
      const res = await rawRequest(server, { method: 'POST', path: '/api/cart/create', headers: { cookie, 'content-type': contentType }, body });
      expect(res.status, contentType).toBe(200);
      expect(res.body).toMatchObject({ success: true, message: 'Item added' });
    }
    expect(await cartRows()).toEqual([{ product_id: productId, quantity: 1 }]);
  });

  it('takes multipart only at the upload: a JSON route answers it 415, and the upload answers JSON 415', async () => {
    const png = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#2a9d8f' } }).png().toBuffer();
    const image = () => {
      const form = new FormData();
      form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'rice.png');
      return form;
    };
    const toJsonRoute = await fetch(`${server.url}/api/category/add-category`, { method: 'POST', headers: admin.auth, body: image() });
    expect415({ status: toJsonRoute.status, body: await toJsonRoute.json() });
    expect(Number((await server.db.knex('categories').count('* as n').first())?.n)).toBe(0);

    const json = await server.api<Envelope>('POST', '/api/file/upload', { image: 'x' }, admin.auth);
    expect(json.status).toBe(415);
    expect(json.body.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    const uploaded = await fetch(`${server.url}/api/file/upload`, { method: 'POST', headers: admin.auth, body: image() });
    expect(uploaded.status).toBe(201);
  });
});
