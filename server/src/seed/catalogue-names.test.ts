import { describe, expect, it } from 'vitest';
import { categoryAddSchema, localDetail, localUnit, productCreateSchema, scriptLanguage } from '@kade/shared';
import { SEED_BRANDS, SEED_CATEGORIES, SEED_PRODUCTS, SEED_SUB_CATEGORIES } from './catalogue-data';
import { CATEGORY_NAMES, PRODUCT_NAMES, SUB_CATEGORY_NAMES, subCategoryNames, variationNames, type OtherNames } from './catalogue-names';

const IMAGE = `/files/${'a'.repeat(32)}-480.webp`;
const BRANDS: readonly string[] = SEED_BRANDS;
/** Tea and cinnamon grades: codes the trade writes the same in every language. */
const GRADE_CODES = ['BOPF', 'OP', 'Alba'];

/** The Latin words left in a name once the brands and grade codes are taken out: none, for a name in Sinhala or Tamil. */
function latinLeft(text: string): string {
  let rest = text;
  for (const brand of BRANDS) rest = rest.split(brand).join(' ');
  return (rest.match(/[A-Za-z]+/g) ?? []).filter((word) => !GRADE_CODES.includes(word)).join(' ');
}

/** Every seeded row's English name and its Sinhala and Tamil ones, as the seed writes them. */
function everyName(): Array<{ english: string; names: OtherNames | undefined; brand: boolean }> {
  return [
    ...SEED_CATEGORIES.map((c) => ({ english: c.name, names: CATEGORY_NAMES[c.name], brand: false })),
    ...SEED_SUB_CATEGORIES.map((s) => ({ english: s.name, names: subCategoryNames(s.name), brand: BRANDS.includes(s.name) })),
    ...SEED_PRODUCTS.flatMap((p) => [
      { english: p.name, names: PRODUCT_NAMES[p.name], brand: false },
      ...p.variations.map((v) => ({ english: v.name, names: variationNames(p.name, v.name), brand: false })),
    ]),
  ];
}

describe("the demo catalogue's Sinhala and Tamil names", () => {
  it('names every category, sub-category, product and variation in all three languages', () => {
    const missing = everyName().filter(({ names }) => !names || !names[0].trim() || !names[1].trim()).map(({ english }) => english);
    expect(missing).toEqual([]);
    expect(everyName().length).toBeGreaterThan(SEED_PRODUCTS.length + SEED_CATEGORIES.length);
  });

  it('translates every word but the brands: no name equals the English or keeps an English word', () => {
    for (const { english, names, brand } of everyName()) {
      const [si, ta] = names ?? ['', ''];
      if (brand) {
        expect([si, ta], english).toEqual([english, english]);
        continue;
      }
      expect(si, english).not.toBe(english);
      expect(ta, english).not.toBe(english);
      expect(latinLeft(si), `${english}: ${si}`).toBe('');
      expect(latinLeft(ta), `${english}: ${ta}`).toBe('');
    }
  });

  it('keeps a brand in its own name and the rest in the language', () => {
    expect(PRODUCT_NAMES['Kade Select Cream Crackers']).toEqual(['Kade Select ක්\u200Dරීම් ක්\u200Dරැකර්', 'Kade Select கிறீம் கிறாக்கர்']);
    expect(subCategoryNames('Nilwala Farms')).toEqual(['Nilwala Farms', 'Nilwala Farms']);
    expect(variationNames('Coconut Oil', 'Coconut Oil 500ml')).toEqual(['පොල් තෙල් මි.ලී. 500', 'தேங்காய் எண்ணெய் 500 மி.லீ.']);
    expect(variationNames('Coconut Oil', 'Coconut Oil 2L Old Pack')).toEqual(['පොල් තෙල් ලීටර් 2 පැරණි ඇසුරුම', 'தேங்காய் எண்ணெய் 2 லீற்றர் பழைய பொதி']);
  });

  it('names only products that exist', () => {
    const products = new Set(SEED_PRODUCTS.map((p) => p.name));
    for (const name of Object.keys(PRODUCT_NAMES)) expect(products.has(name), name).toBe(true);
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

describe("the demo catalogue's units and sheet rows in Sinhala and Tamil", () => {
  const units = [...new Set(SEED_PRODUCTS.flatMap((p) => [p.unit, ...p.variations.map((v) => v.unit)]))];
  const rows = SEED_PRODUCTS.flatMap((p) => Object.entries(p.more_details));

  it.each(['si', 'ta'] as const)('shows every unit in %s, with no English word left', (language) => {
    const english = units.filter((unit) => /[A-Za-z]/.test(localUnit(unit, language)));
    expect(english).toEqual([]);
  });

  it.each(['si', 'ta'] as const)("words every row's label, and every value but a grade's code, in %s", (language) => {
    const left = rows
      .map(([label, value]) => ({ label, value, shown: localDetail(label, value, language) }))
      .filter(({ label, value, shown }) => /[A-Za-z]/.test(shown.label) || (/[A-Za-z]/.test(shown.value.replace(/°C/g, '')) && !(label === 'Grade' && GRADE_CODES.includes(value))));
    expect(left).toEqual([]);
    expect(rows.length).toBeGreaterThan(20);
  });
});
