// /dashboard/print/:orderId (admins): the order's 72 mm receipt as a page to print (SPEC.md section 9), built
// from the shared receipt model so it says what the counter's thermal receipt says. 'Print' opens the
// browser's print dialog (the page is sized 72 mm wide for a receipt printer); inside the counter app the
// 'Print Order Details' button beside it prints on the thermal printer instead.
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { Link, useParams } from 'react-router-dom';
import { basketDiscountLabel, buildReceipt, creditAndCollect, formatReceiptKg, formatRs, type OrderWire, type ReceiptWeight, type RevisedBill } from '@kade/shared';
import { ApiError } from '../../../lib/api-client';
import { STAFF_HOME } from '../../../lib/dashboard-links';
import { useShopConfig } from '../../../lib/shop-config';
import { counterBridge } from './bridge';
import { receiptPageRule } from './page-size';
import { fetchOrderForPrint } from './api/print-api';
import { PrintOrderButton } from './print-order-button';
import { PrinterStatus } from './printer-status';
import './print.css';

type Loaded = { state: 'loading' } | { state: 'missing' } | { state: 'failed'; message: string } | { state: 'ready'; order: OrderWire };

/** Sizes the printed page to the receipt while it is shown (and only then: other pages print as usual). */
function useReceiptPageSize(ref: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return undefined;
    const style = document.createElement('style');
    style.dataset.receiptPage = '';
    document.head.append(style);
    const fit = () => {
      style.textContent = receiptPageRule(element.getBoundingClientRect().height);
    };
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(element);
    return () => {
      observer.disconnect();
      style.remove();
    };
  }, [ref]);
}

/** An item's cell on the printed page: its name, its English name under a name in another language, its unit price. */
function ItemCell({
  item,
  each = '',
  children,
}: {
  item: { name: string; englishName?: string | null | undefined; unitPricePaise: number; unit?: string | null | undefined; weight?: ReceiptWeight | null };
  each?: string;
  children?: ReactNode;
}) {
  const weighed = item.weight ?? null;
  return (
    <td>
      {item.name}
      {item.englishName ? <span className="receipt__english">{item.englishName}</span> : null}
      <span className="receipt__each">
        {each}
        {formatRs(item.unitPricePaise)}
        {weighed ? '/kg' : item.unit ? ` / ${item.unit}` : ''}
      </span>
      {weighed?.weighedGrams != null ? (
        <span className="receipt__each">
          weighed {formatReceiptKg(weighed.weighedGrams)}, charged {formatReceiptKg(weighed.grams)}
        </span>
      ) : null}
      {children}
    </td>
  );
}

/** The Qty cell of a line: its count, or for a weighed line (issue 34) its charged kilos. */
const quantityText = (line: { quantity: number; weight: ReceiptWeight | null }): string => (line.weight ? formatReceiptKg(line.weight.grams) : String(line.quantity));

/** A revised bill's lines (issue 33): Ordered → Sent with what was removed, then the substitutes kept. */
function RevisedRows({ revised }: { revised: RevisedBill }) {
  return (
    <>
      {revised.lines.map((line, index) => (
        <tr key={`line-${index}`}>
          <ItemCell item={line}>
            {line.removedPaise > 0 ? <span className="receipt__each">Removed {line.ordered - line.sent}: -{formatRs(line.removedPaise)}</span> : null}
          </ItemCell>
          <td className={line.weight ? 'num num--wrap' : 'num'}>
            {line.weight ? `${formatReceiptKg(line.weight.askedGrams)} → ${line.sent === 0 ? 0 : formatReceiptKg(line.weight.grams)}` : `${line.ordered} → ${line.sent}`}
          </td>
          <td className="num">{line.sent === 0 ? 'REMOVED' : formatRs(line.sentPaise)}</td>
        </tr>
      ))}
      {revised.substitutes.map((sub, index) => (
        <tr key={`substitute-${index}`}>
          <ItemCell item={sub} each={`Substitute${sub.replaces ? ` for ${sub.replaces}` : ''}, `} />
          <td className="num">{sub.quantity}</td>
          <td className="num">{formatRs(sub.totalPaise)}</td>
        </tr>
      ))}
    </>
  );
}

function Receipt({ order }: { order: OrderWire }) {
  const config = useShopConfig();
  const receipt = buildReceipt(order, { shopName: config.name, timeZone: config.timeZone });
  const ref = useRef<HTMLElement>(null);
  useReceiptPageSize(ref);
  return (
    <article ref={ref} className="receipt" aria-labelledby="receipt-title">
      <header className="receipt__head">
        <p className="receipt__shop">{receipt.shopName}</p>
        <h1 id="receipt-title" className="receipt__number">
          Order #{receipt.orderId}
        </h1>
        {receipt.revised ? <p className="receipt__revised">REVISED BILL (revision {receipt.revised.revision})</p> : null}
      </header>
      <dl className="receipt__facts">
        <div>
          <dt>Order ID</dt>
          <dd>{receipt.orderId}</dd>
        </div>
        <div>
          <dt>Time</dt>
          <dd>{receipt.time}</dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd>{receipt.status}</dd>
        </div>
        {receipt.customerName ? (
          <div>
            <dt>Customer</dt>
            <dd>{receipt.customerName}</dd>
          </div>
        ) : null}
        <div>
          <dt>Delivery</dt>
          <dd>{receipt.deliveryOption ?? 'Not chosen'}</dd>
        </div>
      </dl>
      <table className="receipt__lines">
        <caption className="visually-hidden">Products</caption>
        <thead>
          <tr>
            <th scope="col">Product</th>
            <th scope="col" className="num">
              Qty
            </th>
            <th scope="col" className="num">
              Amount
            </th>
          </tr>
        </thead>
        <tbody>
          {receipt.revised ? <RevisedRows revised={receipt.revised} /> : null}
          {receipt.revised ? null : receipt.lines.map((line, index) => (
            <tr key={`${line.name}-${index}`}>
              <ItemCell item={line} />
              <td className="num">{quantityText(line)}</td>
              <td className="num">{formatRs(line.totalPaise)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="receipt__totals">
        <div>
          <dt>Subtotal ({receipt.itemCount} {receipt.itemCount === 1 ? 'item' : 'items'})</dt>
          <dd>{formatRs(receipt.subtotalPaise)}</dd>
        </div>
        {receipt.basketDiscountPaise > 0 ? (
          <div>
            <dt>{basketDiscountLabel(receipt.basketDiscountRate)}</dt>
            <dd>-{formatRs(receipt.basketDiscountPaise)}</dd>
          </div>
        ) : null}
        {receipt.promoDiscountPaise > 0 ? (
          <div>
            <dt>{receipt.promoCode ? `Promo ${receipt.promoCode}` : 'Promo'}</dt>
            <dd>-{formatRs(receipt.promoDiscountPaise)}</dd>
          </div>
        ) : null}
        {receipt.deliveryFeePaise === null ? null : (
          <div>
            <dt>Delivery fee</dt>
            <dd>{receipt.deliveryFeePaise === 0 ? 'FREE' : formatRs(receipt.deliveryFeePaise)}</dd>
          </div>
        )}
        {receipt.roundingPaise > 0 ? (
          <div>
            <dt>Rounding</dt>
            <dd>-{formatRs(receipt.roundingPaise)}</dd>
          </div>
        ) : null}
        {receipt.revised ? (
          <div>
            <dt>Original total</dt>
            <dd>
              <del>{formatRs(receipt.revised.originalTotalPaise)}</del>
            </dd>
          </div>
        ) : null}
        <div className="receipt__total">
          <dt>{receipt.revised ? 'New total' : 'Total'}</dt>
          <dd>{formatRs(receipt.totalPaise)}</dd>
        </div>
        {receipt.atMostPaise === null ? null : (
          <div>
            <dt>At most (weighed lines)</dt>
            <dd>{formatRs(receipt.atMostPaise)}</dd>
          </div>
        )}
        {receipt.creditPaise > 0 ? (
          <div className="receipt__total">
            <dt>Credit</dt>
            <dd>{creditAndCollect(receipt)}</dd>
          </div>
        ) : (
          <div>
            <dt>Cash to collect</dt>
            <dd>{formatRs(receipt.cashToCollectPaise)}</dd>
          </div>
        )}
      </dl>
      <dl className="receipt__facts">
        <div>
          <dt>Payment method</dt>
          <dd>{receipt.paymentMethod}</dd>
        </div>
        <div>
          <dt>Payment status</dt>
          <dd>{receipt.paymentStatus}</dd>
        </div>
      </dl>
      <section className="receipt__address" aria-labelledby="receipt-address">
        <h2 id="receipt-address">Deliver to</h2>
        <address>
          {receipt.addressLines.map((line) => (
            <span key={line}>{line}</span>
          ))}
          <span>Location: {receipt.locationText}</span>
        </address>
      </section>
    </article>
  );
}

export default function PrintPage() {
  const { orderId = '' } = useParams();
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });

  useEffect(() => {
    let live = true;
    setLoaded({ state: 'loading' });
    fetchOrderForPrint(orderId).then(
      (order) => live && setLoaded(order ? { state: 'ready', order } : { state: 'missing' }),
      (error: unknown) => live && setLoaded({ state: 'failed', message: error instanceof ApiError && error.message ? error.message : 'Something went wrong' }),
    );
    return () => {
      live = false;
    };
  }, [orderId]);

  return (
    <main className="print-page">
      <nav className="print-page__actions no-print" aria-label="Receipt actions">
        <Link to={STAFF_HOME}>Back to orders</Link>
        {loaded.state === 'ready' ? (
          <>
            <button type="button" className="btn print-btn print-btn--primary" onClick={() => window.print()}>
              Print
            </button>
            {counterBridge() ? <PrintOrderButton orderId={loaded.order.orderId} order={loaded.order} /> : null}
          </>
        ) : null}
        <PrinterStatus />
      </nav>
      {loaded.state === 'loading' ? (
        <p role="status">Loading…</p>
      ) : loaded.state === 'missing' ? (
        <p role="alert">There is no order {orderId}.</p>
      ) : loaded.state === 'failed' ? (
        <p role="alert">{loaded.message}</p>
      ) : (
        <Receipt order={loaded.order} />
      )}
    </main>
  );
}
