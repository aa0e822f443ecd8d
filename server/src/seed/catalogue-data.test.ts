import { describe, expect, it } from 'vitest';
import { CATEGORY_DISPLAY_ORDER } from '@kade/shared';
import { SEED_CATEGORIES, SEED_PRODUCTS, SEED_SUB_CATEGORIES } from './catalogue-data';
import { renderBannerImage, renderCategoryImage, renderProductImage } from './images';
import sharp from 'sharp';

const lower = (s: string) => s.trim().toLowerCase();

describe('the demo catalogue', () => {
  it('starts with the categories of the spec, in its order, and has the named extras', () => {
    expect(SEED_CATEGORIES.slice(0, CATEGORY_DISPLAY_ORDER.length).map((c) => c.name)).toEqual([...CATEGORY_DISPLAY_ORDER]);
    const names = SEED_CATEGORIES.map((c) => c.name);
    for (const name of ['Rice & Grains', 'Fruit', 'Meat', 'Household', 'Special', 'Buy Brand']) expect(names).toContain(name);
    const subs = SEED_SUB_CATEGORIES.map((s) => s.name);
    for (const name of ['Deal', 'All Products', 'All Fruits']) expect(subs).toContain(name);
  });

  it('has at least 150 products, a dozen with variations, every reference resolving', () => {
    expect(SEED_PRODUCTS.length).toBeGreaterThanOrEqual(150);
    expect(SEED_PRODUCTS.filter((p) => (p.variations?.length ?? 0) > 0).length).toBeGreaterThanOrEqual(12);
    const categories = new Set(SEED_CATEGORIES.map((c) => c.name));
    const subs = new Set(SEED_SUB_CATEGORIES.map((s) => s.name));
    for (const s of SEED_SUB_CATEGORIES) for (const c of s.categories) expect(categories.has(c), `${s.name} -> ${c}`).toBe(true);
    for (const p of SEED_PRODUCTS) {
      expect(p.categories, p.name).toContain('All Product');
      expect(p.subCategories, p.name).toContain('All Products');
      for (const c of p.categories) expect(categories.has(c), `${p.name} -> ${c}`).toBe(true);
      for (const s of p.subCategories) expect(subs.has(s), `${p.name} -> ${s}`).toBe(true);
    }
  });

  it('keeps names unique (ignoring case) and numbers within bounds', () => {
    for (const list of [SEED_CATEGORIES.map((c) => c.name), SEED_SUB_CATEGORIES.map((s) => s.name), SEED_PRODUCTS.flatMap((p) => [p.name, ...(p.variations ?? []).map((v) => v.name)])]) {
      expect(new Set(list.map(lower)).size).toBe(list.length);
    }
    for (const p of [...SEED_PRODUCTS, ...SEED_PRODUCTS.flatMap((p) => p.variations ?? [])]) {
      expect(p.price, p.name).toBeGreaterThan(0);
      expect(Number.isInteger(p.stock) && p.stock >= 0, p.name).toBe(true);
      expect(p.discount >= 0 && p.discount <= 100, p.name).toBe(true);
    }
  });

  it('makes Deal items single-quantity, and has out-of-stock items and an unpublished variation', () => {
    const deals = SEED_PRODUCTS.filter((p) => p.subCategories.includes('Deal'));
    expect(deals.length).toBeGreaterThanOrEqual(6);
    expect(deals.every((p) => p.single_quantity)).toBe(true);
    expect(SEED_PRODUCTS.filter((p) => !p.subCategories.includes('Deal')).some((p) => p.single_quantity)).toBe(false);
    expect(SEED_PRODUCTS.some((p) => p.stock === 0)).toBe(true);
    expect(SEED_PRODUCTS.flatMap((p) => p.variations ?? []).some((v) => v.publish === false)).toBe(true);
  });
});

describe('the generated pictures', () => {
  it('are PNGs of the requested size, different for different products', async () => {
    const [a, b] = await Promise.all([renderProductImage(SEED_PRODUCTS[0]!, 200), renderProductImage(SEED_PRODUCTS[1]!, 200)]);
    expect(a.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(await sharp(a).metadata()).toMatchObject({ format: 'png', width: 200, height: 200 });
    expect(a.equals(b)).toBe(false);
  });

  it('render the category tiles and the banner at their sizes', async () => {
    expect(await sharp(await renderCategoryImage('Tea & Coffee', '#8b5a2b', 128)).metadata()).toMatchObject({ width: 128, height: 128 });
    expect(await sharp(await renderBannerImage(600, 200)).metadata()).toMatchObject({ width: 600, height: 200 });
  });
});
