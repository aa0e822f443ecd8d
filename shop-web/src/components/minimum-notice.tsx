// The minimum basket (issue 30, item 5): how much more a cart needs before it can be ordered, said where the
// shopper would press on (the cart's Proceed, the checkout's Cash on Delivery). The server refuses the same order
// with 400 BELOW_MINIMUM from the same rule (@kade/shared minimumShortfallPaise). Styled in cart.css.
import { useTranslation } from 'react-i18next';
import { formatRs, minimumShortfallPaise } from '@kade/shared';
import { useShopConfig } from '../lib/shop-config';
import type { CartLine } from '../state/atoms';
import { cartTotals } from '../state/cart-totals';

/** What more (paise) these lines need with this delivery option (the default option's fee before one is chosen), 0 when none. */
export function useShortfall(lines: readonly CartLine[], option?: string | null): number {
  const { minOrderRupees } = useShopConfig();
  return minimumShortfallPaise(cartTotals(lines, option), minOrderRupees * 100);
}

/** 'Add Rs.X more to order', read out as it changes; nothing when the cart is enough. */
export function MinimumNotice({ shortfallPaise, id }: { shortfallPaise: number; id: string }) {
  const { t } = useTranslation();
  if (shortfallPaise <= 0) return null;
  return (
    <p id={id} className="minimum-notice" role="status">
      {t('cart.addMore', { amount: formatRs(shortfallPaise) })}
    </p>
  );
}
