// The rider's calls: their orders, their shift, and the moves of an order they carry.
import { ENDPOINTS, type BodyOf } from '@kade/shared';
import { call } from '../../../lib/api-client';

const { orders, riders } = ENDPOINTS;

export const riderApi = {
  myOrders: () => call(riders.myOrders),
  setShift: (onShift: boolean) => call(riders.shift, { body: { onShift } }),
  pickup: (body: BodyOf<typeof orders.pickup>) => call(orders.pickup, { body }),
  deliver: (body: BodyOf<typeof orders.deliver>) => call(orders.deliver, { body }),
  returnToStore: (body: BodyOf<typeof orders.returnToStore>) => call(orders.returnToStore, { body }),
};
