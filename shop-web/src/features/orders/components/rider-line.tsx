// My Orders: who is bringing the order (issue 20). The server sends the rider's first name once the order is
// Shipped, and their number only while it is on its way; the call button follows the number. The words are the
// catalogues' `orders.rider.*`, in the shopper's language.
import { useTranslation } from 'react-i18next';
import type { OrderWire, ShopperRiderWire } from '@kade/shared';

function shopperRider(order: OrderWire): ShopperRiderWire | null {
  const rider = order.rider;
  return rider && 'firstName' in rider ? rider : null;
}

export function RiderLine({ order }: { order: OrderWire }) {
  const { t } = useTranslation();
  const rider = shopperRider(order);
  if (!rider) return null;
  const name = rider.firstName;
  return (
    <div className="order-card__rider" data-testid="order-rider">
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
        <circle cx="6" cy="17" r="3" fill="none" stroke="currentColor" strokeWidth="1.8" />
        <circle cx="18" cy="17" r="3" fill="none" stroke="currentColor" strokeWidth="1.8" />
        <path d="M6 17h7l3-7h-4M13 17l-3-6H7" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <p>{rider.mobile ? t('orders.rider.onTheWay', { name }) : t('orders.rider.broughtBy', { name })}</p>
      {rider.mobile ? (
        <a className="button button--primary order-card__call" href={`tel:${rider.mobile}`}>
          {t('orders.rider.call', { name })}
        </a>
      ) : null}
    </div>
  );
}
