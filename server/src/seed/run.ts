import { randomBytes, randomInt } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Knex } from 'knex';
import { mobileToLoginEmail, rupeesToPaise } from '@kade/shared';
import type { Config } from '../config';
import type { Database } from '../db/database';
import { json, toCount } from '../db/database';
import type { Logger } from '../logger';
import { setStock } from '../modules/catalog/stock';
import { BANNER_KEY } from '../modules/shop/banner';
import { hashPassword, scryptParams } from '../modules/users/password';
import { IMAGE_WIDTHS, prepareImage, savePreparedImage, type PreparedImage } from '../modules/files/service';
import { SEED_CATEGORIES, SEED_PRODUCTS, SEED_SUB_CATEGORIES, type SeedProduct } from './catalogue-data';
import { CATEGORY_NAMES, PRODUCT_NAMES, subCategoryNames, variationNames, type OtherNames } from './catalogue-names';
import { PRODUCT_KEYWORDS } from './catalogue-keywords';
import { renderBannerImage, SEED_PICTURES_VERSION, renderCategoryImage, renderProductImage, renderSubCategoryImage } from './images';
import { cachedSeedImages } from './image-cache';

export const SEED_KEY = 'demo_seed';
/** Two instances starting at once on one PostgreSQL seed one after the other, the second finding it done. */
const SEED_LOCK_ID = 727_102;
const LOGINS_FILE = 'first-logins.json';

export interface Login {
  mobile: string;
  password: string | undefined;
}

/** The demo accounts' fixed numbers: the README's examples use them (the passwords are made at the first start). */
export const DEMO_SHOPPER_MOBILE = '0771234567';
export const DEMO_STAFF_MOBILE = '0771234568';

export interface SeedReport {
  seeded: boolean;
  admin: Login | undefined;
  demoShopper: Login | undefined;
  /** A STAFF account for the counter app and the print agent. */
  demoStaff: Login | undefined;
  counts: { categories: number; subCategories: number; products: number; variations: number } | undefined;
}

function generatedPassword(): string {
  return randomBytes(9).toString('base64url');
}

/** Runs `work` over `items` with at most `limit` at once (image rendering is CPU-bound: 2 cores). */
async function mapLimit<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const runners = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as T);
    }
  });
  await Promise.all(runners);
  return results;
}

function readSavedLogins(dataDir: string): { admin?: Login; demoShopper?: Login; demoStaff?: Login } {
  try {
    return JSON.parse(readFileSync(path.join(dataDir, LOGINS_FILE), 'utf8')) as { admin?: Login; demoShopper?: Login; demoStaff?: Login };
  } catch {
    return {};
  }
}

async function ensureUser(trx: Knex.Transaction, config: Config, user: { name: string; mobile: string; password: string; role: 'USER' | 'STAFF' | 'ADMIN' }) {
  const email = mobileToLoginEmail(user.mobile, config.login);
  const existing = await trx('users').where({ mobile: user.mobile }).first('id');
  if (existing) return false;
  await trx('users').insert({
    name: user.name,
    email,
    mobile: user.mobile,
    password_hash: await hashPassword(user.password, scryptParams(config.passwordCost)),
    role: user.role,
    verify_email: true,
  });
  return true;
}

interface PreparedCatalogue {
  banner: PreparedImage;
  categories: Map<string, PreparedImage>;
  subCategories: Map<string, PreparedImage>;
  products: Map<string, PreparedImage>;
}

/** The seed's products and variations that get a picture, keyed as insertCatalogue finds them. */
function picturedProducts(): Array<{ key: string; name: string; unit: string; visual: SeedProduct['visual'] }> {
  const withImages: Array<{ key: string; name: string; unit: string; visual: SeedProduct['visual'] }> = [];
  for (const p of SEED_PRODUCTS) {
    withImages.push({ key: p.name, name: p.name, unit: p.unit, visual: p.visual });
    for (const v of p.variations ?? []) withImages.push({ key: `${p.name}::${v.name}`, name: v.name, unit: v.unit, visual: p.visual });
  }
  return withImages;
}

/**
 * The catalogue's pictures, drawn, or read back from SEED_IMAGE_CACHE_DIR when a seed of the same catalogue, size,
 * widths and drawing version drew them (image-cache.ts).
 */
async function catalogueImages(imageSize: number, cacheDir: string | undefined): Promise<{ images: PreparedCatalogue; fromCache: boolean }> {
  const inputs = {
    imageSize,
    widths: IMAGE_WIDTHS,
    categories: SEED_CATEGORIES,
    subCategories: SEED_SUB_CATEGORIES,
    products: picturedProducts(),
    version: SEED_PICTURES_VERSION,
  };
  return cachedSeedImages(cacheDir, inputs, () => prepareImages(imageSize));
}

async function prepareImages(imageSize: number): Promise<PreparedCatalogue> {
  const banner = await prepareImage(await renderBannerImage(), { originalName: 'banner.png' });
  const categories = new Map<string, PreparedImage>();
  const subCategories = new Map<string, PreparedImage>();
  const products = new Map<string, PreparedImage>();
  await mapLimit(SEED_CATEGORIES, 4, async (c) => {
    categories.set(c.name, await prepareImage(await renderCategoryImage(c.name, c.colour), { originalName: `${c.name}.png` }));
  });
  await mapLimit(SEED_SUB_CATEGORIES, 4, async (s) => {
    subCategories.set(s.name, await prepareImage(await renderSubCategoryImage(s.name, s.colour), { originalName: `${s.name}.png` }));
  });
  await mapLimit(picturedProducts(), 4, async (p) => {
    products.set(p.key, await prepareImage(await renderProductImage(p, imageSize), { originalName: `${p.name}.png` }));
  });
  return { banner, categories, subCategories, products };
}

/** The name_si and name_ta columns of a seeded row (null where the demo gives none). */
function otherNameColumns(names: OtherNames | undefined): { name_si: string | null; name_ta: string | null } {
  return { name_si: names?.[0] ?? null, name_ta: names?.[1] ?? null };
}

async function insertCatalogue(trx: Knex.Transaction, images: PreparedCatalogue) {
  for (const image of [images.banner, ...images.categories.values(), ...images.subCategories.values(), ...images.products.values()]) {
    await savePreparedImage(trx, image);
  }
  await trx('app_meta').insert({ key: BANNER_KEY, value: json({ url: images.banner.url }) }).onConflict('key').merge();

  const categoryIds = new Map<string, string>();
  for (const c of SEED_CATEGORIES) {
    const [row] = await trx('categories').insert({ name: c.name, ...otherNameColumns(CATEGORY_NAMES[c.name]), image: images.categories.get(c.name)?.url ?? '' }).returning('id');
    categoryIds.set(c.name, (row as { id: string }).id);
  }
  const subIds = new Map<string, string>();
  for (const s of SEED_SUB_CATEGORIES) {
    const [row] = await trx('sub_categories').insert({ name: s.name, ...otherNameColumns(subCategoryNames(s.name)), image: images.subCategories.get(s.name)?.url ?? '' }).returning('id');
    const id = (row as { id: string }).id;
    subIds.set(s.name, id);
    await trx('sub_category_categories').insert(s.categories.map((name) => ({ sub_category_id: id, category_id: categoryIds.get(name) })));
  }

  let variations = 0;
  for (const p of SEED_PRODUCTS) {
    const [row] = await trx('products')
      .insert({
        name: p.name,
        ...otherNameColumns(PRODUCT_NAMES[p.name]),
        unit: p.unit,
        images: json([images.products.get(p.name)?.url].filter(Boolean)),
        price_paise: rupeesToPaise(p.price),
        discount: p.discount,
        total_stock: p.totalStock ?? 100,
        description: p.description,
        more_details: json(p.more_details ?? {}),
        keywords: json(PRODUCT_KEYWORDS[p.name] ?? []),
        publish: true,
        single_quantity: p.single_quantity ?? false,
        ...(p.weighed
          ? { sell_by: 'WEIGHT', step_grams: p.weighed.stepGrams, min_grams: p.weighed.minGrams, max_grams: p.weighed.maxGrams, scale_code: p.weighed.scaleCode }
          : {}),
      })
      .returning('id');
    const productId = (row as { id: string }).id;
    await setStock(trx, productId, p.stock);
    await trx('product_categories').insert(p.categories.map((name) => ({ product_id: productId, category_id: categoryIds.get(name) })));
    await trx('product_sub_categories').insert(p.subCategories.map((name) => ({ product_id: productId, sub_category_id: subIds.get(name) })));
    for (const v of p.variations ?? []) {
      variations += 1;
      const [variation] = await trx('products').insert({
        parent_id: productId,
        name: v.name,
        ...otherNameColumns(variationNames(p.name, v.name)),
        unit: v.unit,
        images: json([images.products.get(`${p.name}::${v.name}`)?.url].filter(Boolean)),
        price_paise: rupeesToPaise(v.price),
        discount: v.discount,
        total_stock: Math.max(v.stock, p.totalStock ?? 100),
        description: p.description,
        more_details: json(p.more_details ?? {}),
        publish: v.publish ?? true,
        single_quantity: p.single_quantity ?? false,
      }).returning('id');
      await setStock(trx, (variation as { id: string }).id, v.stock);
    }
  }
  return { categories: SEED_CATEGORIES.length, subCategories: SEED_SUB_CATEGORIES.length, products: SEED_PRODUCTS.length, variations };
}

/**
 * Without the demo seed (production), the store still needs its first admin: ADMIN_MOBILE/ADMIN_PASSWORD make
 * one when the database has no admin yet. Returns true when it was created here. Instances that start together
 * take turns (advisory lock on PostgreSQL), so only one creates it.
 */
export async function ensureFirstAdmin(db: Database, config: Config, logger: Logger): Promise<boolean> {
  const { mobile, password } = config.admin;
  if (!mobile || !password) {
    if (!(await db.knex('users').where({ role: 'ADMIN' }).first('id'))) {
      logger.warn('no admin account exists: set ADMIN_MOBILE and ADMIN_PASSWORD (or SEED_DEMO=true) and start again');
    }
    return false;
  }
  const created = await db.knex.transaction(async (trx) => {
    if (db.kind === 'postgres') await trx.raw('select pg_advisory_xact_lock(?)', [SEED_LOCK_ID]);
    if (await trx('users').where({ role: 'ADMIN' }).first('id')) return false;
    return ensureUser(trx, config, { name: 'Store Admin', mobile, password, role: 'ADMIN' });
  });
  if (created) logger.info({ mobile }, 'first admin account created from ADMIN_MOBILE');
  return created;
}

/**
 * Seeds an empty database once: the admin account (ADMIN_MOBILE/ADMIN_PASSWORD, or generated and printed), a
 * demo shopper, a demo staff account (for the counter app and the print agent), and the demo catalogue with its generated images. Everything is written in one transaction
 * together with the mark that says it was done, so a start killed halfway leaves nothing and the next start
 * seeds again; a seeded database is never seeded twice.
 */
export async function seedIfEmpty(
  db: Database,
  config: Config,
  logger: Logger,
  options: { imageSize?: number; catalogue?: boolean } = {},
): Promise<SeedReport> {
  const saved = readSavedLogins(config.dataDir);
  const done = await db.knex('app_meta').where({ key: SEED_KEY }).first('key');
  if (done) {
    return { seeded: false, admin: saved.admin, demoShopper: saved.demoShopper, demoStaff: saved.demoStaff, counts: undefined };
  }
  const [row] = (await db.knex('products').count('* as count')) as Array<{ count: unknown }>;
  const catalogue = (options.catalogue ?? true) && toCount(row?.count) === 0;

  const started = Date.now();
  logger.info('seeding the demo shop (first start only)');
  const pictures = catalogue ? await catalogueImages(options.imageSize ?? 480, config.seedImageCacheDir) : undefined;
  if (pictures?.fromCache) logger.info({ dir: config.seedImageCacheDir }, 'the demo pictures were read back from SEED_IMAGE_CACHE_DIR');
  const images = pictures?.images;
  const admin: Login = config.admin.mobile
    ? { mobile: config.admin.mobile, password: undefined }
    : { mobile: `077${String(randomInt(0, 10_000_000)).padStart(7, '0')}`, password: generatedPassword() };
  const demoShopper: Login = { mobile: DEMO_SHOPPER_MOBILE, password: generatedPassword() };
  const demoStaff: Login = { mobile: DEMO_STAFF_MOBILE, password: generatedPassword() };

  const outcome = await db.knex.transaction(async (trx) => {
    if (db.kind === 'postgres') await trx.raw('select pg_advisory_xact_lock(?)', [SEED_LOCK_ID]);
    if (await trx('app_meta').where({ key: SEED_KEY }).first('key')) return { seededHere: false, inserted: undefined };
    const hasAdmin = await trx('users').where({ role: 'ADMIN' }).first('id');
    if (!hasAdmin) {
      await ensureUser(trx, config, { name: 'Store Admin', mobile: admin.mobile, password: config.admin.password ?? admin.password ?? '', role: 'ADMIN' });
    }
    await ensureUser(trx, config, { name: 'Demo Shopper', mobile: demoShopper.mobile, password: demoShopper.password ?? '', role: 'USER' });
    await ensureUser(trx, config, { name: 'Demo Staff', mobile: demoStaff.mobile, password: demoStaff.password ?? '', role: 'STAFF' });
    const inserted = images ? await insertCatalogue(trx, images) : undefined;
    await trx('app_meta').insert({ key: SEED_KEY, value: json({ at: new Date().toISOString(), counts: inserted ?? null }) });
    return { seededHere: true, inserted };
  });
  if (!outcome.seededHere) {
    logger.info('another instance seeded the demo shop first');
    return { seeded: false, admin: saved.admin, demoShopper: saved.demoShopper, demoStaff: saved.demoStaff, counts: undefined };
  }
  const counts = outcome.inserted;

  const logins = { admin, demoShopper, demoStaff };
  try {
    writeFileSync(path.join(config.dataDir, LOGINS_FILE), JSON.stringify(logins, null, 2) + '\n', { mode: 0o600 });
  } catch (error) {
    logger.warn({ err: error }, 'could not save the demo logins to the data folder');
  }
  logger.info({ ms: Date.now() - started, counts }, 'demo shop seeded');
  return { seeded: true, admin, demoShopper, demoStaff, counts };
}
