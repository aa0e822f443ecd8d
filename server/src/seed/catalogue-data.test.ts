import { describe, expect, it } from 'vitest';
import { CATEGORY_DISPLAY_ORDER, isScaleCode, MAX_STOCK, weighedRuleProblem } from '@kade/shared';
import { SEED_BRANDS, SEED_CATEGORIES, SEED_PRODUCTS, SEED_SUB_CATEGORIES } from './catalogue-data';
import type { SeedShape } from './catalogue-data';

const key = (name: string) => name.trim().toLowerCase();
const duplicates = (names: string[]) => names.filter((name, i) => names.findIndex((other) => key(other) === key(name)) !== i);
const allVariations = SEED_PRODUCTS.flatMap((p) => p.variations);
const SHAPES: SeedShape[] = ['bag', 'bottle', 'box', 'can', 'jar', 'bunch', 'round', 'pack', 'tray'];
const HEX = /^#[0-9a-f]{6}$/i;

describe('the demo catalogue data', () => {
  it('has the categories of the spec, the first seven in display order', () => {
    const names = SEED_CATEGORIES.map((c) => c.name);
    expect(names.slice(0, 7)).toEqual(['All Product', 'Vegetable', 'Milk + Other', 'Tea & Coffee', 'Biscuit', 'Medicine', 'Snack']);
    expect(names.slice(0, 7)).toEqual([...CATEGORY_DISPLAY_ORDER]);
    expect(names.slice(7, 17)).toEqual(['Rice & Grains', 'Fruit', 'Meat', 'Fish', 'Spices', 'Household', 'Personal Care', 'Bakery', 'Special', 'Buy Brand']);
    expect(names.length).toBeLessThanOrEqual(19);
    for (const c of SEED_CATEGORIES) {
      expect(c.colour, c.name).toMatch(HEX);
      expect(c.icon, c.name).toMatch(/^[a-z]+$/);
    }
  });

  it('has the named sub-categories, under the right categories', () => {
    const byName = new Map(SEED_SUB_CATEGORIES.map((s) => [s.name, s.categories]));
    expect(byName.get('Deal')).toEqual(['Special']);
    expect(byName.get('All Products')).toEqual(['All Product']);
    expect(byName.get('All Fruits')).toEqual(['Fruit']);
    const expected = [
      'Leafy Greens', 'Root Vegetables', 'Fresh Milk', 'Milk Powder', 'Yoghurt & Curd', 'Black Tea', 'Coffee', 'Cream Crackers',
      'Sweet Biscuits', 'Pain Relief', 'First Aid', 'Chips', 'Nuts & Bites', 'Samba Rice', 'Nadu Rice', 'Red Rice', 'Dhal & Pulses',
      'Chicken', 'Fresh Fish', 'Dried Fish', 'Curry Powders', 'Whole Spices', 'Cleaning', 'Laundry', 'Soap', 'Oral Care', 'Bread', 'Buns',
    ];
    for (const name of expected) expect(byName.has(name), name).toBe(true);
    expect(SEED_BRANDS.length).toBeGreaterThanOrEqual(3);
    for (const brand of SEED_BRANDS) expect(byName.get(brand), brand).toEqual(['Buy Brand']);
    for (const s of SEED_SUB_CATEGORIES) {
      expect(s.categories.length, s.name).toBeGreaterThan(0);
      expect(s.colour, s.name).toMatch(HEX);
    }
  });

  it('has at least 170 products, at least 12 with variations', () => {
    expect(SEED_PRODUCTS.length).toBeGreaterThanOrEqual(170);
    expect(SEED_PRODUCTS.filter((p) => p.variations.length > 0).length).toBeGreaterThanOrEqual(12);
  });

  it('resolves every category and sub-category name it refers to', () => {
    const categories = new Set(SEED_CATEGORIES.map((c) => c.name));
    const subs = new Set(SEED_SUB_CATEGORIES.map((s) => s.name));
    for (const s of SEED_SUB_CATEGORIES) for (const c of s.categories) expect(categories.has(c), `${s.name} -> ${c}`).toBe(true);
    for (const p of SEED_PRODUCTS) {
      expect(p.categories[0], p.name).toBe('All Product');
      expect(p.subCategories[0], p.name).toBe('All Products');
      expect(p.categories.length, p.name).toBeGreaterThanOrEqual(2);
      expect(p.subCategories.length, p.name).toBeGreaterThanOrEqual(2);
      expect(new Set(p.categories).size, p.name).toBe(p.categories.length);
      expect(new Set(p.subCategories).size, p.name).toBe(p.subCategories.length);
      for (const c of p.categories) expect(categories.has(c), `${p.name} -> ${c}`).toBe(true);
      for (const s of p.subCategories) expect(subs.has(s), `${p.name} -> ${s}`).toBe(true);
    }
  });

  it('puts each product only in sub-categories of its own categories', () => {
    const parentOf = new Map(SEED_SUB_CATEGORIES.map((s) => [s.name, s.categories]));
    for (const p of SEED_PRODUCTS) {
      for (const s of p.subCategories) {
        expect(parentOf.get(s)?.some((c) => p.categories.includes(c)), `${p.name} in ${s}`).toBe(true);
      }
    }
  });

  it('lists every fruit under All Fruits and every branded product under Buy Brand and its brand', () => {
    for (const p of SEED_PRODUCTS.filter((x) => x.categories.includes('Fruit'))) expect(p.subCategories, p.name).toContain('All Fruits');
    const branded = SEED_PRODUCTS.filter((p) => p.categories.includes('Buy Brand'));
    expect(branded.length).toBeGreaterThanOrEqual(SEED_BRANDS.length);
    for (const brand of SEED_BRANDS) expect(branded.some((p) => p.subCategories.includes(brand)), brand).toBe(true);
    for (const p of branded) {
      const brand = SEED_BRANDS.find((b) => p.subCategories.includes(b));
      expect(brand, p.name).toBeDefined();
      expect(p.name.startsWith(`${brand} `), p.name).toBe(true);
    }
  });

  it('keeps names unique, ignoring case: categories, sub-categories, products and variations', () => {
    expect(duplicates(SEED_CATEGORIES.map((c) => c.name))).toEqual([]);
    expect(duplicates(SEED_SUB_CATEGORIES.map((s) => s.name))).toEqual([]);
    expect(duplicates(SEED_PRODUCTS.map((p) => p.name))).toEqual([]);
    expect(duplicates([...SEED_PRODUCTS.map((p) => p.name), ...allVariations.map((v) => v.name)])).toEqual([]);
  });

  it('keeps prices, discounts and stocks within bounds', () => {
    for (const item of [...SEED_PRODUCTS, ...allVariations]) {
      expect(item.name.trim(), item.name).toBe(item.name);
      expect(item.unit.trim().length, item.name).toBeGreaterThan(0);
      expect(Number.isFinite(item.price) && item.price > 0, `${item.name} price`).toBe(true);
      expect(Number.isFinite(item.discount) && item.discount >= 0 && item.discount <= 100, `${item.name} discount`).toBe(true);
      expect(Number.isInteger(item.stock) && item.stock >= 0, `${item.name} stock`).toBe(true);
    }
    for (const p of SEED_PRODUCTS) {
      expect(Number.isInteger(p.totalStock) && p.totalStock >= p.stock && p.totalStock >= 100, `${p.name} totalStock`).toBe(true);
    }
    // Many at full price, some discounted, a few nearly sold out.
    expect(SEED_PRODUCTS.filter((p) => p.discount === 0).length).toBeGreaterThan(SEED_PRODUCTS.length / 2);
    expect(SEED_PRODUCTS.filter((p) => p.discount > 0).length).toBeGreaterThanOrEqual(20);
    expect(SEED_PRODUCTS.filter((p) => p.stock > 0 && p.stock <= 5).length).toBeGreaterThanOrEqual(5);
  });

  it('has believable rupee prices for the staples', () => {
    const price = (name: string) => SEED_PRODUCTS.find((p) => p.name === name)?.price ?? Number.NaN;
    expect(price('White Samba Rice')).toBeGreaterThanOrEqual(260);
    expect(price('White Samba Rice')).toBeLessThanOrEqual(330);
    expect(price('Full Cream Fresh Milk')).toBeGreaterThanOrEqual(450);
    expect(price('Full Cream Fresh Milk')).toBeLessThanOrEqual(520);
    expect(price('Full Cream Milk Powder')).toBeGreaterThanOrEqual(1000);
    expect(price('Full Cream Milk Powder')).toBeLessThanOrEqual(1150);
    expect(price('Black Tea Bags')).toBe(800);
    expect(price('Coconut')).toBeGreaterThanOrEqual(120);
    expect(price('Coconut')).toBeLessThanOrEqual(180);
    expect(price('Whole Chicken Skinless')).toBeGreaterThanOrEqual(1300);
    expect(price('Whole Chicken Skinless')).toBeLessThanOrEqual(1500);
    expect(price('Farm Eggs')).toBe(450);
  });

  it('makes the 6 to 8 Special - Deal items single-quantity, and nothing else', () => {
    const deals = SEED_PRODUCTS.filter((p) => p.subCategories.includes('Deal'));
    expect(deals.length).toBeGreaterThanOrEqual(6);
    expect(deals.length).toBeLessThanOrEqual(8);
    for (const d of deals) {
      expect(d.single_quantity, d.name).toBe(true);
      expect(d.categories, d.name).toContain('Special');
      expect(d.name, d.name).toMatch(/^Deal: /);
    }
    expect(SEED_PRODUCTS.filter((p) => p.single_quantity).length).toBe(deals.length);
  });

  it('has out-of-stock products, an out-of-stock variation and exactly one unpublished variation', () => {
    expect(SEED_PRODUCTS.filter((p) => p.stock === 0).length).toBeGreaterThanOrEqual(1);
    expect(allVariations.some((v) => v.stock === 0)).toBe(true);
    expect(allVariations.filter((v) => !v.publish).length).toBe(1);
    expect(allVariations.filter((v) => v.publish).length).toBe(allVariations.length - 1);
  });

  it('gives every product a description, a picture hint and string details', () => {
    for (const p of SEED_PRODUCTS) {
      expect(p.description.length, p.name).toBeGreaterThan(15);
      expect(SHAPES, p.name).toContain(p.visual.shape);
      expect(p.visual.colour, p.name).toMatch(HEX);
      for (const [label, value] of Object.entries(p.more_details)) {
        expect(label.trim().length, p.name).toBeGreaterThan(0);
        expect(typeof value === 'string' && value.trim().length > 0, `${p.name}: ${label}`).toBe(true);
      }
    }
    expect(SEED_PRODUCTS.filter((p) => Object.keys(p.more_details).length > 0).length).toBeGreaterThanOrEqual(20);
  });

  it('names variations after their product and keeps their unit distinct from it', () => {
    for (const p of SEED_PRODUCTS) {
      for (const v of p.variations) {
        expect(v.name.startsWith(p.name), `${p.name} / ${v.name}`).toBe(true);
        expect(v.unit, v.name).not.toBe(p.unit);
      }
    }
  });

  it('sells the loose vegetables, fruit, meat, fish, rice and dhal by weight, each with a rule that holds and its own scale code', () => {
    const weighed = SEED_PRODUCTS.filter((p) => p.weighed !== null);
    const carrots = SEED_PRODUCTS.find((p) => p.name === 'Carrots');
    expect(carrots?.price).toBe(480);
    expect(carrots?.weighed).toEqual({ stepGrams: 250, minGrams: 250, maxGrams: 5000, scaleCode: '10001' });
    for (const p of weighed) {
      const rule = p.weighed!;
      expect(weighedRuleProblem(rule), p.name).toBeNull();
      expect(isScaleCode(rule.scaleCode), p.name).toBe(true);
      expect(p.variations, p.name).toEqual([]); // the weight replaces the sizes
      expect(p.single_quantity, p.name).toBe(false);
      expect(p.stock, p.name).toBeLessThanOrEqual(MAX_STOCK);
      // grams on the shelf: none or at least one order's minimum
      expect(p.stock === 0 || p.stock >= rule.minGrams, p.name).toBe(true);
    }
    expect(new Set(weighed.map((p) => p.weighed!.scaleCode)).size).toBe(weighed.length);
    const rulesIn = (category: string) => weighed.filter((p) => p.categories.includes(category)).map((p) => p.weighed!);
    for (const category of ['Vegetable', 'Fruit', 'Meat', 'Fish', 'Rice & Grains']) expect(rulesIn(category).length, category).toBeGreaterThanOrEqual(4);
    for (const rule of [...rulesIn('Meat'), ...rulesIn('Fish')]) expect([rule.stepGrams, rule.maxGrams]).toEqual([250, 3000]);
    for (const rule of rulesIn('Rice & Grains')) expect([rule.stepGrams, rule.minGrams, rule.maxGrams]).toEqual([500, 500, 10_000]);
    for (const rule of rulesIn('Vegetable')) expect(rule.maxGrams).toBeLessThanOrEqual(5000);
    const inShelf = (sub: string) => weighed.filter((p) => p.subCategories.includes(sub)).length;
    expect(inShelf('Dhal & Pulses')).toBeGreaterThanOrEqual(3);
    expect(inShelf('Samba Rice')).toBeGreaterThanOrEqual(2);
    // a price per kg a Colombo market would ask in 2026
    for (const p of weighed) {
      expect(p.price, p.name).toBeGreaterThanOrEqual(150);
      expect(p.price, p.name).toBeLessThanOrEqual(6000);
    }
    // bunches, single pieces, packs and branded bags stay sold by the unit
    for (const name of ['Gotukola', 'Ambul Banana', 'Pineapple', 'Whole Chicken Skinless', 'Canned Mackerel', 'Ran Kekulu Samba Rice', 'Kade Select Mysore Dhal', 'Cabbage']) {
      expect(SEED_PRODUCTS.find((p) => p.name === name)?.weighed, name).toBeNull();
    }
  });
});
