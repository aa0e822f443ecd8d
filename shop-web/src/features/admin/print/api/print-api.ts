import { ENDPOINTS, type OrderWire } from '@kade/shared';
import { call } from '../../../../lib/api-client';

/**
 * One order by its short id (the one staff read aloud, as the order cards show it), through the admins' order
 * list search; null when there is no such order. A UUID is matched too, when the search finds it.
 */
export async function fetchOrderForPrint(orderId: string): Promise<OrderWire | null> {
  const wanted = orderId.trim();
  if (wanted === '') return null;
  const answer = await call(ENDPOINTS.orders.list, { query: { scope: 'all', limit: 10, search: wanted } });
  return answer.data.find((order) => order.orderId.toUpperCase() === wanted.toUpperCase() || order._id === wanted) ?? null;
}
