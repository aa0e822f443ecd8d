// Products the server said ran out while this page is open (issue 33's `stock:out`, sent when packing finds a
// line short and sets its stock to 0). Every card, product page and cart line reads a product's stock through
// `useLiveStock`, so all of them show it out of stock at once, whatever list or cache the product came from. A
// product's stock is read afresh on the next page load (the server's own figure then).
import { useCallback } from 'react';
import { atom, useAtomValue } from 'jotai';

/** The ids of products that ran out since the page loaded. */
export const soldOutAtom = atom<ReadonlySet<string>>(new Set<string>());

/** Adds products that ran out (a new set only when one is new, so nothing redraws for nothing). */
export const markSoldOutAtom = atom(null, (get, set, ids: readonly string[]) => {
  const known = get(soldOutAtom);
  if (ids.every((id) => known.has(id))) return;
  set(soldOutAtom, new Set([...known, ...ids]));
});

/** A product's stock as the shop shows it now: 0 once the server said it ran out, its own figure otherwise. */
export function useLiveStock(): (product: { _id: string; stock: number }) => number {
  const soldOut = useAtomValue(soldOutAtom);
  return useCallback((product) => (soldOut.has(product._id) ? 0 : product.stock), [soldOut]);
}
