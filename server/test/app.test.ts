import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import { gzipSync } from 'node:zlib';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelopeMiddleware } from '../src/http/envelope';
import { AppError } from '../src/http/errors';
import { createLogger } from '../src/logger';
import { storeImage } from '../src/modules/files/service';
import { DB_KINDS, startTestServer, type TestServer } from './helpers';

describe.each(DB_KINDS)('the server skeleton on %s', (kind) => {
  let server: TestServer;
  let dist: string;

  beforeAll(async () => {
    dist = mkdtempSync(path.join(os.tmpdir(), 'kade-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Kade shop</title><div id="root"></div>');
    writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log("shop")');
    writeFileSync(path.join(dist, 'assets', 'index-abc123.js.gz'), gzipSync('console.log("shop")'));
    writeFileSync(path.join(dist, 'service-worker.js'), 'self.addEventListener("fetch", () => {})');
    server = await startTestServer(kind, { env: { WEB_DIST_DIR: dist } });
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(dist, { recursive: true, force: true });
  });

  it('answers health with the database kind and that it is reachable', async () => {
    const res = await server.api<{ success: boolean; error: boolean; data: { status: string; database: { kind: string; reachable: boolean } } }>('GET', '/api/health');
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.error).toBe(false);
    expect(res.body.data.status).toBe('ok');
    expect(res.body.data.database).toEqual({ kind, reachable: true });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('gives every answer a request id, and keeps a sane one the caller sent', async () => {
    const own = await server.api('GET', '/api/health');
    expect(own.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const sent = await server.api('GET', '/api/health', undefined, { 'x-request-id': 'counter-1-abcdef' });
    expect(sent.headers.get('x-request-id')).toBe('counter-1-abcdef');
  });

  it('sends security headers', async () => {
    const res = await server.api('GET', '/api/health');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
  });

  it('answers an unknown API path with a 404 envelope naming it', async () => {
    const res = await server.api<{ success: boolean; code: string; message: string }>('GET', '/api/nothing-here');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ success: false, error: true, code: 'NOT_FOUND' });
    expect(res.body.message).toContain('/api/nothing-here');
  });

  it('answers a malformed JSON body with 400, not 500', async () => {
    const res = await server.api<{ code: string; message: string }>('POST', '/api/health', '{"name": ');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, error: true, message: 'The request body is not valid JSON.' });
  });

  it('answers a body over the limit with 413', async () => {
    const res = await server.api<{ code: string }>('POST', '/api/health', JSON.stringify({ text: 'x'.repeat(600 * 1024) }));
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ success: false, code: 'PAYLOAD_TOO_LARGE' });
  });

  it('answers a wrong method on a known path with 405', async () => {
    const res = await server.api<{ code: string }>('DELETE', '/api/health');
    expect(res.status).toBe(405);
    expect(res.body).toMatchObject({ success: false, code: 'METHOD_NOT_ALLOWED' });
  });

  it('serves the web app: index.html for app routes, hashed assets cached for a year', async () => {
    for (const route of ['/', '/search?q=milk', '/dashboard/pending', '/product/milk-123']) {
      const page = await fetch(server.url + route);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<title>Kade shop</title>');
      expect(page.headers.get('cache-control')).toBe('no-cache');
    }
    const asset = await fetch(server.url + '/assets/index-abc123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const worker = await fetch(server.url + '/service-worker.js');
    expect(await worker.text()).toContain('addEventListener');
    expect(worker.headers.get('cache-control')).toBe('no-cache');
    const missingAsset = await fetch(server.url + '/assets/gone-000.js');
    expect(missingAsset.status).toBe(404);
  });

  it('sends the build\'s precompressed copy of a file when the browser accepts it', async () => {
    const compressed = await fetch(server.url + '/assets/index-abc123.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(compressed.headers.get('content-encoding')).toBe('gzip');
    expect(compressed.headers.get('vary')).toContain('Accept-Encoding');
    expect(await compressed.text()).toBe('console.log("shop")'); // fetch decodes it
    const plain = await fetch(server.url + '/assets/index-abc123.js', { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe('console.log("shop")');
  });

  it('serves stored images under content-hash URLs with long-lived caching', async () => {
    const png = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#2e8b57' } }).png().toBuffer();
    const { url, hash } = await storeImage(server.db.knex, png, { originalName: 'green.png' });
    expect(url).toBe(`/files/${hash}-480.webp`);
    const again = await storeImage(server.db.knex, png);
    expect(again.url).toBe(url); // the same picture is stored once

    const res = await fetch(server.url + url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.width).toBe(480);

    const small = await fetch(`${server.url}/files/${hash}-160.webp`);
    expect((await sharp(Buffer.from(await small.arrayBuffer())).metadata()).width).toBe(160);
    const large = await fetch(`${server.url}/files/${hash}-1024.webp`);
    expect((await sharp(Buffer.from(await large.arrayBuffer())).metadata()).width).toBe(600); // never enlarged

    const cached = await fetch(server.url + url, { headers: { 'if-none-match': res.headers.get('etag') ?? '' } });
    expect(cached.status).toBe(304);
    const missing = await fetch(`${server.url}/files/${'0'.repeat(32)}-480.webp`);
    expect(missing.status).toBe(404);
  });

  it('refuses to store what is not an image, whatever its name', async () => {
    await expect(storeImage(server.db.knex, Buffer.from('just text, named photo.png'), { originalName: 'photo.png' })).rejects.toMatchObject({
      status: 415,
      code: 'UNSUPPORTED_IMAGE',
    });
  });
});

describe('the error envelope', () => {
  let base: string;
  let srv: http.Server;
  const logged: unknown[] = [];

  beforeAll(async () => {
    const logger = createLogger('error');
    logger.error = ((obj: unknown) => {
      logged.push(obj);
    }) as typeof logger.error;
    const app = new Koa();
    app.silent = true;
    app.use(envelopeMiddleware(logger));
    app.use(async (ctx) => {
      if (ctx.path === '/api/boom') throw new Error('secret connection string postgres://u:pw@db');
      if (ctx.path === '/api/conflict') throw new AppError('OUT_OF_STOCK', 'Fresh milk 1L is out of stock.', { field: 'list_items', details: { productId: 'p1' } });
      if (ctx.path === '/api/slow-down') throw new AppError('RATE_LIMITED', 'Too many tries. Wait a minute.', { details: { retryAfterSeconds: 60 } });
    });
    srv = http.createServer(app.callback());
    await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(srv.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => srv.close(() => resolve())));

  it('answers an unexpected error with 500 and a reference, leaking nothing, and logs it', async () => {
    const res = await fetch(base + '/api/boom');
    const body = (await res.json()) as { message: string; code: string };
    expect(res.status).toBe(500);
    expect(body.code).toBe('INTERNAL');
    expect(body.message).not.toContain('postgres');
    expect(body.message).toContain(res.headers.get('x-request-id'));
    expect(logged.length).toBeGreaterThan(0);
  });

  it('answers an AppError with its status, code, field and details', async () => {
    const res = await fetch(base + '/api/conflict');
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({
      success: false,
      error: true,
      code: 'OUT_OF_STOCK',
      message: 'Fresh milk 1L is out of stock.',
      field: 'list_items',
      data: { productId: 'p1' },
    });
  });

  it('tells a rate-limited caller when to come back', async () => {
    const res = await fetch(base + '/api/slow-down');
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('60');
  });
});
