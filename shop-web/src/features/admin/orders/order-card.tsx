// One order on an admin list: badge, id, times and item count; expanding shows the address, payment,
// total and lines. Admins move it with 'Update Status' (only the steps the shared machine allows) and print it.
// An untaken Pending order offers 'Take order' (and, once it has waited too long, the red 'Waiting N min' mark);
// a taken one says who took it and when.
import { useId, useState } from 'react';
import {
  NEXT_STATUSES,
  TEXT,
  addressLines,
  formatRs,
  isOrderStatus,
  rupeesToPaise,
  statusLabel,
  type OrderStatus,
  type OrderWire,
} from '@kade/shared';
import { imageAt } from '../../../lib/images';
import { useFormatDateTime } from '../../../lib/shop-clock';
import { PrintOrderButton } from '../print/print-order-button';
import { isUntaken } from '../ringer/ring-set';
import { RINGER_TEXT } from '../ringer/take-order';
import { OverdueMark } from '../ringer/waiting-mark';
import { StatusBadge } from '../../../components/status-badge';
import { OtherNames } from '../../../components/other-names';

function currentStatus(order: OrderWire): OrderStatus | null {
  const label = statusLabel(order.order_status);
  return isOrderStatus(label) ? label : null;
}


/** The delivery option badge and where the shopper was (a map link when the position is known). */
function DeliveryInfo({ order }: { order: OrderWire }) {
  const hasPosition = order.latitude !== null && order.longitude !== null;
  return (
    <p className="order-card__delivery">
      {order.Choose ? <span className="delivery-badge">{order.Choose}</span> : null}
      <span>
        Location:{' '}
        {hasPosition ? (
          <a href={`https://www.google.com/maps?q=${order.latitude},${order.longitude}`} target="_blank" rel="noreferrer">
            {order.location || `${order.latitude}, ${order.longitude}`} (map)
          </a>
        ) : (
          order.location || TEXT.locationNotAvailable
        )}
      </span>
    </p>
  );
}

export function OrderCard({
  order,
  showDelivery,
  busy,
  onStatus,
  onTake,
}: {
  order: OrderWire;
  showDelivery: boolean;
  busy: boolean;
  onStatus: (order: OrderWire, to: OrderStatus) => void;
  /** Offers 'Take order' on an untaken Pending order. */
  onTake?: (order: OrderWire) => void;
}) {
  const [open, setOpen] = useState(false);
  const format = useFormatDateTime();
  const detailsId = useId();
  const status = currentStatus(order);
  const steps = status ? NEXT_STATUSES[status] : [];
  const customer = typeof order.userId === 'object' ? order.userId : null;
  const address = addressLines(order.delivery_address as Parameters<typeof addressLines>[0]);
  const items = order.products.reduce((sum, line) => sum + line.quantity, 0);
  const untaken = isUntaken(order);

  return (
    <article className="order-card" aria-label={`Order ${order.orderId}`} data-testid="order-card">
      <div className="order-card__head">
        <StatusBadge status={order.order_status} />
        <h2 className="order-card__id">Order #{order.orderId}</h2>
        {untaken ? <OverdueMark order={order} /> : null}
      </div>
      {order.acknowledgedBy ? (
        <p className="order-card__taken">
          {RINGER_TEXT.takenBy(order.acknowledgedBy)}
          {order.acknowledgedAt ? (
            <>
              {' at '}
              <time dateTime={order.acknowledgedAt}>{format(order.acknowledgedAt)}</time>
            </>
          ) : null}
        </p>
      ) : null}
      <dl className="order-card__facts">
        <div>
          <dt>Ordered At</dt>
          <dd>{format(order.createdAt)}</dd>
        </div>
        <div>
          <dt>Ordered Completed</dt>
          <dd>{format(order.updatedAt)}</dd>
        </div>
        <div>
          <dt>Items</dt>
          <dd>{items}</dd>
        </div>
        {customer ? (
          <div>
            <dt>Customer</dt>
            <dd>
              {customer.name} {customer.mobile ? <a href={`tel:${customer.mobile}`}>{customer.mobile}</a> : null}
            </dd>
          </div>
        ) : null}
      </dl>
      {showDelivery ? <DeliveryInfo order={order} /> : null}
      <button type="button" className="button button--ghost order-card__toggle" aria-expanded={open} aria-controls={detailsId} onClick={() => setOpen((v) => !v)}>
        {open ? 'Hide details' : 'Show details'}
      </button>
      <div id={detailsId} className="order-card__details" hidden={!open}>
        <h3>Shipping address</h3>
        <address className="order-card__address">
          {address.length ? address.map((line) => <span key={line}>{line}</span>) : <span>—</span>}
        </address>
        <dl className="order-card__facts">
          <div>
            <dt>Payment status</dt>
            <dd>{order.payment_status || TEXT.notPaid}</dd>
          </div>
          <div>
            <dt>Total Amount</dt>
            <dd>{formatRs(rupeesToPaise(order.totalAmt))}</dd>
          </div>
        </dl>
        <ul className="order-lines">
          {order.products.map((line, index) => (
            <li key={`${line.productId ?? 'gone'}-${index}`} className="order-line">
              {line.product_details.image[0] ? <img src={imageAt(line.product_details.image[0], 160)} alt="" width={48} height={48} loading="lazy" /> : <span className="order-line__noimg" aria-hidden="true" />}
              <span className="order-line__name">
                {line.product_details.name}
                <OtherNames item={line.product_details} />
              </span>
              <span>
                {line.quantity} × {line.product_details.unit}
              </span>
              <span>{formatRs(rupeesToPaise(line.product_details.price))}</span>
            </li>
          ))}
        </ul>
      </div>
      <div className="order-card__actions">
        {untaken && onTake ? (
          <button type="button" className="button button--primary" disabled={busy} onClick={() => onTake(order)}>
            {RINGER_TEXT.takeOrder}
            <span className="visually-hidden"> #{order.orderId}</span>
          </button>
        ) : null}
        {steps.length > 0 ? (
          <select
            className="order-card__status"
            aria-label={`${TEXT.updateStatus} for order ${order.orderId}`}
            value=""
            disabled={busy}
            onChange={(event) => {
              const to = event.target.value;
              if (isOrderStatus(to)) onStatus(order, to);
            }}
          >
            <option value="" disabled>
              {TEXT.updateStatus}
            </option>
            {steps.map((step) => (
              <option key={step} value={step}>
                {step}
              </option>
            ))}
          </select>
        ) : null}
        <PrintOrderButton orderId={order.orderId} />
      </div>
    </article>
  );
}
