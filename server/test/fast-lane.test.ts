// The fast lane (http/fast-lane.ts) answers the hottest public reads without Koa. These hold it to Koa's answers:
// the same status, envelope and headers for every kind of request it takes, and every request it must not take
// (a query, an allowed origin, a compressed or chunked body, another content type, a body over the limit, a
// HEAD, another route) left to Koa untouched. Over real HTTP: a bare app of test routes, then the shop's own.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import Koa from 'koa';
import Router from '@koa/router';
import { z } from 'zod';
import { answer, endpoint } from '@kade/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelopeMiddleware } from '../src/http/envelope';
import { AppError } from '../src/http/errors';
import { fastLane } from '../src/http/fast-lane';
import { KeptAnswers } from '../src/http/kept-answers';
import { jsonBodies } from '../src/http/request-shape';
import { mountRoutes, route, type RouteSpec } from '../src/http/route';
import { corsFor, fixedSecurityHeaders } from '../src/http/security';
import { createLogger } from '../src/logger';
import { ReadVersion } from '../src/lib/read-versions';
import { DB_KINDS, insertProduct, quickAccount, startTestServer, type TestServer } from './helpers';

const ALLOWED = 'http://counter.example';
const LIMIT_KB = 1;

/**
 * The bare app's read model: its versions, how many times the kept route's handler was asked, and a change to make
 * while it answers. Each answer shows the product named by its word (its `holds`).
 */
const versions = new ReadVersion();
const model = { asked: 0, changeWhileAnswering: null as readonly string[] | null | undefined };
/** A change of the model: of any answer (`products` undefined), or only of the answers showing `products`. */
const change = (products?: readonly string[]) => {
  versions.begin();
  versions.end(products);
};
const kept = new KeptAnswers(versions);

const routes: RouteSpec[] = [
  route(
    endpoint({ method: 'post', path: '/api/kept', access: 'public', body: z.object({ word: z.string().max(5, 'word must be at most 5 characters') }), answer: answer<unknown>() }),
    { fastLane: true, kept },
    async ({ body }) => {
      model.asked += 1;
      const readAt = versions.version();
      if (body.word === 'gone') throw new AppError('NOT_FOUND', 'That product is not available.');
      if (model.changeWhileAnswering !== null) change(model.changeWhileAnswering ?? undefined);
      // 'plain' is an answer that says nothing of the read model: never kept
      return {
        data: { word: body.word, version: readAt, text: 'ශ්‍රී லங்கா' },
        extras: { page: 1, hasMore: false, nextCursor: null },
        readAt: body.word === 'plain' ? undefined : readAt,
        holds: [body.word],
      };
    },
  ),
  route(endpoint({ method: 'get', path: '/api/thing', access: 'public', answer: answer<unknown>() }), { fastLane: true }, async () => ({ data: { thing: 'ok' } })),
  route(endpoint({ method: 'post', path: '/api/echo', aliases: ['/api/echo-alias'], access: 'public', body: z.object({ word: z.string({ error: 'word is required' }).max(5, 'word must be at most 5 characters') }), answer: answer<unknown>() }), { fastLane: true }, async ({ body }) => ({ data: body.word, extras: { page: 1, hasMore: false, nextCursor: null } })),
  route(endpoint({ method: 'post', path: '/api/missing', access: 'public', answer: answer<unknown>() }), { fastLane: true }, async () => Promise.reject(new AppError('NOT_FOUND', 'That product is not available.'))),
  route(endpoint({ method: 'post', path: '/api/busy', access: 'public', answer: answer<unknown>() }), { fastLane: true }, async () => Promise.reject(new AppError('RATE_LIMITED', 'Slow down.', { details: { retryAfterSeconds: 7 } }))),
  route(endpoint({ method: 'post', path: '/api/broken', access: 'public', answer: answer<unknown>() }), { fastLane: true }, async () => Promise.reject(new Error('a bug'))),
  route(endpoint({ method: 'post', path: '/api/slow-lane', access: 'public', answer: answer<unknown>() }), async () => ({ data: 'koa' })),
];

/** The app as createApp builds its chain for these routes; with `lane`, the fast lane in front of it. */
async function serve(lane: boolean) {
  const logger = createLogger('silent');
  const app = new Koa();
  app.silent = true;
  const router = new Router();
  app.use(envelopeMiddleware(logger));
  app.use(corsFor([ALLOWED]));
  app.use(jsonBodies({ rawPaths: new Set(), limitKb: LIMIT_KB }));
  app.use(mountRoutes(router, routes));
  const viaKoa = app.callback();
  const take = fastLane(routes, { corsOrigins: [ALLOWED], bodyLimitKb: LIMIT_KB, logger });
  let koa = 0;
  let taken = 0;
  const server = http.createServer((req, res) => {
    if (lane && take(req, res)) taken += 1;
    else {
      koa += 1;
      void viaKoa(req, res);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    counts: () => ({ taken, koa }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

interface Sent {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

/** A raw HTTP exchange (node:http, so that the headers sent are exactly these). */
function exchange(base: string, sent: Sent): Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${base}${sent.path}`, { method: sent.method, headers: sent.headers ?? {} }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, text: Buffer.concat(chunks).toString('utf8') }));
    });
    request.on('error', reject);
    if (sent.body !== undefined) request.write(sent.body);
    request.end();
  });
}

const json = (body: string): Sent['headers'] => ({ 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) });
const post = (path: string, body: string, headers: Record<string, string> = {}): Sent => ({ method: 'POST', path, headers: { ...json(body), ...headers }, body });

/** An answer with what differs between any two answers (the date, a new request id) taken out. */
function comparable(answer: Awaited<ReturnType<typeof exchange>>) {
  const { date: _date, 'x-request-id': id, ...headers } = answer.headers;
  return { status: answer.status, headers, text: answer.text.replaceAll(String(id), '<id>') };
}

describe('the fast lane against Koa', () => {
  let lane: Awaited<ReturnType<typeof serve>>;
  let koa: Awaited<ReturnType<typeof serve>>;

  beforeAll(async () => {
    await fixedSecurityHeaders();
    lane = await serve(true);
    koa = await serve(false);
  });
  afterAll(async () => {
    await lane?.close();
    await koa?.close();
  });

  /** Sends the request to both; the lane's answer must be Koa's. Says whether the lane took it. */
  async function same(sent: Sent) {
    const before = lane.counts().taken;
    const [fast, slow] = await Promise.all([exchange(lane.base, sent), exchange(koa.base, sent)]);
    expect(comparable(fast), `${sent.method} ${sent.path} ${String(sent.body ?? '')}`).toEqual(comparable(slow));
    return { taken: lane.counts().taken > before, answer: fast };
  }

  it('answers what Koa answers for every plain request it takes: success, refusal, failure, bad JSON', async () => {
    const cases: Sent[] = [
      { method: 'GET', path: '/api/thing' },
      post('/api/echo', '{"word":"hi"}'),
      post('/api/echo-alias', '{"word":"hi","extra":1}'),
      post('/api/echo', '{"word":"too long"}'),
      post('/api/echo', '{}'),
      post('/api/echo', ''),
      post('/api/echo', '{"word":'),
      post('/api/echo', '"hi"'),
      post('/api/echo', '[1,2]'),
      post('/api/echo', '{"__proto__":{"admin":true},"word":"hi"}'),
      post('/api/echo', '{"word":"\\u0000"}'),
      post('/api/echo', '{"word":"hi"}', { 'content-type': 'application/json; charset=utf-8' }),
      post('/api/echo', '{"word":"hi"}', { origin: 'http://elsewhere.example' }),
      post('/api/echo', '{"word":"hi"}', { 'x-request-id': 'caller-given-id-123' }),
      post('/api/echo', '{"word":"hi"}', { authorization: 'Bearer not.a.token' }),
      post('/api/missing', '{}'),
      post('/api/busy', '{}'),
      post('/api/broken', '{}'),
      { method: 'POST', path: '/api/echo', headers: { 'content-length': '0' } },
    ];
    for (const sent of cases) {
      const { taken, answer } = await same(sent);
      expect(taken, `${sent.method} ${sent.path} ${String(sent.body ?? '')}`).toBe(true);
      expect(answer.headers['x-request-id']).toBeTruthy();
    }
    // a caller's request id is kept, as Koa keeps it
    const given = await exchange(lane.base, post('/api/echo', '{"word":"hi"}', { 'x-request-id': 'caller-given-id-123' }));
    expect(given.headers['x-request-id']).toBe('caller-given-id-123');
    const broken = await exchange(lane.base, post('/api/broken', '{}'));
    expect(JSON.parse(broken.text)).toMatchObject({ success: false, code: 'INTERNAL', message: expect.stringContaining(String(broken.headers['x-request-id'])) });
    expect((await exchange(lane.base, post('/api/busy', '{}'))).headers['retry-after']).toBe('7');
  });

  it('leaves to Koa what it must not answer, and Koa answers it as before', async () => {
    const big = JSON.stringify({ word: 'x'.repeat(LIMIT_KB * 1024) });
    const cases: Sent[] = [
      { method: 'GET', path: '/api/thing?x=1' },
      { method: 'HEAD', path: '/api/thing' },
      { method: 'POST', path: '/api/thing' },
      { method: 'GET', path: '/api/thing', headers: { 'content-length': '2' }, body: '{}' },
      post('/api/echo', '{"word":"hi"}', { origin: ALLOWED }),
      post('/api/echo', '{"word":"hi"}', { 'content-type': 'text/plain' }),
      post('/api/echo', '{"word":"hi"}', { 'content-type': 'application/json; charset=latin1' }),
      { method: 'POST', path: '/api/echo', headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' }, body: gzipSync('{"word":"hi"}') },
      { method: 'POST', path: '/api/echo', headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' }, body: '{"word":"hi"}' },
      { method: 'POST', path: '/api/echo', headers: { 'content-type': 'application/json', 'content-length': String(big.length) }, body: big },
      { method: 'POST', path: '/api/echo', headers: { 'content-length': '13' }, body: '{"word":"hi"}' },
      post('/api/slow-lane', '{}'),
      post('/api/Echo', '{"word":"hi"}'),
    ];
    for (const sent of cases) {
      const { taken } = await same(sent);
      expect(taken, `${sent.method} ${sent.path}`).toBe(false);
    }
    // the gzipped body is read by Koa's parser, and the allowed origin gets its CORS headers there
    const gzipped = await exchange(lane.base, cases[7]!);
    expect(JSON.parse(gzipped.text)).toMatchObject({ success: true, data: 'hi' });
    const cors = await exchange(lane.base, cases[4]!);
    expect(cors.headers['access-control-allow-origin']).toBe(ALLOWED);
  });

  it('refuses at start a route on the fast lane that is not a plain public read (its type refuses it first)', () => {
    for (const spec of [
      // @ts-expect-error a fast-lane route is public
      route(endpoint({ method: 'post', path: '/api/mine', access: 'user', answer: answer<unknown>() }), { fastLane: true }, async () => ({ data: 1 })),
      // @ts-expect-error a fast-lane route reads no raw body
      route(endpoint({ method: 'post', path: '/api/upload', access: 'public', upload: 'file', answer: answer<unknown>() }), { fastLane: true }, async () => ({ data: 1 })),
      // @ts-expect-error a fast-lane route reads no query
      route(endpoint({ method: 'get', path: '/api/q', access: 'public', query: z.object({}), answer: answer<unknown>() }), { fastLane: true }, async () => ({ data: 1 })),
    ]) {
      expect(() => mountRoutes(new Router(), [spec])).toThrow(/fast lane/);
    }
  });

  it("gives a fast-lane handler its body and nothing else, by type and at run time", async () => {
    const given: unknown[] = [];
    const spec = route(endpoint({ method: 'post', path: '/api/given', access: 'public', body: z.object({ word: z.string() }), answer: answer<unknown>() }), { fastLane: true }, async (input) => {
      given.push(input);
      // @ts-expect-error the lane has no Koa context to give
      void input.ctx;
      // @ts-expect-error nor a caller
      void input.user;
      return { data: input.body.word };
    });
    const logger = createLogger('silent');
    const app = new Koa();
    app.silent = true;
    app.use(envelopeMiddleware(logger));
    app.use(jsonBodies({ rawPaths: new Set(), limitKb: LIMIT_KB }));
    app.use(mountRoutes(new Router(), [spec]));
    const viaKoa = app.callback();
    const take = fastLane([spec], { corsOrigins: [], bodyLimitKb: LIMIT_KB, logger });
    let taken = 0;
    const server = http.createServer((req, res) => {
      if (take(req, res)) taken += 1;
      else void viaKoa(req, res);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      // the plain request takes the lane; with a query string it goes to Koa, which gives the handler the same
      for (const path of ['/api/given', '/api/given?via=koa']) {
        const answer = await exchange(base, post(path, '{"word":"hi"}'));
        expect(JSON.parse(answer.text), path).toMatchObject({ success: true, data: 'hi' });
      }
      expect(taken).toBe(1);
      expect(given).toHaveLength(2);
      for (const input of given) expect(Object.keys(input as object)).toEqual(['body']);
      expect(given).toEqual([{ body: { word: 'hi' } }, { body: { word: 'hi' } }]);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('sends the bytes kept for the same path and body until the read model changes what they show, each with its own headers, as Koa answers', async () => {
    const ask = (body: string, headers: Record<string, string> = {}) => exchange(lane.base, post('/api/kept', body, headers));
    const asked = model.asked;
    const keptBefore = kept.stats().kept;
    // asked once: answered, not kept; asked a second time: kept from now on (asked-before.ts)
    const first = await ask('{"word":"hi"}');
    expect(kept.stats().kept).toBe(keptBefore);
    expect((await ask('{"word":"hi"}')).text).toBe(first.text);
    expect(kept.stats().kept).toBe(keptBefore + 1);
    const signedIn = { 'x-request-id': 'caller-given-id-456', authorization: 'Bearer abc' };
    const again = await ask('{"word":"hi"}', signedIn);
    expect(model.asked - asked).toBe(2);
    expect(again.text).toBe(first.text);
    expect(JSON.parse(again.text)).toMatchObject({ success: true, data: { word: 'hi', version: versions.version() } });
    // the headers are the request's own: its id, and no-store for a caller's credentials
    expect(again.headers['x-request-id']).toBe('caller-given-id-456');
    expect(again.headers['cache-control']).toBe('no-store');
    expect(first.headers['cache-control']).toBeUndefined();
    const viaKoa = await exchange(koa.base, post('/api/kept', '{"word":"hi"}', signedIn));
    expect(comparable(again)).toEqual(comparable(viaKoa));
    // the lists the lane copies for each answer carry nothing of the one before: a plain caller after the signed-in one
    const plainAgain = await ask('{"word":"hi"}');
    expect(plainAgain.headers['cache-control']).toBeUndefined();
    expect(new Set([first.headers['x-request-id'], again.headers['x-request-id'], plainAgain.headers['x-request-id']]).size).toBe(3);
    expect(comparable(plainAgain)).toEqual(comparable(await exchange(koa.base, post('/api/kept', '{"word":"hi"}'))));
    expect(model.asked - asked).toBe(4); // the first two, and Koa's two: Koa's answers ask each time
    // the same question written otherwise is another key (the body as sent): asked again
    await ask('{"word": "hi"}');
    expect(model.asked - asked).toBe(5);
    // the model changes: asked again, the new answer kept at once (the question was asked before)
    change();
    const after = await ask('{"word":"hi"}');
    expect(JSON.parse(after.text)).toMatchObject({ data: { version: versions.version() } });
    await ask('{"word":"hi"}');
    expect(model.asked - asked).toBe(6);
    // an answer read at a version that moved on before it was sent is sent, not kept (its question asked before)
    await ask('{"word":"yo"}');
    model.changeWhileAnswering = undefined;
    await ask('{"word":"yo"}');
    model.changeWhileAnswering = null;
    await ask('{"word":"yo"}');
    await ask('{"word":"yo"}');
    expect(model.asked - asked).toBe(9);
    // a change of one product's stock drops only the answers showing it: 'yo' is asked again, 'hi' stays kept ('hi'
    // asked again first: the change while 'yo' was answered was of every answer)
    await ask('{"word":"hi"}');
    expect(model.asked - asked).toBe(10);
    expect(kept.stats().kept).toBe(2);
    const hits = kept.stats().hits;
    change(['yo']);
    expect(kept.stats().kept).toBe(1);
    await ask('{"word":"hi"}');
    expect(kept.stats().hits).toBe(hits + 1);
    await ask('{"word":"yo"}');
    expect(model.asked - asked).toBe(11);
    // while answering: a change of another product's stock leaves the answer kept (and drops the kept one showing
    // that product); of its own, it is sent, not kept
    await ask('{"word":"ok"}');
    model.changeWhileAnswering = ['hi'];
    await ask('{"word":"ok"}');
    model.changeWhileAnswering = ['ok'];
    await ask('{"word":"hi"}');
    model.changeWhileAnswering = null;
    await ask('{"word":"hi"}');
    await ask('{"word":"ok"}');
    await ask('{"word":"yo"}');
    expect(model.asked - asked).toBe(15);
    expect(kept.stats().kept).toBe(3);
    // refusals, failures and answers not read from the model are never kept, however often asked
    for (const body of ['{"word":"gone"}', '{"word":"too long"}', '{"word":"plain"}', '{"word":']) {
      const [one, two, three] = [await ask(body), await ask(body), await ask(body)];
      expect(comparable(three)).toEqual(comparable(await exchange(koa.base, post('/api/kept', body))));
      for (const later of [two, three]) expect(one.text.replaceAll(String(one.headers['x-request-id']), '')).toBe(later.text.replaceAll(String(later.headers['x-request-id']), ''));
    }
    // 'gone' and 'plain' reach the handler each time (three times here, once through Koa); the others never do
    expect(model.asked - asked).toBe(15 + 4 + 4);
    // only the answers read from the model and unchanged since
    expect(kept.stats().kept).toBe(3);
  });

  it('answers nothing and keeps serving when a caller goes away halfway through its body', async () => {
    const { hostname, port } = new URL(lane.base);
    await new Promise<void>((resolve) => {
      const request = http.request({ hostname, port, path: '/api/echo', method: 'POST', headers: { 'content-type': 'application/json', 'content-length': '100' } });
      request.on('error', () => resolve());
      request.write('{"word":');
      setTimeout(() => {
        request.destroy();
        resolve();
      }, 50);
    });
    const next = await exchange(lane.base, post('/api/echo', '{"word":"hi"}'));
    expect(JSON.parse(next.text)).toMatchObject({ success: true, data: 'hi' });
  });
});

describe.each(DB_KINDS)('the shop\'s fast-lane reads on %s', (kind) => {
  let server: TestServer;
  let productId: string;
  let categoryId: string;
  let subCategoryId: string;

  beforeAll(async () => {
    server = await startTestServer(kind);
    productId = await insertProduct(server, { name: 'Lane Rice 5kg', price: 1450, stock: 20, categories: ['Lane Grains'], subCategories: ['Lane Rice'] });
    await insertProduct(server, { name: 'Lane Rice 1kg', price: 310, stock: 20, categories: ['Lane Grains'], subCategories: ['Lane Rice'] });
    categoryId = (await server.db.knex('categories').where({ name: 'Lane Grains' }).first('id')).id;
    subCategoryId = (await server.db.knex('sub_categories').where({ name: 'Lane Rice' }).first('id')).id;
  }, 240_000); // a hang guard: a loaded machine starts servers slowly
  afterAll(async () => {
    await server?.stop();
  });

  it('answers each fast-lane route as Koa does (a query string sends the same call through Koa)', async () => {
    const shopper = await quickAccount(server);
    const base = server.url;
    const calls: Sent[] = [
      { method: 'GET', path: '/api/category/get' },
      post('/api/subcategory/get', '{}'),
      { method: 'GET', path: '/api/product/home' },
      post('/api/product/get-product-details', JSON.stringify({ productId })),
      post('/api/product/get-product-details', JSON.stringify({ productId: '00000000-0000-4000-8000-000000000000' })),
      post('/api/product/get-product-details', JSON.stringify({ productId: 'nope' })),
      post('/api/product/get-pruduct-by-category-and-subcategory', JSON.stringify({ categoryId, subCategoryId, limit: 1 })),
      post('/api/product/get-product-by-category-and-subcategory', JSON.stringify({ categoryId, subCategoryId, after: 'x' })),
      post('/api/product/search-product', JSON.stringify({ search: 'lane rice' })),
      // a signed-in shopper reads the same catalogue; the lane does not look the caller up for a public read
      post('/api/product/get-product-details', JSON.stringify({ productId }), shopper.auth),
    ];
    for (const call of calls) {
      const viaKoa = { ...call, path: `${call.path}?via=koa` };
      const [fast, slow] = await Promise.all([exchange(base, call), exchange(base, viaKoa)]);
      expect(comparable(fast), `${call.method} ${call.path}`).toEqual(comparable(slow));
      expect(fast.status, `${call.path}: ${fast.text}`).toBeLessThan(500);
    }
    const details = JSON.parse((await exchange(base, calls[3]!)).text) as { data: { name: string } };
    expect(details.data.name).toBe('Lane Rice 5kg');
    const listing = JSON.parse((await exchange(base, calls[6]!)).text) as { data: unknown[]; hasMore: boolean; nextCursor: string };
    expect(listing).toMatchObject({ hasMore: true, nextCursor: expect.stringMatching(/Z_/) });
  });
});
