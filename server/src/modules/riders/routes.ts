import { assignOrderSchema, deliverOrderSchema, handInSchema, pickupOrderSchema, returnOrderSchema, riderShiftSchema, voidHandInSchema } from '@kade/shared';
import { route, type RouteSpec } from '../../http/route';
import type { RiderService } from './service';

/** The rider calls (issue 20): the riders list, the rider's shift and orders, assigning, delivering, cash hand-ins and voiding one. */
export function riderRoutes({ riders }: { riders: RiderService }): RiderRoutes {
  return [
    route({
      method: 'get',
      path: '/api/riders',
      access: 'orders.assign',
      handler: async () => ({ data: await riders.list() }),
    }),
    route({
      method: 'put',
      path: '/api/rider/shift',
      access: 'deliveries.carry',
      body: riderShiftSchema,
      handler: async ({ user, body }) => {
        const data = await riders.setShift(user!, body.onShift);
        return { data, message: data.onShift ? 'You are on shift.' : 'You are off shift.' };
      },
    }),
    route({
      method: 'get',
      path: '/api/rider/orders',
      access: 'deliveries.carry',
      handler: async ({ user }) => ({ data: await riders.myOrders(user!) }),
    }),
    route({
      method: 'put',
      path: '/api/orders/assign',
      access: 'orders.assign',
      body: assignOrderSchema,
      handler: async ({ user, body }) => {
        const order = await riders.assign(user!, body.orderId, body.riderId);
        return { data: order, message: body.riderId ? 'The order is assigned.' : 'The order is unassigned.' };
      },
    }),
    route({
      method: 'put',
      path: '/api/orders/pickup',
      access: 'deliveries.carry',
      body: pickupOrderSchema,
      handler: async ({ user, body }) => ({ data: await riders.pickup(user!, body.orderId), message: 'Picked up.' }),
    }),
    route({
      method: 'put',
      path: '/api/orders/deliver',
      // a rider's own orders (deliveries.carry), or any open order for staff (orders.update): the service decides
      access: 'user',
      body: deliverOrderSchema,
      handler: async ({ user, body }) => {
        const { order, changed } = await riders.deliver(user!, body);
        return { data: order, message: changed ? 'Delivered.' : 'This order was already delivered.' };
      },
    }),
    route({
      method: 'put',
      path: '/api/orders/return',
      access: 'deliveries.carry',
      body: returnOrderSchema,
      handler: async ({ user, body }) => ({ data: await riders.returnOrder(user!, body.orderId, body.reason), message: 'The order is back with the store.' }),
    }),
    route({
      method: 'post',
      path: '/api/cash/hand-ins',
      access: 'cash.manage',
      body: handInSchema,
      handler: async ({ user, body }) => ({ data: await riders.handIn(user!, body), status: 201, message: 'The hand-in is recorded.' }),
    }),
    route({
      method: 'post',
      path: '/api/cash/hand-ins/void',
      access: 'cash.manage',
      body: voidHandInSchema,
      handler: async ({ user, body }) => ({ data: await riders.voidHandIn(user!, body), message: 'The hand-in is voided: the rider holds its amount again.' }),
    }),
  ];
}

type RiderRoutes = RouteSpec[];
