import { acknowledgeSchema, cancelOrderSchema, cashOnDeliverySchema, orderDetailsQuerySchema, orderListQuerySchema, packOrderSchema, TEXT, updateStatusSchema } from '@kade/shared';
import { AppError } from '../../http/errors';
import { route, type RouteSpec } from '../../http/route';
import type { OrderService } from './service';

/** The calls of SPEC.md section 7 under /api/order and /api/orders. */
export function orderRoutes({ orders }: { orders: OrderService }): RouteSpec[] {
  return [
    route({
      method: 'post',
      path: '/api/order/cash-on-delivery',
      access: 'user',
      body: cashOnDeliverySchema,
      handler: async ({ ctx, user, body }) => {
        const key = ctx.get('Idempotency-Key') || undefined;
        const result = await orders.placeCashOnDelivery(user!, body, key);
        if (result.replayed) ctx.set('Idempotent-Replayed', 'true');
        return { data: result.body, status: result.status, message: 'Your order has been placed successfully! We are processing it now.' };
      },
    }),
    route({
      method: 'post',
      path: '/api/order/checkout',
      access: 'user',
      handler: async () => {
        throw new AppError('ONLINE_PAYMENT_UNAVAILABLE', 'Online payment is coming soon. Please choose Cash on Delivery.');
      },
    }),
    route({
      method: 'get',
      path: '/api/order/order-list',
      access: 'user',
      query: orderListQuerySchema,
      handler: async ({ user, query }) => {
        const result = await orders.list(user!, query);
        return {
          data: result.orders,
          // counts: the total per admin list (pending, processing, …) for the same caller and filters
          extras: { totalCount: result.totalCount, page: result.page, totalPage: result.totalPage, counts: result.counts },
        };
      },
    }),
    route({
      method: 'get',
      path: '/api/order/details',
      access: 'user', // the caller's own order; anyone's with orders.view (the counter prints by id)
      query: orderDetailsQuerySchema,
      handler: async ({ user, query }) => ({ data: await orders.details(user!, query.orderId) }),
    }),
    route({
      method: 'get',
      path: '/api/order/summary',
      access: 'orders.view',
      handler: async () => ({ data: await orders.summary() }),
    }),
    route({
      method: 'put',
      path: '/api/orders/update-status',
      access: 'orders.update',
      body: updateStatusSchema,
      handler: async ({ user, body }) => ({ data: await orders.updateStatus(user!, body.orderId, body.order_status, body), message: TEXT.statusUpdated }),
    }),
    route({
      method: 'put',
      path: '/api/order/cancel',
      access: 'user',
      body: cancelOrderSchema,
      handler: async ({ user, body }) => {
        const { order, changed } = await orders.cancelOwn(user!, body.orderId);
        return { data: order, message: changed ? 'Your order is cancelled.' : 'This order was already cancelled.' };
      },
    }),
    route({
      method: 'put',
      path: '/api/orders/acknowledge',
      access: 'orders.take',
      body: acknowledgeSchema,
      handler: async ({ user, body }) => ({ data: await orders.acknowledge(user!, body.orderId), message: 'You took this order.' }),
    }),
    route({
      method: 'put',
      path: '/api/orders/pack',
      access: 'orders.update',
      body: packOrderSchema,
      handler: async ({ user, body }) => ({ data: await orders.pack(user!, body.orderId, body.lines), message: 'Packing saved.' }),
    }),
  ];
}
