// Checkout's calls: the shopper's addresses to deliver to, and placing the order (cash on delivery).
import { ENDPOINTS, type BodyOf } from '@kade/shared';
import { call } from '../../../lib/api-client';

export const checkoutApi = {
  listAddresses: () => call(ENDPOINTS.addresses.listOwn),
  /** The same key on a retry makes the server answer the first placing instead of placing twice. */
  placeCashOnDelivery: (body: BodyOf<typeof ENDPOINTS.orders.cashOnDelivery>, idempotencyKey: string) =>
    call(ENDPOINTS.orders.cashOnDelivery, { body, headers: { 'Idempotency-Key': idempotencyKey } }),
};
