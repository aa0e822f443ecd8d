import { useAtomValue, useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { formatRs } from '@kade/shared';
import { useIsNarrow } from '../../../lib/use-media-query';
import { cartAtom, cartDrawerOpenAtom } from '../../../state/atoms';
import { cartTotals } from '../../../state/cart-totals';
import { weighedRule } from '../../../state/weighed';
import { paths } from '../../../lib/paths';

/**
 * The phone's sticky 'View Cart' bar: shown while the cart has items, never on the cart page itself nor on
 * /checkout. Its amount is the bill's grand total (after every discount), the figure the drawer ends with.
 */
export function ViewCartBar() {
  const cart = useAtomValue(cartAtom);
  const openDrawer = useSetAtom(cartDrawerOpenAtom);
  const { pathname } = useLocation();
  const narrow = useIsNarrow();
  const { t } = useTranslation();
  if (!narrow || cart.length === 0 || pathname === paths.cart || pathname.startsWith(paths.checkout)) return null;
  const totals = cartTotals(cart);
  // with a weighed line the total is an estimate (issue 34)
  const weighed = cart.some((line) => weighedRule(line.productId) !== null);
  // a landmark of its own, named as its button (every word of the page sits in a landmark)
  return (
    <aside className="view-cart-bar" aria-label={t('cart.viewCart')}>
      <span>
        {t('cart.barSummary', { count: totals.itemCount, amount: weighed ? t('weighed.estimate', { amount: formatRs(totals.grandTotalPaise) }) : formatRs(totals.grandTotalPaise) })}
      </span>
      <button type="button" className="button button--light" onClick={() => openDrawer(true)}>
        {t('cart.viewCart')}
      </button>
    </aside>
  );
}
