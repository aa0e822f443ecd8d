// The order screens' calls (the order lists, the ringer, the pending page's extras): lists, moves and riders.
import { ENDPOINTS, type BodyOf, type QueryOf } from '@kade/shared';
import { call } from '../../../../lib/api-client';

const { orders } = ENDPOINTS;

export const adminOrdersApi = {
  /** Everyone's orders (scope=all), filtered and paged as asked. */
  list: (query: Omit<QueryOf<typeof orders.list>, 'scope'>) => call(orders.list, { query: { scope: 'all', ...query } }),
  updateStatus: (body: BodyOf<typeof orders.updateStatus>) => call(orders.updateStatus, { body }),
  acknowledge: (orderId: string) => call(orders.acknowledge, { body: { orderId } }),
  assign: (orderId: string, riderId: string | null) => call(orders.assign, { body: { orderId, riderId } }),
  riders: () => call(ENDPOINTS.riders.list),
  summary: () => call(orders.summary),
  counters: () => call(ENDPOINTS.counters.list),
  /** The accounts with a password-reset code waiting (staff read it to a caller). */
  pendingCodes: () => call(ENDPOINTS.users.pendingCodes),
};
