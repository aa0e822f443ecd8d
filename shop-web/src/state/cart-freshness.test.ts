import { createStore } from 'jotai';
import { describe, expect, it } from 'vitest';
import { cartAtom, type CartLine } from './atoms';
import { cartSetHereAtom, startCartRead } from './cart-freshness';

const line = (id: string) => ({ _id: id, quantity: 1 }) as unknown as CartLine;

describe('cart answers are shown newest first, never older over newer', () => {
  it('shows answers that come back in the order they were asked', () => {
    const first = startCartRead();
    expect(first()).toBe(true);
    const second = startCartRead();
    expect(second()).toBe(true);
  });

  it('drops an answer that comes back after a later read was shown', () => {
    const early = startCartRead();
    const late = startCartRead();
    expect(late()).toBe(true);
    expect(early()).toBe(false);
  });

  it('shows an earlier read when the later one has not come back yet (it may never: a failed call)', () => {
    const early = startCartRead();
    startCartRead(); // sent, never answered
    expect(early()).toBe(true);
  });

  it('drops a read sent before a change made on the phone, and shows one sent after it', () => {
    const store = createStore();
    const before = startCartRead();
    store.set(cartSetHereAtom, [line('phone')]);
    expect(store.get(cartAtom).map((l) => l._id)).toEqual(['phone']);
    expect(before()).toBe(false);
    const after = startCartRead();
    expect(after()).toBe(true);
  });

  it('sets the cart from the phone with a value or from the lines shown, as a state setter does', () => {
    const store = createStore();
    store.set(cartSetHereAtom, [line('a'), line('b')]);
    store.set(cartSetHereAtom, (lines) => lines.filter((l) => l._id !== 'a'));
    expect(store.get(cartAtom).map((l) => l._id)).toEqual(['b']);
  });
});
