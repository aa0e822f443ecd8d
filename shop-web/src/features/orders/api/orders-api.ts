// The shopper's orders: a page of them, cancelling one, and putting one's items back in the cart.
import { ENDPOINTS } from '@kade/shared';
import { call } from '../../../lib/api-client';

export const ordersApi = {
  myOrders: (page: number, limit: number) => call(ENDPOINTS.orders.list, { query: { page, limit } }),
  cancel: (orderId: string) => call(ENDPOINTS.orders.cancel, { body: { orderId } }),
  orderAgain: (orderId: string) => call(ENDPOINTS.cart.orderAgain, { body: { orderId } }),
};
