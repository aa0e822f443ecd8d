// Issue 30, item 10, over real HTTP: a signed-in caller's answers are never stored, on Koa's path and on the fast
// lane alike; the Content-Security-Policy lets pages talk to the shop's own origin only; the proxy config passes on
// the browser's scheme and sends HSTS over TLS.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDay } from '@kade/shared';
import { DB_KINDS, OPEN_NOW, quickAccount, rawRequest, startTestServer, type TestServer } from './helpers';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

describe.each(DB_KINDS)('answers that are not kept, on %s', (kind) => {
  let server: TestServer;
  let admin: Awaited<ReturnType<typeof quickAccount>>;
  let shopper: Awaited<ReturnType<typeof quickAccount>>;

  beforeAll(async () => {
    server = await startTestServer(kind, { env: { ...OPEN_NOW } });
    admin = await quickAccount(server, { role: 'ADMIN' });
    shopper = await quickAccount(server);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it.each([
    ['GET', '/api/user/user-details', 'shopper'],
    ['GET', '/api/users/all', 'admin'],
    ['GET', '/api/users/list', 'admin'],
    ['GET', '/api/cart/get', 'shopper'],
    ['GET', '/api/address/get', 'shopper'],
    ['GET', '/api/order/order-list', 'shopper'],
  ] as const)('%s %s as a signed-in %s says no-store', async (method, p, who) => {
    const res = await server.api(method, p, undefined, (who === 'admin' ? admin : shopper).auth);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('says no-store on the report download and on a refusal to a signed-in caller', async () => {
    const day = localDay(new Date(), server.config.shop.timeZone);
    const csv = await rawRequest(server, { method: 'GET', path: `/api/orders/report.csv?day=${day}`, headers: admin.auth });
    expect(csv.status).toBe(200);
    const headers = await fetch(`${server.url}/api/orders/report.csv?day=${day}`, { headers: admin.auth });
    expect(headers.headers.get('content-type')).toMatch(/text\/csv/);
    expect(headers.headers.get('cache-control')).toBe('no-store');
    const refused = await server.api('GET', '/api/users/list', undefined, shopper.auth);
    expect(refused.status).toBe(403);
    expect(refused.headers.get('cache-control')).toBe('no-store');
  });

  it('says no-store on a public read sent with a session, on the fast lane and through Koa alike', async () => {
    const cookie = { cookie: `accessToken=${shopper.accessToken}` };
    for (const headers of [shopper.auth, cookie]) {
      // the fast lane takes a plain read of the category list; a query string sends the same read through Koa
      const lane = await server.api('GET', '/api/category/get', undefined, headers);
      expect(lane.status).toBe(200);
      expect(lane.headers.get('cache-control')).toBe('no-store');
      const viaKoa = await server.api('GET', '/api/category/get?through=koa', undefined, headers);
      expect(viaKoa.status).toBe(200);
      expect(viaKoa.headers.get('cache-control')).toBe('no-store');
    }
    const anonymous = await server.api('GET', '/api/category/get');
    expect(anonymous.status).toBe(200);
    expect(anonymous.headers.get('cache-control')).toBeNull();
  });

  it('refuses names that hide or reorder text, or have no letter, in every form that takes one (item 9)', async () => {
    for (const name of ['Nimal\u202eexe.txt', '\u200b', 'Kamal\u2066', '\u3164', '....']) {
      const registered = await server.api<{ code: string; field: string }>('POST', '/api/user/register', { name, mobile: `07${String(Date.now()).slice(-8)}`, password: 'secret12' });
      expect(registered.status, JSON.stringify(name)).toBe(400);
      expect(registered.body).toMatchObject({ code: 'VALIDATION', field: 'name' });
      const renamed = await server.api<{ code: string; field: string }>('PUT', '/api/user/update-user', { name }, shopper.auth);
      expect(renamed.status).toBe(400);
      expect(renamed.body.field).toBe('name');
      const created = await server.api<{ code: string; field: string }>('POST', '/api/users/create', { name, mobile: '0779990001' }, admin.auth);
      expect(created.status).toBe(400);
      expect(created.body.field).toBe('name');
    }
    const kept = await server.api<{ data: { name: string } }>('PUT', '/api/user/update-user', { name: 'ශ්\u200dරී Perera' }, shopper.auth);
    expect(kept.status).toBe(200);
    const row = (await server.db.knex('users').where({ id: shopper.id }).first('name')) as { name: string };
    expect(row.name).toBe('ශ්\u200dරී Perera');
  });

  it('lets pages open live connections to the shop itself only', async () => {
    const res = await fetch(`${server.url}/api/health`);
    const csp = res.headers.get('content-security-policy') ?? '';
    const connect = /connect-src ([^;]*)/.exec(csp)?.[1]?.trim();
    expect(connect).toBe("'self'");
    expect(csp).not.toMatch(/\bwss?:/);
  });
});

describe('the reverse proxy behind TLS (deploy/nginx.conf)', () => {
  const nginx = readFileSync(path.join(REPO_ROOT, 'deploy/nginx.conf'), 'utf8');
  /** The pairs of a `map $from $to { … }` block, key to value. */
  function mapOf(from: string, to: string): Map<string, string> {
    const block = new RegExp(`map \\$${from} \\$${to} \\{([^}]*)\\}`).exec(nginx)?.[1] ?? '';
    return new Map(
      block
        .split('\n')
        .map((line) => line.replace(/#.*/, '').trim().replace(/;$/, ''))
        .filter(Boolean)
        .map((line) => {
          const [key, ...value] = line.split(/\s+/);
          return [key as string, value.join(' ')] as const;
        }),
    );
  }

  it("passes on the browser's scheme from a TLS proxy in front, else its own", () => {
    const scheme = mapOf('http_x_forwarded_proto', 'original_scheme');
    expect(scheme.get('https')).toBe('https');
    expect(scheme.get('http')).toBe('http');
    expect(scheme.get('default')).toBe('$scheme');
    expect(nginx).toContain('proxy_set_header X-Forwarded-Proto $original_scheme;');
    expect(nginx).not.toContain('proxy_set_header X-Forwarded-Proto $scheme;');
  });

  it('sends HSTS on answers over TLS only, errors included', () => {
    const hsts = mapOf('original_scheme', 'hsts');
    expect(hsts.get('https')).toMatch(/^"max-age=\d{8,}; includeSubDomains"$/);
    expect(hsts.get('default')).toBe('""');
    expect(nginx).toMatch(/^\s*add_header Strict-Transport-Security \$hsts always;/m);
  });
});
