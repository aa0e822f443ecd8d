// Bill details, shared by the cart (drawer and /cart) and the checkout: every number from @kade/shared.
import { formatRs, TEXT } from '@kade/shared';
import type { CartLine } from '../state/atoms';
import { cartTotals } from '../state/cart-totals';

/** Bill details: items, basket discount, delivery fee, grand total ('Rounded from') and savings when above 0. */
export function BillDetails({ lines, option }: { lines: readonly CartLine[]; option?: string | null }) {
  const totals = cartTotals(lines, option);
  return (
    <section className="bill" aria-labelledby="bill-title">
      <h3 id="bill-title">Bill details</h3>
      <dl>
        <div>
          <dt>Items total ({totals.itemCount})</dt>
          <dd data-testid="bill-items">
            {totals.itemSavingsPaise > 0 ? <s className="bill__was">{formatRs(totals.undiscountedPaise)}</s> : null} {formatRs(totals.subtotalPaise)}
          </dd>
        </div>
        {totals.basketDiscountPaise > 0 ? (
          <div>
            <dt>Basket discount ({totals.basketDiscountRate}%)</dt>
            <dd data-testid="bill-basket">-{formatRs(totals.basketDiscountPaise)}</dd>
          </div>
        ) : null}
        <div>
          <dt>Delivery fee</dt>
          <dd data-testid="bill-fee">{totals.deliveryFeePaise === 0 ? 'Free' : formatRs(totals.deliveryFeePaise)}</dd>
        </div>
        <div className="bill__total">
          <dt>Grand total</dt>
          <dd>
            <span data-testid="bill-total">{formatRs(totals.grandTotalPaise)}</span>
            {totals.roundedFromPaise !== null ? (
              <span className="bill__rounded">
                {TEXT.roundedFrom} {formatRs(totals.roundedFromPaise)}
              </span>
            ) : null}
          </dd>
        </div>
        {totals.savingsPaise > 0 ? (
          <div className="bill__savings">
            <dt>Your savings</dt>
            <dd data-testid="bill-savings">{formatRs(totals.savingsPaise)}</dd>
          </div>
        ) : null}
      </dl>
    </section>
  );
}
