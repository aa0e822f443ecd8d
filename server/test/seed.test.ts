import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORY_DISPLAY_ORDER, loginEmailToMobile } from '@kade/shared';
import { migrateLatest } from '../src/db/migrate';
import { toCount } from '../src/db/database';
import { createLogger } from '../src/logger';
import { verifyPassword } from '../src/modules/users/password';
import { SEED_KEY, seedIfEmpty } from '../src/seed/run';
import { SEED_PRODUCTS } from '../src/seed/catalogue-data';
import { createTestDatabase, DB_KINDS, testConfig, type TestDatabase } from './helpers';

const logger = createLogger('silent');

async function count(test: TestDatabase, table: string, where: Record<string, unknown> = {}): Promise<number> {
  const [row] = await test.db.knex(table).where(where).count('* as count');
  return toCount(row?.count);
}

describe.each(DB_KINDS)('the demo seed on %s', (kind) => {
  let test: TestDatabase;
  const { config, cleanup } = testConfig();

  beforeAll(async () => {
    test = await createTestDatabase(kind);
    await migrateLatest(test.db);
  });
  afterAll(async () => {
    await test?.drop();
    cleanup();
  });

  it('leaves nothing behind when it fails halfway, and a later start completes it', async () => {
    // A category the seed will also try to create: its insert fails in the middle of the transaction.
    await test.db.knex('categories').insert({ name: 'fruit' });
    await expect(seedIfEmpty(test.db, config, logger, { imageSize: 96 })).rejects.toThrow(/categories_name_unique/);
    expect(await count(test, 'users')).toBe(0);
    expect(await count(test, 'products')).toBe(0);
    expect(await count(test, 'stored_files')).toBe(0);
    expect(await count(test, 'app_meta', { key: SEED_KEY })).toBe(0);

    await test.db.knex('categories').del();
    const report = await seedIfEmpty(test.db, config, logger, { imageSize: 96 });
    expect(report.seeded).toBe(true);
  }, 180_000);

  it('writes the whole demo catalogue with an image for every product', async () => {
    const parents = await test.db.knex('products as p').join('product_stock as s', 's.product_id', 'p.id').whereNull('p.parent_id').select('p.id', 'p.name', 'p.images', 's.stock', 'p.price_paise', 'p.single_quantity');
    expect(parents.length).toBe(SEED_PRODUCTS.length);
    expect(parents.length).toBeGreaterThanOrEqual(150);
    for (const p of parents) {
      const images = typeof p.images === 'string' ? JSON.parse(p.images) : p.images;
      expect(images, p.name).toHaveLength(1);
      const file = await test.db.knex('stored_files').where({ key: images[0].replace('/files/', '') }).first('content_type');
      expect(file?.content_type, p.name).toBe('image/webp');
      expect(p.stock).toBeGreaterThanOrEqual(0);
      expect(p.price_paise).toBeGreaterThan(0);
    }
    expect(await count(test, 'products', {})).toBeGreaterThan(parents.length); // variations too
    expect(parents.some((p) => p.stock === 0)).toBe(true);
  });

  it('writes the weighed products with their rule, their scale code and their stock in grams', async () => {
    const rows = await test.db.knex('products as p').join('product_stock as s', 's.product_id', 'p.id').where({ 'p.sell_by': 'WEIGHT' })
      .select('p.name', 'p.parent_id', 'p.price_paise', 'p.step_grams', 'p.min_grams', 'p.max_grams', 'p.scale_code', 's.stock');
    const expected = SEED_PRODUCTS.filter((p) => p.weighed !== null);
    expect(rows.map((r: { name: string }) => r.name).sort()).toEqual(expected.map((p) => p.name).sort());
    for (const p of expected) {
      const row = rows.find((r: { name: string }) => r.name === p.name);
      expect(row, p.name).toMatchObject({ parent_id: null, price_paise: p.price * 100, step_grams: p.weighed!.stepGrams, min_grams: p.weighed!.minGrams, max_grams: p.weighed!.maxGrams, scale_code: p.weighed!.scaleCode, stock: p.stock });
    }
    expect(rows.find((r: { name: string }) => r.name === 'Carrots')).toMatchObject({ price_paise: 48_000, step_grams: 250, min_grams: 250, max_grams: 5000, scale_code: '10001' });
    // products sold by the unit have neither grams nor a scale code
    const stray = await test.db.knex('products').where({ sell_by: 'EACH' }).where((q) => q.whereNotNull('scale_code').orWhereNotNull('step_grams')).pluck('name');
    expect(stray).toEqual([]);
  });

  it('puts the categories of the spec in, with Deal items single-quantity', async () => {
    const names = (await test.db.knex('categories').select('name')).map((r: { name: string }) => r.name);
    for (const name of [...CATEGORY_DISPLAY_ORDER, 'Rice & Grains', 'Fruit', 'Meat', 'Household', 'Special', 'Buy Brand']) {
      expect(names).toContain(name);
    }
    const subs = (await test.db.knex('sub_categories').select('name')).map((r: { name: string }) => r.name);
    for (const name of ['Deal', 'All Products', 'All Fruits']) expect(subs).toContain(name);

    const deals = await test.db
      .knex('products as p')
      .join('product_sub_categories as ps', 'ps.product_id', 'p.id')
      .join('sub_categories as s', 's.id', 'ps.sub_category_id')
      .where('s.name', 'Deal')
      .select('p.name', 'p.single_quantity');
    expect(deals.length).toBeGreaterThan(0);
    for (const d of deals) expect(d.single_quantity, d.name).toBe(true);
  });

  it('creates an admin, a demo shopper and a demo staff account whose printed passwords work', async () => {
    const report = await seedIfEmpty(test.db, config, logger);
    expect(report.seeded).toBe(false); // the second start seeds nothing…
    expect(report.admin?.mobile).toMatch(/^07\d{8}$/); // …but still knows the logins it printed
    const admin = await test.db.knex('users').where({ role: 'ADMIN' }).first('email', 'mobile', 'password_hash');
    expect(admin.mobile).toBe(report.admin?.mobile);
    expect(loginEmailToMobile(admin.email, config.login)).toBe(admin.mobile);
    expect(await verifyPassword(report.admin?.password ?? '', admin.password_hash)).toBe(true);
    expect(await verifyPassword('wrong-password', admin.password_hash)).toBe(false);
    const shopper = await test.db.knex('users').where({ mobile: report.demoShopper?.mobile }).first('role', 'password_hash');
    expect(shopper.role).toBe('USER');
    expect(await verifyPassword(report.demoShopper?.password ?? '', shopper.password_hash)).toBe(true);
    // the counter app's and the print agent's account (the README's agent example signs in with it)
    expect(report.demoStaff?.mobile).toBe('0771234568');
    const staff = await test.db.knex('users').where({ mobile: report.demoStaff?.mobile }).first('role', 'password_hash');
    expect(staff.role).toBe('STAFF');
    expect(await verifyPassword(report.demoStaff?.password ?? '', staff.password_hash)).toBe(true);
    expect(report.demoStaff?.password).not.toBe(report.demoShopper?.password);
  });

  it('never seeds twice', async () => {
    const before = await count(test, 'products');
    await seedIfEmpty(test.db, config, logger);
    expect(await count(test, 'products')).toBe(before);
    expect(await count(test, 'users', { role: 'ADMIN' })).toBe(1);
  });
});

describe('the demo seed with a folder of kept pictures (SEED_IMAGE_CACHE_DIR)', () => {
  const cacheDir = mkdtempSync(path.join(os.tmpdir(), 'kade-seed-pictures-'));
  const { config, cleanup } = testConfig({ SEED_IMAGE_CACHE_DIR: cacheDir });
  const databases: TestDatabase[] = [];
  afterAll(async () => {
    await Promise.all(databases.map((database) => database.drop()));
    cleanup();
    rmSync(cacheDir, { recursive: true, force: true });
  });

  /** Seeds a new database and answers its stored pictures (key and bytes) and what the seed logged. */
  async function seedOne(): Promise<{ files: Array<{ key: string; bytes: string }>; logged: string[] }> {
    const database = await createTestDatabase('pglite');
    databases.push(database);
    const logged: string[] = [];
    // the silent logger, with its info lines kept
    const listening = Object.create(logger) as typeof logger;
    listening.info = ((...args: unknown[]) => void logged.push(args.filter((arg) => typeof arg === 'string').join(' '))) as typeof logger.info;
    await seedIfEmpty(database.db, config, listening, { imageSize: 96 });
    const rows = await database.db.knex('stored_files').orderBy('key').select<Array<{ key: string; data: Buffer }>>('key', 'data');
    return { files: rows.map((row) => ({ key: row.key, bytes: createHash('sha256').update(row.data).digest('hex') })), logged };
  }

  it('draws the pictures at the first seed and reads the same ones back at the next', async () => {
    const first = await seedOne();
    const second = await seedOne();
    expect(first.logged.some((line) => line.includes('read back'))).toBe(false);
    expect(second.logged.some((line) => line.includes('read back'))).toBe(true);
    expect(first.files.length).toBeGreaterThan(SEED_PRODUCTS.length);
    expect(second.files).toEqual(first.files);
  }, 240_000); // a hang guard: two seeds, the first drawing every picture, on a machine that may be running two suites
});
