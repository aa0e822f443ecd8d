// The dashboard frame's call: how many orders each admin list holds (for the menu's counts).
import { ENDPOINTS } from '@kade/shared';
import { call } from '../../../lib/api-client';

export const dashboardApi = {
  orderCounts: () => call(ENDPOINTS.orders.list, { query: { scope: 'all', limit: 1 } }),
};
