import { computeTotals, DEFAULT_FEE_OPTION_LABEL, formatRs, rupeesToPaise, TEXT } from '@kade/shared';
import type { CartLine } from '../../../state/atoms';

/** Turns cart lines into the totals of @kade/shared (the default option's fee until one is chosen). */
export function cartTotals(lines: readonly CartLine[]) {
  return computeTotals(
    lines.map((line) => ({ pricePaise: rupeesToPaise(line.productId.price), discount: line.productId.discount, quantity: line.quantity })),
    DEFAULT_FEE_OPTION_LABEL,
  );
}

/** Bill details: items, basket discount, delivery fee, grand total ('Rounded from') and savings. */
export function BillDetails({ lines }: { lines: readonly CartLine[] }) {
  const totals = cartTotals(lines);
  return (
    <section className="bill" aria-labelledby="bill-title">
      <h3 id="bill-title">Bill details</h3>
      <dl>
        <div>
          <dt>Items total ({totals.itemCount})</dt>
          <dd>
            {totals.itemSavingsPaise > 0 ? <s className="bill__was">{formatRs(totals.undiscountedPaise)}</s> : null} {formatRs(totals.subtotalPaise)}
          </dd>
        </div>
        {totals.basketDiscountPaise > 0 ? (
          <div>
            <dt>Basket discount ({totals.basketDiscountRate}%)</dt>
            <dd>-{formatRs(totals.basketDiscountPaise)}</dd>
          </div>
        ) : null}
        <div>
          <dt>Delivery fee</dt>
          <dd>{totals.deliveryFeePaise === 0 ? 'Free' : formatRs(totals.deliveryFeePaise)}</dd>
        </div>
        <div className="bill__total">
          <dt>Grand total</dt>
          <dd>
            {formatRs(totals.grandTotalPaise)}
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
            <dd>{formatRs(totals.savingsPaise)}</dd>
          </div>
        ) : null}
      </dl>
    </section>
  );
}
