import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShopConfigWire } from '@kade/shared';
import { isInsideShell } from '../src/modules/shop/routes';
import { DB_KINDS, startTestServer, type TestServer } from './helpers';

type Answer = { success: boolean; data: ShopConfigWire };

describe('isInsideShell', () => {
  it.each([
    ['Mozilla/5.0 (Linux; Android 14) Chrome/130 Mobile KadeShell/1.2', true],
    ['Mozilla/5.0 KadeShell', true],
    ['Mozilla/5.0 (KadeShell; Android)', true],
    ['Mozilla/5.0 NotKadeShell/1.0', false],
    ['Mozilla/5.0 kadeshell/1.0', false],
    ['', false],
    [undefined, false],
  ])('%s -> %s', (ua, expected) => {
    expect(isInsideShell(ua, 'KadeShell')).toBe(expected);
  });
});

describe.each(DB_KINDS)('GET /api/shop/config on %s', (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(kind, {
      env: {
        APP_SHELL_ONLY: 'true',
        APP_SHELL_UA_TOKEN: 'TestShell',
        SHOP_NAME: 'Kade Test',
        STORE_EMAIL: 'help@kade.test',
        SHOP_HOURS: '07:00-21:30',
        FRESH_HOURS: '08:00-20:00',
      },
    });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('answers the store settings without a login and is never cached', async () => {
    const res = await server.api<Answer>('GET', '/api/shop/config');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body.data).toMatchObject({
      name: 'Kade Test',
      email: 'help@kade.test',
      timeZone: 'Asia/Colombo',
      shopHours: '07:00-21:30',
      freshHours: '08:00-20:00',
      appShellOnly: true,
      insideShell: false,
      banner: null,
    });
    expect(res.body.data.storeUrl).toMatch(/^https:\/\//);
    expect(Number.isNaN(Date.parse(res.body.data.serverTime))).toBe(false);
    // the address forms tell inside from outside with the same zone the server enforces
    expect(res.body.data.deliveryZone).toEqual({ lat: server.config.zone.centre.lat, lng: server.config.zone.centre.lng, radiusKm: server.config.zone.radiusKm });
  });

  it('says whether the request comes from inside the app shell by its user agent', async () => {
    const inside = await server.api<Answer>('GET', '/api/shop/config', undefined, { 'user-agent': 'Mozilla/5.0 Chrome/130 TestShell/2.0' });
    expect(inside.body.data.insideShell).toBe(true);
    const outside = await server.api<Answer>('GET', '/api/shop/config', undefined, { 'user-agent': 'Mozilla/5.0 Chrome/130' });
    expect(outside.body.data.insideShell).toBe(false);
  });

  it('exposes the stored home banner', async () => {
    await server.db.knex('app_meta').insert({ key: 'home_banner', value: JSON.stringify({ url: '/files/abc-1024.webp' }) });
    const res = await server.api<Answer>('GET', '/api/shop/config');
    expect(res.body.data.banner).toEqual({ url: '/files/abc-1024.webp' });
  });
});
