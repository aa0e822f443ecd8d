// The request pipeline's own steps on a bare Koa app (no database): the route table and the router behind it,
// CORS for allowed and other origins, and helmet's headers on every answer. They were made cheaper per request
// (issue 17, cheap reads); these pin that every answer is still what the steps gave before.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import Router from '@koa/router';
import cors from '@koa/cors';
import { z } from 'zod';
import { answer, endpoint } from '@kade/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelopeMiddleware } from '../src/http/envelope';
import { jsonBodies } from '../src/http/request-shape';
import { mountRoutes, route } from '../src/http/route';
import { corsFor } from '../src/http/security';
import { createLogger } from '../src/logger';

async function listen(app: Koa): Promise<{ base: string; close(): Promise<void> }> {
  const server = http.createServer(app.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('the route table', () => {
  let served: Awaited<ReturnType<typeof listen>>;
  let calls = 0;

  beforeAll(async () => {
    const router = new Router();
    const dispatch = mountRoutes(router, [
      route(endpoint({ method: 'get', path: '/api/thing', access: 'public', answer: answer<unknown>() }), async () => ({ data: { calls: ++calls } })),
      route(endpoint({ method: 'post', path: '/api/echo', aliases: ['/api/echo-alias'], access: 'public', body: z.object({ word: z.string({ error: 'word is required' }) }), answer: answer<unknown>() }), async ({ body }) => ({ data: body.word })),
      route(endpoint({ method: 'get', path: '/api/mine', access: 'user', answer: answer<unknown>() }), async () => ({ data: 'yours' })),
      route(endpoint({ method: 'get', path: '/api/item/:id', access: 'public', answer: answer<unknown>() }), async ({ ctx }) => ({ data: (ctx.params as { id?: string }).id ?? null })),
      route(endpoint({ method: 'get', path: '/api/staff-only', access: 'orders.view', answer: answer<unknown>() }), async () => ({ data: 'secret' })),
    ]);
    const app = new Koa();
    app.silent = true;
    app.use(envelopeMiddleware(createLogger('silent')));
    app.use(jsonBodies({ rawPaths: new Set(), limitKb: 16 }));
    app.use(dispatch);
    // the router's own 405 error: the envelope words it as the app's AppError would
    app.use(router.allowedMethods({ throw: true }));
    served = await listen(app);
  });
  afterAll(() => served.close());

  it('leaves a path with a parameter to the router, which sets its params (even when asked for the pattern itself)', async () => {
    for (const [path, id] of [['/api/item/42', '42'], ['/api/item/:id', ':id']]) {
      const res = await fetch(`${served.base}${path}`);
      expect(res.status).toBe(200);
      expect(((await res.json()) as { data: unknown }).data).toBe(id);
    }
  });

  it('answers a route called by its exact method and path, and each alias', async () => {
    const res = await fetch(`${served.base}/api/thing?x=1`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ success: true, error: false, message: '', data: { calls: expect.any(Number) } });
    for (const path of ['/api/echo', '/api/echo-alias']) {
      const echo = await fetch(`${served.base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"word":"hello"}' });
      expect(await echo.json()).toEqual({ success: true, error: false, message: '', data: 'hello' });
    }
  });

  it('still answers what only the router matches: a trailing slash, other letter case, HEAD for a GET', async () => {
    const before = calls;
    expect((await fetch(`${served.base}/api/thing/`)).status).toBe(200);
    expect((await fetch(`${served.base}/API/Thing`)).status).toBe(200);
    const head = await fetch(`${served.base}/api/thing`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    expect(calls).toBe(before + 3);
  });

  it('answers a wrong method 405 and an unknown path 404, through the router', async () => {
    const wrong = await fetch(`${served.base}/api/thing`, { method: 'DELETE' });
    expect(wrong.status).toBe(405);
    expect(await wrong.json()).toMatchObject({ code: 'METHOD_NOT_ALLOWED' });
    const unknown = await fetch(`${served.base}/api/nothing`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('checks access and the body on the table path as on the router path', async () => {
    for (const path of ['/api/mine', '/api/mine/', '/api/staff-only', '/API/STAFF-ONLY']) {
      const res = await fetch(`${served.base}${path}`);
      expect(res.status, path).toBe(401);
      expect(await res.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
    }
    for (const path of ['/api/echo', '/api/echo/']) {
      const res = await fetch(`${served.base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"word":5}' });
      expect(res.status, path).toBe(400);
      expect(await res.json()).toMatchObject({ code: 'VALIDATION', field: 'word' });
    }
  });
});

describe('CORS and the security headers', () => {
  const PARTNER = 'https://partner.example.lk';
  let ours: Awaited<ReturnType<typeof listen>>;
  let plain: Awaited<ReturnType<typeof listen>>;
  let anyOrigin: Awaited<ReturnType<typeof listen>>;

  /** The app as the server builds it (the envelope, which sets every answer's headers, then CORS), answering `{ ok: true }`. */
  function appWith(middleware: Koa.Middleware[]): Koa {
    const app = new Koa();
    app.silent = true;
    for (const m of middleware) app.use(m);
    app.use((ctx) => {
      ctx.body = { ok: true };
    });
    return app;
  }

  beforeAll(async () => {
    ours = await listen(appWith([envelopeMiddleware(createLogger('silent')), corsFor([PARTNER])]));
    // @koa/cors with the options corsFor gave it before it let a disallowed origin pass on its own
    plain = await listen(
      appWith([
        cors({
          credentials: true,
          exposeHeaders: ['X-Request-Id', 'Retry-After'],
          origin: (ctx) => (ctx.get('Origin') === PARTNER ? PARTNER : ''),
        }),
      ]),
    );
    anyOrigin = await listen(appWith([corsFor(['*'])]));
  });
  afterAll(async () => {
    await Promise.all([ours.close(), plain.close(), anyOrigin.close()]);
  });

  /** The CORS headers of an answer (and Vary). */
  function corsHeaders(res: Response): Record<string, string> {
    return Object.fromEntries([...res.headers].filter(([name]) => name.startsWith('access-control-') || name === 'vary'));
  }

  it.each([
    ['no Origin (the shop and the dashboard themselves)', {}, 'GET'],
    ['the configured origin', { origin: PARTNER }, 'GET'],
    ['another site', { origin: 'http://evil.example' }, 'GET'],
    ['a preflight from the configured origin', { origin: PARTNER, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' }, 'OPTIONS'],
    ['a preflight from another site', { origin: 'http://evil.example', 'access-control-request-method': 'POST' }, 'OPTIONS'],
  ] as const)('%s: the same CORS headers and status as @koa/cors gives', async (_what, headers, method) => {
    const [mine, theirs] = await Promise.all([fetch(`${ours.base}/api/x`, { method, headers }), fetch(`${plain.base}/api/x`, { method, headers })]);
    expect(mine.status).toBe(theirs.status);
    expect(corsHeaders(mine)).toEqual(corsHeaders(theirs));
    expect(corsHeaders(mine).vary).toBe('Origin');
  });

  it('lets the configured origin read the answer with its cookies, and no other', async () => {
    const partner = await fetch(`${ours.base}/api/x`, { headers: { origin: PARTNER } });
    expect(partner.headers.get('access-control-allow-origin')).toBe(PARTNER);
    expect(partner.headers.get('access-control-allow-credentials')).toBe('true');
    expect(partner.headers.get('access-control-expose-headers')).toBe('X-Request-Id,Retry-After');
    const evil = await fetch(`${ours.base}/api/x`, { headers: { origin: 'http://evil.example' } });
    expect(evil.headers.get('access-control-allow-origin')).toBeNull();
    expect((await fetch(`${anyOrigin.base}/api/x`, { headers: { origin: 'http://any.example' } })).headers.get('access-control-allow-origin')).toBe('http://any.example');
  });

  it("sends helmet's headers on the first answer and on every one after it", async () => {
    const answers = await Promise.all(Array.from({ length: 3 }, () => fetch(`${ours.base}/api/x`)));
    for (const res of answers) {
      expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
      expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin');
      expect(res.headers.get('strict-transport-security')).toBeNull();
      expect(res.headers.get('x-powered-by')).toBeNull();
    }
  });
});
