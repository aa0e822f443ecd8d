// Bill details, shared by the cart (drawer and /cart) and the checkout: every number from @kade/shared.
import { useTranslation } from 'react-i18next';
import { formatRs } from '@kade/shared';
import { useShopConfig } from '../lib/shop-config';
import type { CartLine } from '../state/atoms';
import { cartCheckout } from '../state/weighed';

/**
 * Bill details: items, basket discount, delivery fee, grand total ('Rounded from') and savings when above 0. While a
 * weighed line is in the cart (issue 34) the grand total is an estimate with the most it can come to, under the
 * shop's weight tolerance (GET /api/shop/config), and one sentence on why.
 */
export function BillDetails({ lines, option }: { lines: readonly CartLine[]; option?: string | null }) {
  const { weightTolerancePercent } = useShopConfig();
  const { estimate: totals, atMost } = cartCheckout(lines, option, weightTolerancePercent);
  const { t } = useTranslation();
  return (
    <section className="bill" aria-labelledby="bill-title">
      <h3 id="bill-title">{t('bill.title')}</h3>
      <dl>
        <div>
          <dt>{t('bill.itemsTotal', { count: totals.itemCount })}</dt>
          <dd data-testid="bill-items">
            {totals.itemSavingsPaise > 0 ? <s className="bill__was">{formatRs(totals.undiscountedPaise)}</s> : null} {formatRs(totals.subtotalPaise)}
          </dd>
        </div>
        {totals.basketDiscountPaise > 0 ? (
          <div>
            <dt>{t('bill.basketDiscount', { rate: totals.basketDiscountRate })}</dt>
            <dd data-testid="bill-basket">-{formatRs(totals.basketDiscountPaise)}</dd>
          </div>
        ) : null}
        <div>
          <dt>{t('bill.deliveryFee')}</dt>
          <dd data-testid="bill-fee">{totals.deliveryFeePaise === 0 ? t('bill.free') : formatRs(totals.deliveryFeePaise)}</dd>
        </div>
        <div className="bill__total">
          <dt>{t('bill.grandTotal')}</dt>
          <dd>
            <span data-testid="bill-total">
              {atMost ? t('weighed.totalRange', { estimate: formatRs(totals.grandTotalPaise), atMost: formatRs(atMost.grandTotalPaise) }) : formatRs(totals.grandTotalPaise)}
            </span>
            {totals.roundedFromPaise !== null ? (
              <span className="bill__rounded">
                {t('bill.roundedFrom', { amount: formatRs(totals.roundedFromPaise) })}
              </span>
            ) : null}
          </dd>
        </div>
        {totals.savingsPaise > 0 ? (
          <div className="bill__savings">
            <dt>{t('bill.savings')}</dt>
            <dd data-testid="bill-savings">{formatRs(totals.savingsPaise)}</dd>
          </div>
        ) : null}
      </dl>
      {atMost ? (
        <p className="bill__why" data-testid="bill-why">
          {t('weighed.why')}
        </p>
      ) : null}
    </section>
  );
}
