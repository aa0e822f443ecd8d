// Shows products out of stock the moment packing finds them short (issue 33, item 2), on every page, mounted once
// beside the routes: `stock:out` marks them sold out for every card, product page and cart line
// (state/live-stock.ts), and a cart holding one is read again so its line says why it cannot be ordered. Only a
// signed-in shopper has a socket; a shopper who is not signed in sees the stock of each page as it loads.
import { useAtomValue, useSetAtom } from 'jotai';
import { SOCKET_EVENTS } from '@kade/shared';
import { useSocketEvents } from '../lib/realtime';
import { cartAtom, userAtom } from '../state/atoms';
import { useCartActions } from '../state/cart-actions';
import { markSoldOutAtom } from '../state/live-stock';

export function StockSync() {
  const signedIn = useAtomValue(userAtom) !== null;
  const cart = useAtomValue(cartAtom);
  const markSoldOut = useSetAtom(markSoldOutAtom);
  const { reload } = useCartActions();
  useSocketEvents(
    {
      [SOCKET_EVENTS.stockOut]: ({ productIds }) => {
        markSoldOut(productIds);
        if (cart.some((line) => productIds.includes(line.productId._id))) void reload().catch(() => undefined);
      },
    },
    undefined,
    signedIn,
  );
  return null;
}
