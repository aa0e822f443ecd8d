// One order on an admin list: badge, id, times, item count, and (issue 36) the amount and the delivery window, so
// the collapsed card answers the first questions; expanding shows the address, payment, total and lines. Admins move it with 'Update Status' (only the steps the shared machine allows) and print it.
// An untaken Pending order offers 'Take order' (and, once it has waited too long, the red 'Waiting N min' mark);
// a taken one says who took it and when.
import { useId, useState } from 'react';
import {
  NEXT_STATUSES,
  TEXT,
  addressLines,
  deliveryWindow,
  formatPerKg,
  formatRs,
  formatWeight,
  isAssignable,
  isOrderStatus,
  rupeesToPaise,
  statusLabel,
  type AssignedRiderWire,
  type OrderStatus,
  type OrderWire,
  type RiderWire,
} from '@kade/shared';
import { Link } from 'react-router-dom';
import { CashForm } from '../../../components/cash-form';
import { paths } from '../../../lib/paths';
import { useCan } from '../../../state/use-can';
import { CASH_TEXT } from '../../../components/cash-entry';
import { imageAt } from '../../../lib/images';
import { useFormatDateTime } from '../../../lib/shop-clock';
import { useShopConfig } from '../../../lib/shop-config';
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

/** Words of the collapsed card's amount and delivery window (issue 36). */
export const ORDER_CARD_TEXT = {
  amount: 'Amount',
  collect: (amount: string) => `collect ${amount}`,
  window: 'Delivery window',
  windowText: (window: string, option: string) => `${window} (${option})`,
  noOption: 'Not chosen',
} as const;

/** Words of the riders' part of the card (issue 20). */
export const RIDER_CARD_TEXT = {
  rider: 'Rider',
  notAssigned: 'Not assigned',
  assignLabel: (order: string) => `Rider for order ${order}`,
  offShift: 'off shift',
  open: (count: number) => `${count} open`,
  noRiders: 'No rider on shift',
  collected: (amount: string) => `Collected ${amount}`,
  cashFlag: (amount: string, total: string) => `Collected ${amount} of ${total}`,
  returned: (rider: string | null | undefined) => (rider ? `Could not be delivered (${rider})` : 'Could not be delivered'),
  deliverTitle: 'Mark delivered',
} as const;

/** A staff member's view of an order's rider, or null (a shopper's shape is never on a staff card). */
function assignedRider(order: OrderWire): AssignedRiderWire | null {
  const rider = order.rider;
  return rider && 'id' in rider ? rider : null;
}

/** True while the order still owes its cash: moving it to Delivered asks how much was collected. */
function owesCash(order: OrderWire): boolean {
  return /cash/i.test(order.payment_method || 'Cash') && order.payment_status !== 'Paid';
}

/** The riders dropdown: the riders on shift, and the one already carrying the order even if they went off shift. */
function RiderSelect({ order, riders, busy, onAssign }: { order: OrderWire; riders: readonly RiderWire[]; busy: boolean; onAssign: (order: OrderWire, riderId: string | null) => void }) {
  const current = assignedRider(order);
  const shown = riders.filter((rider) => rider.onShift || rider.id === current?.id);
  return (
    <select
      className="order-card__status order-card__rider-select"
      aria-label={RIDER_CARD_TEXT.assignLabel(order.orderId)}
      value={current?.id ?? ''}
      disabled={busy}
      onChange={(event) => onAssign(order, event.target.value || null)}
    >
      <option value="">{shown.length === 0 && !current ? RIDER_CARD_TEXT.noRiders : RIDER_CARD_TEXT.notAssigned}</option>
      {shown.map((rider) => (
        <option key={rider.id} value={rider.id}>
          {rider.name} ({rider.onShift ? RIDER_CARD_TEXT.open(rider.openOrders) : RIDER_CARD_TEXT.offShift})
        </option>
      ))}
      {current && !shown.some((rider) => rider.id === current.id) ? <option value={current.id}>{current.name}</option> : null}
    </select>
  );
}

/** What the order's cash comes to at the door: its total less the store credit it used (issue 35). */
const cashDue = (order: OrderWire): number => order.cashToCollect ?? order.totalAmt;

/** Marking a cash order Delivered: the cash to collect in one tap, or another amount with a reason. */
function DeliverPanel({ order, busy, onDeliver, onCancel }: { order: OrderWire; busy: boolean; onDeliver: (order: OrderWire, cashCollected: number, reason?: string) => void; onCancel: () => void }) {
  const [other, setOther] = useState(false);
  const total = formatRs(rupeesToPaise(cashDue(order)));
  if (other) {
    return <CashForm total={cashDue(order)} busy={busy} orderRef={order.orderId} onSubmit={(cash, reason) => onDeliver(order, cash, reason)} onCancel={onCancel} />;
  }
  return (
    <div className="order-card__deliver" role="group" aria-label={`${RIDER_CARD_TEXT.deliverTitle}: order ${order.orderId}`}>
      <button type="button" className="button button--primary" disabled={busy} onClick={() => onDeliver(order, cashDue(order))}>
        {CASH_TEXT.deliveredWith(total)}
      </button>
      <button type="button" className="button button--ghost" disabled={busy} onClick={() => setOther(true)}>
        {CASH_TEXT.otherAmount}
      </button>
      <button type="button" className="button button--ghost" disabled={busy} onClick={onCancel}>
        {CASH_TEXT.cancel}
      </button>
    </div>
  );
}

export function OrderCard({
  order,
  showDelivery,
  busy,
  onStatus,
  onTake,
  riders,
  onAssign,
  onDeliver,
}: {
  order: OrderWire;
  showDelivery: boolean;
  busy: boolean;
  onStatus: (order: OrderWire, to: OrderStatus) => void;
  /** Offers 'Take order' on an untaken Pending order. */
  onTake?: (order: OrderWire) => void;
  /** The riders (for those who may assign), or undefined: no dropdown. */
  riders?: readonly RiderWire[];
  onAssign?: (order: OrderWire, riderId: string | null) => void;
  /** Delivered with the cash collected (and a reason when it is not the total). */
  onDeliver?: (order: OrderWire, cashCollected: number, reason?: string) => void;
}) {
  const [open, setOpen] = useState(false);
  const [delivering, setDelivering] = useState(false);
  const rider = assignedRider(order);
  const format = useFormatDateTime();
  const detailsId = useId();
  const mayPack = useCan('orders.update');
  const status = currentStatus(order);
  const steps = status ? NEXT_STATUSES[status] : [];
  const customer = typeof order.userId === 'object' ? order.userId : null;
  const address = addressLines(order.delivery_address as Parameters<typeof addressLines>[0]);
  // a weighed line is one item (its quantity counts steps of weight, issue 34)
  const items = order.products.reduce((sum, line) => sum + (line.sellBy === 'WEIGHT' ? 1 : line.quantity), 0);
  const untaken = isUntaken(order);
  const { timeZone } = useShopConfig();
  const dueWindow = order.Choose ? deliveryWindow(order.Choose, order.createdAt, timeZone) : null;
  const credit = (order.creditUsed ?? 0) > 0;

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
      {rider ? (
        <p className="order-card__rider">
          {RIDER_CARD_TEXT.rider}: {rider.name} {rider.mobile ? <a href={`tel:${rider.mobile}`}>{rider.mobile}</a> : null}
        </p>
      ) : null}
      {order.cashFlagged ? (
        <p className="order-card__flag" data-testid="cash-flag">
          <strong>{RIDER_CARD_TEXT.cashFlag(formatRs(rupeesToPaise(order.cashCollected ?? 0)), formatRs(rupeesToPaise(order.totalAmt)))}</strong>
          {order.cashNote ? `: ${order.cashNote}` : null}
        </p>
      ) : null}
      {order.returnedReason ? (
        <p className="order-card__flag" data-testid="returned-flag">
          <strong>{RIDER_CARD_TEXT.returned(order.returnedBy)}</strong>: {order.returnedReason}
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
        <div>
          <dt>{ORDER_CARD_TEXT.amount}</dt>
          <dd data-testid="order-amount">
            {formatRs(rupeesToPaise(order.totalAmt))}
            {credit ? ` · ${ORDER_CARD_TEXT.collect(formatRs(rupeesToPaise(cashDue(order))))}` : null}
          </dd>
        </div>
        <div>
          <dt>{ORDER_CARD_TEXT.window}</dt>
          <dd data-testid="order-window">{dueWindow ? ORDER_CARD_TEXT.windowText(dueWindow, order.Choose) : order.Choose || ORDER_CARD_TEXT.noOption}</dd>
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
          {order.cashCollected !== null && order.cashCollected !== undefined ? (
            <div>
              <dt>Cash collected</dt>
              <dd>{formatRs(rupeesToPaise(order.cashCollected))}</dd>
            </div>
          ) : null}
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
              {line.sellBy === 'WEIGHT' ? (
                // sold by weight (issue 34): the weight charged (weighed, else asked) at the price per kg, and what it came to
                <>
                  <span>
                    {formatWeight(line.chargedGrams ?? line.grams ?? 0)} × {formatPerKg(rupeesToPaise(line.product_details.price))}
                  </span>
                  <span>{formatRs(rupeesToPaise(line.lineTotal ?? 0))}</span>
                </>
              ) : (
                <>
                  <span>
                    {line.quantity} × {line.product_details.unit}
                  </span>
                  <span>{formatRs(rupeesToPaise(line.product_details.price))}</span>
                </>
              )}
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
            // while the cash is asked for, the box keeps saying Delivered (issue 36); Cancel in the panel puts it back
            value={delivering ? 'Delivered' : ''}
            disabled={busy}
            onChange={(event) => {
              const to = event.target.value;
              if (to === 'Delivered' && onDeliver && owesCash(order)) setDelivering(true);
              else if (isOrderStatus(to)) {
                setDelivering(false);
                onStatus(order, to);
              }
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
        {riders && onAssign && status && isAssignable(status) ? <RiderSelect order={order} riders={riders} busy={busy} onAssign={onAssign} /> : null}
        {status === 'Processing' && mayPack ? (
          <Link className="button button--primary" to={paths.dashboard.pack(order._id)}>
            Pack<span className="visually-hidden"> order #{order.orderId}</span>
          </Link>
        ) : null}
        <PrintOrderButton orderId={order.orderId} />
      </div>
      {delivering && onDeliver && status && steps.includes('Delivered') ? (
        <DeliverPanel
          order={order}
          busy={busy}
          onDeliver={(o, cash, reason) => {
            onDeliver(o, cash, reason);
            setDelivering(false);
          }}
          onCancel={() => setDelivering(false)}
        />
      ) : null}
    </article>
  );
}
