import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_SUBSTITUTION_ANSWER_MINUTES } from '@kade/shared';
import { ConfigError, loadConfig } from './config';

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'kade-config-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('loadConfig', () => {
  it('gives a fresh clone working defaults: embedded database in DATA_DIR, Colombo time, the spec windows', () => {
    const dir = tempDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config.port).toBe(3000);
    expect(config.database).toEqual({ kind: 'pglite', dataDir: path.join(dir, 'pglite') });
    expect(config.shop.timeZone).toBe('Asia/Colombo');
    expect(config.shop.shopHours).toBe('06:30-22:59');
    expect(config.shop.freshHours).toBe('06:00-21:00');
    expect(config.zone.radiusKm).toBe(1.75);
    expect(config.appShell).toEqual({ only: false, uaToken: 'KadeShell' });
    expect(config.login.domain).toMatch(/\./);
    expect(config.redisUrl).toBeUndefined();
    expect(config.host).toBe('127.0.0.1'); // a demo that prints its admin password is not on the network by accident
    expect(config.rateLimits['login.number']).toEqual({ limit: 100, windowSeconds: 3600 });
  });

  it('reads rate-limit overrides and names what is wrong in a bad one', () => {
    const dir = tempDir();
    const config = loadConfig({ DATA_DIR: dir, RATE_LIMITS: 'register.address=20/3600, login.pair=5/900' });
    expect(config.rateLimits['register.address']).toEqual({ limit: 20, windowSeconds: 3600 });
    expect(config.rateLimits['login.pair']).toEqual({ limit: 5, windowSeconds: 900 });
    expect(config.rateLimits['login.address']).toEqual({ limit: 50, windowSeconds: 900 });
    expect(config.rateLimits['upload.user']).toEqual({ limit: 60, windowSeconds: 3600 });
    expect(() => loadConfig({ DATA_DIR: dir, RATE_LIMITS: 'login.everything=5/900' })).toThrow(/RATE_LIMITS "login.everything" is not a rate limit/);
    expect(() => loadConfig({ DATA_DIR: dir, RATE_LIMITS: 'login.pair=five' })).toThrow(/must look like name=limit\/seconds/);
    expect(() => loadConfig({ DATA_DIR: dir, RATE_LIMITS: 'login.pair=0/900' })).toThrow(ConfigError);
  });

  it('takes the receipt footer and the take-alert time, refusing a footer with a printer command in it', () => {
    const dir = tempDir();
    const config = loadConfig({ DATA_DIR: dir, RECEIPT_FOOTER: ' Thank you! ', TAKE_ALERT_MINUTES: '5' });
    expect(config.shop).toMatchObject({ receiptFooter: 'Thank you!', takeAlertMinutes: 5 });
    expect(loadConfig({ DATA_DIR: dir }).shop).toMatchObject({ receiptFooter: '', takeAlertMinutes: 3 });
    expect(() => loadConfig({ DATA_DIR: dir, RECEIPT_FOOTER: 'Bye\u001bp0' })).toThrow(/RECEIPT_FOOTER must not hold control characters/);
    expect(() => loadConfig({ DATA_DIR: dir, TAKE_ALERT_MINUTES: '0' })).toThrow(ConfigError);
  });

  it('takes how long an upload may wait for the image queue, 30 s unless set, whole seconds from 1 to 600', () => {
    const dir = tempDir();
    expect(loadConfig({ DATA_DIR: dir }).work.imageMaxWaitMs).toBe(30_000);
    expect(loadConfig({ DATA_DIR: dir, IMAGE_MAX_WAIT_SECONDS: '90' }).work.imageMaxWaitMs).toBe(90_000);
    for (const bad of ['0', '601', '1.5', 'long']) {
      expect(() => loadConfig({ DATA_DIR: dir, IMAGE_MAX_WAIT_SECONDS: bad }), bad).toThrow(/IMAGE_MAX_WAIT_SECONDS/);
    }
  });

  it('takes the time a shopper has to answer a substitute, 5 minutes unless set, whole minutes from 1 to 60', () => {
    const dir = tempDir();
    expect(loadConfig({ DATA_DIR: dir }).substitutionAnswerMinutes).toBe(DEFAULT_SUBSTITUTION_ANSWER_MINUTES);
    expect(loadConfig({ DATA_DIR: dir, SUBSTITUTION_ANSWER_MINUTES: '3' }).substitutionAnswerMinutes).toBe(3);
    for (const bad of ['0', '61', '2.5', 'soon']) {
      expect(() => loadConfig({ DATA_DIR: dir, SUBSTITUTION_ANSWER_MINUTES: bad }), bad).toThrow(/SUBSTITUTION_ANSWER_MINUTES/);
    }
  });

  it('takes the minimum basket in whole rupees, Rs.100 unless set', () => {
    const dir = tempDir();
    expect(loadConfig({ DATA_DIR: dir }).shop.minOrderRupees).toBe(100);
    expect(loadConfig({ DATA_DIR: dir, MIN_ORDER_RUPEES: '250' }).shop.minOrderRupees).toBe(250);
    expect(loadConfig({ DATA_DIR: dir, MIN_ORDER_RUPEES: '0' }).shop.minOrderRupees).toBe(0);
    for (const bad of ['-1', '99.5', 'a hundred', '100001']) expect(() => loadConfig({ DATA_DIR: dir, MIN_ORDER_RUPEES: bad }), bad).toThrow(/MIN_ORDER_RUPEES/);
  });

  it('generates the JWT secret once and keeps it in the data folder', () => {
    const dir = tempDir();
    const first = loadConfig({ DATA_DIR: dir }).jwtSecret;
    const second = loadConfig({ DATA_DIR: dir }).jwtSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(second).toBe(first);
    expect(readFileSync(path.join(dir, 'jwt-secret'), 'utf8').trim()).toBe(first);
    expect(statSync(path.join(dir, 'jwt-secret')).mode & 0o077).toBe(0);
  });

  it('uses PostgreSQL when DATABASE_URL is set', () => {
    const config = loadConfig({ DATA_DIR: tempDir(), DATABASE_URL: 'postgres://kade:pw@db.internal:5432/kade' });
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://kade:pw@db.internal:5432/kade' });
  });

  it('reads every variable it is given', () => {
    const config = loadConfig({
      DATA_DIR: tempDir(),
      PORT: '8080',
      SHOP_NAME: 'Kade Wellawatte',
      TIME_ZONE: 'Asia/Kolkata',
      SHOP_HOURS: '07:00-21:30',
      FRESH_HOURS: '22:00-05:00',
      DELIVERY_CENTER_LAT: '6.9',
      DELIVERY_CENTER_LNG: '79.85',
      DELIVERY_RADIUS_KM: '2.5',
      LOGIN_EMAIL_PREFIX: 'shop',
      LOGIN_EMAIL_DOMAIN: 'users.example.lk',
      APP_SHELL_ONLY: 'true',
      APP_SHELL_UA_TOKEN: 'MyShell',
      ADMIN_MOBILE: '0771234567',
      ADMIN_PASSWORD: 'a-long-password',
      REDIS_URL: 'redis://127.0.0.1:6379',
      CORS_ORIGINS: 'https://a.example.lk, https://b.example.lk',
      JWT_SECRET: 'x'.repeat(40),
    });
    expect(config.port).toBe(8080);
    expect(config.shop.name).toBe('Kade Wellawatte');
    expect(config.shop.timeZone).toBe('Asia/Kolkata');
    expect(config.shop.shopHours).toBe('07:00-21:30');
    expect(config.shop.freshHours).toBe('22:00-05:00');
    expect(config.zone).toEqual({ centre: { lat: 6.9, lng: 79.85 }, radiusKm: 2.5 });
    expect(config.login).toEqual({ prefix: 'shop', domain: 'users.example.lk' });
    expect(config.appShell).toEqual({ only: true, uaToken: 'MyShell' });
    expect(config.admin).toEqual({ mobile: '0771234567', password: 'a-long-password' });
    expect(config.redisUrl).toBe('redis://127.0.0.1:6379');
    expect(config.corsOrigins).toEqual(['https://a.example.lk', 'https://b.example.lk']);
    expect(config.jwtSecret).toBe('x'.repeat(40));
  });

  it.each([
    ['PORT', 'eighty', /^PORT /],
    ['PORT', '70000', /^PORT /],
    ['DATABASE_URL', 'mysql://localhost/kade', /^DATABASE_URL must be a PostgreSQL URL/],
    ['DATABASE_URL', 'not a url', /^DATABASE_URL must be a PostgreSQL URL/],
    ['REDIS_URL', 'http://localhost:6379', /^REDIS_URL must be a Redis URL/],
    ['SHOP_HOURS', '6.30 to 11', /^SHOP_HOURS must look like HH:MM-HH:MM/],
    ['FRESH_HOURS', '25:00-21:00', /^FRESH_HOURS must look like HH:MM-HH:MM/],
    ['TIME_ZONE', 'Mars/Olympus', /^TIME_ZONE must be an IANA time zone/],
    ['DELIVERY_RADIUS_KM', '-1', /^DELIVERY_RADIUS_KM must be a number from/],
    ['DELIVERY_CENTER_LAT', '91', /^DELIVERY_CENTER_LAT must be a number from -90 to 90/],
    ['APP_SHELL_ONLY', 'maybe', /^APP_SHELL_ONLY must be true or false/],
    ['JWT_SECRET', 'short', /^JWT_SECRET must be at least 32 characters/],
    ['LOGIN_EMAIL_DOMAIN', 'nodot', /^LOGIN_EMAIL_DOMAIN must be a domain/],
    ['CORS_ORIGINS', 'ftp://x', /^CORS_ORIGINS must be a comma-separated list/],
  ])('stops on a bad %s=%s with one line naming it', (name, value, message) => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: tempDir(), [name]: value })).toThrow(message);
  });

  it("hashes passwords at OWASP's scrypt cost: only a test server lowers it, and nothing raises it", () => {
    const dir = tempDir();
    expect(loadConfig({ DATA_DIR: dir }).passwordCost).toBe(17);
    expect(loadConfig({ DATA_DIR: dir, NODE_ENV: 'test', PASSWORD_COST: '10' }).passwordCost).toBe(10);
    expect(loadConfig({ DATA_DIR: dir, NODE_ENV: 'production', PASSWORD_COST: '17' }).passwordCost).toBe(17);
    expect(() => loadConfig({ DATA_DIR: dir, NODE_ENV: 'production', PASSWORD_COST: '10' })).toThrow(/PASSWORD_COST below 17 is for tests only/);
    // `npm start` leaves NODE_ENV at development: a test's cost is refused there too
    expect(() => loadConfig({ DATA_DIR: dir, PASSWORD_COST: '10' })).toThrow(/PASSWORD_COST below 17 is for tests only/);
    // never above 17: a dearer hash for new accounts than the decoy and the old ones would tell numbers apart
    expect(() => loadConfig({ DATA_DIR: dir, NODE_ENV: 'production', PASSWORD_COST: '18' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dir, PASSWORD_COST: '9' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dir, PASSWORD_COST: '21' })).toThrow(ConfigError);
  });

  it('wants the admin mobile and password together', () => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), ADMIN_MOBILE: '0771234567' })).toThrow(/ADMIN_MOBILE and ADMIN_PASSWORD go together/);
    expect(() => loadConfig({ DATA_DIR: tempDir(), ADMIN_MOBILE: '077123', ADMIN_PASSWORD: 'long-enough' })).toThrow(/^ADMIN_MOBILE must be exactly 10 digits/);
  });

  it('says what to fix when DATA_DIR cannot be written', () => {
    const file = path.join(tempDir(), 'a-file');
    writeFileSync(file, 'not a folder');
    expect(() => loadConfig({ DATA_DIR: path.join(file, 'data') })).toThrow(/^DATA_DIR=.* cannot be written \(ENOTDIR\)/);
  });

  it('treats empty variables as unset', () => {
    const config = loadConfig({ DATA_DIR: tempDir(), DATABASE_URL: '', PORT: '' });
    expect(config.database.kind).toBe('pglite');
    expect(config.port).toBe(3000);
  });
});
