// Which cart answer the screen may show. The cart is read in several places at once (the session's first load,
// the re-read after each change) and the answers come back in any order: the session's read, held up behind the
// order count it waits with, once came back after the shopper had added and stepped items and emptied the screen's
// cart. Each read takes a number as it is sent; an answer is shown only when no later read or change is shown yet.
// A cart set on the phone itself goes through `cartSetHereAtom`, which counts it as such.
import { atom, type SetStateAction } from 'jotai';
import { cartAtom, type CartLine } from './atoms';

let issued = 0;
let shown = 0;

/** Call just before sending a cart read; the function it returns says, once the answer is in, whether to show it. */
export function startCartRead(): () => boolean {
  issued += 1;
  const ticket = issued;
  return () => {
    if (ticket < shown) return false;
    shown = ticket;
    return true;
  };
}

/** A cart set on the phone itself (the phone's own cart, a line removed, a cart emptied): reads sent before it are stale. */
function cartChangedHere(): void {
  issued += 1;
  shown = issued;
}

/**
 * Sets the cart from the phone itself rather than from a cart read's answer: every read sent before it is stale. An
 * answer of a read goes to `cartAtom` itself, once its ticket says it may be shown (`startCartRead`).
 */
export const cartSetHereAtom = atom(null, (_get, set, next: SetStateAction<CartLine[]>) => {
  cartChangedHere();
  set(cartAtom, next);
});
