import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CartLine } from './atoms';
import { CART_EDITS_KEY, cartEdits, cartOps, isOfflineLine, keptCart, quantities } from './offline-cart';
import { MemoryStorage } from '../lib/memory-storage';


const product = (id: string, stock = 50) => ({ _id: id, name: `Product ${id}`, image: [], unit: '1 kg', price: 100, discount: 0, stock, single_quantity: false });
const line = (id: string, quantity: number): CartLine => ({
  _id: `item-${id}`,
  productId: { ...product(id), totalStock: 50, category: [], subCategory: [] },
  quantity,
  maxQuantity: 50,
  problem: null,
});
const user = { _id: 'u1', name: 'Nimal', email: '', avatar: '', mobile: '0771234567', role: 'USER' };

describe("a signed-in shopper's cart offline", () => {
  beforeEach(() => vi.stubGlobal('window', { localStorage: new MemoryStorage() }));
  afterEach(() => vi.unstubAllGlobals());

  it('keeps the last cart read with its shopper', () => {
    expect(keptCart.read()).toBeNull();
    keptCart.save(user, [line('a', 2)]);
    expect(keptCart.read()).toEqual({ user, lines: [line('a', 2)] });
  });

  it('keeps changes from the cart shown: steps, removes, and adds from a card, with the cart it started from', () => {
    const shown = [line('a', 2), line('b', 1)];
    expect(cartEdits.waiting('u1')).toBe(false);
    cartEdits.setQuantity('u1', shown, 'a', 3);
    cartEdits.setQuantity('u1', shown, 'b', 0);
    const lines = cartEdits.add('u1', shown, product('c'));
    expect(lines.map((l) => [l.productId._id, l.quantity])).toEqual([
      ['a', 3],
      ['c', 1],
    ]);
    expect(isOfflineLine(lines[1]!)).toBe(true);
    // a second add of the same product counts up; later changes start from the kept ones, not the stale screen
    expect(cartEdits.add('u1', [], product('c')).find((l) => l.productId._id === 'c')?.quantity).toBe(2);
    const edits = cartEdits.read('u1');
    expect(edits?.base).toEqual({ a: 2, b: 1 });
    expect(edits?.version).toBe(4);
    // another shopper's changes are not theirs
    expect(cartEdits.read('u2')).toBeNull();
  });

  it('sends differences onto the server cart as it is now, so a change made elsewhere meanwhile stays', () => {
    const base = { a: 2, b: 1, d: 1 };
    const wanted = { a: 3, c: 2, d: 1 };
    // meanwhile another phone put 5 of a and added e
    const server = [line('a', 5), line('b', 1), line('d', 1), line('e', 4)];
    expect(cartOps(base, wanted, server)).toEqual([
      { kind: 'set', itemId: 'item-a', productId: 'a', qty: 6 },
      { kind: 'remove', itemId: 'item-b', productId: 'b' },
      { kind: 'merge', productId: 'c', quantity: 2 },
    ]);
    // a line removed offline and already gone from the server: nothing to send
    expect(cartOps({ b: 1 }, {}, [])).toEqual([]);
    expect(quantities(server)).toEqual({ a: 5, b: 1, d: 1, e: 4 });
  });

  it('after a round: done when no change came meanwhile; else the settled changes are not sent again', () => {
    const shown = [line('a', 1)];
    cartEdits.setQuantity('u1', shown, 'a', 2);
    const round = cartEdits.read('u1')!;
    // sent: a now counts from 2; meanwhile the shopper stepped it to 4
    cartEdits.settled('u1', 'a', 2);
    cartEdits.setQuantity('u1', shown, 'a', 4);
    expect(cartEdits.sent('u1', round)).toBe('more');
    const next = cartEdits.read('u1')!;
    // only the step made meanwhile is left to send (+2 on whatever the server holds)
    expect(cartOps(next.base, quantities(next.lines), [line('a', 2)])).toEqual([{ kind: 'set', itemId: 'item-a', productId: 'a', qty: 4 }]);
    cartEdits.settled('u1', 'a', 4);
    expect(cartEdits.sent('u1', next)).toBe('done');
    expect(cartEdits.waiting('u1')).toBe(false);
  });

  it('a round that failed half-way does not send its settled changes twice', () => {
    const shown = [line('a', 1), line('b', 1)];
    cartEdits.setQuantity('u1', shown, 'a', 3);
    cartEdits.setQuantity('u1', shown, 'b', 5);
    // a was sent, then the network failed before b
    cartEdits.settled('u1', 'a', 3);
    const left = cartEdits.read('u1')!;
    expect(cartOps(left.base, quantities(left.lines), [line('a', 3), line('b', 1)])).toEqual([{ kind: 'set', itemId: 'item-b', productId: 'b', qty: 5 }]);
  });

  it('ignores what it cannot read', () => {
    (window as unknown as { localStorage: MemoryStorage }).localStorage.setItem(CART_EDITS_KEY, '{"userId":"u1"}');
    expect(cartEdits.read('u1')).toBeNull();
  });
});
