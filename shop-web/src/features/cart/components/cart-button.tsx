import { useAtomValue, useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { formatRs } from '@kade/shared';
import { cartAtom, cartDrawerOpenAtom } from '../../../state/atoms';
import { cartTotals } from '../../../state/cart-totals';
import { weighedRule } from '../../../state/weighed';

/** The header's cart button: item count and subtotal, or 'My Cart'. */
export function CartButton() {
  const cart = useAtomValue(cartAtom);
  const openDrawer = useSetAtom(cartDrawerOpenAtom);
  const totals = cartTotals(cart);
  // with a weighed line the amount is an estimate (issue 34)
  const weighed = cart.some((line) => weighedRule(line.productId) !== null);
  const { t } = useTranslation();
  return (
    <button type="button" className="button button--primary cart-button" onClick={() => openDrawer(true)}>
      {cart.length === 0 ? t('cart.myCart') : t('cart.buttonSummary', { count: totals.itemCount, amount: weighed ? t('weighed.estimate', { amount: formatRs(totals.subtotalPaise) }) : formatRs(totals.subtotalPaise) })}
    </button>
  );
}
