// My Orders: who is bringing the order (issue 20). The server sends the rider's first name once the order is
// Shipped, and their number only while it is on its way; the call button follows the number.
import type { OrderWire, ShopperRiderWire } from '@kade/shared';

/** The words of the rider line, kept together for the language catalogues. */
export const RIDER_LINE_TEXT = {
  onTheWay: (name: string) => `${name} is bringing your order`,
  broughtBy: (name: string) => `Delivered by ${name}`,
  call: (name: string) => `Call ${name}`,
} as const;

function shopperRider(order: OrderWire): ShopperRiderWire | null {
  const rider = order.rider;
  return rider && 'firstName' in rider ? rider : null;
}

export function RiderLine({ order }: { order: OrderWire }) {
  const rider = shopperRider(order);
  if (!rider) return null;
  return (
    <div className="order-card__rider" data-testid="order-rider">
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
        <circle cx="6" cy="17" r="3" fill="none" stroke="currentColor" strokeWidth="1.8" />
        <circle cx="18" cy="17" r="3" fill="none" stroke="currentColor" strokeWidth="1.8" />
        <path d="M6 17h7l3-7h-4M13 17l-3-6H7" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <p>{rider.mobile ? RIDER_LINE_TEXT.onTheWay(rider.firstName) : RIDER_LINE_TEXT.broughtBy(rider.firstName)}</p>
      {rider.mobile ? (
        <a className="button button--primary order-card__call" href={`tel:${rider.mobile}`}>
          {RIDER_LINE_TEXT.call(rider.firstName)}
        </a>
      ) : null}
    </div>
  );
}
