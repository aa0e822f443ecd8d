import { useAtomValue, useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { formatRs } from '@kade/shared';
import { cartAtom, cartDrawerOpenAtom } from '../../../state/atoms';
import { cartTotals } from '../../../state/cart-totals';

/** The header's cart button: item count and subtotal, or 'My Cart'. */
export function CartButton() {
  const cart = useAtomValue(cartAtom);
  const openDrawer = useSetAtom(cartDrawerOpenAtom);
  const totals = cartTotals(cart);
  const { t } = useTranslation();
  return (
    <button type="button" className="button button--primary cart-button" onClick={() => openDrawer(true)}>
      {cart.length === 0 ? t('cart.myCart') : t('cart.buttonSummary', { count: totals.itemCount, amount: formatRs(totals.subtotalPaise) })}
    </button>
  );
}
