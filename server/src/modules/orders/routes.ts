import { ENDPOINTS, TEXT } from '@kade/shared';
import { AppError } from '../../http/errors';
import { route, type RouteSpec } from '../../http/route';
import type { OrderService } from './service';

/** The calls of SPEC.md section 7 under /api/order and /api/orders. */
export function orderRoutes({ orders }: { orders: OrderService }): RouteSpec[] {
  return [
    route(ENDPOINTS.orders.cashOnDelivery, async ({ ctx, user, body }) => {
      const key = ctx.get('Idempotency-Key') || undefined;
      const result = await orders.placeCashOnDelivery(user!, body, key);
      if (result.replayed) ctx.set('Idempotent-Replayed', 'true');
      return { data: result.body, status: result.status, message: 'Your order has been placed successfully! We are processing it now.' };
    }),
    route(ENDPOINTS.orders.checkout, async () => {
      throw new AppError('ONLINE_PAYMENT_UNAVAILABLE', 'Online payment is coming soon. Please choose Cash on Delivery.');
    }),
    route(ENDPOINTS.orders.list, async ({ user, query }) => {
      const result = await orders.list(user!, query);
      return {
        data: result.orders,
        // counts: the total per admin list (pending, processing, …) for the same caller and filters
        extras: { totalCount: result.totalCount, page: result.page, totalPage: result.totalPage, counts: result.counts },
      };
    }),
    route(ENDPOINTS.orders.details, async ({ user, query }) => ({ data: await orders.details(user!, query.orderId) })),
    route(ENDPOINTS.orders.summary, async () => ({ data: await orders.summary() })),
    route(ENDPOINTS.orders.updateStatus, async ({ user, body }) => ({ data: await orders.updateStatus(user!, body.orderId, body.order_status, body), message: TEXT.statusUpdated })),
    route(ENDPOINTS.orders.cancel, async ({ user, body }) => {
      const { order, changed } = await orders.cancelOwn(user!, body.orderId);
      return { data: order, message: changed ? 'Your order is cancelled.' : 'This order was already cancelled.' };
    }),
    route(ENDPOINTS.orders.acknowledge, async ({ user, body }) => ({ data: await orders.acknowledge(user!, body.orderId), message: 'You took this order.' })),
    route(ENDPOINTS.orders.pack, async ({ user, body }) => ({ data: await orders.pack(user!, body.orderId, body.lines), message: 'Packing saved.' })),
    route(ENDPOINTS.orders.substitutes, async ({ query }) => ({ data: await orders.substitutes(query) })),
    route(ENDPOINTS.orders.proposeSubstitute, async ({ user, body }) => {
      const created = await orders.proposeSubstitute(user!, body);
      return { data: created, status: 201, message: created.proposal.status === 'PENDING' ? 'Substitute proposed: waiting for the shopper.' : 'Substitute added.' };
    }),
    route(ENDPOINTS.orders.answerSubstitution, async ({ user, body }) => ({
      data: await orders.answerSubstitution(user!, body),
      message: body.accept ? 'Substitute accepted.' : 'Substitute declined.',
    })),
  ];
}
