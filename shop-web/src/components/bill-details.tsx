// Bill details, shared by the cart (drawer and /cart) and the checkout: every number from @kade/shared.
import { useTranslation } from 'react-i18next';
import { formatRs, type CheckoutPayment } from '@kade/shared';
import { useShopConfig } from '../lib/shop-config';
import type { CartLine } from '../state/atoms';
import { cartCheckout } from '../state/weighed';

/** At checkout (issue 35): the promo the server accepted and the payment the shared rule makes of it with credit. */
export interface BillPayment {
  promoCode: string | null;
  promoPaise: number;
  payment: CheckoutPayment;
}

/**
 * Bill details: items, basket discount, delivery fee, grand total ('Rounded from') and savings when above 0. While a
 * weighed line is in the cart (issue 34) the grand total is an estimate with the most it can come to, under the
 * shop's weight tolerance (GET /api/shop/config), and one sentence on why. At checkout (`paid`) also the promo's
 * line before the total, then the store credit used and the cash to collect.
 */
export function BillDetails({ lines, option, paid }: { lines: readonly CartLine[]; option?: string | null; paid?: BillPayment }) {
  const { weightTolerancePercent } = useShopConfig();
  const { estimate: totals, atMost } = cartCheckout(lines, option, weightTolerancePercent);
  const { t } = useTranslation();
  const payment = paid?.payment;
  const grandPaise = payment ? payment.totalPaise : totals.grandTotalPaise;
  const atMostPaise = payment ? payment.atMostPaise : (atMost?.grandTotalPaise ?? null);
  const roundedFromPaise = payment ? payment.roundedFromPaise : totals.roundedFromPaise;
  const savingsPaise = payment ? payment.savingsPaise : totals.savingsPaise;
  return (
    <section className="bill" aria-labelledby="bill-title">
      <h2 id="bill-title">{t('bill.title')}</h2>
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
        {paid && paid.promoPaise > 0 ? (
          <div className="bill__promo">
            <dt>{t('promo.billLine', { code: paid.promoCode ?? '' })}</dt>
            <dd data-testid="bill-promo">-{formatRs(paid.promoPaise)}</dd>
          </div>
        ) : null}
        <div className="bill__total">
          <dt>{t('bill.grandTotal')}</dt>
          <dd>
            <span data-testid="bill-total">
              {atMostPaise !== null ? t('weighed.totalRange', { estimate: formatRs(grandPaise), atMost: formatRs(atMostPaise) }) : formatRs(grandPaise)}
            </span>
            {roundedFromPaise !== null ? (
              <span className="bill__rounded">
                {t('bill.roundedFrom', { amount: formatRs(roundedFromPaise) })}
              </span>
            ) : null}
          </dd>
        </div>
        {payment && payment.creditPaise > 0 ? (
          <div className="bill__credit">
            <dt>{t('promo.creditLine')}</dt>
            <dd data-testid="bill-credit">-{formatRs(payment.creditPaise)}</dd>
          </div>
        ) : null}
        {payment ? (
          <div className="bill__cash">
            <dt>{t('promo.cashToCollect')}</dt>
            <dd data-testid="bill-cash">{formatRs(payment.cashPaise)}</dd>
          </div>
        ) : null}
        {savingsPaise > 0 ? (
          <div className="bill__savings">
            <dt>{t('bill.savings')}</dt>
            <dd data-testid="bill-savings">{formatRs(savingsPaise)}</dd>
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
