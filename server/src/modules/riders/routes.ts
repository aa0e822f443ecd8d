import { ENDPOINTS } from '@kade/shared';
import { route, type RouteSpec } from '../../http/route';
import type { RiderService } from './service';

/** The rider calls (issue 20): the riders list, the rider's shift and orders, assigning, delivering, cash hand-ins and voiding one. */
export function riderRoutes({ riders }: { riders: RiderService }): RiderRoutes {
  return [
    route(ENDPOINTS.riders.list, async () => ({ data: await riders.list() })),
    route(ENDPOINTS.riders.shift, async ({ user, body }) => {
      const data = await riders.setShift(user!, body.onShift);
      return { data, message: data.onShift ? 'You are on shift.' : 'You are off shift.' };
    }),
    route(ENDPOINTS.riders.myOrders, async ({ user }) => ({ data: await riders.myOrders(user!) })),
    route(ENDPOINTS.orders.assign, async ({ user, body }) => {
      const order = await riders.assign(user!, body.orderId, body.riderId);
      return { data: order, message: body.riderId ? 'The order is assigned.' : 'The order is unassigned.' };
    }),
    route(ENDPOINTS.orders.pickup, async ({ user, body }) => ({ data: await riders.pickup(user!, body.orderId), message: 'Picked up.' })),
    // a rider's own orders (deliveries.carry), or any open order for staff (orders.update): the service decides
    route(ENDPOINTS.orders.deliver, async ({ user, body }) => {
      const { order, changed } = await riders.deliver(user!, body);
      return { data: order, message: changed ? 'Delivered.' : 'This order was already delivered.' };
    }),
    route(ENDPOINTS.orders.returnToStore, async ({ user, body }) => ({ data: await riders.returnOrder(user!, body.orderId, body.reason), message: 'The order is back with the store.' })),
    route(ENDPOINTS.cash.handIn, async ({ user, body }) => ({ data: await riders.handIn(user!, body), status: 201, message: 'The hand-in is recorded.' })),
    route(ENDPOINTS.cash.voidHandIn, async ({ user, body }) => ({ data: await riders.voidHandIn(user!, body), message: 'The hand-in is voided: the rider holds its amount again.' })),
  ];
}

type RiderRoutes = RouteSpec[];
