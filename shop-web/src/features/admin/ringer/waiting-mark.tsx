// The escalation mark: an untaken order that has waited the shop's TAKE_ALERT_MINUTES shows 'Waiting N min' in red,
// in the ringer's alert and on its card in the Pending list, counted on this device's clock.
import type { OrderWire } from '@kade/shared';
import { useShopConfig } from '../../../lib/shop-config';
import { useNow } from '../../../lib/shop-clock';
import { isOverdue, minutesWaited } from './ring-set';
import { RINGER_TEXT } from './take-order';
import './ringer.css';

/** How often the waited minutes are counted again: the mark is at most this late to change. */
export const WAIT_TICK_MS = 10_000;

export function WaitingMark({ minutes }: { minutes: number }) {
  return (
    <strong className="waiting-mark" data-testid="waiting-mark">
      <span aria-hidden="true">⚠ </span>
      {RINGER_TEXT.waiting(minutes)}
    </strong>
  );
}

/** The mark for one order, once it is overdue; nothing before. */
export function OverdueMark({ order }: { order: Pick<OrderWire, 'createdAt'> }) {
  const now = useNow(WAIT_TICK_MS);
  const { takeAlertMinutes } = useShopConfig();
  if (!isOverdue(order, now, takeAlertMinutes)) return null;
  return <WaitingMark minutes={minutesWaited(order.createdAt, now)} />;
}
