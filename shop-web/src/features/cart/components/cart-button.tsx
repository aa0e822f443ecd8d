import { useAtomValue, useSetAtom } from 'jotai';
import { formatRs } from '@kade/shared';
import { cartAtom, cartDrawerOpenAtom } from '../../../state/atoms';
import { cartTotals } from '../../../state/cart-totals';

/** The header's cart button: item count and subtotal, or 'My Cart'. */
export function CartButton() {
  const cart = useAtomValue(cartAtom);
  const openDrawer = useSetAtom(cartDrawerOpenAtom);
  const totals = cartTotals(cart);
  return (
    <button type="button" className="button button--primary cart-button" onClick={() => openDrawer(true)}>
      {cart.length === 0 ? 'My Cart' : `${totals.itemCount} ${totals.itemCount === 1 ? 'item' : 'items'} · ${formatRs(totals.subtotalPaise)}`}
    </button>
  );
}
