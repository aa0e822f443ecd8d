import { cartCreateSchema, cartDeleteSchema, cartMergeSchema, cartUpdateQtySchema, orderAgainSchema, TEXT } from '@kade/shared';
import { route, type RouteSpec } from '../../http/route';
import { orderAgainMessage, type CartService } from './service';

/** The calls of SPEC.md section 7 under /api/cart, and the merge of a phone cart at login. */
export function cartRoutes({ cart }: { cart: CartService }): RouteSpec[] {
  return [
    route({
      method: 'post',
      path: '/api/cart/create',
      access: 'user',
      body: cartCreateSchema,
      handler: async ({ user, body }) => ({ data: await cart.add(user!.id, body.productId), message: TEXT.itemAdded }),
    }),
    route({
      method: 'get',
      path: '/api/cart/get',
      access: 'user',
      handler: async ({ user }) => ({ data: await cart.list(user!.id) }),
    }),
    route({
      method: 'put',
      path: '/api/cart/update-qty',
      access: 'user',
      body: cartUpdateQtySchema,
      handler: async ({ user, body }) => {
        const item = await cart.setQuantity(user!.id, body._id, body.qty);
        return { data: item, message: item ? 'Quantity updated.' : TEXT.itemRemoved };
      },
    }),
    route({
      method: 'delete',
      path: '/api/cart/delete-cart-item',
      access: 'user',
      body: cartDeleteSchema,
      handler: async ({ user, body }) => {
        await cart.remove(user!.id, body._id);
        return { data: null, message: TEXT.itemRemoved };
      },
    }),
    route({
      method: 'post',
      path: '/api/cart/merge',
      access: 'user',
      body: cartMergeSchema,
      handler: async ({ user, body }) => ({ data: await cart.merge(user!.id, body), message: 'Cart updated.' }),
    }),
    route({
      method: 'post',
      path: '/api/cart/order-again',
      access: 'user',
      body: orderAgainSchema,
      handler: async ({ user, body }) => {
        const result = await cart.orderAgain(user!.id, body.orderId);
        return { data: result, message: orderAgainMessage(result) };
      },
    }),
  ];
}
