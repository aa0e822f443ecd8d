// What the success page shows about a placed order, from the server's answer: made by the checkout when the order is
// placed at once, and by the outbox (app/offline-sync.tsx) when an order kept offline is placed later.
import type { OrderWire } from '@kade/shared';

/** What the checkout hands the success page about the order it placed (the server's answer, rupees). */
export interface PlacedFacts {
  _id: string;
  orderId: string;
  totalAmt: number;
  maxTotalAmt: number | null;
  cashToCollect: number;
  creditUsed: number;
  promoDiscount: number;
  promoCode: string | null;
  Choose: string;
}

/** What a placed order tells the success page: its number, amounts and delivery window (the server's answer). */
export function placedFacts(order: OrderWire): PlacedFacts {
  return {
    _id: order._id,
    orderId: order.orderId,
    totalAmt: order.totalAmt,
    maxTotalAmt: order.maxTotalAmt ?? null,
    cashToCollect: order.cashToCollect ?? order.totalAmt,
    creditUsed: order.creditUsed ?? 0,
    promoDiscount: order.promoDiscount ?? 0,
    promoCode: order.promoCode ?? null,
    Choose: order.Choose,
  };
}
