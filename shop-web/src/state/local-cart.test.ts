import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isLocalLine, LOCAL_CART_KEY, localCart } from './local-cart';
import { MemoryStorage } from '../lib/memory-storage';


const product = (id: string, stock: number, single = false) => ({
  _id: id,
  name: `Product ${id}`,
  image: [],
  unit: '1 kg',
  price: 100,
  discount: 0,
  stock,
  single_quantity: single,
});

describe('the cart kept on the phone', () => {
  let storage: MemoryStorage;
  beforeEach(() => {
    storage = new MemoryStorage();
    vi.stubGlobal('window', { localStorage: storage });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('adds, counts up, and never goes above the stock or 1 for single-quantity items', () => {
    localCart.add(product('a', 2));
    localCart.add(product('a', 2));
    const lines = localCart.add(product('a', 2));
    expect(lines.map((l) => [l.productId._id, l.quantity, l.maxQuantity])).toEqual([['a', 2, 2]]);
    localCart.add(product('deal', 9, true));
    expect(localCart.add(product('deal', 9, true)).find((l) => l.productId._id === 'deal')?.quantity).toBe(1);
    expect(localCart.lines().every(isLocalLine)).toBe(true);
  });

  it('sets quantities, removes at 0, gives the merge items, and clears', () => {
    localCart.add(product('a', 10));
    localCart.add(product('b', 10));
    localCart.setQuantity('a', 4);
    expect(localCart.mergeItems()).toEqual([
      { productId: 'a', quantity: 4 },
      { productId: 'b', quantity: 1 },
    ]);
    localCart.setQuantity('b', 0);
    expect(localCart.mergeItems()).toEqual([{ productId: 'a', quantity: 4 }]);
    localCart.clear();
    expect(storage.getItem(LOCAL_CART_KEY)).toBeNull();
    expect(localCart.lines()).toEqual([]);
  });

  it('puts a weighed product in at its minimum weight and steps it up to what the grams in stock hold (issue 34)', () => {
    const carrots = { ...product('carrots', 1600), price: 480, sellBy: 'WEIGHT' as const, stepGrams: 250, minGrams: 500, maxGrams: 5000 };
    // 1600 g in stock: six 250 g steps at most
    expect(localCart.add(carrots).map((l) => [l.quantity, l.maxQuantity])).toEqual([[2, 6]]);
    expect(localCart.add(carrots)[0]?.quantity).toBe(3);
    expect(localCart.setQuantity('carrots', 9)[0]?.quantity).toBe(6);
    expect(localCart.mergeItems()).toEqual([{ productId: 'carrots', quantity: 6 }]);
  });

  it('ignores damaged storage', () => {
    storage.setItem(LOCAL_CART_KEY, '{not json');
    expect(localCart.lines()).toEqual([]);
    storage.setItem(LOCAL_CART_KEY, JSON.stringify([{ product: { _id: 'a' }, quantity: -1 }, { nope: true }]));
    expect(localCart.lines()).toEqual([]);
  });
});
