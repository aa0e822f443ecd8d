// Checkout's calls: the shopper's addresses to deliver to, their store credit, a promo code checked against the
// cart, and placing the order (cash on delivery).
import { ENDPOINTS, type BodyOf } from '@kade/shared';
import { call } from '../../../lib/api-client';

export const checkoutApi = {
  listAddresses: () => call(ENDPOINTS.addresses.listOwn),
  /** The account's spendable credit lots: checkout says which it will use and when they expire. */
  credit: () => call(ENDPOINTS.credit.mine),
  /** What a promo code takes off the cart now, or a 400 naming why it does not apply. */
  checkPromo: (code: string) => call(ENDPOINTS.promoCodes.check, { body: { code } }),
  /** The same key on a retry makes the server answer the first placing instead of placing twice. */
  placeCashOnDelivery: (body: BodyOf<typeof ENDPOINTS.orders.cashOnDelivery>, idempotencyKey: string) =>
    call(ENDPOINTS.orders.cashOnDelivery, { body, headers: { 'Idempotency-Key': idempotencyKey } }),
};
