import { describe, expect, it } from 'vitest';
import type { ProductWire } from './api';
import { cardProduct } from './boot';

const product = (over: Partial<ProductWire>): ProductWire => ({
  _id: 'p1',
  name: 'Carrots',
  nameSi: null,
  nameTa: null,
  image: ['/img/carrots.png'],
  category: [{ _id: 'c1', name: 'Vegetable', nameSi: null, nameTa: null, image: '' } as unknown as ProductWire['category'][number]],
  subCategory: [],
  unit: 'loose',
  stock: 20000,
  totalStock: 20000,
  price: 480,
  discount: 0,
  description: 'Fresh',
  more_details: {},
  product: [],
  publish: true,
  single_quantity: false,
  barcode: null,
  sellBy: 'EACH',
  stepGrams: null,
  minGrams: null,
  maxGrams: null,
  scaleCode: null,
  createdAt: '2026-11-28T00:00:00.000Z',
  updatedAt: '2026-11-28T00:00:00.000Z',
  ...over,
});

describe("a product's card in the boot data", () => {
  it('keeps a weighed product selling by weight, with its grams (issue 34)', () => {
    const card = cardProduct(product({ sellBy: 'WEIGHT', stepGrams: 250, minGrams: 250, maxGrams: 5000, scaleCode: '10001' }));
    expect(card).toMatchObject({ price: 480, stock: 20000, sellBy: 'WEIGHT', stepGrams: 250, minGrams: 250, maxGrams: 5000 });
    // the scale code is the packing screen's, not the card's
    expect(card).not.toHaveProperty('scaleCode');
  });

  it('adds nothing to a product sold by the unit', () => {
    const card = cardProduct(product({}));
    expect(Object.keys(card).sort()).toEqual(['_id', 'category', 'discount', 'image', 'name', 'nameSi', 'nameTa', 'price', 'single_quantity', 'stock', 'totalStock', 'unit']);
    expect(card.category).toEqual([{ _id: 'c1', name: 'Vegetable' }]);
  });
});
