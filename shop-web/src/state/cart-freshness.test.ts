import { describe, expect, it } from 'vitest';
import { cartChangedHere, startCartRead } from './cart-freshness';

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
    const before = startCartRead();
    cartChangedHere();
    expect(before()).toBe(false);
    const after = startCartRead();
    expect(after()).toBe(true);
  });
});
