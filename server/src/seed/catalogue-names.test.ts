import { describe, expect, it } from 'vitest';
import { categoryAddSchema, productCreateSchema, scriptLanguage } from '@kade/shared';
import { SEED_BRANDS, SEED_CATEGORIES, SEED_PRODUCTS, SEED_SUB_CATEGORIES } from './catalogue-data';
import { CATEGORY_NAMES, PRODUCT_NAMES, SUB_CATEGORY_NAMES } from './catalogue-names';

const IMAGE = `/files/${'a'.repeat(32)}-480.webp`;

describe("the demo catalogue's Sinhala and Tamil names", () => {
  it('names every category and every sub-category but the brands', () => {
    for (const c of SEED_CATEGORIES) expect(CATEGORY_NAMES[c.name], c.name).toBeDefined();
    for (const s of SEED_SUB_CATEGORIES) {
      if ((SEED_BRANDS as readonly string[]).includes(s.name)) expect(SUB_CATEGORY_NAMES[s.name], s.name).toBeUndefined();
      else expect(SUB_CATEGORY_NAMES[s.name], s.name).toBeDefined();
    }
  });

  it('names most products, and names only products that exist', () => {
    const products = new Set(SEED_PRODUCTS.map((p) => p.name));
    for (const name of Object.keys(PRODUCT_NAMES)) expect(products.has(name), name).toBe(true);
    expect(Object.keys(PRODUCT_NAMES).length / SEED_PRODUCTS.length).toBeGreaterThan(0.5);
  });

  it('writes each name in its own script, as the admin forms would accept it', () => {
    const all = { ...CATEGORY_NAMES, ...SUB_CATEGORY_NAMES, ...PRODUCT_NAMES };
    for (const [english, [si, ta]] of Object.entries(all)) {
      expect(scriptLanguage(si), `${english}: ${si}`).toBe('si');
      expect(scriptLanguage(ta), `${english}: ${ta}`).toBe('ta');
      expect(/[\u0B80-\u0BFF]/.test(si) || /[\u0D80-\u0DFF]/.test(ta), english).toBe(false);
    }
    for (const [name, [nameSi, nameTa]] of Object.entries(CATEGORY_NAMES)) {
      expect(categoryAddSchema.safeParse({ name, nameSi, nameTa, image: IMAGE }).success, name).toBe(true);
    }
    for (const [name, [nameSi, nameTa]] of Object.entries(PRODUCT_NAMES)) {
      const parsed = productCreateSchema.safeParse({ name, nameSi, nameTa, image: [IMAGE], price: 1, unit: '1', stock: 1, description: 'd', category: [crypto.randomUUID()], subCategory: [crypto.randomUUID()] });
      expect(parsed.success, `${name}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
    }
  });
});
